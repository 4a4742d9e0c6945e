"""The Tour of Pirates (rules.md, "The Tour of Pirates"): ten actions, each at most once a turn, in
increasing number, all before or all after the battle, never at a planet attacked this turn. This module
holds the tour's shape and its commands; tour_actions.py each action's price, needs and effect.

Commands: `tour trophies [<t>]`, `tour repair [<wreck>]`, `tour overhaul [<wreck> [<wreck>]]`, `tour title
<w> <w> <w>`, `tour newcards`, `tour buy <card>` (also `buy <card>` while travelling), `tour smuggle <card>`
(also `smuggle <card>`), `tour amnesty [<hunter wreck>]`, `tour scrap <my wreck> <pile ship>` (also
`scrap ...`), `tour splurge [<n>c] [<wreck>...]`.

`legal` lists the canonical forms: cards and wrecks by id, wrecks in the seat's order, `tour ...` rather
than its short aliases. The Extravagant Expenditure is listed as bare `tour splurge` (6₡), `tour splurge
<n>c <wreck>...` (1 to 5 wrecks and the credits that make 6), and `tour splurge <wreck> x 6` (six wrecks);
`tour splurge 6c` and `tour splurge 0c <wreck> x 6` are accepted too, as the same payments written out."""

from __future__ import annotations

from dataclasses import replace

from games.kinds.protocol import Dice, Event, Refused

from . import tour_actions
from .records import AFTER, BEFORE, Travel
from .state import TRAVEL, GameState
from .tour_actions import ACTIONS, BY_WORD, Action

USAGE = "tour " + ", tour ".join(action.word for action in ACTIONS)


def command(state: GameState, seat: int, verb: str, text: str,
            dice: Dice | None) -> tuple[GameState, list[Event]]:
    """`tour <action> ...`, or the aliases `buy`, `smuggle`, `scrap` (verb) for actions 6, 7 and 9."""
    if verb == "tour":
        word, _, text = text.strip().partition(" ")
        word = word.lower()
    else:
        word = verb
    action = BY_WORD.get(word)
    if action is None:
        raise Refused(f"Which tour action? {USAGE}.")
    why = closed(state, seat, action)
    if why:
        raise Refused(why)
    ask = tour_actions.read(state, seat, action, text.strip())
    why = tour_actions.why_not(state, seat, action, ask)
    if why:
        raise Refused(why)
    after, events = tour_actions.apply(state, seat, action, ask, dice)
    return replace(after, travel=_toured(state, action)), events


def legal(state: GameState, seat: int) -> list[str]:
    """Every tour command `command` accepts from the seat now, canonical (the module's docstring)."""
    found: list[str] = []
    for action in ACTIONS:
        if closed(state, seat, action):
            continue
        found.extend(tour_actions.canonical(action, ask) for ask in tour_actions.asks(state, seat, action)
                     if not tour_actions.why_not(state, seat, action, ask))
    return found


def closed(state: GameState, seat: int, action: Action) -> str:
    """Why the tour cannot take this action now, whatever it pays ("" when it can): only the active seat
    while travelling, outside a battle and its choices; one block, before or after the battle; in
    increasing number, each once; never at the planet attacked this turn."""
    travel = state.travel
    if state.phase != TRAVEL or seat != state.active:
        return "The Tour of Pirates is taken by the active seat while it travels."
    if state.battle is not None:
        return "A battle is in progress: the tour waits until it is over."
    if state.choices:
        return "Make the choice before you first."
    if travel.tour_side == BEFORE and travel.battle_done:
        return ("Your tour was before the battle, and it closed when the battle started: one tour a turn, "
                "all before or all after the battle.")
    if action.number <= travel.tour_last:
        last = ACTIONS[travel.tour_last - 1]
        if action.number == travel.tour_last:
            return f"You have taken {action.name} already this turn: each tour action once."
        return (f"The tour goes forward only, 1 to 10: after action {last.number} ({last.name}), action "
                f"{action.number} ({action.name}) is behind you.")
    if action.planet == travel.planet_attacked:
        return f"You attacked {action.where} this turn: the tour cannot stop there."
    return ""


def _toured(state: GameState, action: Action) -> Travel:
    """The travel record after the action: the tour's side fixed, its last number, the planet visited."""
    travel = state.travel
    planets = travel.planets_toured
    if action.planet not in planets:
        planets = (*planets, action.planet)
    return replace(travel, tour_side=AFTER if travel.battle_done else BEFORE, tour_last=action.number,
                   planets_toured=planets)

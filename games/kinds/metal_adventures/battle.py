"""The battle in progress, as commands.py sees it: who it waits for, what is legal, and each command routed
to the module of its step (rules.md, "Battles"): space.py (the draw and the choice of a starship),
alliance.py (allies and a challenge's recruitment), declare.py (declarations), fight.py (the roll and
the reaction pass), outcome.py and spoils.py (the result and the settlement)."""

from __future__ import annotations

from games.kinds.protocol import Dice, Event, Refused

from . import alliance, declare, fight, space, spoils
from .battle_state import Battle
from .state import GameState

DRAW = "battle.draw"
SPOILS = "battle.spoils"


def _battle(state: GameState) -> Battle:
    if state.battle is None:
        raise ValueError("no battle is in progress")
    return state.battle


def to_act(state: GameState) -> tuple[int, ...]:
    """The seats the battle waits for now: asked seats while an ask is open, the principals still
    recruiting, the seats of an open declaration step; otherwise the active seat."""
    battle = _battle(state)
    if state.phase == alliance.ALLIES:
        asked = tuple(dict.fromkeys(a.seat for a in alliance.unanswered(battle)))
        return asked or (state.active,)
    if state.phase == alliance.RECRUIT:
        waiting = [s for s in (battle.attacker, battle.challenged) if s is not None and s not in battle.ready]
        waiting += [a.seat for a in alliance.unanswered(battle)]
        return tuple(dict.fromkeys(waiting))
    if state.phase == declare.DECLARE:
        return tuple(s for s in declare.step_seats(state, battle, battle.step)
                     if (decl := battle.declaration(s)) is None or not decl.done)
    return (state.active,)


def legal(state: GameState, seat: int) -> list[str]:
    if state.phase == DRAW:
        return space.legal(state, seat)
    if state.phase in (alliance.ALLIES, alliance.RECRUIT):
        return alliance.legal(state, seat) + declare.legal(state, seat)
    if state.phase == declare.DECLARE:
        return declare.legal(state, seat)
    if state.phase == fight.REACT:
        return fight.legal(state, seat)
    return []


def command(state: GameState, seat: int, verb: str, text: str,
            dice: Dice | None) -> tuple[GameState, list[Event]]:
    if state.phase == DRAW:
        if verb == "attack" and seat == state.active:
            return space.choose(state, seat, text, dice)
        raise Refused(f"Seat {state.active + 1} is choosing the starship it attacks.")
    if verb == "ally" or (verb == "ready" and state.phase == alliance.RECRUIT):
        return alliance.command(state, seat, verb, text)
    if state.phase == fight.REACT:
        if verb in ("play", "pass"):
            return fight.command(state, seat, verb, text, dice)
        raise Refused("The dice have rolled: the reaction pass is on.")
    if state.phase == SPOILS:
        if verb in ("keep", "break"):
            return spoils.settle_command(state, seat, verb, text)
        raise Refused("The battle is being settled.")
    if verb in declare.VERBS:
        return declare.command(state, seat, verb, text, dice)
    raise Refused("A battle is in progress: that must wait until it is over.")


def choice_legal(state: GameState, seat: int) -> list[str]:
    return spoils.choice_legal(state, seat) + space.planet_legal(state, seat)


def choice_command(state: GameState, seat: int, verb: str, text: str,
                   dice: Dice | None) -> tuple[GameState, list[Event]]:
    if verb == "planet":
        return space.planet(state, seat, text)
    return spoils.choice_command(state, seat, verb, text)


def after_choice(state: GameState, events: list[Event], dice: Dice | None) -> tuple[GameState, list[Event]]:
    """A choice was made: a battle's settlement goes on when it was waiting for it."""
    return spoils.advance(state, events)

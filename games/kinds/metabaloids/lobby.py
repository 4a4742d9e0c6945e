"""Before the cut: each seat picks its deck, all at the same time (`deck a`, `deck b`); the game begins
when the last one has. With the `quick` option every seat plays deck A and the game begins at once
(rules.md, "Setting up"). A seat's choice stays its own until every seat has chosen."""

from __future__ import annotations

from typing import Any

from games.kinds.protocol import Dice, Refused

from . import setup
from .cards import DECK_NAMES, DECKS
from .state import DECKS as DECKS_PHASE
from .state import GameState, Options

CHOICES = tuple(sorted(DECKS))


def new_game(options: Options, dice: Dice) -> tuple[GameState, list[dict[str, Any]]]:
    if options.quick:
        return begin(options, ["A"] * options.players, dice, [])
    return GameState(options=options, seats=[], order=[], phase=DECKS_PHASE,
                     decks=[""] * options.players), []


def begin(options: Options, choices: list[str], dice: Dice,
          events: list[dict[str, Any]]) -> tuple[GameState, list[dict[str, Any]]]:
    state, more = setup.new_state(options, [DECKS[c] for c in choices], list(choices), dice)
    state.decks = list(choices)
    return state, [*events, *more]


def waiting(state: GameState) -> tuple[int, ...]:
    return tuple(i for i, choice in enumerate(state.decks) if not choice)


def choose(state: GameState, lobby: int, words: list[str],
           dice: Dice) -> tuple[GameState, list[dict[str, Any]]]:
    """`deck a` / `deck b`: the seat's deck; the cut and the deal follow the last choice."""
    if len(words) != 2 or words[1].upper() not in CHOICES:
        names = ", ".join(f"deck {c.lower()} ({DECK_NAMES[c]})" for c in CHOICES)
        raise Refused(f"pick a deck: {names}")
    if state.decks[lobby]:
        raise Refused(f"you picked deck {state.decks[lobby]} already")
    after = state.copy()
    after.decks[lobby] = words[1].upper()
    events: list[dict[str, Any]] = [{"type": "deck", "lobby": lobby, "deck": after.decks[lobby]}]
    if waiting(after):
        return after, events
    # The last choice opens every choice (narration.py names them from here on).
    events.append({"type": "decks", "decks": list(after.decks)})
    return begin(after.options, after.decks, dice, events)


def legal(state: GameState, lobby: int) -> list[str]:
    return [f"deck {c.lower()}" for c in CHOICES] if lobby in waiting(state) else []

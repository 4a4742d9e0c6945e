"""The battle in progress, as commands.py sees it: who it waits for, what is legal, and each command routed
to the module of its step (rules.md, "Battles"). (Being written.)"""

from __future__ import annotations

from games.kinds.protocol import Dice, Event, Refused

from . import space
from .state import GameState


def to_act(state: GameState) -> tuple[int, ...]:
    return (state.active,)


def legal(state: GameState, seat: int) -> list[str]:
    if state.phase == "battle.draw":
        return space.legal(state, seat)
    return []


def command(state: GameState, seat: int, verb: str, text: str,
            dice: Dice | None) -> tuple[GameState, list[Event]]:
    if state.phase == "battle.draw" and verb == "attack":
        return space.choose(state, seat, text, dice)
    raise Refused("A battle is in progress.")


def choice_legal(state: GameState, seat: int) -> list[str]:
    return []


def choice_command(state: GameState, seat: int, verb: str, text: str,
                   dice: Dice | None) -> tuple[GameState, list[Event]]:
    if verb == "planet":
        return space.planet(state, seat, text, dice)
    raise Refused("There is nothing of that kind to choose now.")


def after_choice(state: GameState, events: list[Event], dice: Dice | None) -> tuple[GameState, list[Event]]:
    """A choice was made: the battle's settlement goes on when it was waiting for it."""
    return state, events

"""The Tour of Pirates (rules.md, "The Tour of Pirates"): ten actions, each at most once a turn, in
increasing number, all before or all after the battle, never at a planet attacked this turn.
(Being written.)"""

from __future__ import annotations

from games.kinds.protocol import Dice, Event, Refused

from .state import GameState


def command(state: GameState, seat: int, verb: str, text: str,
            dice: Dice | None) -> tuple[GameState, list[Event]]:
    raise Refused("The Tour of Pirates is not open yet.")


def legal(state: GameState, seat: int) -> list[str]:
    return []

"""Support cards played on one's own turn (rules.md, "Support cards"): S05-S09, by the active seat while
travelling, outside a battle. (Being written.)"""

from __future__ import annotations

from games.kinds.protocol import Event, Refused

from .state import GameState


def play(state: GameState, seat: int, text: str) -> tuple[GameState, list[Event]]:
    raise Refused("Support cards are not played on your own turn yet.")


def legal(state: GameState, seat: int) -> list[str]:
    return []

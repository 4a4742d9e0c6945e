"""Trade offers (rules.md, "Trades and promises"): `offer`, `accept`, `decline`, `withdraw`; offers
expire at the end of the active seat's turn. (Being written.)"""

from __future__ import annotations

from games.kinds.protocol import Event, Refused

from .state import GameState


def command(state: GameState, seat: int, verb: str, text: str) -> tuple[GameState, list[Event]]:
    raise Refused("Trade offers are not taken yet.")


def expire(state: GameState) -> tuple[GameState, list[Event]]:
    """The active seat's turn ends: every open offer expires."""
    return state, []


def legal(state: GameState, seat: int) -> list[str]:
    return []

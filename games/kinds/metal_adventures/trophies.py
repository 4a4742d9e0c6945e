"""Trophies in play (rules.md, "Trophies"): their conditions, the checkpoint that reveals them, `reveal`,
and the deeds a turn records. (Being written: the checkpoint reveals nothing yet.)"""

from __future__ import annotations

from dataclasses import replace

from games.kinds.protocol import Event, Refused

from .state import GameState


def checkpoint(state: GameState) -> tuple[GameState, list[Event]]:
    """After a command has fully resolved, outside battles: in turn order from the active seat, each seat
    in `order trophies auto` that has not revealed this turn reveals its best met trophy."""
    return state, []


def reveal(state: GameState, seat: int, text: str) -> tuple[GameState, list[Event]]:
    """`reveal <trophy>` (manual mode)."""
    raise Refused("Trophies are revealed by the checkpoint for now.")


def legal(state: GameState, seat: int) -> list[str]:
    return []


def record_deed(state: GameState, seat: int, deed: str) -> GameState:
    """The seat did `deed` (records.DEEDS) this turn: deed trophies read it until the turn ends."""
    if (seat, deed) in state.deeds:
        return state
    return replace(state, deeds=(*state.deeds, (seat, deed)))

"""The Judgment of Pirates and glory (rules.md, "Judgment and glory"): taking a JP raises the judgment
wheel while it is below 4 and always costs 1 G; cancelling one turns both back."""

from __future__ import annotations

from dataclasses import replace

from games.kinds.protocol import Event

from .state import MAX_JP, GameState


def take_jp(state: GameState, seat: int, why: str) -> tuple[GameState, Event]:
    """The seat takes 1 JP: JP + 1 while below 4 (at 4 it stays at 4), G - 1 always, even below 0, and the
    turn remembers it (Amnesty and the Forged Pardon are closed to it for the rest of the turn)."""
    player = state.seats[seat]
    jp = min(player.jp + 1, MAX_JP)
    after = replace(player, jp=jp, glory=player.glory - 1, took_jp_this_turn=True)
    return state.with_seat(seat, after), {"type": "jp", "seat": seat, "why": why, "jp": jp,
                                          "glory": after.glory}


def cancel_jp(state: GameState, seat: int, why: str) -> tuple[GameState, Event]:
    """The seat cancels 1 JP: JP - 1 and G + 1. The caller has checked it has a JP to cancel."""
    player = state.seats[seat]
    if player.jp < 1:
        raise ValueError(f"seat {seat + 1} has no JP to cancel")
    after = replace(player, jp=player.jp - 1, glory=player.glory + 1)
    return state.with_seat(seat, after), {"type": "jp_cancelled", "seat": seat, "why": why, "jp": after.jp,
                                          "glory": after.glory}

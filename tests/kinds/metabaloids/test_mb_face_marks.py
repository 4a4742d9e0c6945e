"""A card's face on the text board (board.py, `face`; rules.md, "Reading the table by mail"): every mark a
card earns is shown, in the order G, +nA, +nD, `*`, `~`, none replacing another. No starter card is both
a Guard and a column bonus, so a card with every static stands in for the one a card list may add."""

from __future__ import annotations

import dataclasses

import pytest

from games.kinds.metabaloids import board
from games.kinds.metabaloids.cards import Card, card

from .helpers import position, seat_dict


def _every_static(code: str) -> Card:
    return dataclasses.replace(card(code), statics=("guard", "column_attack+1", "column_defense+2"))


def test_a_card_with_every_mark_shows_them_all_in_order(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(board, "card", _every_static)
    state = position(seat_dict(1, grid=[["crab"]], safe=[1], filler=5),
                     seat_dict(2, grid=[["mite"]], filler=5))
    state.marked.append("p1-crab-1")
    assert board.face(state, "p1-crab-1", True) == "Hermit Crab 1/4 G +1A +2D * ~"


def test_a_starter_guard_and_a_column_bonus_show_their_one_mark() -> None:
    state = position(seat_dict(1, grid=[["canopy"], ["kelp"]], filler=5),
                     seat_dict(2, grid=[["mite"]], filler=5))
    assert board.face(state, "p1-canopy-1", False) == "Silk Canopy 0/3 G"
    assert board.face(state, "p1-kelp-1", False) == "Kelp Bed 0/2 +2D"

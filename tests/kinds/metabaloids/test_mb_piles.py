"""Taking cards from a draw pile (piles.py; rules.md, "Length"): a penalty's events card by card and the
part waived, and dice that answer outside the pile."""

from __future__ import annotations

from typing import Any

import pytest

from games.kinds.metabaloids import piles

from .helpers import FirstPick, position, seat_dict


def test_a_penalty_loses_what_the_pile_holds_and_waives_the_rest() -> None:
    state = position(seat_dict(1, draw=["wasp"]), seat_dict(2), length="short")
    events: list[dict[str, Any]] = []
    assert piles.lose_from_draw(state, state.seat(1), 3, FirstPick(), events, "no attack") == 1
    assert events == [
        {"type": "lost", "seat": 1, "card": "p1-wasp-1", "from": "draw", "why": "no attack"},
        {"type": "waived", "seat": 1, "n": 2, "why": "no attack"}]
    assert state.seat(1).lost == ["p1-wasp-1"] and state.stirred


class _Beyond:
    def roll(self, sides: int) -> int:
        return 1

    def draw(self, n: int) -> int:
        return n


def test_dice_answering_beyond_the_pile_are_an_error_naming_the_range() -> None:
    with pytest.raises(ValueError, match=r"^dice.draw\(4\) gave 4, outside 0..3$"):
        piles.pick(_Beyond(), 4)

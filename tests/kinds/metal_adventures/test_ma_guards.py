"""Metal Adventures' guards against a caller's bug (dice.py, judgment.py, state.py): each fails loudly,
its message naming the seat, the figures or the planet at fault, word for word."""

from __future__ import annotations

import pytest

from games.kinds.metal_adventures import dice, judgment
from games.kinds.metal_adventures.state import Treasuries

from .helpers import B, given


class OutOfRange:
    """Dice that answer draw(n) with n: one past the last."""

    def draw(self, n: int) -> int:
        return n

    def roll(self, sides: int) -> int:
        raise AssertionError("no roll here")


def test_a_draw_outside_the_range_names_the_range() -> None:
    with pytest.raises(ValueError) as failed:
        dice.pick(OutOfRange(), 3)
    assert str(failed.value) == "dice.draw(3) gave 3, outside 0..2"


def test_cancelling_a_jp_a_seat_does_not_have_names_the_seat_by_number() -> None:
    with pytest.raises(ValueError) as failed:
        judgment.cancel_jp(given(3), B, "a test")
    assert str(failed.value) == "seat 2 has no JP to cancel"


def test_the_ocg_keeps_no_treasury() -> None:
    with pytest.raises(KeyError) as failed:
        Treasuries().of("ocg")
    assert failed.value.args == ("ocg keeps no treasury",)


def test_the_treasuries_total_adds_the_three_planets() -> None:
    assert Treasuries(exxalia=1, bazaar=2, karokum=4).total() == 7

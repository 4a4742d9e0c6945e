"""Metal Adventures' bank (bank.py; rules.md, "The bank"): a payment the caller should have checked fails
loudly, naming the seat and the figures."""

from __future__ import annotations

import pytest

from games.kinds.metal_adventures import bank

from .helpers import B, given


def test_a_seat_paying_more_than_it_holds_is_a_bug_named_by_seat_number() -> None:
    with pytest.raises(ValueError) as failed:
        bank.seat_pays(given(3, seats={B: {"credits": 1}}), B, 2)
    assert str(failed.value) == "seat 2 holds 1, not 2"

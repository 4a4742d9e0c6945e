"""Metal Adventures' standing orders read (orders.py; rules.md, "Standing orders"): the edges of the
`ally accept` and `defend ask` readers, their refusals word for word."""

from __future__ import annotations

import pytest

from games.kinds.metal_adventures import orders

from .helpers import A, given, play, refusal

USAGE = "order ally decline | accept [min <N>c] [from <seats>] | counter <terms>, or order ally off."


def test_an_ally_accept_says_from_once_and_min_before_its_amount() -> None:
    state = given(4)
    assert refusal(state, A, "order ally accept from 2 min") == f"Could not read `accept from 2 min`: {USAGE}"
    assert refusal(state, A, "order ally accept from 2 min 1c from 3") == (
        f"Could not read `accept from 2 min 1c from 3`: {USAGE}")


def test_a_seat_one_past_the_last_is_refused_in_either_order() -> None:
    state = given(4)
    for command in ("order ally accept from 5", "order defend ask 5"):
        assert refusal(state, A, command) == "There is no seat 5 in this game (seats 1 to 4)."


def test_a_defend_order_may_name_its_seats_apart() -> None:
    after, _ = play(given(4), A, "order defend ask 2 3")
    assert after.seats[A].orders == (("defend", "ask 2,3"),)


def test_an_arm_order_is_read_only_for_ally_or_defend() -> None:
    with pytest.raises(ValueError) as failed:
        orders.armed(given(4), A, "spy")
    assert str(failed.value) == "an arm order is for ally or defend, not 'spy'"

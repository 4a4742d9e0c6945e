"""Paying costs from the hand (payment.py; rules.md, "Paying costs"): the refusals when no payment exists,
word for word (the keep list named when it is what stands in the way), the refusal of cards named for a
cost of nothing, and which of two copies of a card the auto-payment spends."""

from __future__ import annotations

import pytest

from games.kinds.protocol import Refused

from .helpers import play
from .test_mb_rulings import (
    of,
    restocking,
    with_a_larva,  # noqa: F401 (a fixture, asked for by name below)
)


def test_a_cost_the_hand_cannot_reach_is_refused_naming_the_cost() -> None:
    with pytest.raises(Refused) as e:
        play(restocking(["scorpion", "mite"]), 1, "restock scorpion")
    assert str(e.value) == "you cannot pay 3 from your hand"


def test_a_cost_only_kept_cards_could_reach_is_refused_saying_so_and_how_to_pay_anyway() -> None:
    state = restocking(["scorpion", "beetle", "mite"], orders=["order keep beetle"])
    with pytest.raises(Refused) as e:
        play(state, 1, "restock scorpion")
    assert str(e.value) == "you cannot pay 3 from your hand without kept cards; name them with paying"


@pytest.mark.usefixtures("with_a_larva")
def test_cards_named_to_pay_a_cost_of_nothing_are_refused_word_for_word() -> None:
    with pytest.raises(Refused) as e:
        play(restocking(["larva", "mite"]), 1, "restock larva paying mite")
    assert str(e.value) == "this costs nothing: pay with no card"


def test_of_two_copies_the_auto_payment_spends_the_first_by_card_id() -> None:
    state = restocking(["mite", "mite", "ant"])
    # The hand's order does not decide: the copy with the lower id pays, wherever it lies.
    state.seat(1).hand.reverse()
    state, events = play(state, 1, "restock ant")
    assert [e["paid"] for e in of(events, "restocked")] == [["p1-mite-1"]]
    assert state.seat(1).discard == ["p1-mite-1"] and state.seat(1).hand == ["p1-mite-2"]


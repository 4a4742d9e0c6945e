"""Payments named by the player and the site's own choice between equals (payment.py, damage.py;
rules.md, "Paying costs" and "Paying damage"): a card named that the hand does not hold is refused by its
name, whatever is being paid for; two payments equal in excess, size and defense go by the codes'
alphabetical order; an empty draw pile named to pay damage is refused as empty, a short one by its count."""

from __future__ import annotations

import pytest

from games.kinds.metabaloids.payment import auto
from games.kinds.protocol import Refused

from .helpers import play, position, refusal, seat_dict
from .test_mb_damage_order import _asked_to_pay
from .test_mb_rulings import restocking


@pytest.mark.parametrize("line", ["restock scorpion paying wasp", "restock wasp paying wasp"])
def test_a_card_named_to_pay_that_the_hand_does_not_hold_is_refused_by_its_name(line: str) -> None:
    state = restocking(["scorpion", "mite", "ant"])
    before = state.to_dict()
    with pytest.raises(Refused) as e:
        play(state, 1, line)
    reason = str(e.value)
    if line.startswith("restock wasp"):
        assert reason == "no Wasp Drone in your hand"  # the card to restock is looked for first
    else:
        assert reason == "you hold no Wasp Drone to pay with"
    assert state.to_dict() == before


def test_a_card_never_pays_for_itself_when_the_hand_holds_no_other_copy() -> None:
    state = restocking(["scorpion", "mite", "ant"])
    with pytest.raises(Refused) as e:
        play(state, 1, "restock scorpion paying scorpion")
    assert str(e.value) == "a card cannot pay for itself: you hold no other Dune Scorpion"


def test_payments_equal_in_excess_size_and_defense_go_by_the_codes_alphabetical_order() -> None:
    # Glucose Mite and Marsh Frog both cost 1 with defense 1: "frog" comes before "mite".
    state = position(seat_dict(1, hand=["mite", "frog"], filler=3), seat_dict(2, filler=3))
    assert auto(state.seat(1), 1) == ["p1-frog-1"]


def test_an_empty_draw_pile_named_to_pay_damage_is_refused_as_empty() -> None:
    state = _asked_to_pay()  # p2's draw pile and discard pile are both empty: nothing to reshuffle
    assert refusal(state, 2, "pay draw 1") == "your draw pile is empty"


def test_a_draw_pile_too_short_for_the_cards_named_is_refused_by_its_count() -> None:
    state = _asked_to_pay()
    state.seat(2).draw = ["p2-ant-9"]
    with pytest.raises(Refused) as e:
        play(state, 2, "pay draw 2")
    assert str(e.value) == "your draw pile holds fewer than 2 cards"

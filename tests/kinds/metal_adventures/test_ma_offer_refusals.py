"""Metal Adventures' trade offers refused (offers.py; rules.md, "Trades and promises"), word for word: a
refusal read only in part (`match=`) lets the rest of its words change unnoticed."""

from __future__ import annotations

from dataclasses import replace

import pytest

from games.kinds.metal_adventures import offers
from games.kinds.metal_adventures.state import OVER
from games.kinds.protocol import Refused

from .helpers import A, B, C, play, refusal
from .test_ma_offers import travelling


def test_a_win_due_is_refused_naming_the_side_it_is_on() -> None:
    state = travelling()
    later = "`@win` belongs to an ally's terms; an offer's later leg is due `@end` or `@next`."
    assert refusal(state, A, "offer 2 give 1c@win get 1c") == f"What you give: {later}"
    assert refusal(state, A, "offer 2 give 1c get 1c@win") == f"What you ask for: {later}"


def test_an_offer_of_nothing_for_nothing_is_refused_word_for_word() -> None:
    assert refusal(travelling(), A, "offer 2 give nothing get nothing") == (
        "An offer gives or asks for something.")


def test_no_offer_is_made_once_the_game_is_over() -> None:
    with pytest.raises(Refused) as refused:
        offers.offer(replace(travelling(), phase=OVER), A, "2 give 1c get 1c")
    assert str(refused.value) == "No trade can be made now."


def test_an_offer_asking_two_trophies_of_the_accepters_choice_asks_it_to_name_them() -> None:
    state = travelling(seats={A: {"credits": 3}, B: {"trophies": ("T15", "T02")}})
    state, _ = play(state, A, "offer 2 give 2c get trophy+trophy")
    assert refusal(state, B, "accept O1") == (
        "O1 asks for 2 trophies of your choice: name them, accept O1 trophy <t>.")


def test_a_third_seat_declining_is_refused_without_the_senders_withdraw_hint() -> None:
    state, _ = play(travelling(), A, "offer 2 give 1c get 1c")
    assert refusal(state, C, "decline O1") == "O1 was made to seat 2: only it may decline it."
    assert refusal(state, A, "decline O1") == (
        "O1 was made to seat 2: only it may decline it (you may withdraw it).")
    assert refusal(state, B, "withdraw O1") == "O1 is seat 1's offer: only it may withdraw it."

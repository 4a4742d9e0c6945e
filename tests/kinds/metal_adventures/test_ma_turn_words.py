"""Metal Adventures' turn start and rest (turn.py; rules.md, "A turn"): its refusals word for word and its
events whole, every field the log and the narration read."""

from __future__ import annotations

from dataclasses import replace

import pytest

from games.kinds.metal_adventures import turn
from games.kinds.protocol import Refused

from .helpers import A, B, given, play, playing, refusal, with_credits
from .test_ma_rulings import ghost
from .test_ma_turn import t1


def test_an_exempt_seat_is_told_it_has_nothing_to_refuse_and_its_tribute_event_says_exempt() -> None:
    state = t1()
    assert refusal(state, A, "refuse") == (
        "Your main power is the lowest: you are exempt from the tribute and have nothing to refuse (tribute "
        "costs you nothing).")
    _, events = play(state, A, "tribute")
    assert events == [{"type": "exempt", "seat": A, "m": 7}]


def test_a_tribute_without_a_credit_is_refused_word_for_word() -> None:
    assert refusal(with_credits(playing(3, 2), a=0), A, "tribute") == (
        "You have no credit to pay the tribute (your main power is not the lowest): refuse it and take 1 JP, "
        "or rest if you are damaged.")


def test_a_refusal_event_names_the_seat_with_or_without_the_ghosts_perk() -> None:
    _, events = play(playing(3, 2), A, "refuse")
    assert events[0] == {"type": "refuse", "seat": A}
    _, events = play(ghost(perks=True), A, "refuse")
    assert events == [{"type": "refuse", "seat": A}, {"type": "perk", "seat": A, "base": "B6"}]


def test_a_second_swap_in_one_rest_is_refused_word_for_word() -> None:
    state = given(3, seats={A: {"damage": 1, "trophies": ("T01", "T02")}}, trophy_top=("T03", "T04"))
    state, _ = play(state, A, "rest")
    state, _ = play(state, A, "swap T01")
    state, _ = play(state, A, "pick T03")
    assert refusal(state, A, "swap T02") == "You have already swapped a trophy this rest."


def test_a_rest_purchase_from_an_empty_row_is_refused_word_for_word() -> None:
    state, _ = play(given(3, seats={A: {"damage": 1, "credits": 9}}), A, "rest")
    with pytest.raises(Refused) as refused:
        turn.buy(replace(state, ocg_row=(None, None, None, None)), A, "S09")
    assert str(refused.value) == "The OCG row is empty."


def test_a_new_turn_sets_every_seats_flags_back_to_false() -> None:
    state = given(3, seats={B: {"revealed_this_turn": True, "took_jp_this_turn": True}})
    after = turn.start_turn(state, B, 2)
    assert all(s.revealed_this_turn is False and s.took_jp_this_turn is False for s in after.seats)

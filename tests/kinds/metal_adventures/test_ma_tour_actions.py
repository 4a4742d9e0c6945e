"""Metal Adventures' tour actions (tour_actions.py; rules.md, "The Tour of Pirates"): what each action's
words are read as, its refusals word for word, and the fields of the events and choices it makes."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from games.kinds.metal_adventures import tour_actions
from games.kinds.metal_adventures.state import GameState
from games.kinds.protocol import Refused

from .helpers import A, given, play, refusal


def travelling(**seat_a: Any) -> GameState:
    """Three seats, A travelling (its tribute paid) with 9 credits and no trophy unless `seat_a` says."""
    state, _ = play(given(3, seats={A: {"credits": 9, "trophies": (), **seat_a}},
                          trophy_top=("T01", "T02")), A, "tribute")
    return state


def test_the_tours_trophy_draw_is_a_choice_from_the_tour_and_its_pick_says_so() -> None:
    state, events = play(travelling(), A, "tour trophies")
    assert events[0]["drawn"] == ["T01", "T02"]
    (choice,) = state.choices
    assert (choice.cards, choice.count, choice.source) == (("T01", "T02"), 1, "tour")
    _, events = play(state, A, "pick T02")
    assert events == [{"type": "keep_trophy", "seat": A, "trophy": "T02", "bottom": ["T01"],
                       "source": "tour"}]


def test_a_tour_purchase_event_names_the_card_bought_and_the_refill() -> None:
    state = travelling()
    refill = state.improvement_deck[0]
    _, events = play(state, A, f"tour buy {state.ocg_row[0]}")
    assert events[0]["card"] == state.ocg_row[0] and events[0]["refill"] == refill


def test_paying_with_a_wreck_one_does_not_hold_is_refused_word_for_word() -> None:
    state = travelling(damage=1, wrecks=())
    assert refusal(state, A, "tour repair N04") == "You have no wreck to pay with."


def test_buying_from_an_empty_row_is_refused_word_for_word() -> None:
    state = replace(travelling(), ocg_row=(None, None, None, None))
    with pytest.raises(Refused) as refused:
        tour_actions.read(state, A, tour_actions.BY_WORD["buy"], "S09")
    assert str(refused.value) == "The OCG row is empty: there is nothing to buy."


def test_smuggling_a_card_not_on_the_bazaar_pile_is_refused_naming_the_pile() -> None:
    state, _ = play(given(3, seats={A: {"credits": 9}}, bazaar=("S01",)), A, "tribute")
    assert refusal(state, A, "tour smuggle E01") == (
        "Rusty Blunderbuss (E01) is not one of the Bazaar pile: CAPTAIN JONES (S01).")

"""Metal Adventures' deal items (items.py; rules.md, "Trades and promises"): what a seat lacks to give
them, in its words."""

from __future__ import annotations

from games.kinds.metal_adventures import items
from games.kinds.metal_adventures.records import TROPHY, Item

from .helpers import A, given


def test_a_named_trophy_not_held_is_what_the_seat_lacks_a_plain_one_only_a_trophy_in_hand() -> None:
    state = given(3, seats={A: {"trophies": ("T01",)}})
    assert items.lacking(state, A, (Item(TROPHY, card="T02"),)) == (
        "you do not hold Trophy of the Headhunter (T02)")
    assert items.lacking(state, A, (Item(TROPHY, card=""),)) == ""
    assert items.lacking(state, A, (Item(TROPHY, card=""), Item(TROPHY, card=""))) == "you hold 1 trophy"


def test_a_wreck_no_starship_is_called_is_refused_naming_the_starships() -> None:
    from .helpers import refusal
    from .test_ma_offers import travelling

    assert refusal(travelling(), A, "offer 2 give wreck zork get 1c") == (
        "None of the starships is called 'zork': 58 cards (name one by its id).")


def test_words_before_the_first_trophy_an_accepter_names_are_refused_word_for_word() -> None:
    from .helpers import B, play, refusal
    from .test_ma_offers import travelling

    state = travelling(seats={A: {"credits": 3}, B: {"trophies": ("T15",)}})
    state, _ = play(state, A, "offer 2 give 1c get trophy")
    assert refusal(state, B, "accept O1 the trophy T15") == (
        "Could not read 'the trophy T15': name the trophies you give as `trophy <t>`.")

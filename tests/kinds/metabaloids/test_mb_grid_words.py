"""The grid's default restoration beyond three deep (grid.py; rules.md, "The grid"), taking a card out of
play, and the command words' refusals word for word (words.py; rules.md, "Words in commands")."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from games.kinds.metabaloids import grid, words
from games.kinds.metabaloids.state import Column
from games.kinds.protocol import Refused

from .helpers import position, seat_dict


def test_a_column_deeper_than_three_in_a_full_width_grid_gives_to_the_shallowest() -> None:
    assert grid.restore_step([Column(["a"] * 4), Column(["b"]), Column(["c", "c"])]) == (1, 2)


def test_of_two_columns_too_deep_the_first_gives_first() -> None:
    assert grid.restore_step([Column(["a"] * 4), Column(["b"] * 4), Column(["c"])]) == (1, 3)


def test_removing_a_card_names_its_column_and_a_card_not_in_play_is_an_error() -> None:
    seat = position(seat_dict(1, grid=[["wasp"], ["ant", "mite"]]), seat_dict(2)).seat(1)
    assert grid.remove(seat, "p1-mite-1") == 2
    with pytest.raises(ValueError, match="^p1-mite-1 is not in play$"):
        grid.remove(seat, "p1-mite-1")


def refusal(call: Callable[[], object]) -> str:
    with pytest.raises(Refused) as refused:
        call()
    return str(refused.value)


def test_the_words_refusals_say_what_was_wrong() -> None:
    state = position(seat_dict(1, grid=[["wasp"], ["ant", "ant"]]), seat_dict(2))
    seat = state.seat(1)
    assert refusal(lambda: words.column("4")) == "'4' is not a column: columns are 1, 2 and 3"
    assert refusal(lambda: words.in_play(seat, "3:1")) == "your play area has no card at 3:1"
    assert refusal(lambda: words.in_play(seat, "mite")) == "your play area holds no Glucose Mite"
    assert refusal(lambda: words.in_play(seat, "ant", "p1's")) == (
        "p1's play area holds 2 Sugar Ant: name one by column:row")
    assert refusal(lambda: words.seat_word(state, "p3")) == (
        "'p3' is not a player of this game: name one p1 to p2")
    assert refusal(lambda: words.seat_word(state, "px")) == (
        "'px' is not a player of this game: name one p1 to p2")
    assert words.in_play(seat, "wasp") == "p1-wasp-1"
    assert words.address(seat, "p1-ant-2") == "2:2"

"""The platform calls word for word (api.py): the option refusals whole, the longest window allowed, the
platform's phase in a turn, every seat outcome with its label, the result of a game not over, the empty
submission's refusal with its examples, an empty line being no command, and the one leaving command."""

from __future__ import annotations

import pytest

from games.kinds.metabaloids import api
from games.kinds.protocol import BadOptions, Refused, SeatOutcome
from tests.kinds.metabaloids.helpers import position, seat_dict
from tests.kinds.metabaloids.random_games import SeededDice


def test_unknown_options_are_all_named_with_every_option_offered() -> None:
    with pytest.raises(BadOptions) as refused:
        api.check_options({"size": 3, "colour": "red"}, 2)
    assert str(refused.value) == (
        "Metabaloids has no option colour, size; its options are length (reshuffle or short), elimination "
        "(on or off), window_minutes (0-15), quick (every seat plays deck A) and edition (core).")


def test_an_edition_not_offered_is_refused_naming_the_one_there_is() -> None:
    with pytest.raises(BadOptions) as refused:
        api.check_options({"edition": "deluxe"}, 2)
    assert str(refused.value) == "Metabaloids is played in edition core, not 'deluxe'."


def test_a_window_of_fifteen_minutes_is_the_longest_offered() -> None:
    assert api.check_options({"window_minutes": 15}, 2)["window_minutes"] == 15
    with pytest.raises(BadOptions) as refused:
        api.check_options({"window_minutes": 16}, 2)
    assert str(refused.value) == "window_minutes must be a whole number from 0 to 15, not 16."


def test_a_game_in_its_turns_is_in_play_for_the_platform() -> None:
    state = position(seat_dict(1, grid=[["wasp"]], filler=5), seat_dict(2, grid=[["mite"]], filler=5))
    assert api.platform_phase(state) == "play"


def test_every_seat_outcome_carries_its_label_and_deck() -> None:
    state = position(seat_dict(1, grid=[["wasp"]], filler=5, players=3),
                     seat_dict(2, "B", grid=[["crab"]], filler=5, players=3, status="out"),
                     seat_dict(3, grid=[["mite"]], filler=5, players=3, resigned=True), step="main")
    assert [api.seat_outcome(state, seat) for seat in range(3)] == [
        SeatOutcome("playing", "p1 · deck A"), SeatOutcome("out", "p2 · deck B"),
        SeatOutcome("resigned", "p3 · deck A")]
    state.phase = "over"
    state.result = {"places": [[1], [2], [3]], "winners": [1], "why": "elimination"}
    assert [api.seat_outcome(state, seat) for seat in range(3)] == [
        SeatOutcome("won", "p1 · deck A"), SeatOutcome("lost", "p2 · deck B"),
        SeatOutcome("resigned", "p3 · deck A")]


def test_a_result_recorded_before_the_game_is_over_decides_nothing() -> None:
    state = position(seat_dict(1, grid=[["wasp"]], filler=5), seat_dict(2, grid=[["mite"]], filler=5))
    state.result = {"places": [[1], [2]], "winners": [1], "why": "stall"}
    assert api.result(state, []) == {"winner": None, "places": []}
    assert api.seat_outcome(state, 1) == SeatOutcome("playing", "p2 · deck A")
    state.phase = "over"
    state.result = None
    assert api.result(state, []) == {"winner": None, "places": []}
    assert api.seat_outcome(state, 1) == SeatOutcome("playing", "p2 · deck A")


def test_a_game_over_with_no_place_has_no_winner() -> None:
    state = position(seat_dict(1, grid=[["wasp"]], filler=5), seat_dict(2, grid=[["mite"]], filler=5))
    state.phase = "over"
    state.result = {"places": [], "winners": [], "why": "stall"}
    assert api.result(state, []) == {"winner": None, "places": [], "ranks": []}


def test_the_seat_outcome_while_decks_are_picked_is_playing_with_no_label() -> None:
    assert api.seat_outcome(api.new_state({}, 2, SeededDice(1)), 0) == SeatOutcome("playing", "")


def test_an_empty_submission_is_refused_with_examples_of_commands() -> None:
    with pytest.raises(Refused) as refused:
        api.split(" ; \n")
    assert str(refused.value) == (
        "Nothing to do: give a command, such as attack 1:1 p2 1:1, restock wasp, end or help.")


def test_an_empty_line_is_no_command_and_may_not_be_sent_any_time() -> None:
    assert not api.is_command("")
    assert not api.anytime("   ")
    assert api.undo_barrier("", [])


def test_a_seat_leaves_by_resigning() -> None:
    assert api.leave_commands(api.new_state({"quick": True}, 2, SeededDice(1)), 0) == ["resign"]

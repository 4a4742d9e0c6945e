"""Metabaloids as the platform calls it (api.py): its options and their refusals, a new game, the result
with ranks, each seat's outcome, the tallies, and which commands may be sent any time or taken back."""

from __future__ import annotations

import pytest

from games.kinds.metabaloids import api
from games.kinds.protocol import BadOptions
from tests.kinds.metabaloids.helpers import play, position, seat_dict
from tests.kinds.metabaloids.random_games import SeededDice


def test_the_options_are_completed_with_their_defaults() -> None:
    assert api.check_options({}, 3) == {"length": "reshuffle", "elimination": False, "window_minutes": 0,
                                        "quick": False, "edition": "core"}
    assert api.check_options({"length": "short", "window_minutes": 5}, 2)["window_minutes"] == 5


@pytest.mark.parametrize(("options", "players", "says"), [
    ({"colour": "red"}, 2, "no option colour"),
    ({}, 1, "2 to 6 players"),
    ({}, 7, "2 to 6 players"),
    ({"length": "long"}, 2, "reshuffle or short"),
    ({"window_minutes": 16}, 2, "0 to 15"),
    ({"window_minutes": -1}, 2, "0 to 15"),
    ({"window_minutes": True}, 2, "0 to 15"),
    ({"window_minutes": "5"}, 2, "0 to 15"),
    ({"elimination": "yes"}, 2, "elimination is on or off"),
    ({"quick": 1}, 2, "quick is on or off"),
])
def test_an_option_not_offered_is_refused_saying_what_to_choose(options: dict[str, object], players: int,
                                                                 says: str) -> None:
    with pytest.raises(BadOptions, match=says):
        api.check_options(options, players)


def test_the_options_read_as_words() -> None:
    assert api.describe_options({}) == "reshuffle game"
    words = api.describe_options({"length": "short", "elimination": True, "window_minutes": 3, "quick": True})
    assert words == ("short game (no reshuffle), elimination, 3 min windows to answer out of turn, "
                     "quick start (deck A for all)")


def test_a_new_game_waits_for_every_deck_unless_quick() -> None:
    state = api.new_state({}, 3, SeededDice(1))
    assert state.phase == "decks" and api.to_act(state) == (0, 1, 2)
    assert api.platform_phase(state) == "setup"
    assert api.seat_outcome(state, 0).status == "playing"
    assert api.tallies(state) == {}
    quick = api.new_state({"quick": True}, 3, SeededDice(1))
    assert quick.phase == "place" and [s.deck for s in quick.seats] == ["A", "A", "A"]


def three():  # type: ignore[no-untyped-def]
    return position(seat_dict(1, grid=[["wasp"]], lost=["mite"], filler=5, players=3),
                    seat_dict(2, "B", grid=[["crab"]], lost=["frog", "toad"], filler=5, players=3),
                    seat_dict(3, grid=[["mite"]], filler=5, players=3), step="main")


def test_the_result_ranks_seats_by_place_and_sharing_a_place_shares_its_rank() -> None:
    state = three()
    assert api.result(state, []) == {"winner": None, "places": []}
    state, _ = play(state, 2, "resign")
    state, _ = play(state, 1, "resign")
    assert state.phase == "over"
    result = api.result(state, [])
    assert result["winner"] == 2 and result["places"] == [2, 0, 1] and result["ranks"] == [1, 2, 3]
    assert api.seat_outcome(state, 2).status == "won"
    assert api.seat_outcome(state, 0).status == "resigned"
    assert api.platform_phase(state) == "over"


def test_a_shared_first_place_has_no_single_winner() -> None:
    state = three()
    state.result = {"places": [[1, 3], [2]], "winners": [1, 3], "why": "stall"}
    state.phase = "over"
    assert api.result(state, []) == {"winner": None, "places": [0, 2, 1], "ranks": [1, 1, 3]}
    assert api.seat_outcome(state, 0).status == "won" and api.seat_outcome(state, 1).status == "lost"


def test_the_tallies_follow_lost_cards_and_cards_in_play() -> None:
    assert api.tallies(three()) == {0: {"Lost": 1, "In play": 1}, 1: {"Lost": 2, "In play": 1},
                                    2: {"Lost": 0, "In play": 1}}


def test_orders_and_placements_may_be_sent_any_time_but_a_turn_may_not() -> None:
    for line in ("order pay ask", "orders", "resign", "help", "place wasp 1", "done"):
        assert api.anytime(line)
    for line in ("attack 1:1 p2 1:1", "end", "deck a", "pay auto"):
        assert not api.anytime(line)


def test_only_a_standing_order_can_be_taken_back() -> None:
    assert not api.undo_barrier("order pay ask", [{"type": "order", "seat": 1}])
    assert not api.undo_barrier("orders", [{"type": "orders", "seat": 1}])
    assert api.undo_barrier("end", [{"type": "turn", "seat": 2}])
    assert api.undo_barrier("order pay ask", [{"type": "order"}, {"type": "lost"}])


def test_a_submission_splits_into_commands() -> None:
    assert api.split("restock wasp\nend") == ["restock wasp", "end"]


def test_the_board_and_view_of_a_game_choosing_decks() -> None:
    state = api.new_state({}, 2, SeededDice(1))
    assert api.text_board(state, 0).startswith("Metabaloids · picking decks: waiting for seat 1, 2")
    assert api.view(state, 0)["choosing"] == [{"lobby": 0, "chosen": False, "deck": None},
                                              {"lobby": 1, "chosen": False, "deck": None}]

"""How a game ends (ending.py; rules.md, "The goal and how the game ends"): the events and reasons of
each ending, the ranking of seats out by when they went out, and
a battle waiting for a decision when a seat goes out."""

from __future__ import annotations

from games.kinds.metabaloids import ending, invariants
from games.kinds.metabaloids.state import GameState

from .helpers import codes, play, position, seat_dict
from .test_mb_scenarios_a import _begin, _three


def test_two_seats_one_cannot_draw_ends_the_game_for_that_reason() -> None:
    state = position(
        seat_dict(1, hand=["mite"] * 5, draw=["spider"], grid=[["scorpion"]], discard=["mite"] * 6),
        seat_dict(2, grid=[["mite"]], filler=10), step="end", active=2, length="short")
    state, events = _begin(state, 1)
    assert {"type": "cannot_draw", "seat": 1} in events
    assert events[-1] == {"type": "game_over", "places": [[2], [1]], "why": "cannot draw"}
    assert state.result == {"places": [[2], [1]], "winners": [2], "why": "cannot draw"}


def test_three_seats_one_cannot_draw_ranks_them_all_for_that_reason() -> None:
    state, events = _begin(_three(), 2)
    assert events[-1] == {"type": "game_over", "places": [[3], [2], [1]], "why": "cannot draw"}


def test_in_the_elimination_variant_the_seat_is_out_for_that_reason_numbered_by_turn_and_order() -> None:
    state, events = _begin(_three(elimination=True), 2)
    assert {"type": "out", "seat": 2, "why": "cannot draw"} in events
    # Out in turn 4, the first seat out: turn * 10 + the seats out, itself included.
    assert state.seat(2).out_turn == 41


def test_seats_out_rank_after_the_seats_in_the_last_out_first_and_the_resigned_last() -> None:
    state = position(*(seat_dict(label, players=5, filler=10) for label in range(1, 6)))
    for label, out_turn, resigned in ((2, 31, False), (3, 52, False), (4, 40, True), (5, 61, True)):
        seat = state.seat(label)
        seat.status, seat.out_turn, seat.resigned = "out", out_turn, resigned
    assert ending.rank(state) == [[1], [3], [2], [5], [4]]


def _battle_of_three() -> GameState:
    state = position(
        seat_dict(1, grid=[["centipede", "wasp"]], hand=["ant"], draw=["mite"], filler=5, players=3),
        seat_dict(2, grid=[["mite", "beetle"], ["spider"]], hand=["scorpion"],
                  discard=["wasp", "surge", "ant"], draw=["spider"], filler=5,
                  orders=["order pay ask"], players=3),
        seat_dict(3, grid=[["mite"]], filler=5, players=3),
        step="attack", window_minutes=10)
    state, _ = play(state, 1, "attack 1:1 p2 1:1")
    assert state.decision is not None and state.decision.label == 2 and state.battle is not None
    return state


def test_the_loser_resigning_owes_nothing_more_and_the_battle_ends() -> None:
    state, _ = play(_battle_of_three(), 2, "resign")
    assert state.battle is None and state.decision is None and state.seat(2).status == "out"
    assert codes(state.seat(2).lost) == ["mite"]  # the stake alone: the rest of the damage is waived
    assert state.seat(1).bonus is None and state.seat(2).bonus is None
    assert state.active == 1 and state.phase == "turn"
    assert not [p for p in invariants.problems(state) if "resigned" in p]  # resigned and out is sound


def test_the_attacker_resigning_leaves_the_losers_orders_to_pay() -> None:
    state, _ = play(_battle_of_three(), 1, "resign")
    assert state.battle is None and state.decision is None and state.seat(1).status == "out"
    assert codes(state.seat(2).lost) == ["mite", "scorpion"]  # the timeout's default, as in scenario 12
    assert state.active == 2 and state.phase == "turn"

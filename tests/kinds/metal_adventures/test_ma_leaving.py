"""Metal Adventures' end of a turn and leaving the game (end.py; rules.md, "The end of a turn", "The end
of the game", "Leaving"): the edges the whole-game tests pass by, and what the events say, whole."""

from __future__ import annotations

from dataclasses import replace

import pytest

from games.kinds.metal_adventures import end
from games.kinds.metal_adventures.battle_state import DECLINE, Battle

from .helpers import A, B, C, given, play
from .test_ma_end import standings


def test_repair_drones_take_a_last_damage_away() -> None:
    state, _ = play(given(3, seats={A: {"damage": 1, "improvements": ("E15",)}}), A, "tribute")
    after, events = end.finish_turn(state)
    assert after.seats[A].damage == 0
    assert {"type": "repair_drones", "seat": A, "damage": 0} in events


def test_seats_tied_on_glory_are_ranked_by_most_credits() -> None:
    over = standings((7, 7, 6), (5, 9, 9), (0, 0, 0))
    assert end.places(over) == ((B,), (A,), (C,))


def test_a_seat_in_a_battle_cannot_leave_until_it_is_over() -> None:
    state = replace(given(3), phase="battle.declare",
                    battle=Battle(kind="challenge", attacker=A, challenged=B))
    with pytest.raises(ValueError) as refused:
        end.resign(state, B)
    assert str(refused.value) == "a seat in a battle cannot leave until it is over"


def test_the_promises_of_a_seat_that_leaves_lapse_saying_why() -> None:
    state, _ = play(given(3, seats={A: {"credits": 3}}), A, "tribute")
    state, _ = play(state, A, "offer 2 give 1c@end get nothing")
    state, _ = play(state, B, "accept O1")
    after, events = play(state, B, "resign")
    assert after.promises == ()
    assert events[1:] == [{"type": "promise_lapsed", "promise": 1, "why": "resigned"}]


def test_a_seat_asked_to_ally_in_a_recruitment_that_leaves_declines_and_recruitment_goes_on() -> None:
    state, _ = play(given(4), A, "tribute")
    state, _ = play(state, A, "challenge 2")
    state, _ = play(state, B, "ally ask 3")
    after, _ = play(state, C, "resign")
    assert after.phase == "challenge.recruit" and after.battle is not None
    assert [(ask.seat, ask.answer) for ask in after.battle.asks] == [(C, DECLINE)]


def test_the_last_but_one_seat_leaving_out_of_turn_ends_the_game_with_its_places() -> None:
    state, _ = play(given(3), B, "resign")
    after, events = play(state, C, "resign")
    assert after.phase == "game.over" and after.turn_done == ()
    assert events[-1] == {"type": "game_over", "places": [[A], [B, C]]}

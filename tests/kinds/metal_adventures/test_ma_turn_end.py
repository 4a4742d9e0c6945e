"""Metal Adventures' end of a turn and a seat leaving (end.py; rules.md, "The end of a turn", "Leaving"):
the Repair Drones only with damage and only for their holder, the end_turn event whole, the next seat
when none is left, and a seat leaving the setup once every other seat has chosen."""

from __future__ import annotations

from dataclasses import replace

import pytest

from games.kinds.metal_adventures import end, setup

from .helpers import A, B, C, dealt, given, play


def test_a_damaged_starship_without_repair_drones_keeps_its_damage_at_its_turns_end() -> None:
    state, _ = play(given(3, seats={A: {"damage": 1}}), A, "tribute")
    after, events = end.finish_turn(state)
    assert after.seats[A].damage == 1
    assert [e for e in events if e["type"] in ("repair_drones", "end_turn")] == [
        {"type": "end_turn", "seat": A, "turn": 1}]


def test_repair_drones_on_an_undamaged_starship_repair_nothing() -> None:
    state, _ = play(given(3, seats={A: {"improvements": ("E15",)}}), A, "tribute")
    after, events = end.finish_turn(state)
    assert after.seats[A].damage == 0
    assert not [e for e in events if e["type"] == "repair_drones"]


def test_no_next_seat_when_every_seat_has_left() -> None:
    state = given(3)
    state = replace(state, seats=tuple(replace(s, out=True) for s in state.seats))
    with pytest.raises(ValueError) as raised:
        end.next_seat(state, A)
    assert str(raised.value) == "no seat is left in the game"


def test_a_seat_leaving_the_setup_after_every_other_seat_chose_begins_play() -> None:
    state = dealt(3, 0)
    for seat in (A, B):
        state, _ = setup.choose(state, seat, setup.timeout_command(state, seat))
    after, _ = play(state, C, "resign")
    assert after.phase == "turn.start" and after.turn == 1 and after.seats[C].out

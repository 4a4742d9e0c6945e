"""Metal Adventures as the platform calls it (api.py), without Django: the phase the site shows, each seat's
outcome and the result it records, the tallies it charts, how a submission splits into commands, which
commands any seat may send at any time, and which one a seat may take back. The site's own tests call these
through kind.py; these hold the answers the rules give."""

from __future__ import annotations

from dataclasses import replace

import pytest

from games.kinds.metal_adventures import api, cards, setup
from games.kinds.metal_adventures.state import GameState
from games.kinds.protocol import Refused, SeatOutcome

from .helpers import A, B, C, dealt, playing


def over(state: GameState, *, glory: tuple[int, ...], out: tuple[int, ...] = ()) -> GameState:
    """The game over with these glories, every seat's credits and JP equal; the seats in `out` left."""
    seats = tuple(replace(seat, glory=glory[i], out=i in out, credits=5, jp=0)
                  for i, seat in enumerate(state.seats))
    return replace(state, seats=seats, phase="game.over")


def test_the_site_reads_setup_then_play_then_over() -> None:
    assert api.platform_phase(dealt(3, 1)) == "setup"
    assert api.platform_phase(playing(3, 1)) == "play"
    assert api.platform_phase(over(playing(3, 1), glory=(1, 2, 3))) == "over"


def test_each_seat_is_playing_until_the_end_then_won_or_lost_and_a_seat_that_left_resigned() -> None:
    state = playing(3, 1)
    names = [cards.BASES[seat.base].name for seat in state.seats]
    left = replace(state, seats=(replace(state.seats[A], out=True), *state.seats[1:]))
    assert [api.seat_outcome(left, i) for i in (A, B)] == [SeatOutcome("resigned", names[A]),
                                                           SeatOutcome("playing", names[B])]
    ended = over(state, glory=(9, 4, 2), out=(C,))
    assert [api.seat_outcome(ended, i) for i in (A, B, C)] == [
        SeatOutcome("won", names[A]), SeatOutcome("lost", names[B]), SeatOutcome("resigned", names[C])]


def test_the_result_names_a_lone_winner_and_every_seat_by_place_and_no_winner_for_a_shared_win() -> None:
    state = playing(3, 1)
    assert api.result(state, []) == {"winner": None, "places": []}
    assert api.result(over(state, glory=(2, 7, 4)), []) == {"winner": B, "places": [B, C, A],
                                                            "ranks": [1, 2, 3]}
    assert api.result(over(state, glory=(7, 7, 4)), []) == {"winner": None, "places": [A, B, C],
                                                            "ranks": [1, 1, 3]}
    # A seat that left comes last whatever its glory.
    assert api.result(over(state, glory=(9, 7, 4), out=(A,)), []) == {"winner": B, "places": [B, C, A],
                                                                      "ranks": [1, 2, 3]}


def test_the_tallies_are_each_seats_glory_and_credits() -> None:
    state = over(playing(3, 1), glory=(2, -1, 4))
    assert api.tallies(state) == {A: {"Glory": 2, "Credits": 5}, B: {"Glory": -1, "Credits": 5},
                                  C: {"Glory": 4, "Credits": 5}}


def test_a_submission_splits_at_semicolons_and_new_lines_into_at_most_30_commands_and_2000_chars() -> None:
    assert api.split(" tribute; attack space\nend\r\n;") == ["tribute", "attack space", "end"]
    assert len(api.split("; ".join(["end"] * 30))) == 30
    assert api.split("x" * 2000) == ["x" * 2000]
    refusals = {"; ".join(["end"] * 31): "A submission holds at most 30 commands, not 31.",
                "x" * 2001: "A submission holds at most 2000 characters, not 2001.",
                " ;\n": "Nothing to do: give a command, such as tribute, attack space, end or help."}
    for text, words in refusals.items():
        with pytest.raises(Refused) as refused:
            api.split(text)
        assert str(refused.value) == words


def test_a_command_is_known_by_its_first_word_in_any_case() -> None:
    assert api.is_command("Tribute") and api.is_command("attack space 2") and api.is_command("order")
    assert not api.is_command("hello there") and not api.is_command("") and not api.is_command("   ")


def test_only_standing_orders_and_leaving_may_be_sent_at_any_time() -> None:
    assert api.anytime("order ally decline") and api.anytime("RESIGN")
    assert not api.anytime("end") and not api.anytime("")
    assert api.leave_commands(playing(3, 1), A) == ["resign"]


def test_only_a_standing_order_that_changed_nothing_else_can_be_taken_back() -> None:
    order = {"type": "order", "seat": A, "name": "ally", "value": "decline"}
    assert not api.undo_barrier("order ally decline", [order])
    assert not api.undo_barrier("Order", [])
    assert api.undo_barrier("order ally decline", [order, {"type": "reveal", "seat": A, "trophy": "T03"}])
    assert api.undo_barrier("end", []) and api.undo_barrier("tribute", [{"type": "tribute", "seat": A}])


def test_the_options_are_checked_and_given_back_as_the_state_holds_them() -> None:
    assert api.check_options({}, 3) == setup.check_options({}, 3).to_dict()
    assert api.check_options({"perks": True}, 4)["perks"] is True

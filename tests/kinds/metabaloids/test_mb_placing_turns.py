"""The placement turns of the initial deployment (setup.py `start_placing`; rules.md, "Setting up"): a seat
whose hand fits nothing is done once, told once, and skipped from then on; a placement a seat queued out of
turn is made for that seat when its placement turn comes."""

from __future__ import annotations

from collections.abc import Sequence

from games.kinds.metabaloids.state import GameState

from .helpers import play, position, seat_dict


def _placing(p1: Sequence[str], p2: Sequence[str]) -> GameState:
    """Two seats in the initial deployment, nothing placed yet, p1's placement turn."""
    state = position(seat_dict(1, hand=p1, filler=5, placing_done=False),
                     seat_dict(2, hand=p2, filler=5, placing_done=False), turn=0)
    state.phase = "place"
    return state


def test_a_seat_whose_hand_fits_nothing_is_done_once_and_skipped_after() -> None:
    state = _placing(["mite", "ant", "spider"], ["surge", "spores"])
    state, events = play(state, 1, "place mite 1")
    assert events == [
        {"type": "placed", "seat": 1, "card": "p1-mite-1", "col": 1},
        {"type": "placing_done", "seat": 2, "points": 0},
    ]
    assert state.seat(2).placing_done is True and state.active == 1
    # p2's placement turn comes again and passes it by without a word.
    state, events = play(state, 1, "place ant 2")
    assert events == [{"type": "placed", "seat": 1, "card": "p1-ant-1", "col": 2}]
    assert state.seat(2).placing_done is True and state.active == 1


def test_a_placement_queued_out_of_turn_is_made_for_its_seat_when_its_turn_comes() -> None:
    state = _placing(["mite", "ant"], ["beetle", "spider"])
    state, queued = play(state, 2, "place beetle 1")
    assert queued == [{"type": "queued", "seat": 2, "line": "place beetle 1"}]
    state, events = play(state, 1, "place mite 1")
    assert events == [
        {"type": "placed", "seat": 1, "card": "p1-mite-1", "col": 1},
        {"type": "placed", "seat": 2, "card": "p2-beetle-1", "col": 1},
    ]
    assert state.seat(2).queue == [] and state.seat(2).placed == 2 and state.active == 1
    assert [c.cards for c in state.seat(2).columns] == [["p2-beetle-1"], [], []]

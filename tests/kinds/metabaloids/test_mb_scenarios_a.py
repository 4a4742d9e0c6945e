"""The specification's acceptance scenarios 1-10 (rules.md beside the rules names each ruling)."""

from __future__ import annotations

import pytest

from games.kinds.metabaloids.state import GameState
from games.kinds.protocol import Refused

from .helpers import codes, play, position, seat_dict, types


def test_draw_to_seven_and_one_voluntary_discard() -> None:
    state = position(
        seat_dict(1, hand=["mite", "ant", "spider", "beetle"], draw=["wasp", "cutter", "mound"], filler=7,
                  grid=[["scorpion"]]),
        seat_dict(2, grid=[["mite"]], filler=10), step="end", active=2)
    state, events = _begin(state, 1)
    p1 = state.seat(1)
    assert len(p1.hand) == 7 and sorted(codes(p1.hand)[-3:]) == ["cutter", "mound", "wasp"]
    assert [e["n"] for e in events if e["type"] == "drew"] == [3]
    state, _ = play(state, 1, "discard ant")
    assert codes(state.seat(1).discard)[-1] == "ant" and len(state.seat(1).hand) == 6
    with pytest.raises(Refused, match="one voluntary discard per turn"):
        play(state, 1, "discard mite")
    assert len(state.seat(1).draw) == 7


def test_no_discard_without_a_draw_and_a_full_hand_is_not_cannot_draw() -> None:
    state = position(
        seat_dict(1, hand=["mite", "ant", "spider", "beetle", "wasp", "cutter", "mound"],
                  grid=[["scorpion"]]),
        seat_dict(2, grid=[["mite"]], filler=10), step="end", active=2, length="short")
    state, _ = _begin(state, 1)
    assert state.phase == "turn" and state.step == "main"
    with pytest.raises(Refused, match="you drew no card"):
        play(state, 1, "discard mite")


def _begin(state: GameState, label: int) -> tuple[GameState, list[dict[str, object]]]:
    """Start `label`'s turn the way the game does: the seat before it ends its turn."""
    before = state.copy()
    before.active = label - 1 if label > 1 else len(before.seats)
    before.step = "restock"
    before.seat(before.active).attacks_made = 1
    return play(before, before.active, "end")


def test_two_seats_cannot_draw_loses() -> None:
    state = position(
        seat_dict(1, hand=["mite", "ant", "spider", "beetle", "wasp"], draw=["spider"], grid=[["scorpion"]],
                  discard=["mite"] * 6),
        seat_dict(2, grid=[["mite"]], filler=10), step="end", active=2, length="short")
    state, events = _begin(state, 1)
    assert state.phase == "over" and state.result is not None
    assert state.result["places"] == [[2], [1]]
    with pytest.raises(Refused, match="game over"):
        play(state, 1, "end")


def test_reshuffle_instead_of_cannot_draw() -> None:
    state = position(
        seat_dict(1, hand=["mite", "ant", "spider", "beetle", "wasp"], draw=["spider"], grid=[["scorpion"]],
                  discard=["cutter", "mite", "mite", "ant", "ant", "beetle"]),
        seat_dict(2, grid=[["mite"]], filler=10), step="end", active=2)
    state, events = _begin(state, 1)
    assert {"type": "reshuffle", "seat": 1, "n": 6} in events
    assert len(state.seat(1).hand) == 7 and len(state.seat(1).draw) == 5 and state.phase == "turn"


def _three(elimination: bool = False, p3_in_play: int = 2) -> GameState:
    p3_grid = [["mite"], ["mite"]] if p3_in_play == 2 else [["mite", "mite"], ["mite", "mite"], ["mite"]]
    return position(
        seat_dict(1, grid=[["mite"], ["mite"], ["mite"]], lost=["ant"] * 5, filler=10, players=3,
                  hand=["spider"] * 7),
        seat_dict(2, hand=["mite"] * 5, draw=["spider"], grid=[["mite", "mite"], ["mite", "mite"], ["mite"]],
                  lost=["ant"] * 4, players=3),
        seat_dict(3, grid=p3_grid, lost=["ant"] * 4, filler=10, players=3, hand=["spider"] * 7),
        step="end", active=1, length="reshuffle", elimination=elimination)


def test_three_seats_the_game_ends_and_the_tie_break() -> None:
    state, _ = _begin(_three(), 2)
    assert state.phase == "over" and state.result is not None
    assert state.result["places"] == [[3], [2], [1]]


def test_three_seats_a_full_tie_shares_first_place() -> None:
    state, _ = _begin(_three(p3_in_play=5), 2)
    assert state.result is not None and state.result["places"] == [[2, 3], [1]]


def test_elimination_the_seat_is_out_and_play_goes_on() -> None:
    state, events = _begin(_three(elimination=True), 2)
    assert state.phase == "turn" and state.active == 3 and state.seat(2).status == "out"
    with pytest.raises(Refused, match="p2 is out"):
        play(state, 3, "attack 1:1 p2 1:1")
    assert "out" in types(events)

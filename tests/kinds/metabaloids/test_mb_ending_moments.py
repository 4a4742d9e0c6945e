"""When a seat goes out at a moment that waits for something (ending.py `out` and `settle_battle`;
rules.md, "Winning"): a seat resigning during the initial deployment, the placement turn passing on only
when it held it; a seat resigning while its own grid restoration is asked, its grid frozen as it stands
and the battle ended."""

from __future__ import annotations

from typing import Any

from games.kinds.metabaloids.state import GameState

from .helpers import grid_codes, play, position, seat_dict, types


def _placing_three() -> GameState:
    """Three seats in the initial deployment, none done placing, p1's placement turn."""
    seats: list[dict[str, Any]] = [
        seat_dict(label, hand=["mite", "ant", "spider", "wasp", "beetle"], filler=10, players=3,
                  placing_done=False)
        for label in (1, 2, 3)]
    return GameState.from_dict({
        "options": {"players": 3}, "seats": seats, "order": [0, 1, 2],
        "phase": "place", "step": "", "active": 1, "turn": 0, "round": 0,
    })


def test_the_seat_placing_resigns_and_the_placement_turn_passes_to_the_next_seat() -> None:
    state = _placing_three()
    state, events = play(state, 1, "resign")
    assert events == [{"type": "out", "seat": 1, "why": "resigned"}]
    assert state.phase == "place" and state.active == 2 and state.seat(1).status == "out"


def test_a_seat_resigning_out_of_its_placement_turn_leaves_the_turn_where_it_is() -> None:
    state = _placing_three()
    state, events = play(state, 2, "resign")
    assert events == [{"type": "out", "seat": 2, "why": "resigned"}]
    assert state.phase == "place" and state.active == 1 and state.seat(2).status == "out"
    state, _ = play(state, 1, "place mite 1")
    assert state.active == 3  # p2, out, is skipped


def _restoring_three() -> GameState:
    """Scenario 19 (test_mb_scenarios_c.py) among three seats with timed windows: p2 loses its Ant, its grid
    is left two columns wide with columns of three, and it asked to restore it itself."""
    state = position(
        seat_dict(1, grid=[["mite"]], hand=["ant"], draw=["mite"], filler=5, players=3),
        seat_dict(2, grid=[["scorpion", "spider", "beetle"], ["wasp", "cutter", "mite"], ["ant"]],
                  discard=["surge"], draw=["mite", "mite"], filler=5, orders=["order grid ask"], players=3),
        seat_dict(3, grid=[["mite"]], filler=5, players=3),
        step="attack", window_minutes=10)
    state, _ = play(state, 1, "attack 1:1 p2 3:1")
    assert state.decision is not None and (state.decision.label, state.decision.kind) == (2, "grid")
    return state


def test_a_seat_resigning_while_asked_to_restore_its_grid_leaves_it_as_is_and_the_battle_ends() -> None:
    state, events = play(_restoring_three(), 2, "resign")
    assert events == [{"type": "out", "seat": 2, "why": "resigned"},
                      {"type": "battle_over", "seat": 1, "defender": 2}]
    assert grid_codes(state, 2) == [["scorpion", "spider", "beetle"], ["wasp", "cutter", "mite"], []]
    assert "grid_restored" not in types(events)
    assert state.battle is None and state.decision is None
    assert state.phase == "turn" and state.active == 1 and state.step == "attack"

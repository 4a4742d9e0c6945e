"""Answering the question the game waits for (decisions.py `answer` and `close`; rules.md, "Damage payment
and grid restoration, step by step"): a line that answers another kind of question is refused word for
word and changes nothing, and a payment that closes leaves nothing owed while the grid is restored."""

from __future__ import annotations

from games.kinds.metabaloids.state import GameState
from games.kinds.metabaloids.view import view

from .helpers import grid_codes, play, position, refusal, seat_dict, types


def _scenario_19_asking(*orders: str) -> GameState:
    """Scenario 19 (test_mb_scenarios_c.py) with timed windows: p1's Mite beats p2's Ant by 1, and p2's
    grid, two columns wide with columns of three, must be restored."""
    state = position(
        seat_dict(1, grid=[["mite"]], hand=["ant"], draw=["mite"], filler=5),
        seat_dict(2, grid=[["scorpion", "spider", "beetle"], ["wasp", "cutter", "mite"], ["ant"]],
                  discard=["surge"], draw=["mite", "mite"], filler=5, orders=list(orders)),
        step="attack", window_minutes=10)
    state, _ = play(state, 1, "attack 1:1 p2 3:1")
    return state


def test_a_grid_move_while_a_damage_payment_is_asked_is_refused_by_the_question_asked() -> None:
    state = _scenario_19_asking("order pay ask", "order grid ask")
    assert state.decision is not None and (state.decision.label, state.decision.kind) == (2, "pay")
    assert refusal(state, 2, "move 2:3 3") == "answer your damage payment first"


def test_a_payment_while_the_grid_restoration_is_asked_is_refused_by_the_question_asked() -> None:
    state = _scenario_19_asking("order grid ask")
    assert state.decision is not None and (state.decision.label, state.decision.kind) == (2, "grid")
    assert refusal(state, 2, "pay draw 1") == "answer your grid restoration first"


def test_once_the_damage_is_paid_the_grid_restoration_owes_nothing() -> None:
    state = _scenario_19_asking("order pay ask", "order grid ask")
    assert state.battle is not None and state.battle.owed == 1
    state, events = play(state, 2, "pay draw 1")
    assert "paid" in types(events)
    assert state.decision is not None and (state.decision.label, state.decision.kind) == (2, "grid")
    battle = view(state, None)["battle"]
    assert (battle["stage"], battle["owed"], battle["loser"]) == ("grid", 0, 2)
    state, _ = play(state, 2, "move 2:3 3")
    assert grid_codes(state, 2) == [["scorpion", "spider", "beetle"], ["wasp", "cutter"], ["mite"]]
    assert state.battle is None and state.decision is None

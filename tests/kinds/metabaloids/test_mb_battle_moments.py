"""A battle's moments and questions (rules.md, "Battles", "Timed windows", "Standing orders"): the
defender's `in <column>` orders, an attack line's in-line events checked on a scratch copy (one card is
used once), the grid question in a game with the shortest windows (owed damage settled first), and the
restoration moves answered in it, announced whole or refused in words."""

from __future__ import annotations

from games.kinds.metabaloids import view
from games.kinds.metabaloids.state import GameState

from .helpers import grid_codes, play, position, refusal, seat_dict


def _column_order() -> GameState:
    """p2 drops the default boost order and boosts only when its column 1 defends."""
    return position(
        seat_dict(1, grid=[["wasp"]], hand=["ant"], filler=3),
        seat_dict(2, grid=[["trapdoor"], ["trapdoor"]], hand=["mite"], filler=3,
                  orders=["order drop 4", "order use trapdoor boost on defend in 1"]))


def test_a_defenders_order_for_its_column_fires_when_that_column_defends() -> None:
    state, events = play(_column_order(), 1, "attack 1:1 p2 1:1")
    assert {"type": "activate", "seat": 2, "card": "p2-trapdoor-1", "ability": "boost", "paid": ["p2-mite-1"],
            "col": 0} in events
    assert {"type": "bonus", "seat": 2, "amount": 2, "card": "p2-trapdoor-1", "side": "defense"} in events


def test_a_defenders_order_for_another_column_stays_silent() -> None:
    state, events = play(_column_order(), 1, "attack 1:1 p2 2:1")
    assert [e for e in events if e["type"] in ("activate", "bonus")] == []
    assert state.seat(2).hand == ["p2-mite-1"]


def test_an_event_written_twice_in_an_attack_line_with_one_copy_in_hand_is_refused() -> None:
    state = position(seat_dict(1, grid=[["wasp"]], hand=["surge", "ant", "mite", "spider"], filler=3),
                     seat_dict(2, grid=[["beetle"]], filler=3))
    assert refusal(state, 1, "attack 1:1 p2 1:1 + surge + surge") == "no Adrenal Surge in your hand"


def _grid_question(minutes: int) -> GameState:
    """Scenario 19 of test_mb_scenarios_c.py: p2 loses its column 3's only card and pays 1 overflow from
    its draw pile; its grid is then out of shape, and it asked to restore it itself."""
    state = position(
        seat_dict(1, grid=[["mite"]], hand=["ant"], draw=["mite"], filler=5),
        seat_dict(2, grid=[["scorpion", "spider", "beetle"], ["wasp", "cutter", "mite"], ["ant"]],
                  discard=["surge"], draw=["mite", "mite"], filler=5, orders=["order grid ask"]),
        step="attack", window_minutes=minutes)
    state, events = play(state, 1, "attack 1:1 p2 3:1")
    assert {"type": "paid", "seat": 2, "card": "p2-mite-3", "from": "draw", "points": 1} in events
    return state


def test_a_one_minute_window_asks_the_loser_out_of_turn_to_restore_its_grid_with_nothing_owed() -> None:
    state = _grid_question(1)
    assert state.decision is not None
    assert (state.decision.label, state.decision.kind, state.decision.window) == (2, "grid", True)
    assert state.battle is not None and (state.battle.stage, state.battle.owed) == ("grid", 0)
    shown = view.view(state, 0)["battle"]
    assert shown is not None and (shown["stage"], shown["owed"], shown["loser"]) == ("grid", 0, 2)


def test_a_restoration_move_is_announced_whole() -> None:
    state, events = play(_grid_question(1), 2, "move 2:3 3")
    assert events == [{"type": "grid_move", "seat": 2, "card": "p2-mite-1", "from": 2, "to": 3},
                      {"type": "battle_over", "seat": 1, "defender": 2}]
    assert grid_codes(state, 2) == [["scorpion", "spider", "beetle"], ["wasp", "cutter"], ["mite"]]


def test_a_restoration_move_to_the_cards_own_column_is_refused_by_name() -> None:
    assert refusal(_grid_question(1), 2, "move 2:3 2") == "Glucose Mite is in column 2 already"

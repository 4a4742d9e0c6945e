"""Every event of a battle whole, field by field (rules.md, "Battles", "Timed windows", "Damage payment and
grid restoration, step by step"): the declaration (the attacking and attacked columns, not their rows), the
bonus cards, the report, the damage question, the column made safe, the grid question and the restoration;
and who is asked at all: out of turn only in a game with windows, in one's own turn whenever one asked."""

from __future__ import annotations

from typing import Any

from games.kinds.metabaloids.state import GameState

from .helpers import codes, grid_codes, play, position, seat_dict, types


def lost_battle(*, window: int = 10, p2_orders: tuple[str, ...] = ("order pay ask", "order grid ask"),
                **options: Any) -> GameState:
    """p1's Scarlet Centipede (2:1, with Thread Spider behind it) attacks p2's Marsh Frog at 3:1 (Garden
    Snail behind it). Attack 5 + 2 + bonus Mite 1 = 8, defense 1 + 3 + bonus Brine Shrimp 1 = 5: damage
    3, the Frog's defense 1 absorbs 1, overflow 2."""
    return position(
        seat_dict(1, hand=["mite"], grid=[["mite"], ["centipede", "spider"], ["ant"]], draw=["mite"],
                  filler=3),
        seat_dict(2, "B", hand=["crab"], grid=[["crab", "skink", "toad"], ["shrimp"], ["frog", "snail"]],
                  draw=["shrimp"], filler=3, orders=p2_orders),
        window_minutes=window, **options)


def test_a_lost_defence_paid_in_a_window_then_restored_tells_every_field() -> None:
    state, events = play(lost_battle(), 1, "attack 2:1 p2 3:1")
    assert events == [
        {"type": "battle_declared", "seat": 1, "card": "p1-centipede-1", "col": 2, "defender": 2,
         "target": "p2-frog-1", "target_col": 3, "paid": ["p1-mite-2"]},
        {"type": "bonus_card", "seat": 1, "card": "p1-mite-3"},
        {"type": "bonus_card", "seat": 2, "card": "p2-shrimp-2"},
        {"type": "battle_won", "seat": 1, "defender": 2, "at": 8, "dt": 5, "loser": 2, "stake": "p2-frog-1",
         "damage": 3, "overflow": 2},
        {"type": "asked", "seat": 2, "kind": "pay", "owed": 2},
    ]
    assert state.decision is not None and (state.decision.label, state.decision.kind) == (2, "pay")
    # Brine Shrimp (defense 2) pays the 2 from p2's column 2: column 3 (the Snail) becomes safe, and
    # columns of 3 + 0 + 1 cards are too deep for a width of 2, so p2's grid question opens.
    state, events = play(state, 2, "pay play 2:1")
    assert events == [
        {"type": "paid", "seat": 2, "card": "p2-shrimp-1", "from": "play", "points": 2},
        {"type": "safe", "seat": 2, "col": 3},
        {"type": "asked", "seat": 2, "kind": "grid"},
    ]
    assert state.decision is not None and (state.decision.label, state.decision.kind) == (2, "grid")
    # `pass` lets the site restore: the back card of the deepest column goes to the first empty slot.
    state, events = play(state, 2, "pass")
    assert events == [
        {"type": "grid_restored", "seat": 2, "moves": [[1, 2]]},
        {"type": "battle_over", "seat": 1, "defender": 2},
    ]
    assert grid_codes(state, 2) == [["crab", "skink"], ["toad"], ["snail"]]


def test_out_of_turn_without_windows_the_orders_pay_and_restore_at_once() -> None:
    state, events = play(lost_battle(window=0), 1, "attack 2:1 p2 3:1")
    assert "asked" not in types(events) and state.decision is None and state.battle is None
    assert types(events)[-3:] == ["paid", "safe", "battle_over"]
    # The default priority (discard draw hand reserve) pays the 2 with the Hermit Crab in hand (defense 4):
    # the grid stays legal.
    assert [(e["card"], e["from"], e["points"]) for e in events if e["type"] == "paid"] == [
        ("p2-crab-2", "hand", 4)]


def test_a_grid_ask_without_windows_lets_the_site_restore_out_of_turn() -> None:
    state = lost_battle(window=0, p2_orders=("order grid ask", "order pay play"))
    state, events = play(state, 1, "attack 2:1 p2 3:1")
    assert "asked" not in types(events) and state.decision is None and state.battle is None
    assert [e for e in events if e["type"] == "grid_restored"] == [
        {"type": "grid_restored", "seat": 2, "moves": [[1, 2]]}]


def attacker_loses(*, window: int = 0) -> GameState:
    """p1's Wasp Drone (2:1, alone in column 2) attacks p2's Hermit Crab at 1:1: attack 4 + bonus Mite 1,
    defense 4 + bonus Hermit Crab 2 = 6. p1 loses the Wasp; its columns 3 + 0 + 1 are too deep for a width
    of 2. p1 asked to restore its own grid."""
    return position(
        seat_dict(1, hand=["mite"], grid=[["mite", "ant", "beetle"], ["wasp"], ["spider"]], draw=["mite"],
                  filler=3, orders=("order grid ask",)),
        seat_dict(2, "B", grid=[["crab"], ["shrimp"]], draw=["crab"], filler=3),
        window_minutes=window)


def test_in_its_own_turn_a_seat_that_asked_restores_its_grid_itself_with_or_without_windows() -> None:
    for window in (0, 10):
        state, events = play(attacker_loses(window=window), 1, "attack 2:1 p2 1:1 paying mite")
        assert events[-2:] == [
            {"type": "battle_won", "seat": 1, "defender": 2, "at": 5, "dt": 6, "loser": 1,
             "stake": "p1-wasp-1", "damage": 1, "overflow": 0},
            {"type": "asked", "seat": 1, "kind": "grid"},
        ]
        decision = state.decision
        assert decision is not None and (decision.label, decision.kind, decision.window) == (1, "grid", False)
        state, events = play(state, 1, "move 1:3 2")
        assert events == [
            {"type": "grid_move", "seat": 1, "card": "p1-beetle-1", "from": 1, "to": 2},
            {"type": "battle_over", "seat": 1, "defender": 2},
        ]
        assert grid_codes(state, 1) == [["mite", "ant"], ["beetle"], ["spider"]]
        assert codes(state.seat(1).lost) == ["wasp"]

"""The polling rounds and the chain of responses (chain.py `poll`, `respond`; rules.md, "Abilities and the
chain"): a moment is polled again while anything fired, so a stop whose own stop was stopped may be tried
again with another copy; an ability's responders are asked again after each firing while it still waits;
a seat with its own ability waiting is passed over and the seats after it are still asked; an
`on ability by pN` order answers that seat's abilities only; a stop used from the defender's window aims
at the attack."""

from __future__ import annotations

from typing import Any

from .helpers import codes, play, position, seat_dict, types


def of(events: list[dict[str, Any]], kind: str) -> list[dict[str, Any]]:
    return [e for e in events if e["type"] == kind]


def test_a_move_is_polled_again_after_a_stop_that_was_itself_stopped() -> None:
    state = position(
        seat_dict(1, grid=[["mite", "ant"], ["spider"]], hand=["spores", "spider", "mite"], filler=5,
                  orders=["order use spores on ability"]),
        seat_dict(2, grid=[["mite"]], hand=["spores", "spores", "spider", "spider"], filler=5,
                  orders=["order use spores on move"]))
    state, events = play(state, 1, "move 1:2 2")
    move = {"aim": "move", "aim_seat": 1}
    # Round 1: p2's first Torpor Spores is stopped by p1's; round 2: its second one stops the move.
    aims = [(e["seat"], e["card"], {k: e[k] for k in ("aim", "aim_seat")}) for e in of(events, "activate")]
    assert aims == [
        (2, "p2-spores-1", move),
        (1, "p1-spores-1", {"aim": "ability", "aim_seat": 2}),
        (2, "p2-spores-2", move),
    ]
    assert of(events, "stopped") == [
        {"type": "stopped", "seat": 1, "card": "p1-spores-1", "aim": "ability", "aim_seat": 2,
         "aim_card": "p2-spores-1"},
        {"type": "stopped", "seat": 2, "card": "p2-spores-2", **move},
    ]
    assert events[-1] == {"type": "move_stopped", "seat": 1, "card": "p1-ant-1"}
    assert codes(state.seat(1).columns[0].cards) == ["mite", "ant"]


def _brood_of_three(p2_orders: list[str], p2_spores: int, p3_orders: list[str]) -> list[dict[str, Any]]:
    state = position(
        seat_dict(1, grid=[["queen"]], hand=["ant", "ant"], draw=["beetle"], filler=5, players=3),
        seat_dict(2, grid=[["mite"]], hand=["spores"] * p2_spores + ["spider"] * p2_spores, filler=5,
                  orders=p2_orders, players=3),
        seat_dict(3, grid=[["mite"]], hand=["spores", "spider"], filler=5, orders=p3_orders, players=3))
    _, events = play(state, 1, "use queen")
    return events


def test_an_ability_whose_stop_was_stopped_is_answered_again_while_it_waits() -> None:
    events = _brood_of_three(["order use spores on ability by p1"], 2, ["order use spores on ability by p2"])
    assert [(e["seat"], e["card"]) for e in of(events, "activate")] == [
        (1, "p1-queen-1"), (2, "p2-spores-1"), (3, "p3-spores-1"), (2, "p2-spores-2")]
    assert [(e["seat"], e["card"], e["why"]) for e in of(events, "unfinished")] == [
        (2, "p2-spores-1", "stopped"), (1, "p1-queen-1", "stopped")]
    assert "drew" not in types(events)


def test_an_order_on_the_abilities_of_another_seat_does_not_answer_the_seat_using_one() -> None:
    # p2 answers p3's abilities only: p1's brood resolves.
    events = _brood_of_three(["order use spores on ability by p3"], 1, [])
    assert [(e["seat"], e["card"]) for e in of(events, "activate")] == [(1, "p1-queen-1")]
    assert of(events, "drew") == [
        {"type": "drew", "seat": 1, "cards": ["p1-beetle-1"], "n": 1, "why": "brood"}]


def test_a_seat_with_its_ability_waiting_is_passed_over_and_the_next_seat_still_answers() -> None:
    # p3 stops p1's brood; answering p3, p1 (its brood waiting) is passed over and p2 stops p3's stop.
    events = _brood_of_three(["order use spores on ability by p3"], 1, ["order use spores on ability by p1"])
    assert [(e["seat"], e["card"]) for e in of(events, "activate")] == [
        (1, "p1-queen-1"), (3, "p3-spores-1"), (2, "p2-spores-1")]
    assert [(e["seat"], e["card"]) for e in of(events, "unfinished")] == [(3, "p3-spores-1")]
    assert of(events, "drew") == [
        {"type": "drew", "seat": 1, "cards": ["p1-beetle-1"], "n": 1, "why": "brood"}]


def test_torpor_spores_used_in_the_defenders_window_stops_the_attack() -> None:
    state = position(
        seat_dict(1, grid=[["wasp"]], hand=["mite"], filler=5),
        seat_dict(2, grid=[["trapdoor"]], hand=["spores", "spider", "mite"], filler=5,
                  orders=["order window ask"]),
        step="attack", window_minutes=10)
    state, _ = play(state, 1, "attack 1:1 p2 1:1")
    assert state.decision is not None and (state.decision.label, state.decision.kind) == (2, "react")
    state, events = play(state, 2, "use spores paying spider")
    assert events[:2] == [
        {"type": "activate", "seat": 2, "card": "p2-spores-1", "ability": "spores", "paid": ["p2-spider-1"],
         "col": 0, "aim": "attack", "aim_seat": 1},
        {"type": "stopped", "seat": 2, "card": "p2-spores-1", "aim": "attack", "aim_seat": 1},
    ]
    assert "battle_stopped" in types(events) and "bonus_card" not in types(events)


def _defending(hand: list[str], orders: list[str]) -> list[dict[str, Any]]:
    state = position(seat_dict(1, grid=[["wasp"]], hand=["mite"], filler=5),
                     seat_dict(2, "B", grid=[["crab"]], hand=hand, filler=5, orders=orders), step="attack")
    _, events = play(state, 1, "attack 1:1 p2 1:1")
    return events


def test_an_order_that_cannot_be_paid_is_skipped_and_the_next_order_that_matches_fires() -> None:
    # Ink Cloud costs 2 and Shell Up alone pays 1; Shell Up, paid with the Ink Cloud, fires instead.
    events = _defending(["ink", "shell"], ["order use ink on defend", "order use shell on defend"])
    assert of(events, "skipped") == [{"type": "skipped", "seat": 2, "order": "use ink on defend", "cost": 2,
                                      "kept": False, "private": True}]
    assert of(events, "activate") == [{"type": "activate", "seat": 2, "card": "p2-shell-1",
                                       "ability": "shell", "paid": ["p2-ink-1"], "col": 0}]


def test_each_order_skipped_in_a_command_leaves_its_own_note() -> None:
    events = _defending(["ink", "shell"],
                        ["order use ink on defend", "order use shell on defend", "order keep ink shell"])
    note = {"type": "skipped", "seat": 2, "kept": True, "private": True}
    assert of(events, "skipped") == [{**note, "order": "use ink on defend", "cost": 2},
                                     {**note, "order": "use shell on defend", "cost": 1}]
    assert "activate" not in types(events)

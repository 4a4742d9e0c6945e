"""A standing order that matched its moment with its card ready but could not be paid leaves its owner a
private note saying why (chain.skipped; rules.md, "Hidden information" and the ruling "a skipped
order"): nobody else reads it while the game is on, and the command it came in stays readable in full."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from games.kinds.metabaloids.narration import describe, narrate
from games.kinds.metabaloids.state import OVER, GameState

from .helpers import codes, play, position, seat_dict, types

NAMES = ["Ann", "Ben", "Cy"]
ATTACK = "attack 1:1 p2 1:1"
KEPT = ["order use shell on defend", "order keep frog"]


def _attacked(hand: Sequence[str], orders: Sequence[str], *, third: Sequence[str] = (),
              third_orders: Sequence[str] = ()) -> GameState:
    """p1 about to attack p2's crab; p2 holds `hand` and stands by `orders`; a third seat when it holds
    anything."""
    players = 3 if third else 2
    seats = [seat_dict(1, grid=[["wasp"]], hand=["mite"], draw=["mite"], filler=5, players=players),
             seat_dict(2, "B", grid=[["crab"]], hand=hand, filler=5, orders=orders, players=players)]
    if third:
        seats.append(seat_dict(3, grid=[["mite"]], hand=third, filler=5, orders=third_orders, players=3))
    return position(*seats, step="attack")


def _skipped(events: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [e for e in events if e["type"] == "skipped"]


def test_an_order_whose_cost_the_keep_list_forbids_is_skipped_with_a_private_note_saying_so() -> None:
    state, events = play(_attacked(["shell", "frog"], KEPT), 1, ATTACK)
    assert _skipped(events) == [{"type": "skipped", "seat": 2, "order": "use shell on defend", "cost": 1,
                                 "kept": True, "private": True}]
    assert "activate" not in types(events)
    assert codes(state.seat(2).hand) == ["shell", "frog"]  # skipped at no cost


def test_an_order_with_nothing_to_pay_with_is_skipped_with_the_cost_it_could_not_pay() -> None:
    _, events = play(_attacked(["ink"], ["order use ink on defend"]), 1, ATTACK)
    assert _skipped(events) == [{"type": "skipped", "seat": 2, "order": "use ink on defend", "cost": 2,
                                 "kept": False, "private": True}]
    assert "battle_stopped" not in types(events)


def test_the_note_is_read_by_its_owner_alone_and_the_command_stays_whole_for_the_others() -> None:
    state = _attacked(["shell", "frog"], KEPT, third=["mite"])
    after, events = play(state, 1, ATTACK)
    mine = narrate(after, 0, ATTACK, events, 1, NAMES, you=1)  # Ben is lobby seat 1 (p2)
    assert ("Your standing order (use shell on defend) was skipped: your hand could not pay 1 without kept "
            "cards.") in mine.lines
    for reader in (0, 2, None):  # the attacker, a bystander, a spectator
        told = narrate(after, 0, ATTACK, events, reader, NAMES, you=reader)
        assert told.command == ATTACK
        assert told.lines and not any("skipped" in line or "shell" in line.lower() for line in told.lines)
    assert describe(_skipped(events)[0], after, NAMES) == ""


def test_a_skipped_order_is_noted_once_however_many_polling_rounds_ask_again() -> None:
    # Polling rounds repeat while anything fired: p1's own surge order fires in the first round, so the
    # second round asks p2 again.
    state = position(
        seat_dict(1, grid=[["wasp"]], hand=["mite", "surge", "ant"], draw=["mite"], filler=5,
                  orders=["order use surge on attacking"]),
        seat_dict(2, "B", grid=[["crab"]], hand=["shell", "frog"], filler=5, orders=KEPT),
        step="attack")
    _, events = play(state, 1, ATTACK)
    assert [e["card"] for e in events if e["type"] == "activate"] == ["p1-surge-1"]
    assert len(_skipped(events)) == 1


def test_an_order_whose_card_is_not_in_hand_waits_without_a_note() -> None:
    _, events = play(_attacked(["frog"], ["order use shell on defend"]), 1, ATTACK)
    assert _skipped(events) == []


def test_at_game_over_the_note_is_in_everyones_log_like_the_orders_themselves() -> None:
    after, events = play(_attacked(["shell", "frog"], KEPT), 1, ATTACK)
    after.phase = OVER
    assert describe(_skipped(events)[0], after, NAMES) == (
        "Ben (p2)'s standing order (use shell on defend) was skipped: their hand could not pay 1 without "
        "kept cards.")

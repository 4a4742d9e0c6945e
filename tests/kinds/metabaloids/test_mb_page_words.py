"""The game page's words (page.py, built from view() alone): attacks grouped by opponent, each button
naming the two cards; the step numbered; standing orders in words beside their text; the placing seat's
points left; an event's face without its name said twice."""

from __future__ import annotations

from typing import Any

from games.kinds.metabaloids import commands, lobby
from games.kinds.metabaloids.cards import CARDS
from games.kinds.metabaloids.page import face, page_context
from games.kinds.metabaloids.state import Options
from games.kinds.protocol import PageInput
from tests.kinds.metabaloids.helpers import position, seat_dict
from tests.kinds.metabaloids.random_games import SeededDice

NAMES = ["Ann", "Ben", "Cid"]


def three_seats() -> Any:
    return position(
        seat_dict(1, hand=["wasp", "spores"], grid=[["spider"], ["beetle"]], filler=10, players=3),
        seat_dict(2, "B", grid=[["crab"], ["frog"]], filler=10, players=3),
        seat_dict(3, "B", grid=[["snail"]], filler=10, players=3),
        step="attack")


def context(state: Any, seat: int) -> dict[str, Any]:
    return page_context(PageInput(game=None, state=state, seat=seat, names=NAMES, query={}, undo_ok=False))


def test_attacks_come_in_a_row_per_opponent_naming_only_the_two_cards() -> None:
    state = three_seats()
    legal = [c for c in commands.legal_commands(state, 0) if c.startswith("attack ")]
    rows = [r for r in context(state, 0)["groups"] if r["title"].startswith("Attack")]
    assert [r["title"] for r in rows] == ["Attack Ben (p2)", "Attack Cid (p3)"]
    buttons = [b for r in rows for b in r["buttons"]]
    assert sorted(b["command"] for b in buttons) == sorted(legal)
    assert {"command": "attack 1:1 p2 1:1", "label": "Thread Spider (1:1) against Hermit Crab (1:1)"} \
        in rows[0]["buttons"]
    assert all("p2" not in b["label"] and "Ben" not in b["label"] for b in buttons)


def test_the_step_is_named_and_numbered_as_rules_md_numbers_it() -> None:
    assert context(three_seats(), 0)["step"] == "5 of 7: attack"


def test_the_viewers_standing_orders_come_with_their_words() -> None:
    orders = context(three_seats(), 0)["mine"]["orders"]
    assert orders[0]["line"].endswith("order pay discard draw hand reserve")
    assert orders[0]["words"].startswith("Damage you owe is paid from your discard pile")
    assert all(o["words"] for o in orders)


def test_the_placing_seat_is_told_its_points_left() -> None:
    state, _ = lobby.new_game(Options(players=2), SeededDice(1))
    state, _ = commands.play(state, 0, "deck a", SeededDice(2))
    state, _ = commands.play(state, 1, "deck a", SeededDice(3))
    placing = commands.to_act(state)[0]
    assert context(state, placing)["points_left"] == 7
    place = next(c for c in commands.legal_commands(state, placing) if c.startswith("place "))
    state, _ = commands.play(state, placing, place, SeededDice(4))
    assert context(state, placing)["points_left"] == 7 - CARDS[place.split()[1]].cost


def test_an_events_face_does_not_repeat_its_name_before_its_text() -> None:
    assert face("surge")["ability"] == "+2 to your total in your battle (pay 1)"
    assert face("cutter")["ability"] == "" and face("weaver")["ability"].startswith("boost: ")

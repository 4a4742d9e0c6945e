"""Standing orders at a turn's own moments (rules.md, "Standing orders", the moments table): `start` and
`end` (whose turn: `of`), `draw` and `move` (the acting seat: `by`). No starter card has an any-time ability
that stops nothing (the table: "nobody (no starter card)" at `start` and `end`), so the Hive Queen's brood
is made an any-time ability here, standing in for one a card list may add; the polling itself is the
engine's (chain.py, `poll`)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from games.kinds.metabaloids import cards

from .helpers import play, position, seat_dict
from .test_mb_rulings import begin


@pytest.fixture(autouse=True)
def any_time_brood(monkeypatch: pytest.MonkeyPatch) -> None:
    queen = cards.card("queen")
    brood = replace(queen.abilities[0], timing="any_time")
    monkeypatch.setattr(cards, "CARDS", {**cards.CARDS, "queen": replace(queen, abilities=(brood,))})


def _brood(label: int, paid: list[str], drawn: str) -> list[dict[str, object]]:
    return [{"type": "activate", "seat": label, "card": f"p{label}-queen-1", "ability": "brood", "paid": paid,
             "col": 0},
            {"type": "drew", "seat": label, "cards": [drawn], "n": 1, "why": "brood"}]


def test_an_order_on_the_start_of_its_own_seats_turn_fires_before_the_draw() -> None:
    state = position(seat_dict(1, grid=[["queen"]], hand=["spider"] * 6, draw=["mite", "ant"],
                               orders=["order use queen on start of me"], filler=5),
                     seat_dict(2, grid=[["mite"]], hand=["ant"] * 7, filler=5), step="end", active=2)
    _, events = begin(state, 1)
    assert events == [
        {"type": "turn", "seat": 1, "turn": 4},
        *_brood(1, ["p1-spider-1"], "p1-mite-1"),
        {"type": "drew", "seat": 1, "cards": ["p1-ant-1"], "n": 1, "why": "draw"},
    ]


def test_an_order_on_the_end_of_its_own_seats_turn_fires_before_the_turn_passes() -> None:
    state = position(seat_dict(1, grid=[["queen"]], hand=["spider"] * 7, draw=["mite"],
                               orders=["order use queen on end of me"], filler=5, attacks_made=1),
                     seat_dict(2, grid=[["mite"]], hand=["ant"] * 7, filler=5), step="restock")
    _, events = play(state, 1, "end")
    assert events == [*_brood(1, ["p1-spider-1"], "p1-mite-1"), {"type": "turn", "seat": 2, "turn": 4}]


def test_an_order_on_the_end_of_another_seats_turn_waits_for_that_seat() -> None:
    state = position(seat_dict(1, grid=[["wasp"]], hand=["ant"] * 7, filler=5, attacks_made=1),
                     seat_dict(2, grid=[["queen"]], hand=["spider"] * 7, draw=["mite"], filler=5,
                               orders=["order use queen on end of me"]), step="restock")
    _, events = play(state, 1, "end")
    assert events == [{"type": "turn", "seat": 2, "turn": 4}]


def test_an_order_on_its_own_seats_draw_fires_before_the_draw() -> None:
    state = position(seat_dict(1, grid=[["queen"]], hand=["spider"] * 6, draw=["mite", "ant"],
                               orders=["order use queen on draw by me"], filler=5),
                     seat_dict(2, grid=[["mite"]], hand=["ant"] * 7, filler=5), step="end", active=2)
    _, events = begin(state, 1)
    assert events == [
        {"type": "turn", "seat": 1, "turn": 4},
        *_brood(1, ["p1-spider-1"], "p1-mite-1"),
        {"type": "drew", "seat": 1, "cards": ["p1-ant-1"], "n": 1, "why": "draw"},
    ]


def test_a_stopped_draw_ends_its_moment_before_the_drawing_seats_own_order() -> None:
    # chain.poll asks the active seat last and stops asking once the action is stopped.
    state = position(seat_dict(1, grid=[["queen"]], hand=["spider"] * 5, draw=["mite"],
                               orders=["order use queen on draw by me"], filler=5),
                     seat_dict(2, grid=[["mite"]], hand=["spores", "wasp"], filler=5,
                               orders=["order use spores on draw by p1"]),
                     step="end", active=2)
    _, events = begin(state, 1)
    assert [e["type"] for e in events] == ["turn", "activate", "stopped", "draw_stopped"]


def test_an_order_on_its_own_seats_move_fires_before_the_card_moves() -> None:
    state = position(seat_dict(1, grid=[["queen"], ["beetle"]], hand=["spider", "mite"], draw=["ant"],
                               orders=["order use queen on move by me"], filler=5),
                     seat_dict(2, grid=[["mite"]], hand=["ant"] * 7, filler=5))
    _, events = play(state, 1, "move 2:1 3 paying mite")
    assert events == [
        {"type": "move_paid", "seat": 1, "card": "p1-beetle-1", "from": 2, "to": 3, "paid": ["p1-mite-1"],
         "lost_points": 0},
        *_brood(1, ["p1-spider-1"], "p1-ant-1"),
        {"type": "moved", "seat": 1, "card": "p1-beetle-1", "from": 2, "to": 3},
    ]


def test_a_stopped_move_ends_its_moment_before_the_moving_seats_own_order() -> None:
    state = position(seat_dict(1, grid=[["queen"], ["beetle"]], hand=["spider", "mite"], draw=["ant"],
                               orders=["order use queen on move by me"], filler=5),
                     seat_dict(2, grid=[["mite"]], hand=["spores", "wasp"], filler=5,
                               orders=["order use spores on move by p1"]))
    _, events = play(state, 1, "move 2:1 3 paying mite")
    assert [e["type"] for e in events] == ["move_paid", "activate", "stopped", "move_stopped"]

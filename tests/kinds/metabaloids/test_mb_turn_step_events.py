"""A turn's own events whole, every field (state.md's events; rules.md, "A turn"): the draw step's draw and
a draw stopped by another seat's Torpor Spores (whose activation names the draw it aims at), a paid move
and the move itself, a deploy (and the column it stands upright), the reserve lost to a full grid, the
restock, the penalty for attacking nobody and the one for an empty table."""

from __future__ import annotations

from typing import Any

from .helpers import play, position, seat_dict
from .test_mb_rulings import begin

FULL = [["mite", "mite", "mite"], ["wasp", "wasp", "wasp"], ["spider", "spider", "spider"]]


def test_the_draw_step_tells_the_cards_drawn_up_to_seven() -> None:
    state = position(seat_dict(1, grid=[["wasp"]], hand=["ant"] * 5, draw=["mite", "beetle"], filler=5),
                     seat_dict(2, grid=[["mite"]], filler=5), step="end", active=2)
    after, events = begin(state, 1)
    assert events == [
        {"type": "turn", "seat": 1, "turn": 4},
        {"type": "drew", "seat": 1, "cards": ["p1-mite-1", "p1-beetle-1"], "n": 2, "why": "draw"},
    ]
    assert after.seat(1).drew == 2 and after.step == "main"


def test_a_draw_stopped_by_torpor_spores_names_the_draw_and_its_seat() -> None:
    state = position(seat_dict(1, grid=[["wasp"]], hand=["ant"] * 5, filler=5),
                     seat_dict(2, grid=[["mite"]], hand=["spores", "wasp"], filler=5,
                               orders=["order use spores on draw by p1"]),
                     step="end", active=2)
    after, events = begin(state, 1)
    assert events == [
        {"type": "turn", "seat": 1, "turn": 4},
        {"type": "activate", "seat": 2, "card": "p2-spores-1", "ability": "spores", "paid": ["p2-wasp-1"],
         "col": 0, "aim": "draw", "aim_seat": 1},
        {"type": "stopped", "seat": 2, "card": "p2-spores-1", "aim": "draw", "aim_seat": 1},
        {"type": "draw_stopped", "seat": 1},
    ]
    assert len(after.seat(1).hand) == 5 and after.seat(1).drew == 0


def test_a_stopped_move_names_the_move_and_its_seat_in_the_stop() -> None:
    state = position(seat_dict(1, grid=[["spider"], ["beetle"]], hand=["mite"], filler=5, drew=1),
                     seat_dict(2, grid=[["mite"]], hand=["spores", "wasp"], filler=5,
                               orders=["order use spores on move by p1"]))
    _, events = play(state, 1, "move 1:1 3 paying mite")
    assert events[1:] == [
        {"type": "activate", "seat": 2, "card": "p2-spores-1", "ability": "spores", "paid": ["p2-wasp-1"],
         "col": 0, "aim": "move", "aim_seat": 1},
        {"type": "stopped", "seat": 2, "card": "p2-spores-1", "aim": "move", "aim_seat": 1},
        {"type": "move_stopped", "seat": 1, "card": "p1-spider-1"},
    ]


def test_each_move_is_paid_then_made_and_counted() -> None:
    state = position(seat_dict(1, grid=[["spider"], ["beetle"]], hand=["mite", "ant"], filler=5, drew=1),
                     seat_dict(2, grid=[["mite"]], filler=5))
    after, events = play(state, 1, "move 1:1 3 paying mite", "move beetle 1 paying ant")
    assert events == [
        {"type": "move_paid", "seat": 1, "card": "p1-spider-1", "from": 1, "to": 3, "paid": ["p1-mite-1"],
         "lost_points": 0},
        {"type": "moved", "seat": 1, "card": "p1-spider-1", "from": 1, "to": 3},
        {"type": "move_paid", "seat": 1, "card": "p1-beetle-1", "from": 2, "to": 1, "paid": ["p1-ant-1"],
         "lost_points": 0},
        {"type": "moved", "seat": 1, "card": "p1-beetle-1", "from": 2, "to": 1},
    ]
    assert after.seat(1).moves == 2


def test_deploying_into_a_safe_column_stands_it_upright() -> None:
    state = position(seat_dict(1, grid=[["mite"], ["wasp"]], safe=[2], reserve=["spider"], filler=5),
                     seat_dict(2, grid=[["mite"]], filler=5))
    after, events = play(state, 1, "deploy spider 2")
    assert events == [{"type": "deployed", "seat": 1, "card": "p1-spider-1", "col": 2},
                      {"type": "upright", "seat": 1, "col": 2}]
    assert after.seat(1).columns[1].safe is False
    assert after.step == "attack"


def test_deploy_all_avoids_a_safe_column_while_an_upright_one_is_as_shallow() -> None:
    # rules.md, "Deploy": the shallowest legal column, safe columns only when nothing else is legal, ties
    # to the lowest; the safe column 1 ties with 2 and 3 and is passed over.
    state = position(seat_dict(1, grid=[["mite"], ["wasp"], ["spider"]], safe=[1], reserve=["ant"],
                               filler=5),
                     seat_dict(2, grid=[["mite"]], filler=5))
    after, events = play(state, 1, "deploy all")
    assert events == [{"type": "deployed", "seat": 1, "card": "p1-ant-1", "col": 2}]
    assert after.seat(1).columns[0].safe is True


def test_a_reserve_meeting_a_full_grid_is_lost_card_by_card() -> None:
    state = position(seat_dict(1, grid=FULL, reserve=["mound", "ant"], hand=["beetle"], filler=5),
                     seat_dict(2, grid=[["crab"]], filler=5, deck="B"))
    _, events = play(state, 1, "deploy all")
    assert events == [
        {"type": "lost", "seat": 1, "card": "p1-mound-1", "from": "reserve", "why": "full"},
        {"type": "lost", "seat": 1, "card": "p1-ant-1", "from": "reserve", "why": "full"},
    ]


def test_a_restock_names_the_card_and_its_payment() -> None:
    state = position(seat_dict(1, grid=[["wasp"]], hand=["spider", "mite", "ant"], filler=5),
                     seat_dict(2, grid=[["mite"]], filler=5), step="restock")
    after, events = play(state, 1, "restock spider paying mite ant")
    assert events == [{"type": "restocked", "seat": 1, "card": "p1-spider-1",
                       "paid": ["p1-mite-1", "p1-ant-1"], "lost_points": 0}]
    assert after.seat(1).reserve == ["p1-spider-1"]


def _penalty(events: list[dict[str, Any]], kind: str) -> list[dict[str, Any]]:
    return [e for e in events if e["type"] == kind]


def test_attacking_nobody_costs_one_card_when_a_card_could_attack() -> None:
    state = position(seat_dict(1, grid=[["wasp"]], hand=["ant"] * 7, filler=5),
                     seat_dict(2, grid=[["mite"]], hand=["ant"] * 7, filler=5), step="attack")
    _, events = play(state, 1, "pass")
    assert _penalty(events, "no_attack") == [{"type": "no_attack", "seat": 1, "n": 1}]


def test_an_empty_table_at_the_end_of_the_turn_is_told_with_its_seat() -> None:
    state = position(seat_dict(1, hand=["ant"] * 7, filler=5, attacks_made=1),
                     seat_dict(2, grid=[["mite"]], hand=["ant"] * 7, filler=5), step="restock")
    _, events = play(state, 1, "end")
    assert _penalty(events, "empty_table") == [{"type": "empty_table", "seat": 1}]


def test_a_seat_that_cannot_draw_ends_a_short_game_in_its_draw_step() -> None:
    state = position(seat_dict(1, grid=[["wasp"]], hand=["ant"] * 6),
                     seat_dict(2, grid=[["mite"]], hand=["ant"] * 7, filler=5), step="end", active=2,
                     length="short")
    after, events = begin(state, 1)
    assert events == [{"type": "turn", "seat": 1, "turn": 4}, {"type": "cannot_draw", "seat": 1},
                      {"type": "game_over", "places": [[2], [1]], "why": "cannot draw"}]
    assert (after.step, after.phase) == ("draw", "over")

"""A turn's events whole, every field (state.md's events): the voluntary discard, a draw step cut short by
an empty pile before the seat cannot draw, a move stopped by another seat's order, and the private echo
of a standing order sent."""

from __future__ import annotations

from .helpers import play, position, seat_dict
from .test_mb_rulings import begin


def test_the_voluntary_discard_says_whose_card_went_to_the_discard() -> None:
    state = position(seat_dict(1, grid=[["wasp"]], hand=["ant", "mite"], filler=5, drew=1),
                     seat_dict(2, grid=[["mite"]], filler=5), step="main")
    state, events = play(state, 1, "discard ant")
    assert events == [{"type": "discarded", "seat": 1, "card": "p1-ant-1"}]
    assert state.seat(1).discard == ["p1-ant-1"] and state.seat(1).hand == ["p1-mite-1"]


def test_the_cards_drawn_before_the_pile_ran_out_are_told_as_a_draw_then_the_seat_cannot_draw() -> None:
    state = position(
        seat_dict(1, grid=[["wasp"]], hand=["ant"] * 5, draw=["mite"]),
        seat_dict(2, grid=[["mite"]], hand=["ant"] * 7, filler=5), step="end", active=2, length="short")
    _, events = begin(state, 1)
    drew = [e for e in events if e["type"] == "drew"]
    assert drew == [{"type": "drew", "seat": 1, "cards": ["p1-mite-1"], "n": 1, "why": "draw"}]
    assert {"type": "cannot_draw", "seat": 1} in events


def test_a_move_stopped_by_another_seats_order_names_the_mover_and_its_card() -> None:
    state = position(
        seat_dict(1, grid=[["spider"], ["beetle"]], hand=["mite"], filler=5, drew=1),
        seat_dict(2, grid=[["mite"]], hand=["spores", "wasp"], filler=5,
                  orders=["order use spores on move by p1"]),
        step="main")
    _, events = play(state, 1, "move 1:1 3 paying mite")
    assert {"type": "move_stopped", "seat": 1, "card": "p1-spider-1"} in events
    assert "moved" not in [e["type"] for e in events]


def test_an_order_sent_is_echoed_privately_to_its_seat_with_its_words() -> None:
    state = position(seat_dict(1, grid=[["wasp"]], hand=["ant"], filler=5),
                     seat_dict(2, grid=[["mite"]], filler=5), step="main")
    after, events = play(state, 2, "order pay hand discard draw reserve")
    assert events == [{"type": "order", "seat": 2, "text": "pay hand discard draw reserve", "private": True}]
    assert after.seat(2).orders.to_dict() != state.seat(2).orders.to_dict()

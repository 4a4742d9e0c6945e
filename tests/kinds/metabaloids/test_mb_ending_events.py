"""The events and results of a game's end (ending.py; rules.md, "Winning" and "The stall rule"): the
stall rule's announcement, the last seat but one resigning, a seat that cannot draw at a table of three
where one seat has resigned (every seat ranked, not a two-player loss), and an attack stopped because its
defender resigned in its window."""

from __future__ import annotations

from .helpers import play, position, seat_dict


def test_the_stall_rule_announces_the_rounds_that_passed_then_ends_the_game() -> None:
    state = position(
        seat_dict(1, grid=[["wasp"]], hand=["ant"] * 7),
        seat_dict(2, grid=[["mite"]], hand=["ant"] * 7), step="attack")
    events: list[dict[str, object]] = []
    while state.phase != "over":
        state, events = play(state, state.active, "end")
    assert events[-2:] == [{"type": "stalled", "rounds": 3},
                           {"type": "game_over", "places": [[1, 2]], "why": "stall"}]


def test_the_last_seat_but_one_resigning_ends_the_game_for_that_reason() -> None:
    state = position(seat_dict(1, grid=[["wasp"]], filler=3), seat_dict(2, grid=[["mite"]], filler=3))
    state, events = play(state, 2, "resign")
    assert events == [{"type": "out", "seat": 2, "why": "resigned"},
                      {"type": "game_over", "places": [[1], [2]], "why": "resigned"}]
    assert state.result == {"places": [[1], [2]], "winners": [1], "why": "resigned"}


def test_a_seat_that_cannot_draw_among_three_seats_one_resigned_ranks_every_seat() -> None:
    # Three players: the game ends and everyone is ranked; p1, with no lost card, ranks first.
    state = position(
        seat_dict(1, grid=[["mite"]], hand=["ant"] * 5, players=3),
        seat_dict(2, grid=[["mite"]], lost=["ant"] * 3, filler=5, players=3, attacks_made=1),
        seat_dict(3, grid=[["mite"]], filler=5, players=3, status="out", resigned=True, out_turn=21),
        step="restock", active=2, length="short")
    state, events = play(state, 2, "end")
    assert events[-2:] == [{"type": "cannot_draw", "seat": 1},
                           {"type": "game_over", "places": [[1], [2], [3]], "why": "cannot draw"}]
    assert state.result == {"places": [[1], [2], [3]], "winners": [1], "why": "cannot draw"}


def test_the_defender_resigning_in_its_window_stops_the_attack_for_that_reason() -> None:
    state = position(
        seat_dict(1, grid=[["wasp"]], hand=["mite"], filler=5, players=3),
        seat_dict(2, grid=[["trapdoor"]], hand=["mite"], filler=5, orders=["order window ask"], players=3),
        seat_dict(3, grid=[["mite"]], filler=5, players=3),
        step="attack", window_minutes=10)
    state, _ = play(state, 1, "attack 1:1 p2 1:1")
    assert state.decision is not None and (state.decision.label, state.decision.kind) == (2, "react")
    state, events = play(state, 2, "resign")
    assert events == [{"type": "out", "seat": 2, "why": "resigned"},
                      {"type": "battle_stopped", "seat": 1, "defender": 2, "why": "out"}]
    assert state.battle is None and state.decision is None and state.active == 1

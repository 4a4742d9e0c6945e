"""The initial deployment in words and events (setup.py; rules.md, "Setting up"): each refusal word for
word with the state unchanged, `done` and the 7-point limit told whole, a queued placement that is no
longer legal dropped with the whole queue, the cut's rounds kept in the state, and the quick start's
decks."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from games.kinds.metabaloids import setup
from games.kinds.metabaloids.cards import DECKS
from games.kinds.metabaloids.state import PLACE, GameState, Options

from .helpers import Script, cut_pick, play, position, refusal, seat_dict
from .test_mb_rulings import (
    with_a_larva,  # noqa: F401 (a fixture, asked for by name below)
)


def _placing(p1: Sequence[str], p2: Sequence[str], **p1_counters: object) -> GameState:
    """Two seats in the initial deployment, p1's placement turn."""
    state = position(seat_dict(1, hand=p1, filler=5, placing_done=False, **p1_counters),
                     seat_dict(2, hand=p2, filler=5, placing_done=False), turn=0)
    state.phase = PLACE
    return state



@pytest.mark.parametrize(("line", "reason"), [
    ("place surge 1", "events are not placed: they never enter columns"),
    ("place scorpion 1", "Dune Scorpion costs 3, and you have 2 of your 7 points left"),
])
def test_a_placement_the_rules_forbid_is_refused_word_for_word(line: str, reason: str) -> None:
    assert refusal(_placing(["surge", "scorpion", "mite"], ["mite"], placed=5), 1, line) == reason


def test_a_seat_done_placing_is_refused_another_placement_or_done_word_for_word() -> None:
    state = _placing(["mite"], ["mite", "ant"])
    state.seat(1).placing_done = True
    assert refusal(state, 1, "place mite 1") == "you are done placing"
    assert refusal(state, 1, "done") == "you are done placing already"


def test_done_is_told_with_the_points_placed_and_the_placement_turn_passes_on() -> None:
    state = _placing(["mite", "ant"], ["spider", "beetle"], placed=2)
    state, events = play(state, 1, "done")
    assert events == [{"type": "placing_done", "seat": 1, "points": 2}]
    assert state.seat(1).placing_done is True and state.active == 2


def test_the_placement_reaching_seven_points_ends_the_seats_deployment() -> None:
    state = _placing(["spider", "mite"], ["spider", "beetle"], placed=5)
    state, events = play(state, 1, "place spider 1")
    assert events == [{"type": "placed", "seat": 1, "card": "p1-spider-1", "col": 1},
                      {"type": "placing_done", "seat": 1, "points": 7}]
    assert state.seat(1).placing_done is True and state.active == 2


@pytest.mark.usefixtures("with_a_larva")
def test_exactly_seven_points_placed_ends_the_deployment_even_with_a_card_costing_nothing_in_hand() -> None:
    state = _placing(["spider", "larva"], ["spider", "beetle"], placed=5)
    state, events = play(state, 1, "place spider 1")
    assert events[-1] == {"type": "placing_done", "seat": 1, "points": 7}
    assert state.seat(1).placing_done is True and [c for c in state.seat(1).hand] == ["p1-larva-1"]


def test_a_queued_placement_no_longer_legal_is_dropped_with_the_whole_queue() -> None:
    state = _placing(["mite", "ant", "frog"], ["spider", "wasp", "beetle"])
    state, _ = play(state, 2, "place spider 1", "place wasp 1", "place beetle 2")
    state, _ = play(state, 1, "place mite 1")  # p2's first queued line is made
    assert state.seat(2).queue == ["place wasp 1", "place beetle 2"]
    # A second card in the only column in use is no legal grid: the line fails when its turn comes.
    state, events = play(state, 1, "place ant 2")
    assert events == [{"type": "placed", "seat": 1, "card": "p1-ant-1", "col": 2},
                      {"type": "queue_dropped", "seat": 2, "line": "place wasp 1"}]
    assert state.seat(2).queue == [] and state.active == 2 and state.seat(2).placed == 2


def test_a_new_game_keeps_each_round_of_the_cut_and_gives_the_first_placement_turn_to_p1() -> None:
    # Both seats cut a card costing 1 (a tie), then the second cuts higher: two rounds, lobby seat 1 first.
    dice = Script([cut_pick("mite"), cut_pick("mite"), cut_pick("mite"), cut_pick("spider")])
    decks = setup.starter_decks(Options(players=2), ["A", "A"])
    state, events = setup.new_state(Options(players=2), decks, ["A", "A"], dice)
    assert state.cut == [[[0, "mite"], [1, "mite"]], [[0, "mite"], [1, "spider"]]]
    assert {"type": "first", "seat": 1, "lobby": 1} in events
    assert state.phase == PLACE and state.active == 1 and state.order == [1, 0]


def test_the_quick_start_deals_deck_a_to_every_seat_whatever_was_chosen() -> None:
    assert setup.starter_decks(Options(players=2, quick=True), ["B", "A"]) == [DECKS["A"], DECKS["A"]]
    assert setup.starter_decks(Options(players=2), ["B", "A"]) == [DECKS["B"], DECKS["A"]]

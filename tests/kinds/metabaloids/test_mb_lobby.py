"""The deck choice before the cut (lobby.py; rules.md, "Setting up"): every seat picks at once, the game
begins with the last pick, `quick` skips the choice; and what the clock plays for a seat out of time
(commands.timeout_commands)."""

from __future__ import annotations

import pytest

from games.kinds.metabaloids import commands, lobby
from games.kinds.metabaloids.state import Options
from games.kinds.protocol import Refused
from tests.kinds.metabaloids.helpers import position, seat_dict
from tests.kinds.metabaloids.random_games import SeededDice


def choosing(players: int = 3):  # type: ignore[no-untyped-def]
    state, events = lobby.new_game(Options(players=players), SeededDice(4))
    assert events == []
    return state


def test_every_seat_not_yet_chosen_is_awaited() -> None:
    state = choosing()
    assert commands.to_act(state) == (0, 1, 2)
    state, events = commands.play(state, 1, "deck b", SeededDice(5))
    assert events == [{"type": "deck", "lobby": 1, "deck": "B"}]
    assert commands.to_act(state) == (0, 2)
    assert commands.legal_commands(state, 0) == ["deck a", "deck b"]
    assert commands.legal_commands(state, 1) == []


def test_the_last_pick_cuts_deals_and_starts_placing_with_the_chosen_decks() -> None:
    state = choosing()
    for seat, line in ((2, "deck a"), (0, "deck b"), (1, "deck b")):
        state, events = commands.play(state, seat, line, SeededDice(seat))
    assert state.phase == "place"
    assert [state.seats[i].deck for i in range(3)] == ["B", "B", "A"]
    kinds = [e["type"] for e in events]
    assert kinds[:2] == ["deck", "decks"] and "cut" in kinds and kinds.count("drew") == 3


def test_a_second_pick_and_a_wrong_word_are_refused() -> None:
    state = choosing()
    state, _ = commands.play(state, 0, "deck a", SeededDice(1))
    with pytest.raises(Refused, match="picked deck A already"):
        commands.play(state, 0, "deck b", SeededDice(1))
    with pytest.raises(Refused, match="pick a deck"):
        commands.play(state, 1, "deck c", SeededDice(1))
    with pytest.raises(Refused, match="every player has picked a deck"):
        commands.play(state, 1, "place wasp 1", SeededDice(1))


def test_quick_skips_the_choice_with_deck_a_for_every_seat() -> None:
    state, events = lobby.new_game(Options(players=4, quick=True), SeededDice(2))
    assert state.phase == "place"
    assert {s.deck for s in state.seats} == {"A"}
    assert "deck" not in [e["type"] for e in events]


def test_the_clock_picks_deck_a_for_a_seat_out_of_time() -> None:
    state = choosing(2)
    assert commands.timeout_commands(state, 0) == ["deck a"]
    state, _ = commands.play(state, 0, "deck b", SeededDice(1))
    assert commands.timeout_commands(state, 0) == []


def test_the_clock_says_done_for_a_placement_turn() -> None:
    state, _ = lobby.new_game(Options(players=2, quick=True), SeededDice(3))
    active = state.lobby_seat(state.active)
    assert commands.timeout_commands(state, active) == ["done"]
    assert commands.timeout_commands(state, 1 - active) == []


def test_the_clock_deploys_the_reserve_then_ends_the_turn() -> None:
    state = position(seat_dict(1, grid=[["wasp"]], reserve=["mite"], filler=5),
                     seat_dict(2, grid=[["mite"]], filler=5), step="main")
    assert commands.timeout_commands(state, 0) == ["deploy all", "end"]
    state.seat(1).reserve = []
    assert commands.timeout_commands(state, 0) == ["end"]


def test_the_clock_passes_a_question_to_the_seats_orders() -> None:
    from games.kinds.metabaloids.state import Decision

    state = position(seat_dict(1, grid=[["wasp"]], filler=5), seat_dict(2, grid=[["mite"]], filler=5),
                     step="attack")
    state.decision = Decision(label=2, kind="pay", window=True)
    assert commands.timeout_commands(state, 1) == ["pass"]
    assert commands.timeout_commands(state, 0) == []

"""invariants.problems names what a broken state breaks, and finds nothing in a fresh game."""

from __future__ import annotations

from games.kinds.metabaloids import invariants, setup
from games.kinds.metabaloids.state import OVER, Battle, Decision, GameState, Options
from tests.kinds.seeded_dice import SeededDice


def fresh(players: int = 3) -> GameState:
    options = Options(players=players)
    choices = ["A", "B", "A"][:players]
    state, _ = setup.new_state(options, setup.starter_decks(options, choices), choices, SeededDice(7))
    return state


def test_a_fresh_game_breaks_nothing() -> None:
    assert invariants.problems(fresh()) == []


def test_a_card_in_two_zones_is_named() -> None:
    state = fresh()
    seat = state.seat(1)
    seat.discard.append(seat.hand[0])
    assert any("two places" in p and seat.hand[0] in p for p in invariants.problems(state))


def test_a_missing_card_breaks_conservation() -> None:
    state = fresh()
    state.seat(2).draw.pop()
    assert any(p.startswith("p2: 44 cards") for p in invariants.problems(state))


def test_another_seats_card_is_named() -> None:
    state = fresh()
    state.seat(1).hand.append(state.seat(2).draw.pop())
    assert any("holds other seats' cards" in p for p in invariants.problems(state))


def test_an_empty_safe_column_is_named() -> None:
    state = fresh()
    state.seat(3).columns[2].safe = True
    assert "p3: empty column 3 marked safe" in invariants.problems(state)


def test_an_illegal_grid_is_named_unless_its_owner_is_deciding() -> None:
    state = fresh()
    seat = state.seat(1)
    seat.columns[0].cards += [seat.draw.pop(), seat.draw.pop()]
    assert "p1: a column of 2 with 1 column(s) in use" in invariants.problems(state)
    state.phase, state.step, state.turn = "turn", "attack", 1
    state.battle = Battle(attacker=2, defender=1, card="p2-x-1", col=1, target="p1-x-1", target_col=1,
                          stage="grid", loser=1)
    state.decision = Decision(1, "grid", window=True)
    assert not any("column of 2" in p for p in invariants.problems(state))


def test_a_result_without_game_over_and_the_reverse_are_named() -> None:
    state = fresh()
    state.result = {"places": [[1], [2], [3]], "winners": [1], "why": "stall"}
    assert any(p.startswith("result set in phase place") for p in invariants.problems(state))
    state.result, state.phase = None, OVER
    assert any(p.startswith("result missing in phase over") for p in invariants.problems(state))


def test_a_battle_without_its_decision_is_named() -> None:
    state = fresh()
    state.phase, state.step, state.turn = "turn", "attack", 1
    state.battle = Battle(attacker=1, defender=2, card="p1-wasp-1", col=1, target="p2-mite-1", target_col=1)
    assert any("battle open but decision none" in p for p in invariants.problems(state))

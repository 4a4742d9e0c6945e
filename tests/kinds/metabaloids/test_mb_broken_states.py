"""invariants.problems (invariants.py) on broken states, one break at a time from a sound position built
by hand (every seat's 45 cards of deck A in their zones): each break is named in its own words, word for
word, and nothing else is; and the sound positions beside them (an out seat in a finished game, a
placement turn) report nothing."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any

import pytest

from games.kinds.metabaloids import invariants
from games.kinds.metabaloids.cards import DECKS, deck_list
from games.kinds.metabaloids.state import OVER, PLACE, Battle, Column, Decision, GameState

from .helpers import position, seat_dict


def full_seat(label: int, *, hand: Sequence[str] = (), grid: Sequence[Sequence[str]] = (),
              **more: Any) -> dict[str, Any]:
    """A seat of deck A whose draw pile holds every card not in its hand or grid: all 45 cards, once."""
    rest = Counter(deck_list(DECKS["A"]))
    rest.subtract([*hand, *(code for column in grid for code in column)])
    return seat_dict(label, hand=hand, grid=grid, draw=sorted(rest.elements()), **more)


def sound() -> GameState:
    """p1's turn at MAIN: p1 has a wasp and an ant in play, p2 a mite."""
    return position(full_seat(1, hand=["beetle"], grid=[["wasp"], ["ant"]]),
                    full_seat(2, hand=["spider"], grid=[["mite"]]), window_minutes=1)


def in_battle(state: GameState, **fields: Any) -> GameState:
    """p1's wasp attacks p2's mite at step ATTACK: the battle's fields as given."""
    state.step = "attack"
    state.marked = ["p1-wasp-1"]
    state.seat(1).attacks_made, state.seat(1).attacked = 1, [2]
    state.battle = Battle(**{"attacker": 1, "defender": 2, "card": "p1-wasp-1", "col": 1,
                             "target": "p2-mite-1", "target_col": 1, **fields})
    return state


def test_the_positions_the_breaks_start_from_are_sound() -> None:
    assert invariants.problems(sound()) == []
    paying = in_battle(sound(), stage="paying", loser=2, owed=2)
    paying.decision = Decision(2, "pay", window=True)
    assert invariants.problems(paying) == []


def test_a_seat_out_of_a_finished_game_is_sound() -> None:
    state = sound()
    state.phase, state.result = OVER, {"places": [[1], [2]]}
    state.seat(2).status, state.seat(2).out_turn = "out", 3
    assert invariants.problems(state) == []


def test_a_placement_turn_is_sound() -> None:
    state = sound()
    state.phase, state.turn = PLACE, 0
    state.seat(1).placing_done = False
    assert invariants.problems(state) == []


def _move(state: GameState, label: int, card_id: str, to: str) -> None:
    seat = state.seat(label)
    seat.draw.remove(card_id)
    getattr(seat, to).append(card_id)


def _twice(state: GameState) -> None:
    seat = state.seat(1)
    seat.hand.append("p1-beetle-2")
    seat.reserve.append("p1-spider-1")


def _everywhere(state: GameState) -> None:
    """One card in every zone a seat has at once."""
    seat = state.seat(1)
    card_id = "p1-beetle-2"
    for zone in (seat.hand, seat.discard, seat.lost, seat.reserve):
        zone.append(card_id)
    seat.columns[2].cards.append(card_id)
    seat.event = seat.bonus = card_id


def _drop_column(state: GameState) -> None:
    state.seat(1).columns.pop()


def _crowd(state: GameState) -> None:
    seat = state.seat(1)
    for c, codes in enumerate((["beetle-2", "beetle-3"], ["cutter-1", "cutter-2"], ["spider-1", "spider-2",
                                                                                    "spider-3", "spider-4"])):
        for code in codes:
            _move(state, 1, f"p1-{code}", "hand")
            seat.hand.remove(f"p1-{code}")
            seat.columns[c].cards.append(f"p1-{code}")


def _set(obj: Callable[[GameState], Any], **fields: Any) -> Callable[[GameState], None]:
    def change(state: GameState) -> None:
        target = obj(state)
        for key, value in fields.items():
            setattr(target, key, value)
    return change


def _state(**fields: Any) -> Callable[[GameState], None]:
    return _set(lambda s: s, **fields)


def _p1(**fields: Any) -> Callable[[GameState], None]:
    return _set(lambda s: s.seat(1), **fields)


def _battle(decision: Decision | None, **fields: Any) -> Callable[[GameState], None]:
    def change(state: GameState) -> None:
        in_battle(state, **fields)
        state.decision = decision
    return change


def _placing(**fields: Any) -> Callable[[GameState], None]:
    """The initial deployment, p1 to place, then the fields as given."""
    def change(state: GameState) -> None:
        state.phase, state.turn = PLACE, 0
        state.seat(1).placing_done = False
        for key, value in fields.items():
            setattr(state, key, value)
    return change


def _all_placed_but_an_out_seat(state: GameState) -> None:
    """Three seats, the out one never done placing: every seat still in is done, so the turns are due."""
    third = GameState.from_dict({**state.to_dict(), "seats": [*state.to_dict()["seats"], full_seat(3)],
                                 "order": [0, 1, 2], "options": {"players": 3, "window_minutes": 1}})
    state.seats, state.order, state.options = third.seats, third.order, third.options
    state.phase, state.turn = PLACE, 0
    state.seat(3).status, state.seat(3).placing_done = "out", False


def _marked(*card_ids: str, attacks: int = 1) -> Callable[[GameState], None]:
    def change(state: GameState) -> None:
        state.marked = list(card_ids)
        state.seat(1).attacks_made, state.seat(1).attacked = attacks, [2] * min(attacks, 1)
    return change


BREAKS: list[tuple[str, Callable[[GameState], None], list[str]]] = [
    # seats
    ("labels", _p1(label=3), [
        "seat labels [2, 3], not 1..2",
        "p3: holds other seats' cards " + ", ".join(sorted(
            f"p1-{code}-{n}" for code, count in Counter(deck_list(DECKS["A"])).items()
            for n in range(1, count + 1))),
        "p3: cards missing " + str(sorted(
            f"p3-{code}-{n}" for code, count in Counter(deck_list(DECKS["A"])).items()
            for n in range(1, count + 1))) + ", cards not of its deck " + str(sorted(
                f"p1-{code}-{n}" for code, count in Counter(deck_list(DECKS["A"])).items()
                for n in range(1, count + 1)))]),
    ("order", _state(order=[1, 1]), [
        "turn order [1, 1] is not a permutation of the lobby seats"]),
    ("two places", _twice, [
        "p1: cards in two places: p1-beetle-2 in hand, draw; p1-spider-1 in draw, reserve",
        "p1: 47 cards across its zones, not 45"]),
    ("status", _p1(status="gone"), [
        "p1: status 'gone'", "active seat p1 is out", "only 1 seat(s) in, and the game goes on"]),
    ("placed", _p1(placed=8), ["p1: placed 8 points (0 to 7)"]),
    ("attacks made", _p1(attacks_made=1), ["p1: 1 attacks made but attacked []"]),
    ("attacked twice", _p1(attacks_made=2, attacked=[2, 2]), ["p1: 2 attacks made but attacked [2, 2]"]),
    ("attacked itself", _p1(attacks_made=1, attacked=[1]), ["p1: attacked itself"]),
    # grid
    ("columns", _drop_column, ["p1: 2 column slots, not 3"]),
    ("crowd", _crowd, ["p1: 10 cards in play (at most 9)", "p1: a column of 4 with 3 column(s) in use"]),
    # phase
    ("phase", _state(phase="setup"), ["phase 'setup'"]),
    ("over in battle", _state(phase=OVER, result={"places": [[1], [2]]},
                              battle=Battle(1, 2, "p1-wasp-1", 1, "p2-mite-1", 1)),
     ["the game is over with a battle or decision open"]),
    ("over deciding", _state(phase=OVER, result={"places": [[1], [2]]}, decision=Decision(1, "grid", False)),
     ["the game is over with a battle or decision open"]),
    ("no places", _state(phase=OVER, result={"why": "stall"}),
     ["the ranking places [], not every seat once"]),
    ("active out", _p1(status="out"), ["active seat p1 is out", "only 1 seat(s) in, and the game goes on"]),
    ("stall", _state(stall=3), ["stall count 3 (0 to 2 while the game goes on)"]),
    ("stall 2", _state(stall=2), []),
    ("placing in battle", _placing(battle=Battle(1, 2, "p1-wasp-1", 1, "p2-mite-1", 1)),
     ["a battle or decision during the initial deployment"]),
    ("placing deciding", _placing(decision=Decision(1, "grid", False)),
     ["a battle or decision during the initial deployment"]),
    ("placing done", _state(phase=PLACE, turn=0), [
        "placement turn with p1, which is done placing",
        "every seat is done placing, and the turns have not begun"]),
    ("placing but out", _all_placed_but_an_out_seat, [
        "placement turn with p1, which is done placing",
        "every seat is done placing, and the turns have not begun"]),
    ("placing turn", _placing(turn=2), ["turn 2 during the initial deployment"]),
    ("waiting step", _state(step="end"), ["the turn waits at step 'end', where nobody can act"]),
    ("turn 0", _state(turn=0), ["turn 0 in the turn phase"]),
    # battle
    ("bonus", _p1(bonus="p1-beetle-1"), [
        "p1: cards in two places: p1-beetle-1 in hand, battle slot", "p1: 46 cards across its zones, not 45",
        "p1: bonus card p1-beetle-1 outside a battle's payment"]),
    ("self battle", _battle(Decision(2, "pay", True), defender=1, stage="paying", loser=2, owed=1),
     ["a battle against p1"]),
    ("no such defender", _battle(Decision(2, "pay", True), defender=3, stage="paying", loser=2, owed=1),
     ["a battle against p3"]),
    ("decision kind", _battle(Decision(2, "ask", True), stage="paying", loser=2, owed=1),
     ["decision of kind 'ask'", "a ask decision at battle stage 'paying'"]),
    ("loser", _battle(Decision(2, "pay", True), stage="paying", loser=1, owed=1),
     ["p2 decides, but p1 lost the battle"]),
    ("owed", _battle(Decision(2, "pay", True), stage="paying", loser=2, owed=0),
     ["a pay decision with 0 owed"]),
    ("owed 1", _battle(Decision(2, "pay", True), stage="paying", loser=2, owed=1), []),
    ("grid owes nothing", _battle(Decision(2, "grid", True), stage="grid", loser=2, owed=0), []),
    ("no window", _battle(Decision(2, "pay", False), stage="paying", loser=2, owed=1),
     ["a timed window for the active seat, or a wait for another seat"]),
    ("own window", _battle(Decision(1, "pay", True), stage="paying", loser=1, owed=1),
     ["a timed window for the active seat, or a wait for another seat"]),
    # marks
    ("marked twice", _marked("p1-wasp-1", "p1-wasp-1", attacks=2), [
        "p1: 2 attacks made but attacked [2]", "a card marked twice: ['p1-wasp-1', 'p1-wasp-1']"]),
    ("marked stranger", _marked("p2-mite-1"), ["p2-mite-1 marked, but it is not the active seat's card"]),
    ("marked nowhere", _marked("p1-wasp-9"), ["marked p1-wasp-9 is nowhere in p1's zones"]),
    ("marked gone from play", _marked("p1-wasp-2"), []),
    ("marked too many", _marked("p1-wasp-1", "p1-ant-1"), ["2 marked cards after 1 attacks"]),
]


@pytest.mark.parametrize(("change", "expected"), [(c, e) for _, c, e in BREAKS],
                         ids=[n for n, _, _ in BREAKS])
def test_each_break_is_named_in_its_own_words(change: Callable[[GameState], None],
                                              expected: list[str]) -> None:
    state = sound()
    change(state)
    assert invariants.problems(state) == expected


def test_a_card_in_every_zone_names_every_zone() -> None:
    state = sound()
    _everywhere(state)
    assert invariants._seats(state) == [
        "p1: cards in two places: p1-beetle-2 in hand, draw, discard, lost, reserve, column 3, event slot, "
        "battle slot",
        "p1: 52 cards across its zones, not 45"]


def test_a_column_is_named_by_its_place_on_the_board() -> None:
    state = sound()
    state.seat(1).columns = [Column(), Column(), Column(["p1-beetle-2"], safe=True)]
    state.seat(1).columns[0].safe = True
    assert invariants._seats(state) == [
        "p1: cards in two places: p1-beetle-2 in draw, column 3",
        "p1: 44 cards across its zones, not 45",
        "p1: cards missing ['p1-ant-1', 'p1-wasp-1'], cards not of its deck []",
        "p1: empty column 1 marked safe"]


def test_the_turn_check_names_an_active_seat_that_does_not_exist_and_stops_there() -> None:
    state = sound()
    state.active, state.stall = 3, 5
    assert invariants._phase(state) == ["active seat p3 does not exist"]


def test_an_active_seat_that_does_not_exist_is_named_and_nothing_is_checked_against_it() -> None:
    state = sound()
    state.active, state.marked = 3, ["p1-wasp-1"]
    assert invariants.problems(state) == ["active seat p3 does not exist"]

"""invariants.problems on sound states reached by play (a payment, a grid question, a timed window, a game
over, a marked card gone from play: nothing to report) and on each broken state, word for word."""

from __future__ import annotations

from collections.abc import Callable

from games.kinds.metabaloids import invariants
from games.kinds.metabaloids.cards import card
from games.kinds.metabaloids.state import DEPLOY, MAIN, OVER, TURN, Battle, Decision, GameState, code_of

from .helpers import position, seat_dict
from .random_games import random_game


def first(seed: int, wanted: Callable[[GameState], bool], **options: object) -> GameState:
    for played in random_game(seed, players=2, limit=400, **options):  # type: ignore[arg-type]
        if wanted(played.after):
            return played.after
    raise AssertionError(f"game {seed} never reached the state wanted")


def test_a_two_player_turn_at_main_with_an_empty_reserve_is_sound() -> None:
    state = first(0, lambda s: s.phase == TURN and s.step == MAIN and not s.seat(s.active).reserve)
    assert len(state.live()) == 2
    assert invariants.problems(state) == []


def test_a_marked_card_gone_from_play_is_sound() -> None:
    state = first(0, lambda s: s.phase == TURN and any(c not in s.seat(s.active).in_play() for c in s.marked))
    assert invariants.problems(state) == []


def test_the_losers_payment_in_its_own_turn_and_in_a_window_is_sound() -> None:
    own = first(0, lambda s: s.decision is not None and s.decision.kind == "pay")
    window = first(0, lambda s: s.decision is not None and s.decision.kind == "pay" and s.decision.window,
                   window_minutes=1)
    assert own.decision is not None and not own.decision.window
    assert invariants.problems(own) == [] and invariants.problems(window) == []


def test_a_grid_question_is_sound() -> None:
    state = first(3, lambda s: s.decision is not None and s.decision.kind == "grid")
    assert invariants.problems(state) == []


def test_a_finished_game_is_sound_and_its_places_must_name_every_seat_once() -> None:
    state = first(0, lambda s: s.phase == OVER)
    assert invariants.problems(state) == []
    assert state.result is not None
    state.result["places"] = [[1]]
    assert invariants.problems(state) == ["the ranking places [1], not every seat once"]


def test_a_turn_problem_is_named_in_its_words() -> None:
    base = first(0, lambda s: s.phase == TURN and s.step == MAIN and not s.seat(s.active).reserve)
    active = base.seat(base.active)
    deploy = base.copy()
    deploy.step = DEPLOY
    assert invariants.problems(deploy) == ["step DEPLOY with an empty reserve"]
    moved = base.copy()
    seat = moved.seat(moved.active)
    seat.reserve.append(seat.draw.pop())
    seat.attacks_made, seat.attacked = 1, [3 - moved.active]
    moved.step = DEPLOY
    assert invariants.problems(moved) == ["back in DEPLOY after attacking"]
    placing = base.copy()
    other = placing.seat(3 - placing.active)
    other.placing_done = False
    assert invariants.problems(placing) == [f"turns have begun while [{other.label}] are still placing"]
    slot = base.copy()
    event = next(c for c in slot.seat(slot.active).draw if card(code_of(c)).is_event)
    slot.seat(slot.active).draw.remove(event)
    slot.seat(slot.active).event = event
    assert invariants.problems(slot) == [f"p{active.label}: event {event} left in its slot between commands"]


def test_a_seat_problem_is_named_in_its_words() -> None:
    base = first(0, lambda s: s.phase == TURN and s.step == MAIN and not s.seat(s.active).reserve)
    label = base.active
    resigned = base.copy()
    resigned.seat(label).resigned = True
    assert invariants.problems(resigned) == [f"p{label}: resigned but still in"]
    event_in_reserve = base.copy()
    seat = event_in_reserve.seat(label)
    event = next(c for c in seat.draw if card(code_of(c)).is_event)
    seat.draw.remove(event)
    seat.reserve.append(event)
    assert invariants.problems(event_in_reserve) == [f"p{label}: event {event} in its reserve or play area"]
    strangers = base.copy()
    mine, theirs = strangers.seat(label), strangers.seat(3 - label)
    taken = sorted(theirs.draw[:2])
    for card_id in taken:
        theirs.draw.remove(card_id)
        mine.draw.append(card_id)
    lines = invariants.problems(strangers)
    assert f"p{label}: holds other seats' cards {', '.join(taken)}" in lines
    assert f"p{label}: cards missing [], cards not of its deck {taken}" in lines


def _battle_state() -> tuple[GameState, Battle]:
    state = position(seat_dict(1, grid=[["wasp"]]), seat_dict(2, grid=[["mite"]]), step="attack",
                     window_minutes=1)
    fight = Battle(attacker=1, defender=2, card="p1-wasp-1", col=1, target="p2-mite-1", target_col=1,
                   stage="declared")
    state.battle, state.marked = fight, ["p1-wasp-1"]
    return state, fight


def test_a_defenders_window_in_a_game_of_one_minute_windows_is_sound() -> None:
    state, _ = _battle_state()
    state.decision = Decision(2, "react", window=True)
    assert invariants._battle(state) == []


def test_a_window_at_the_wrong_stage_or_in_a_game_without_windows_is_named() -> None:
    state, fight = _battle_state()
    state.decision = Decision(2, "react", window=True)
    fight.stage = "paying"
    assert invariants._battle(state) == ["p2's window, but p2 defends a battle at stage 'paying'"]
    fight.stage = "declared"
    state.options.window_minutes = 0
    assert invariants._battle(state) == ["a timed window in a game without windows"]


def test_a_decision_that_does_not_fit_its_battle_is_named() -> None:
    state, fight = _battle_state()
    fight.stage, fight.loser, fight.owed = "grid", 2, 3
    state.decision = Decision(2, "pay", window=True)
    assert invariants._battle(state) == ["a pay decision at battle stage 'grid'"]
    state.seat(2).status = "out"
    assert "p2 decides, but is out" in invariants._battle(state)


def test_a_decision_without_a_battle_and_a_battle_at_the_wrong_step_are_named() -> None:
    state, _ = _battle_state()
    state.battle = None
    state.decision = Decision(1, "pay", window=False)
    assert invariants._battle(state) == [
        "battle none but decision open: between commands a battle waits only for its loser's decision"]
    state, _ = _battle_state()
    state.step = MAIN
    state.decision = Decision(2, "react", window=True)
    assert invariants._battle(state) == ["a battle at step 'main'"]


"""What the platform's clock plays for a seat whose time runs out (prompts.timeout_commands): the
autopilot for the active seat (autopilot.py: keep every promise it can at the battle's settlement and break
the rest), the passive answer to a question out of turn. Every state a command gives keeps the invariants
(helpers.play)."""

from __future__ import annotations

from games.kinds.metal_adventures import autopilot, commands, prompts
from games.kinds.metal_adventures.state import GameState

from .helpers import A, B, C, ScriptedDice, given, play, quiet
from .test_ma_battle import bazaar_with_ally, t18


def chosen(state: GameState, seat: int) -> str | None:
    """What the autopilot would play for the seat among its legal commands."""
    return autopilot.choose(state, seat, commands.legal_commands(state, seat))


def won_owing(credits: int, terms: str) -> GameState:
    """A (active, `credits`) attacks Bazaar with B as its ally on `terms`, and wins: the settlement waits
    for A."""
    state = quiet(3, phase="turn.travel", seats={A: {"credits": credits}})
    state, _ = play(state, A, "attack planet bazaar")
    state, _ = play(state, A, f"ally ask 2 for {terms}")
    state, _ = play(state, B, "ally accept")
    state, _ = play(state, B, "loyal")
    state, _ = play(state, B, "mf no")
    state, _ = play(state, A, "roll", ScriptedDice(6, 1))
    assert state.phase == "battle.spoils" and commands.to_act(state) == (A,)
    return state


def test_out_of_time_at_the_settlement_the_autopilot_breaks_terms_it_cannot_keep() -> None:
    state = won_owing(1, "2c")
    assert "keep all" not in commands.legal_commands(state, A)
    assert prompts.timeout_commands(state, A) == ["autopilot"]
    state, events = play(state, A, "autopilot")
    assert state.seats[A].jp == 1 and state.seats[B].credits == 3
    assert {"type": "autopilot", "seat": A, "command": "break P1"} in events
    assert state.active == B  # the autopilot ends the turn


def test_out_of_time_at_the_settlement_the_autopilot_keeps_terms_it_can() -> None:
    state = won_owing(3, "2c")
    state, events = play(state, A, "autopilot")
    assert state.seats[A].jp == 0 and state.seats[B].credits == 5
    assert {"type": "autopilot", "seat": A, "command": "keep all"} in events


def test_out_of_time_an_asked_seat_declines() -> None:
    state = quiet(3, phase="turn.travel")
    state, _ = play(state, A, "attack planet bazaar")
    state, _ = play(state, A, "ally ask 2,3")
    assert prompts.timeout_commands(state, B) == ["ally decline 1"]
    state, _ = play(state, B, "ally decline 1")
    state, _ = play(state, C, prompts.timeout_commands(state, C)[0])
    assert state.battle is not None and state.battle.allies == () and commands.to_act(state) == (A,)


def test_the_autopilot_rests_when_damaged_and_refuses_the_tribute_it_cannot_pay() -> None:
    assert chosen(given(3, seats={A: dict(damage=1)}), A) == "rest"
    assert chosen(given(3), A) == "tribute"
    assert chosen(given(3, seats={A: dict(credits=0)}), A) == "refuse"


def test_the_autopilot_attacks_the_weakest_starship_by_its_spot_in_the_space_area() -> None:
    state = given(3, space=("N11", "N17", "N20"))
    state, _ = play(state, A, "tribute")
    state, _ = play(state, A, "attack space")
    assert state.phase == "battle.draw" and chosen(state, A) == "attack space 2"  # N17, power 6


def test_the_autopilot_is_ready_in_a_recruitment_and_passes_in_the_reaction_pass() -> None:
    recruiting, _ = play(quiet(4, phase="turn.travel"), A, "challenge 2")
    assert chosen(recruiting, A) == "ready"
    reacting, _ = play(bazaar_with_ally({A: {"improvements": ("S03",)}}), A, "roll", ScriptedDice(1, 6))
    assert chosen(reacting, A) == "pass"


def test_the_autopilot_takes_the_first_option_of_a_choice_whatever_its_verb() -> None:
    assert chosen(t18(), A) == "trophy drop T03"
    waiting = t18()
    for verb in ("pick", "discard", "take", "trophy", "planet"):
        assert autopilot.choose(waiting, A, ["resign", f"{verb} first", f"{verb} second"]) == f"{verb} first"


def test_the_autopilot_keeps_the_one_promise_it_can_when_it_cannot_keep_them_all() -> None:
    state = won_owing(3, "2c")
    assert autopilot.choose(state, A, ["break P1", "keep P1"]) == "keep P1"
    assert autopilot.choose(state, A, ["break P1"]) == "break P1"


def test_autopilot_is_listed_only_for_the_active_seat_while_it_is_awaited() -> None:
    state, _ = play(quiet(4, phase="turn.travel"), A, "attack planet bazaar")
    state, _ = play(state, A, "ally ask 2")
    assert commands.to_act(state) == (B,)
    assert commands.legal_commands(state, A) == ["ally none"]  # the autopilot would say it, but A waits


def test_the_autopilot_ends_a_rest_and_plays_nothing_on_another_seats_choice() -> None:
    state = quiet(3, seats={A: dict(damage=1)})
    state, _ = play(state, A, "rest")
    assert state.phase == "turn.rest" and chosen(state, A) == "end"
    waiting = t18()
    assert autopilot.choose(waiting, A, ["resign"]) is None


def test_the_autopilot_plays_nothing_for_a_seat_whose_turn_it_is_not() -> None:
    state = given(3, phase="turn.start")
    assert autopilot.choose(state, A, ["tribute", "refuse"]) == "tribute"
    assert autopilot.choose(state, B, ["tribute", "refuse"]) is None

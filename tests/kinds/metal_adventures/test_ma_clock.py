"""What the platform's clock plays for a seat whose time runs out (prompts.timeout_commands): the
autopilot for the active seat (autopilot.py: keep every promise it can at the battle's settlement and break
the rest), the passive answer to a question out of turn. Every state a command gives keeps the invariants
(helpers.play)."""

from __future__ import annotations

from games.kinds.metal_adventures import commands, prompts
from games.kinds.metal_adventures.state import GameState

from .helpers import A, B, C, ScriptedDice, play, quiet


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

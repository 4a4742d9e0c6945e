"""Metal Adventures' battle in progress, word for word and seat by seat (battle.py, declare.py, fight.py;
rules.md, "Battles"): whom a declaration step waits for, what an ally's standing orders and a bare
`ready` declare, the refusals of a battle's steps whole, and the terms of the score by name."""

from __future__ import annotations

from dataclasses import replace

import pytest

from games.kinds.metal_adventures import battle, declare, fight
from games.kinds.metal_adventures.battle_state import Battle, Declaration

from .helpers import A, B, C, D, ScriptedDice, given, play, refusal
from .test_ma_battle import bazaar_with_ally, declaring_ally


def test_a_battle_function_called_with_no_battle_says_none_is_in_progress() -> None:
    for call in (lambda: battle.to_act(given(3)), lambda: fight.react(given(3), [], None)):
        with pytest.raises(ValueError) as raised:
            call()
        assert str(raised.value) == "no battle is in progress"


def test_a_declaration_step_waits_only_for_its_seats_that_have_not_declared() -> None:
    allies = Battle(kind="planet", attacker=A, target="bazaar", allies=(B, C), step="ally")
    state = replace(given(4), phase="battle.declare", battle=allies)
    assert battle.to_act(state) == (B, C)
    done = allies.with_declaration(Declaration(B, loyal=True, mf=False, done=True))
    assert battle.to_act(replace(state, battle=done)) == (C,)


def test_an_ally_that_says_only_ready_is_declared_loyal_without_its_die() -> None:
    _, events = play(declaring_ally(), B, "ready")
    assert events[-1] == {"type": "declared", "step": "ally", "declarations": [
        {"seat": B, "loyal": True, "mf": False, "play": [], "arm": []}]}


def test_an_allys_order_to_arm_berserker_grog_declares_it_played_when_its_step_opens() -> None:
    state = declaring_ally(improvements=("S02",), orders={"arm S02": "ally"})
    decl = state.battle.declaration(B) if state.battle else None
    assert decl is not None and decl.play == ("S02",) and decl.arm == ()


def test_a_pirate_hunter_met_via_karokum_is_a_hunter_battle_where_no_ally_can_betray() -> None:
    hunted = Battle(kind="karokum", attacker=A, target="N08", allies=(B,))
    assert declare.is_hunter_battle(hunted) and not declare.can_betray(hunted, B)
    assert not declare.is_hunter_battle(replace(hunted, target="N07"))


def test_a_battles_declarations_are_refused_word_for_word() -> None:
    state = declaring_ally(improvements=("S03",))
    assert refusal(state, B, "mf maybe") == "Say `mf yes` or `mf no`."
    assert refusal(state, B, "rest") == "A battle is in progress: that must wait until it is over."
    loyal, _ = play(state, B, "loyal")
    assert refusal(loyal, B, "betray") == "You have declared your loyalty already."
    traitor, _ = play(state, B, "betray")
    assert refusal(traitor, B, "arm S03") == "A traitor uses no support cards."


def test_a_reaction_out_of_the_attackers_live_step_is_refused_word_for_word() -> None:
    state = bazaar_with_ally({A: {"improvements": ("S04",)}})
    state, _ = play(state, A, "roll", ScriptedDice(1, 6))
    assert refusal(state, B, "play S04") == (
        "The reaction pass runs by itself now: armed cards play as their holders ordered.")


def test_the_challenged_seats_berserker_grog_is_a_term_of_its_score_by_name() -> None:
    state = replace(given(4), phase="battle.declare")
    challenge = Battle(kind="challenge", attacker=A, challenged=B, defenders=(D,))
    _, defend = fight.score_parts(state, challenge)
    assert [(seat, name) for seat, name, _ in defend][:3] == [
        (B, "main power"), (B, "Metal Faktor die"), (B, "Berserker Grog")]

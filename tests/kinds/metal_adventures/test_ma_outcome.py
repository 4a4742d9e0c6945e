"""Metal Adventures' battle outcome (outcome.py; rules.md, "After the battle"): a battle won, settled
from its fixed result, with every event it writes in order: the Boarding Hooks' credit after the
reward, a traitor's damage, a planet's prize when its pile is empty."""

from __future__ import annotations

from dataclasses import replace

from games.kinds.metal_adventures import outcome
from games.kinds.metal_adventures.battle_state import ATTACK, Battle

from .helpers import A, B, given


def test_a_starship_won_with_boarding_hooks_pays_one_more_credit_and_its_traitor_takes_a_damage() -> None:
    state = given(3, seats={A: {"improvements": ("E03",)}}, karokum=("N04",))
    state = replace(state, phase="battle.declare", battle=Battle(kind="karokum", attacker=A, target="N04",
                                                                 allies=(B,), traitor=B, winner=ATTACK))
    _, events = outcome.settle(state, [])
    assert events == [
        {"type": "won_ship", "seat": A, "ship": "N04"},
        {"type": "paid", "seat": A, "credits": 3, "why": "reward"},
        {"type": "paid", "seat": A, "credits": 1, "why": "Boarding Hooks"},
        {"type": "damage", "seat": B, "amount": 1, "taken": 1, "source": "battle", "damage": 1},
        {"type": "battle_over", "seat": A, "kind": "karokum"}]


def test_a_planet_won_with_its_pile_empty_gives_an_empty_prize_and_its_traitor_takes_a_damage() -> None:
    state = replace(given(3), phase="battle.declare", battle=Battle(
        kind="planet", attacker=A, target="bazaar", allies=(B,), traitor=B, winner=ATTACK))
    _, events = outcome.settle(state, [])
    assert events == [
        {"type": "treasury", "seat": A, "planet": "bazaar", "credits": 0},
        {"type": "prize", "seat": A, "planet": "bazaar", "empty": True},
        {"type": "damage", "seat": B, "amount": 1, "taken": 1, "source": "battle", "damage": 1},
        {"type": "battle_over", "seat": A, "kind": "planet"}]
    karokum = replace(state, battle=Battle(kind="planet", attacker=A, target="karokum", winner=ATTACK))
    _, events = outcome.settle(karokum, [])
    assert events[1] == {"type": "prize", "seat": A, "planet": "karokum", "empty": True}


def test_a_support_card_reward_with_the_bazaar_pile_empty_is_paid_in_credits_after_the_win() -> None:
    state = replace(given(3, karokum=("N03",), bazaar=()), phase="battle.declare",
                    battle=Battle(kind="karokum", attacker=A, target="N03", winner=ATTACK))
    _, events = outcome.settle(state, [])
    assert events == [
        {"type": "won_ship", "seat": A, "ship": "N03"},
        {"type": "paid", "seat": A, "credits": 2, "why": "support card reward, none in the pile"},
        {"type": "battle_over", "seat": A, "kind": "karokum"}]

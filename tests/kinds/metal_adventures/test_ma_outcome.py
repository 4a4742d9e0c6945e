"""Metal Adventures' battle outcome (outcome.py; rules.md, "After the battle"): a battle won, settled
from its fixed result, with every event it writes in order: the Boarding Hooks' credit after the
reward, a traitor's damage, a planet's prize when its pile is empty."""

from __future__ import annotations

from dataclasses import replace

from games.kinds.metal_adventures import outcome
from games.kinds.metal_adventures.battle_state import ATTACK, DEFEND, Battle

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


def test_a_starship_won_for_glory_says_so_and_a_support_reward_waits_in_a_choice_from_the_reward() -> None:
    state = replace(given(3, karokum=("N07",)), phase="battle.declare",
                    battle=Battle(kind="karokum", attacker=A, target="N07", winner=ATTACK))
    _, events = outcome.settle(state, [])
    assert events[2] == {"type": "glory", "seat": A, "glory": 1, "why": "reward"}
    state = replace(given(3, karokum=("N03",), bazaar=("S01",)), phase="battle.declare",
                    battle=Battle(kind="karokum", attacker=A, target="N03", winner=ATTACK))
    after, _ = outcome.settle(state, [])
    assert [(c.kind, c.seat, c.options, c.source) for c in after.choices] == [
        ("support", A, ("S01",), "reward")]


def test_a_starship_battle_lost_to_a_traitor_pays_the_traitor_the_ships_credits() -> None:
    state = replace(given(3, karokum=("N07",)), phase="battle.declare",
                    battle=Battle(kind="karokum", attacker=A, target="N07", allies=(B,), traitor=B,
                                  winner=DEFEND))
    _, events = outcome.settle(state, [])
    assert {"type": "paid", "seat": B, "credits": 2, "why": "traitor's pay"} in events


def test_a_challenge_won_names_the_winner_the_loser_its_glory_and_the_pot() -> None:
    state = replace(given(3, pot=3), phase="battle.declare",
                    battle=Battle(kind="challenge", attacker=A, challenged=B, winner=ATTACK))
    _, events = outcome.settle(state, [])
    assert events[0] == {"type": "challenge_won", "seat": A, "loser": B, "glory": 1, "pot": 3}

"""The exact battle odds (games/kinds/metal_adventures/chance.py), read by the page and the bots: the
chance the attacking side wins before the roll, from fight.base_scores and the dice still to roll (orange
and gray d6, a Metal Faktor die blank, 2, 2, 4, 4, 6 for each declaration), ties to the attacker; and
after a reroll card."""

from __future__ import annotations

from fractions import Fraction
from itertools import product

import pytest

from games.kinds.metal_adventures import chance
from games.kinds.metal_adventures.chance import after_die_reroll, after_jones, attack_wins, before_roll
from games.kinds.metal_adventures.state import GameState

from .helpers import MF, A, B, ScriptedDice, facing, given, play


@pytest.fixture(autouse=True)
def fresh_margins() -> None:
    """Each test counts the throws itself: `_margins` keeps what an earlier test counted, out of a mutant's
    sight otherwise (docs/testing.md, "What mutmut cannot see")."""
    chance._margins.cache_clear()

# The specification's battle odds aid (table 2.8): the chance that orange - gray >= k, out of 36.
TABLE_2_8 = {-6: 36, -5: 36, -4: 35, -3: 33, -2: 30, -1: 26, 0: 21, 1: 15, 2: 10, 3: 6, 4: 3, 5: 1, 6: 0,
             7: 0}


@pytest.mark.parametrize("k, ways", sorted(TABLE_2_8.items()))
def test_the_battle_dice_alone_give_table_2_8(k: int, ways: int) -> None:
    # The attacking side needs k: the defending side's score without dice less its own.
    assert attack_wins(10, 10 + k) == Fraction(ways, 36)


def test_the_planets_chances_are_those_the_card_set_gives() -> None:
    # Table 2.7: starting pirate (M 8), starting ally (S 4), mid-game pirate (M 12) and ally (S 6).
    assert round(float(attack_wins(8, 12)), 2) == 0.08
    assert attack_wins(8, 14) == 0 and attack_wins(8, 16) == 0
    assert [round(float(attack_wins(12, p)) * 100) for p in (12, 14, 16)] == [58, 28, 8]
    assert [round(float(attack_wins(18, p)) * 100) for p in (12, 14, 16)] == [100, 97, 83]


def brute_force(attack: int, defend: int, attack_mf: int, defend_mf: int) -> Fraction:
    faces = (0, 2, 2, 4, 4, 6)
    wins = total = 0
    for orange, gray in product(range(1, 7), repeat=2):
        for mine in product(faces, repeat=attack_mf):
            for theirs in product(faces, repeat=defend_mf):
                total += 1
                wins += attack + orange + sum(mine) >= defend + gray + sum(theirs)
    return Fraction(wins, total)


@pytest.mark.parametrize("attack, defend, attack_mf, defend_mf",
                         [(8, 14, 1, 0), (8, 11, 2, 0), (12, 12, 1, 1), (9, 16, 2, 1), (15, 11, 0, 2)])
def test_metal_faktor_dice_count_their_faces_blank_2_2_4_4_6(attack: int, defend: int, attack_mf: int,
                                                             defend_mf: int) -> None:
    assert attack_wins(attack, defend, attack_mf, defend_mf) == brute_force(attack, defend, attack_mf,
                                                                            defend_mf)


def test_a_metal_faktor_die_is_what_a_lone_pirate_needs_against_karokum() -> None:
    # M 8 against 14 needs orange + the die's face - gray >= 6: blank never; a 2 (two faces of six) with
    # orange - gray >= 4 (3 of 36), a 4 (two faces) with >= 2 (10 of 36), the 6 with >= 0 (21 of 36).
    assert attack_wins(8, 14) == 0
    assert attack_wins(8, 14, attack_mf=1) == Fraction(2 * 3 + 2 * 10 + 1 * 21, 6 * 36)


def test_before_the_roll_reads_the_battle_scores_and_the_declared_dice() -> None:
    # T7's battle: A at M 7 against D04 (17), B's support 5 beside it.
    state = given(3, seats={A: dict(improvements=("E04",), damage=3),
                            B: dict(improvements=("E02", "E08"), damage=1)}, karokum=("D04",))
    state, _ = play(state, A, "tribute")
    state, _ = play(state, A, "attack karokum D04")
    state, _ = play(state, A, "ally ask 2 for 1c")
    state, _ = play(state, B, "ally accept")
    state, _ = play(state, B, "loyal")
    assert state.battle is not None
    assert before_roll(state, state.battle) == attack_wins(12, 17)
    state, _ = play(state, B, "mf yes")
    assert state.battle is not None
    assert before_roll(state, state.battle) == attack_wins(12, 17, attack_mf=1)
    assert before_roll(state, state.battle, extra={A: True}) == attack_wins(12, 17, attack_mf=2)
    assert before_roll(state, state.battle, attack_bonus=3) == attack_wins(15, 17, attack_mf=1)
    assert before_roll(state, state.battle, defend_bonus=3) == attack_wins(12, 20, attack_mf=1)


def test_a_metal_faktor_debt_and_a_traitor_count_as_the_rules_score_them() -> None:
    state = given(3, seats={A: dict(mf=4), B: dict(improvements=("E02",))})
    state = facing(state, "N22")  # GUTRIPPER, power 10
    assert state.battle is not None and state.battle.debt == 4
    state, _ = play(state, A, "ally ask 2 for 3c")
    state, _ = play(state, B, "ally accept")
    state, _ = play(state, B, "betray")
    state, _ = play(state, B, "mf no")
    assert state.battle is not None and state.battle.traitor == B
    assert before_roll(state, state.battle) == attack_wins(8 - 4, 10 + 5)


def test_a_reroll_reads_the_dice_as_they_lie() -> None:
    state = given(3, seats={A: dict(improvements=("S03", "S01"))})
    state = facing(state, "N06")  # power 11
    state, _ = play(state, A, "ally none")
    state, _ = play(state, A, "mf yes")
    state, _ = play(state, A, "roll", ScriptedDice(2, 3, MF[2]))
    assert state.phase == "battle.react" and state.battle is not None
    # 8 + 2 + 2 = 12 against 11 + 3 = 14: rerolling the orange die wins on 4, 5 or 6.
    assert after_die_reroll(state, state.battle, attacking=True) == Fraction(3, 6)
    # Rerolling the gray die instead: the attacker's 12 beats 11 + 1 only.
    assert after_die_reroll(state, state.battle, attacking=False) == Fraction(1, 6)
    # CAPTAIN JONES rolls both battle dice and the Metal Faktor die again.
    assert after_jones(state, state.battle) == attack_wins(8, 11, attack_mf=1)


def test_a_side_declares_no_fewer_than_0_metal_faktor_dice() -> None:
    for attack_mf, defend_mf in ((-1, 0), (0, -1)):
        with pytest.raises(ValueError) as refused:
            attack_wins(10, 10, attack_mf, defend_mf)
        assert str(refused.value) == "a side declares no fewer than 0 Metal Faktor dice"


def traitor_declared() -> GameState:
    """A (M 12) attacks GUTRIPPER (power 10) holding CAPTAIN JONES; its ally B (S 4) betrays and declares
    its die."""
    state = facing(given(3, seats={A: dict(improvements=("S01", "E06"))}), "N22")
    for seat, command in ((A, "ally ask 2"), (B, "ally accept"), (B, "betray"), (B, "mf yes")):
        state, _ = play(state, seat, command)
    return state


def test_a_traitors_declared_die_counts_for_the_defending_side_before_the_roll() -> None:
    state = traitor_declared()
    assert state.battle is not None
    assert before_roll(state, state.battle) == attack_wins(12, 10 + 4, 0, 1) != attack_wins(12, 10 + 4)
    assert before_roll(state, state.battle, extra={A: True}) == attack_wins(12, 10 + 4, 1, 1)


def test_captain_jones_rolls_the_traitors_metal_faktor_die_again_for_the_defending_side() -> None:
    state, _ = play(traitor_declared(), A, "mf no")
    state, _ = play(state, A, "roll", ScriptedDice(1, 6, MF[4]))
    assert state.phase == "battle.react" and state.battle is not None
    assert after_jones(state, state.battle) == attack_wins(12, 10 + 4, 0, 1) > 0

"""The exact chance that a battle's attacking side wins, before its roll (rules.md, "The roll"), as a
fraction: from both sides' scores without dice (fight.base_scores) and the dice still to roll, the orange
die for the attacking side and the gray one for the defending side (1 to 6 each), and every Metal Faktor
die declared (faces blank, 2, 2, 4, 4, 6: state.MF_FACES). The attacking side wins ties.

Also the chances after a reroll card: Loaded Dice (S03) rerolls one side's battle die, CAPTAIN JONES (S01)
every die of the battle, the Metal Faktor dice rolled included."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from fractions import Fraction
from functools import cache

from . import fight
from .battle_state import Battle
from .sides import attacking_side, defending_seats
from .state import MF_FACES, GameState

DIE = tuple(range(1, fight.DIE_SIDES + 1))


def _add(ways: Counter[int], faces: tuple[int, ...]) -> Counter[int]:
    """One more die with these faces thrown: how many throws make each total."""
    added: Counter[int] = Counter()
    for total, n in ways.items():
        for face in faces:
            added[total + face] += n
    return added


def _metal_faktor(count: int) -> Counter[int]:
    """How many of the 6 ** count throws of `count` Metal Faktor dice make each total."""
    ways: Counter[int] = Counter({0: 1})  # pragma: no mutate (another start total shifts both sides alike)
    for _ in range(count):
        ways = _add(ways, MF_FACES)
    return ways


@cache
def _margins(attack_mf: int, defend_mf: int) -> tuple[tuple[int, int], ...]:
    """(attacking dice minus defending dice, how many throws give it), over 6 ** (2 + both MF counts)."""
    attack = _add(_metal_faktor(attack_mf), DIE)
    defend = _add(_metal_faktor(defend_mf), DIE)
    margins: Counter[int] = Counter()
    for a, n in attack.items():
        for d, m in defend.items():
            margins[a - d] += n * m
    return tuple(sorted(margins.items()))


def attack_wins(attack: int, defend: int, attack_mf: int = 0, defend_mf: int = 0) -> Fraction:
    """The chance the attacking side wins: its score without dice `attack`, the defending side's `defend`,
    each side's declared Metal Faktor dice still to roll."""
    if attack_mf < 0 or defend_mf < 0:
        raise ValueError("a side declares no fewer than 0 Metal Faktor dice")
    need = defend - attack
    throws = 6 ** (2 + attack_mf + defend_mf)
    return Fraction(sum(n for margin, n in _margins(attack_mf, defend_mf) if margin >= need), throws)


def declared_dice(battle: Battle, extra: Mapping[int, bool] | None = None) -> tuple[int, int]:
    """(the attacking side's declared Metal Faktor dice, the defending side's): every participant whose
    declaration says `mf yes`; `extra` says yes or no for seats as if they declared it (a question the
    bot weighs before answering it)."""
    said = {d.seat: bool(d.mf) for d in battle.declarations}
    said.update(extra or {})
    attack = sum(1 for s in attacking_side(battle) if said.get(s))
    defend = sum(1 for s in defending_seats(battle) if said.get(s))
    return attack, defend


def before_roll(state: GameState, battle: Battle, extra: Mapping[int, bool] | None = None,
                attack_bonus: int = 0, defend_bonus: int = 0) -> Fraction:
    """The chance the attacking side wins the battle as declared so far (fight.base_scores and the
    declared Metal Faktor dice), with `extra` declarations and bonuses (a Berserker Grog to play)
    weighed as if made."""
    attack, defend = fight.base_scores(state, battle)
    attack_mf, defend_mf = declared_dice(battle, extra)
    return attack_wins(attack + attack_bonus, defend + defend_bonus, attack_mf, defend_mf)


def after_die_reroll(state: GameState, battle: Battle, attacking: bool) -> Fraction:
    """Loaded Dice (S03): the chance the attacking side wins once one side's battle die is rolled again
    (`attacking`: the orange die), every other die as it lies."""
    attack, defend = fight.scores(state, battle)
    if attacking:
        attack -= battle.orange
        return Fraction(sum(1 for face in DIE if attack + face >= defend), len(DIE))
    defend -= battle.gray
    return Fraction(sum(1 for face in DIE if attack >= defend + face), len(DIE))


def after_jones(state: GameState, battle: Battle) -> Fraction:
    """CAPTAIN JONES (S01): the chance the attacking side wins once both battle dice and every Metal
    Faktor die rolled are rolled again."""
    attack, defend = fight.base_scores(state, battle)
    rolled = dict(battle.mf_rolls)
    attack_seats = set(attacking_side(battle))
    attack -= sum(face for seat, face in rolled.items() if seat in attack_seats)
    defend -= sum(face for seat, face in rolled.items() if seat not in attack_seats)
    attack_mf = sum(1 for seat in rolled if seat in attack_seats)
    return attack_wins(attack, defend, attack_mf, len(rolled) - attack_mf)

"""The greedy bot's chances in a battle, exact (chance.py) over the dice and averaged over what it cannot
know yet: whether a seat that declares later uses its Metal Faktor die. Every score comes from
fight.base_scores on the Battle record (stakes.planned builds one before the battle exists), so a chance
counts M, S, the debt, Berserker Grog and the Hunter-Killer Cannon exactly as the rules do."""

from __future__ import annotations

from dataclasses import dataclass, replace
from math import comb

from .. import declare, fight
from ..battle_state import Battle, Declaration
from ..chance import attack_wins, declared_dice
from ..state import BLANK, GameState

GROG = declare.GROG
GROG_BONUS = 3
# The chance a seat whose declaration is still to come uses its blank Metal Faktor die: an ally half the
# time; a challenged seat, which sees the challenger's declaration first, more often.
MAYBE_MF = 0.5
MAYBE_MF_DEFENDING = 0.7


@dataclass(frozen=True)
class Unknown:
    """Dice each side may still add: seats whose Metal Faktor declaration is to come, each used with the
    side's chance."""

    attack: int = 0
    defend: int = 0
    p_attack: float = MAYBE_MF
    p_defend: float = MAYBE_MF


def chance(view: GameState, battle: Battle, attack_mf: int = 0, defend_mf: int = 0, attack_bonus: int = 0,
           defend_bonus: int = 0, unknown: Unknown = Unknown()) -> float:
    """The chance the attacking side wins: the battle's scores without dice, the Metal Faktor dice known
    to be declared on each side (`attack_mf`, `defend_mf` beyond those the battle records), bonuses, and
    the dice that may still come, each seat's by its chance."""
    attack, defend = fight.base_scores(view, battle)
    known_attack, known_defend = declared_dice(battle)
    attack += attack_bonus
    defend += defend_bonus
    total = 0.0
    for a in range(unknown.attack + 1):
        for d in range(unknown.defend + 1):
            weight = _binomial(unknown.attack, a, unknown.p_attack) * _binomial(unknown.defend, d,
                                                                                unknown.p_defend)
            if weight:
                total += weight * float(attack_wins(attack, defend, known_attack + attack_mf + a,
                                                    known_defend + defend_mf + d))
    return total


def _binomial(n: int, k: int, p: float) -> float:
    return comb(n, k) * p ** k * (1 - p) ** (n - k)


def die_free(view: GameState, battle: Battle, seat: int) -> bool:
    """The seat's Metal Faktor die may be declared in this battle (blank, and not an attacker in debt)."""
    return view.seats[seat].mf == BLANK and not (seat == battle.attacker and battle.debt > 0)


def has_grog(view: GameState, battle: Battle, seat: int) -> bool:
    decl = battle.declaration(seat) or Declaration(seat)
    return GROG in view.seats[seat].improvements and GROG not in battle.locked and GROG not in decl.play


def with_ally(battle: Battle, seat: int, defending: bool = False) -> Battle:
    """The battle with `seat` sealed on a side (the defenders of a challenge when `defending`)."""
    if defending:
        return replace(battle, defenders=(*battle.defenders, seat))
    return replace(battle, allies=(*battle.allies, seat))


def with_traitor(battle: Battle, seat: int) -> Battle:
    """The battle with `seat` as the attacker's ally who betrays it."""
    allies = battle.allies if seat in battle.allies else (*battle.allies, seat)
    return replace(battle, allies=allies, traitor=seat)


def maybe_mf(view: GameState, battle: Battle, seats: tuple[int, ...]) -> int:
    """How many of these seats, yet to declare, could use their Metal Faktor die."""
    return sum(1 for s in seats if die_free(view, battle, s)
               and (battle.declaration(s) or Declaration(s)).mf is None)


def unknowns(view: GameState, battle: Battle, me: int) -> Unknown:
    """The Metal Faktor dice of the battle's other participants that `me` cannot know yet: those whose
    declaration is still to come (or hidden). A challenged side declares last, seeing the rest."""
    attackers = tuple(s for s in (battle.attacker, *battle.allies) if s != battle.traitor and s != me)
    if battle.challenged is not None:
        defenders: tuple[int, ...] = (battle.challenged, *battle.defenders)
        p_defend = MAYBE_MF_DEFENDING
    else:
        defenders = () if battle.traitor is None else (battle.traitor,)
        p_defend = MAYBE_MF
    defenders = tuple(s for s in defenders if s != me)
    return Unknown(attack=maybe_mf(view, battle, attackers), defend=maybe_mf(view, battle, defenders),
                   p_defend=p_defend)

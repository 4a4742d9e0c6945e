"""The greedy bot as a battle's principal (the attacker, or a challenged seat): its own declaration (the
Metal Faktor die when the chance it adds is worth its debt, Berserker Grog when the chance it adds is
worth the card), what a battle is worth fought alone or with each seat it could ask, and the terms that
make an ask worth accepting to a seat that weighs it the same way."""

from __future__ import annotations

from dataclasses import dataclass
from math import ceil

from .. import alliance
from ..battle_state import UNANSWERED, Battle
from ..records import CREDITS
from ..state import GameState
from . import worth
from .chances import GROG, GROG_BONUS, chance, die_free, has_grog, unknowns, with_ally, with_traitor
from .stakes import Stake, dots

TRUST = 0.9  # the chance a principal keeps its @win terms (breaking them costs it a JP)
LOYALTY = 0.85  # the chance an ally stays loyal where it may betray
ALLY_MARGIN = 0.5  # what an ally wants to gain before it helps, in credits
ASK_GAIN = 0.5  # what an ally must add to the principal's worth before it asks
ASK_ACCEPTED = 0.6  # the chance an ask is accepted, when a battle is weighed before it starts
MAX_TERMS = 8
RESERVE = 1  # credits kept back from terms, for the next tribute


@dataclass(frozen=True)
class Declaring:
    """A principal's best declaration: its worth, the chance its side wins, and what it declares."""

    worth: float
    chance: float
    mf: bool = False
    grog: bool = False


def side_chance(view: GameState, battle: Battle, me: int, mf: bool = False, grog: bool = False) -> float:
    """The chance the side of `me` wins, with its own Metal Faktor die and Grog as given and the dice it
    cannot know yet weighed by their chances (chances.unknowns)."""
    defending = me != battle.attacker and me not in battle.allies
    bonus = GROG_BONUS if grog else 0
    p = chance(view, battle, attack_mf=0 if defending else int(mf), defend_mf=int(mf) if defending else 0,
               attack_bonus=0 if defending else bonus, defend_bonus=bonus if defending else 0,
               unknown=unknowns(view, battle, me))
    return 1 - p if defending else p


def declaring(view: GameState, battle: Battle, me: int, stake: Stake, terms: float = 0.0) -> Declaring:
    """The principal's best Metal Faktor and Berserker Grog declaration, and its worth: the chance of
    winning times the win (less the terms it pays then) against the loss, less the debt and the card."""
    best: Declaring | None = None
    for mf in (False, True) if die_free(view, battle, me) else (False,):
        for grog in (False, True) if has_grog(view, battle, me) else (False,):
            mine = side_chance(view, battle, me, mf, grog)
            value = mine * (stake.win - terms) - (1 - mine) * stake.loss
            value -= worth.debt_cost(view, me) if mf else 0.0
            value -= worth.improvement_worth(view, me, GROG) if grog else 0.0
            if best is None or value > best.worth:
                best = Declaring(value, mine, mf, grog)
    assert best is not None
    return best


def askable(view: GameState, battle: Battle, me: int) -> tuple[int, ...]:
    """Seats the principal may ask: still in, below 4 JP, on no side yet, not asked in this battle."""
    asked = {a.seat for a in battle.asks if a.principal == me}
    taken = set(alliance.participants(battle))
    return tuple(i for i, s in enumerate(view.seats)
                 if i != me and not s.out and not worth.at_infamy(view, i) and i not in taken
                 and i not in asked)


@dataclass(frozen=True)
class AskPlan:
    """An ask worth making: the seat, the credits offered on victory, the principal's worth with it."""

    seat: int
    credits: int
    worth: float


def terms_needed(view: GameState, ally: int, p: float, damage: int) -> int:
    """The credits on victory that make helping worth ALLY_MARGIN to the ally, by the bot's own measure
    (answers.py weighs an ask so)."""
    if p <= 0:
        return MAX_TERMS + 1
    risk = (1 - p) * worth.damage_cost(view, ally, damage)
    return max(1, ceil((ALLY_MARGIN + risk) / (p * TRUST)))


def with_seat(view: GameState, battle: Battle, me: int, seat: int, stake: Stake, credits: int) -> float:
    """The principal's worth with `seat` sealed beside it for `credits` on victory; an ally who may
    betray weighed at LOYALTY against its betrayal."""
    defending = me != battle.attacker
    joined = with_ally(battle, seat, defending=defending)
    value = declaring(view, joined, me, stake, terms=credits).worth
    if battle.kind != "challenge" and not alliance.target_is_hunter(battle):
        betrayed = with_traitor(battle, seat)
        lost = declaring(view, betrayed, me, Stake(stake.win, worth.damage_cost(view, me, 1))).worth
        value = LOYALTY * value + (1 - LOYALTY) * lost
    return value


def best_ask(view: GameState, battle: Battle, me: int, stake: Stake, alone_worth: float) -> AskPlan | None:
    """The seat worth asking and the terms to offer it, when an ally adds at least ASK_GAIN to the
    principal's worth; None when none does."""
    defending = me != battle.attacker
    damage = 1 if battle.kind == "challenge" else dots(battle)
    means = min(stake.means - promised(view, me) - RESERVE, MAX_TERMS)
    found: AskPlan | None = None
    for seat in askable(view, battle, me):
        joined = with_ally(battle, seat, defending=defending)
        credits = terms_needed(view, seat, side_chance(view, joined, seat), damage)
        if credits > means:
            continue
        value = with_seat(view, battle, me, seat, stake, credits)
        if value >= alone_worth + ASK_GAIN and (found is None or value > found.worth):
            found = AskPlan(seat, credits, value)
    return found


def promised(view: GameState, me: int) -> int:
    """The credits the seat has promised and not yet paid (terms to allies sealed, every other promise)
    and offers in its asks still open: a new ask offers only what is left, so that it can keep its
    word."""
    sealed = sum(i.amount for p in view.promises if p.debtor == me for i in p.items if i.kind == CREDITS)
    asking = view.battle.asks if view.battle is not None else ()
    open_asks = sum(i.amount for a in asking if a.principal == me and a.answer == UNANSWERED
                    for i in a.terms if i.kind == CREDITS)
    return sealed + open_asks


def alone(view: GameState, battle: Battle, me: int, stake: Stake) -> Declaring:
    """The principal's worth fighting with the allies it has, and its best declaration."""
    return declaring(view, battle, me, stake)


def worth_fighting(view: GameState, battle: Battle, me: int, stake: Stake, can_ask: bool = True) -> float:
    """What the battle is worth to its principal: alone, or with the best ask weighed by the chance it is
    accepted."""
    value = alone(view, battle, me, stake).worth
    if not can_ask or worth.at_infamy(view, me):
        return value
    ask = best_ask(view, battle, me, stake, value)
    return value if ask is None else value + ASK_ACCEPTED * (ask.worth - value)

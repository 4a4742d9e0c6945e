"""The greedy bot asked to help, and as a helper: whether an ask is worth accepting (its terms against
the risk of the damage, or a betrayal that pays more), what to counter with when it is not, loyalty or
betrayal once sealed, and a helper's declaration (the Metal Faktor die, Berserker Grog, reaction cards
armed) where the chance it adds is worth its price.

A helper betrays only where the rules allow it (never against a Pirate Hunter, never in a challenge) and
only when the betrayal pays: the JP costs it 1 G."""

from __future__ import annotations

from dataclasses import dataclass
from math import ceil

from .. import alliance, cards, end
from ..battle_state import Ask, Battle
from ..records import NOW, WIN, Item
from ..state import GameState
from . import worth
from .attack import ALLY_MARGIN, MAX_TERMS, TRUST, promised, side_chance
from .chances import GROG, chance, die_free, has_grog, unknowns, with_ally, with_traitor
from .stakes import dots, items_worth, principal_stake, terms_owed_to

REACTION_CARDS = ("S01", "S03", "S04")
SMOKE = "S04"


def _defending(battle: Battle, principal: int) -> bool:
    return battle.kind == "challenge" and principal != battle.attacker


def _loss(view: GameState, battle: Battle, me: int) -> float:
    """What a loyal helper's loss costs it: the starship's dots, else 1 damage."""
    return worth.damage_cost(view, me, 1 if battle.kind == "challenge" else dots(battle))


def traitor_pay(view: GameState, battle: Battle, me: int) -> float:
    """What a traitor gets when the target wins: the starship's printed credits, or the planet's
    treasury; and the Turncoat's deed."""
    if battle.kind == "planet":
        pay = float(view.treasuries.of(battle.target))
    else:
        pay = float(cards.STARSHIPS[battle.target].credits)
    return pay + worth.deed_bonus(view, me, "turncoat")


def can_betray(battle: Battle) -> bool:
    return battle.kind != "challenge" and not alliance.target_is_hunter(battle)


@dataclass(frozen=True)
class Helping:
    """A helper's best way to help and its worth: loyal or traitor, its die, Grog."""

    worth: float
    loyal: bool = True
    mf: bool = False
    grog: bool = False


def loyal_worth(view: GameState, battle: Battle, me: int, win_terms: float) -> Helping:
    """A loyal helper's best declaration: its terms on victory (kept at TRUST) against its damage on a
    loss, less its die's debt and the Grog it plays."""
    best: Helping | None = None
    loss = _loss(view, battle, me)
    for mf in (False, True) if die_free(view, battle, me) else (False,):
        for grog in (False, True) if has_grog(view, battle, me) else (False,):
            p = side_chance(view, battle, me, mf, grog)
            value = p * win_terms * TRUST - (1 - p) * loss
            value -= worth.debt_cost(view, me) if mf else 0.0
            value -= worth.improvement_worth(view, me, GROG) if grog else 0.0
            value -= _helps_a_rival(view, battle, me, p)
            if best is None or value > best.worth:
                best = Helping(value, True, mf, grog)
    assert best is not None
    return best


def betrayal_worth(view: GameState, battle: Battle, me: int) -> Helping:
    """A traitor's worth: 1 G for the JP; the target's win pays it, the attacker's win costs it 1 damage;
    its die used when the chance it adds is worth the debt."""
    betrayed = with_traitor(battle, me)
    best: Helping | None = None
    for mf in (False, True) if die_free(view, betrayed, me) else (False,):
        p = chance(view, betrayed, defend_mf=int(mf), unknown=unknowns(view, betrayed, me))
        value = (1 - p) * traitor_pay(view, battle, me) - p * worth.damage_cost(view, me, 1) - worth.GLORY
        value -= worth.debt_cost(view, me) if mf else 0.0
        value += _helps_a_rival(view, battle, me, p)  # denying the attacker its win
        if best is None or value > best.worth:
            best = Helping(value, False, mf)
    assert best is not None
    return best


def _helps_a_rival(view: GameState, battle: Battle, me: int, p: float) -> float:
    """What helping the principal costs the helper when the principal's win would give it the game: its
    glory after the win reaching 9 ahead of the helper."""
    principal = battle.attacker
    if me in battle.defenders and battle.challenged is not None:
        principal = battle.challenged
    glory = view.seats[principal].glory + _glory_won(battle)
    if glory >= end.GLORY_TO_WIN and glory > view.seats[me].glory:
        return p * 4 * worth.GLORY
    return 0.0


def _glory_won(battle: Battle) -> int:
    if battle.kind == "challenge":
        return 1
    ship = cards.STARSHIPS.get(battle.target)
    return ship.glory if ship is not None and battle.kind != "planet" else 0


def ask_worth(view: GameState, ask: Ask, me: int, terms: tuple[Item, ...] | None = None) -> float:
    """What accepting the ask (or these `terms` instead) is worth to the asked seat: its @now items at
    once, and the better of helping loyally for the @win items and betraying where it may."""
    battle = view.battle
    assert battle is not None
    items = ask.terms if terms is None else terms
    now = items_worth(view, me, tuple(i for i in items if i.due == NOW))
    later = items_worth(view, me, tuple(i for i in items if i.due == WIN))
    joined = with_ally(battle, me, defending=_defending(battle, ask.principal))
    value = loyal_worth(view, joined, me, later).worth
    if can_betray(battle):
        value = max(value, betrayal_worth(view, joined, me).worth)
    return now + value


def counter_credits(view: GameState, ask: Ask, me: int) -> int | None:
    """The credits on victory that would make the ask worth ALLY_MARGIN to the seat, when the principal
    could pay them (its credits and what the win brings it); None when no such counter is worth making."""
    battle = view.battle
    assert battle is not None
    joined = with_ally(battle, me, defending=_defending(battle, ask.principal))
    p = side_chance(view, joined, me)
    if p <= 0.05:
        return None
    risk = (1 - p) * _loss(view, joined, me) + _helps_a_rival(view, joined, me, p)
    credits = max(1, ceil((ALLY_MARGIN + risk) / (p * TRUST)))
    means = principal_stake(view, battle, ask.principal).means - promised(view, ask.principal)
    return credits if credits <= min(means, MAX_TERMS) else None


def answer_asks(view: GameState, me: int, legal: list[str]) -> str | None:
    """The answer to the asks open to the seat: accept the best one worth accepting, else counter one
    with credits that would make it worth it, else decline."""
    battle = view.battle
    if battle is None:
        return None
    mine = [a for a in alliance.unanswered(battle) if a.seat == me]
    if not mine:
        return None
    both = len({a.principal for a in mine}) > 1
    scored = sorted(((ask_worth(view, a, me), a) for a in mine), key=lambda pair: -pair[0])
    best_worth, best = scored[0]
    named = f" {best.principal + 1}" if both else ""
    if best_worth >= ALLY_MARGIN and f"ally accept{named}" in legal:
        return f"ally accept{named}"
    counter = counter_credits(view, best, me)
    offered = sum(i.amount for i in best.terms if i.kind == "credits")
    if counter is not None and counter > offered and f"ally accept{named}" in legal:
        return f"ally accept{named} {counter}c"
    return f"ally decline{named}" if f"ally decline{named}" in legal else None


# === DECLARATIONS OF A HELPER, OR OF A CHALLENGED SEAT ===

def declaration(view: GameState, me: int, legal: list[str]) -> str:
    """The next command of a non-active participant's declaration: cards first (played or armed), then
    loyalty, then the die, which closes it; `ready` when nothing is left."""
    battle = view.battle
    assert battle is not None
    if me == battle.challenged:
        plan = _challenged_plan(view, battle, me)
    elif "betray" in legal or "loyal" in legal:
        loyal = loyal_worth(view, battle, me, items_worth(view, me, terms_owed_to(view, me)))
        traitor = betrayal_worth(view, battle, me) if "betray" in legal else None
        plan = traitor if traitor is not None and traitor.worth > loyal.worth else loyal
    else:
        plan = loyal_worth(view, battle, me, items_worth(view, me, terms_owed_to(view, me)))
    if plan.loyal:
        if plan.grog and f"play {GROG}" in legal:
            return f"play {GROG}"
        for card in REACTION_CARDS:
            if f"arm {card}" in legal and _worth_arming(view, battle, me, card):
                return f"arm {card}"
    if "loyal" in legal and plan.loyal:
        return "loyal"
    if "betray" in legal and not plan.loyal:
        return "betray"
    if "mf yes" in legal:
        return "mf yes" if plan.mf else "mf no"
    return "ready" if "ready" in legal else legal[0]


def _challenged_plan(view: GameState, battle: Battle, me: int) -> Helping:
    from .attack import declaring

    stake = principal_stake(view, battle, me)
    best = declaring(view, battle, me, stake)
    return Helping(best.worth, True, best.mf, best.grog)


def _worth_arming(view: GameState, battle: Battle, me: int, card: str) -> bool:
    """A reaction card is armed when what it may save is worth the card: a reroll when the side's stake
    for the seat is, a Smoke Screen when the seat's damage on a loss is."""
    price = worth.improvement_worth(view, me, card)
    if card == SMOKE:
        return _loss(view, battle, me) >= price
    if me == battle.challenged:
        stake = principal_stake(view, battle, me)
        return stake.win + stake.loss >= price
    gain = items_worth(view, me, terms_owed_to(view, me))
    return gain + _loss(view, battle, me) >= price

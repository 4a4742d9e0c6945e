"""What a battle puts at stake for a seat, in credits (worth.py): what winning gives it and what losing
costs it, for each kind of battle and each side; and the battles as they would stand (a Battle record
built before the battle exists), so that fight.base_scores scores them exactly as the rules will."""

from __future__ import annotations

from dataclasses import dataclass

from .. import alliance, cards, outcome
from ..battle_state import Battle
from ..records import CARD, CREDITS, TROPHY, WIN, WRECK, Item
from ..state import TROPHY_LIMIT, GameState
from . import worth

# Rival's gains: what another seat's win costs me (a share of what it takes, more for the leader).
RIVAL = 0.25
CHALLENGE_GLORY = outcome.CHALLENGE_GLORY


@dataclass(frozen=True)
class Stake:
    """For one seat: what its side's win gives it, what its side's loss costs it, and (for a principal)
    the credits it could pay terms from once it has won."""

    win: float
    loss: float
    means: int = 0


def planned(view: GameState, me: int, kind: str, target: str = "", challenged: int | None = None) -> Battle:
    """The battle `me` would fight, as the rules will record it: its Metal Faktor debt included."""
    return Battle(kind=kind, attacker=me, target=target, challenged=challenged,
                  debt=alliance.debt_of(view, me))


def items_worth(view: GameState, seat: int, items: tuple[Item, ...]) -> float:
    """What receiving these items is worth to the seat."""
    total = 0.0
    for item in items:
        if item.kind == CREDITS:
            total += item.amount
        elif item.kind == CARD:
            total += worth.improvement_worth(view, seat, item.card)
        elif item.kind == WRECK:
            total += worth.wreck_worth(view, seat, item.card) if item.card else worth.unknown_wreck()
        elif item.kind == TROPHY:
            total += 0.4 * worth.trophy_reward(item.card) if item.card else 2.0
    return total


def ship_stake(view: GameState, me: int, ship: str) -> Stake:
    """The attacker's stake against a starship: its printed rewards (credits, glory, support cards), the
    wreck, the Boarding Hooks' credit and the Deep Diver's deed; its dots of damage on a loss."""
    card = cards.STARSHIPS[ship]
    player = view.seats[me]
    hooks = 1 if outcome.BOARDING_HOOKS in player.improvements else 0
    win = (card.credits + hooks + card.glory * worth.GLORY + card.support * worth.SUPPORT_CARD
           + worth.wreck_worth(view, me, ship, player.wrecks))
    if card.power >= outcome.DEEP_DIVER_POWER:
        win += worth.deed_bonus(view, me, "beat_15")
    return Stake(win, worth.damage_cost(view, me, card.damage), player.credits + card.credits + hooks)


def planet_prize(view: GameState, me: int, planet: str) -> float:
    """A planet's prize besides its treasury: the best card of its pile, or a trophy to choose."""
    player = view.seats[me]
    if planet == "bazaar":
        return max((worth.improvement_worth(view, me, c) for c in view.bazaar_pile), default=0.0)
    if planet == "karokum":
        return max((worth.wreck_worth(view, me, s, player.wrecks) for s in view.karokum_pile), default=0.0)
    if not view.trophy_deck:
        return 0.0
    if len(player.trophies) >= TROPHY_LIMIT:
        return 1.0  # drop one to draw three
    return 0.45 * (worth.GLORY + 2)  # the best of three trophies, revealed about half the time


def planet_stake(view: GameState, me: int, planet: str) -> Stake:
    treasury = view.treasuries.of(planet)
    win = treasury + planet_prize(view, me, planet) + worth.deed_bonus(view, me, "won_planet")
    return Stake(win, worth.damage_cost(view, me, 1), view.seats[me].credits + treasury)


def spoils_worth(view: GameState, me: int, loser: int) -> float:
    """The best of a winning challenger's spoils from the loser: half its credits, one of its cards, or
    half its wrecks (rounded up)."""
    victim = view.seats[loser]
    credits = -(-victim.credits // 2)
    card = max((worth.improvement_worth(view, me, c) for c in victim.improvements), default=0.0)
    wrecks = -(-len(victim.wrecks) // 2) * worth.unknown_wreck()
    return max(credits, card, wrecks)


def rival(view: GameState, me: int, other: int) -> float:
    """How much another seat's gain counts against me: more when it leads."""
    leader = max(s.glory for i, s in enumerate(view.seats) if i != me and not s.out)
    return RIVAL * (2 if view.seats[other].glory >= leader else 1)


def challenge_stake(view: GameState, me: int, other: int) -> Stake:
    """The challenger's stake: 1 G, the Pot and the spoils, the Duelist's deed; on a loss 1 damage, and
    the challenged seat's glory and Pot counted against it."""
    glory = CHALLENGE_GLORY * worth.GLORY
    win = glory + view.pot + spoils_worth(view, me, other) + worth.deed_bonus(view, me, "won_challenge")
    loss = worth.damage_cost(view, me, 1) + rival(view, me, other) * (glory + view.pot)
    return Stake(win, loss, view.seats[me].credits + view.pot)


def defend_stake(view: GameState, me: int, challenger: int) -> Stake:
    """The challenged seat's stake: 1 G, the Pot and the Iron Wall's deed; on a loss 1 damage and the
    challenger's spoils."""
    glory = CHALLENGE_GLORY * worth.GLORY
    win = glory + view.pot + worth.deed_bonus(view, me, "won_challenged")
    loss = (worth.damage_cost(view, me, 1) + spoils_worth(view, challenger, me)
            + rival(view, me, challenger) * (glory + view.pot))
    return Stake(win, loss, view.seats[me].credits + view.pot)


def principal_stake(view: GameState, battle: Battle, me: int) -> Stake:
    """The stake of a principal (the attacker, or a challenged seat) in this battle."""
    if battle.kind == "challenge":
        if me == battle.attacker:
            assert battle.challenged is not None
            return challenge_stake(view, me, battle.challenged)
        return defend_stake(view, me, battle.attacker)
    if battle.kind == "planet":
        return planet_stake(view, me, battle.target)
    return ship_stake(view, me, battle.target)


def dots(battle: Battle) -> int:
    """The damage each loser of the attacking side takes without a betrayal: a starship's dots, else 1."""
    ship = cards.STARSHIPS.get(battle.target)
    return ship.damage if battle.kind in ("space", "karokum") and ship is not None else 1


def owed_terms(view: GameState, me: int) -> float:
    """What the seat's @win terms will cost it if its side wins (credits and the cards it named)."""
    total = 0.0
    for promise in view.promises:
        if promise.debtor == me and promise.due == WIN and promise.ally_terms:
            total += sum(i.amount for i in promise.items if i.kind == CREDITS)
            total += sum(worth.improvement_worth(view, me, i.card) for i in promise.items if i.kind == CARD)
            total += sum(worth.WRECK for i in promise.items if i.kind == WRECK)
    return total


def terms_owed_to(view: GameState, me: int) -> tuple[Item, ...]:
    """The @win items promised to the seat by this battle's terms."""
    return tuple(i for p in view.promises if p.creditor == me and p.due == WIN and p.ally_terms
                 for i in p.items)

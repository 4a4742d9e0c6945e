"""A battle's result and what it gives and costs (rules.md, "After the battle"): rewards, wrecks,
treasuries and prizes, damage, a traitor's pay, a challenge's glory and Pot, the Metal Faktor debt
paid; then the settlement (spoils.py)."""

from __future__ import annotations

from dataclasses import replace

from games.kinds.protocol import Event

from . import bank, cards, choices, damage, spoils, trophies
from .battle_state import ATTACK, Battle
from .records import EXXALIA_FULL, SPOILS, SUPPORT, WRECK_FROM_PILE, Choice
from .sides import attacking_side, defending_seats
from .state import BLANK, TROPHY_LIMIT, GameState

SPOILS_PHASE = "battle.spoils"
BOARDING_HOOKS = "E03"  # +1 credit for every starship beaten as the attacker
DEEP_DIVER_POWER = 15  # the deed of beating a starship this strong
SUPPORT_INSTEAD = 2  # credits for a support card reward when the Bazaar pile is empty
CHALLENGE_GLORY = 1
BATTLE = "battle"


def _battle(state: GameState) -> Battle:
    if state.battle is None:
        raise ValueError("no battle is in progress")
    return state.battle


def settle(state: GameState, events: list[Event]) -> tuple[GameState, list[Event]]:
    """The result is fixed: B8, then the settlement."""
    battle = _battle(state)
    if battle.kind == "challenge":
        state, more = _challenge(state, battle)
    elif battle.kind == "planet":
        state, more = _planet(state, battle)
    else:
        state, more = _starship(state, battle)
    events = [*events, *more]
    if battle.debt > 0:
        player = state.seats[battle.attacker]
        state = state.with_seat(battle.attacker, replace(player, mf=BLANK))
        events.append({"type": "debt_paid", "seat": battle.attacker, "debt": battle.debt})
    state = replace(state, phase=SPOILS_PHASE)
    return spoils.begin(state, events)


def _hurt(state: GameState, battle: Battle, seat: int, amount: int) -> tuple[GameState, list[Event]]:
    if seat in battle.smoke:
        return state, [{"type": "spared", "seat": seat}]
    state, event = damage.suffer(state, seat, amount, BATTLE)
    return state, [event]


def _pay(state: GameState, seat: int, amount: int, why: str) -> tuple[GameState, list[Event]]:
    if amount <= 0:
        return state, []
    state, paid = bank.pay_seat(state, seat, amount)
    event: Event = {"type": "paid", "seat": seat, "credits": paid, "why": why}
    if paid < amount:
        event["short"] = amount - paid
    return state, [event]


def _glory(state: GameState, seat: int, glory: int) -> GameState:
    player = state.seats[seat]
    return state.with_seat(seat, replace(player, glory=player.glory + glory))


def _remove_ship(state: GameState, battle: Battle) -> GameState:
    """The fought starship leaves the Space area or the Karokum pile."""
    if battle.kind == "space":
        return replace(state, space_area=tuple(c for c in state.space_area if c != battle.target))
    pile = list(state.karokum_pile)
    pile.remove(battle.target)
    return replace(state, karokum_pile=tuple(pile))


def _starship(state: GameState, battle: Battle) -> tuple[GameState, list[Event]]:
    ship = cards.STARSHIPS[battle.target]
    attacker = battle.attacker
    state = _remove_ship(state, battle)
    events: list[Event] = []
    if battle.winner == ATTACK:
        player = state.seats[attacker]
        state = state.with_seat(attacker, replace(player, wrecks=(*player.wrecks, ship.id)))
        events.append({"type": "won_ship", "seat": attacker, "ship": ship.id})
        state, more = _pay(state, attacker, ship.credits, "reward")
        events += more
        if ship.glory:
            state = _glory(state, attacker, ship.glory)
            events.append({"type": "glory", "seat": attacker, "glory": ship.glory, "why": "reward"})
        for _ in range(ship.support):
            if state.bazaar_pile:
                state = choices.push(state, Choice(SUPPORT, attacker, options=state.bazaar_pile,
                                                   source="reward"))
            else:
                state, more = _pay(state, attacker, SUPPORT_INSTEAD, "support card reward, none in the pile")
                events += more
        if BOARDING_HOOKS in state.seats[attacker].improvements:
            state, more = _pay(state, attacker, 1, "Boarding Hooks")
            events += more
        if ship.power >= DEEP_DIVER_POWER:
            state = trophies.record_deed(state, attacker, "beat_15")
        if battle.traitor is not None:
            state, more = _hurt(state, battle, battle.traitor, 1)
            events += more
        return state, events
    state = replace(state, out_of_game=(*state.out_of_game, ship.id))
    events.append({"type": "lost_ship", "seat": attacker, "ship": ship.id})
    if battle.traitor is None:
        for seat in attacking_side(battle):
            state, more = _hurt(state, battle, seat, ship.damage)
            events += more
        return state, events
    state, more = _hurt(state, battle, attacker, 1)
    events += more
    state, more = _pay(state, battle.traitor, ship.credits, "traitor's pay")
    events += more
    state = trophies.record_deed(state, battle.traitor, "turncoat")
    return state, events


def _planet(state: GameState, battle: Battle) -> tuple[GameState, list[Event]]:
    planet = battle.target
    attacker = battle.attacker
    events: list[Event] = []
    if battle.winner == ATTACK:
        state, more = _treasury(state, planet, attacker)
        events += more
        state, more = _prize(state, planet, attacker)
        events += more
        state = trophies.record_deed(state, attacker, "won_planet")
        if battle.traitor is not None:
            state, more = _hurt(state, battle, battle.traitor, 1)
            events += more
        return state, events
    for seat in attacking_side(battle):
        state, more = _hurt(state, battle, seat, 1)
        events += more
    if battle.traitor is not None:
        state, more = _treasury(state, planet, battle.traitor)
        events += more
        state = trophies.record_deed(state, battle.traitor, "turncoat")
    return state, events


def _treasury(state: GameState, planet: str, seat: int) -> tuple[GameState, list[Event]]:
    amount = state.treasuries.of(planet)
    player = state.seats[seat]
    state = replace(state.with_seat(seat, replace(player, credits=player.credits + amount)),
                    treasuries=state.treasuries.plus(planet, -amount))
    return state, [{"type": "treasury", "seat": seat, "planet": planet, "credits": amount}]


def _prize(state: GameState, planet: str, seat: int) -> tuple[GameState, list[Event]]:
    """Exxalia: a trophy (draw 3, keep 1; with 2 in hand, drop one first or refuse); Bazaar: a support card
    of the pile; Karokum: a starship of the pile as a wreck. Nothing when the pile is empty."""
    if planet == "exxalia":
        if len(state.seats[seat].trophies) >= TROPHY_LIMIT:
            return choices.push(state, Choice(EXXALIA_FULL, seat, source="exxalia")), []
        state, drawn = choices.draw_trophies(state, seat, spoils.EXXALIA_DRAW, "exxalia")
        return state, [{"type": "prize", "seat": seat, "planet": planet, "drawn": len(drawn)}]
    if planet == "bazaar":
        if not state.bazaar_pile:
            return state, [{"type": "prize", "seat": seat, "planet": planet, "empty": True}]
        return choices.push(state, Choice(SUPPORT, seat, options=state.bazaar_pile, source="bazaar")), []
    if not state.karokum_pile:
        return state, [{"type": "prize", "seat": seat, "planet": planet, "empty": True}]
    wreck = Choice(WRECK_FROM_PILE, seat, options=state.karokum_pile, source="karokum")
    return choices.push(state, wreck), []


def _challenge(state: GameState, battle: Battle) -> tuple[GameState, list[Event]]:
    assert battle.challenged is not None
    won = battle.winner == ATTACK
    winner = battle.attacker if won else battle.challenged
    loser = battle.challenged if won else battle.attacker
    events: list[Event] = []
    state = _glory(state, winner, CHALLENGE_GLORY)
    pot = state.pot
    player = state.seats[winner]
    state = replace(state.with_seat(winner, replace(player, credits=player.credits + pot)), pot=0)
    events.append({"type": "challenge_won", "seat": winner, "loser": loser, "glory": CHALLENGE_GLORY,
                   "pot": pot})
    losers = attacking_side(battle) if not won else defending_seats(battle)
    for seat in losers:
        state, more = _hurt(state, battle, seat, 1)
        events += more
    state = trophies.record_deed(state, winner, "won_challenge" if won else "won_challenged")
    if won:
        state = choices.push(state, Choice(SPOILS, winner, source=str(loser)))
    return state, events


"""The Space deck's events (rules.md, "Events"): one function per effect code of cards/events.json, each
taking the state and giving the new one with the events a log narrates. `apply` applies a drawn event by
its card id; space.py decides whether it applies at all (only the turn's first one does) and pays RHUM.

"Every seat" effects go seat by seat in turn order from the active seat, skipping seats that left the
game: that order decides who is paid when the bank runs short (rules.md, "The bank")."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from games.kinds.protocol import Event

from . import bank, cards, choices, damage, judgment
from .records import PLANET, Choice
from .state import PLANET_IDS, GameState

GOLDEN_VEIN_CREDITS = 5
CARNIVAL_CREDITS = 1
ION_STORM_DAMAGE = 1
CUSTOMS_THRESHOLD = 6  # a seat holding this many or more pays
CUSTOMS_DUTY = 2
SUPERNOVA_DAMAGE = 2
FLEET_CREDITS = 2
WANTED_DAMAGE = 1
WAR_TAX_PER_EQUIPMENT = 1

Effect = Callable[[GameState, str], tuple[GameState, list[Event]]]


def seats_in_turn_order(state: GameState) -> tuple[int, ...]:
    """The seats still in, in turn order starting with the active seat."""
    n = state.players
    order = ((state.active + step) % n for step in range(n))
    return tuple(seat for seat in order if not state.seats[seat].out)


def apply(state: GameState, card: str) -> tuple[GameState, list[Event]]:
    """The event `card` takes effect now, for everyone."""
    return EFFECTS[cards.EVENTS[card].effect](state, card)


def _short(event: Event, owed: int, paid: int) -> Event:
    """The bank paid less than it owed: the shortfall is shown."""
    return {**event, "short": owed - paid} if paid < owed else event


def pay_planet(state: GameState, planet: str, amount: int, card: str) -> tuple[GameState, Event]:
    after, paid = bank.pay_planet(state, planet, amount)
    return after, _short({"type": "treasury", "planet": planet, "credits": paid, "card": card}, amount, paid)


def golden_vein(state: GameState, card: str) -> tuple[GameState, list[Event]]:
    """The planet with the fewest credits gets 5 from the bank; when several are tied, the active seat
    picks one of them (`planet <name>`, space.planet) and nothing more is drawn until it has."""
    fewest = min(state.treasuries.of(p) for p in PLANET_IDS)
    tied = tuple(p for p in PLANET_IDS if state.treasuries.of(p) == fewest)
    if len(tied) == 1:
        after, event = pay_planet(state, tied[0], GOLDEN_VEIN_CREDITS, card)
        return after, [event]
    choice = Choice(PLANET, state.active, options=tied, source=card)
    return choices.first(state, choice), [{"type": "planet_choice", "seat": state.active,
                                           "options": list(tied), "card": card}]


def golden_vein_to(state: GameState, planet: str, card: str) -> tuple[GameState, list[Event]]:
    """GOLDEN VEIN's tie settled: `planet` gets its 5 credits."""
    after, event = pay_planet(state, planet, GOLDEN_VEIN_CREDITS, card)
    return after, [event]


def havana_carnival(state: GameState, card: str) -> tuple[GameState, list[Event]]:
    """Every seat takes 1 credit from the bank."""
    events: list[Event] = []
    for seat in seats_in_turn_order(state):
        state, paid = bank.pay_seat(state, seat, CARNIVAL_CREDITS)
        events.append(_short({"type": "gain", "seat": seat, "credits": paid, "from": "bank", "card": card},
                             CARNIVAL_CREDITS, paid))
    return state, events


def _damage_each(state: GameState, seats: tuple[int, ...], amount: int,
                 card: str) -> tuple[GameState, list[Event]]:
    """Each of `seats` suffers `amount` event damage (Scrap Plating, Bastion Shields and the wheel's stop
    at 4 apply: damage.suffer)."""
    events: list[Event] = []
    for seat in seats:
        state, event = damage.suffer(state, seat, amount, damage.EVENT)
        events.append({**event, "card": card})
    return state, events


def ion_storm(state: GameState, card: str) -> tuple[GameState, list[Event]]:
    """Every seat suffers 1 damage."""
    return _damage_each(state, seats_in_turn_order(state), ION_STORM_DAMAGE, card)


def customs_sweep(state: GameState, card: str) -> tuple[GameState, list[Event]]:
    """Every seat holding 6 credits or more pays 2 to the bank."""
    events: list[Event] = []
    for seat in seats_in_turn_order(state):
        if state.seats[seat].credits >= CUSTOMS_THRESHOLD:
            state = bank.seat_pays(state, seat, CUSTOMS_DUTY)
            events.append({"type": "pay", "seat": seat, "credits": CUSTOMS_DUTY, "to": "bank", "card": card})
    return state, events


def supernova(state: GameState, card: str) -> tuple[GameState, list[Event]]:
    """Every seat suffers 2 damage (Bastion Shields make it 1)."""
    return _damage_each(state, seats_in_turn_order(state), SUPERNOVA_DAMAGE, card)


def general_pardon(state: GameState, card: str) -> tuple[GameState, list[Event]]:
    """Every seat with a JP cancels one, and so gets its glory back."""
    events: list[Event] = []
    for seat in seats_in_turn_order(state):
        if state.seats[seat].jp >= 1:
            state, event = judgment.cancel_jp(state, seat, cards.EVENTS[card].name)
            events.append({**event, "card": card})
    return state, events


def treasure_fleet(state: GameState, card: str) -> tuple[GameState, list[Event]]:
    """Exxalia, Bazaar and Karokum each get 2 credits from the bank, in that order."""
    events: list[Event] = []
    for planet in PLANET_IDS:
        state, event = pay_planet(state, planet, FLEET_CREDITS, card)
        events.append(event)
    return state, events


def wanted_posters(state: GameState, card: str) -> tuple[GameState, list[Event]]:
    """The seat with the most glory, or every seat tied for it, suffers 1 damage (only seats still in
    count)."""
    order = seats_in_turn_order(state)  # never empty: the active seat is still in
    most = max(state.seats[seat].glory for seat in order)
    wanted = tuple(seat for seat in order if state.seats[seat].glory == most)
    return _damage_each(state, wanted, WANTED_DAMAGE, card)


def war_tax(state: GameState, card: str) -> tuple[GameState, list[Event]]:
    """Every seat pays 1 credit into the Pirates' Pot per equipment card it has, or all it holds when
    that is less."""
    events: list[Event] = []
    for seat in seats_in_turn_order(state):
        player = state.seats[seat]
        owed = WAR_TAX_PER_EQUIPMENT * sum(1 for c in player.improvements if cards.IMPROVEMENTS[c].equipment)
        paid = min(owed, player.credits)
        if owed == 0:
            continue
        state = replace(state.with_seat(seat, replace(player, credits=player.credits - paid)),
                        pot=state.pot + paid)
        events.append({"type": "pay", "seat": seat, "credits": paid, "owed": owed, "to": "pot", "card": card})
    return state, events


def brotherhood_feast(state: GameState, card: str) -> tuple[GameState, list[Event]]:
    """The Pot is shared: every seat still in takes the Pot divided by their number, rounded down; the
    rest stays in the Pot."""
    order = seats_in_turn_order(state)
    share = state.pot // len(order)  # order is never empty: the active seat is still in
    events: list[Event] = []
    if share == 0:
        return state, events
    for seat in order:
        player = state.seats[seat]
        state = replace(state.with_seat(seat, replace(player, credits=player.credits + share)),
                        pot=state.pot - share)
        events.append({"type": "gain", "seat": seat, "credits": share, "from": "pot", "card": card})
    return state, events


EFFECTS: dict[str, Effect] = {
    "golden_vein": golden_vein,
    "havana_carnival": havana_carnival,
    "ion_storm": ion_storm,
    "customs_sweep": customs_sweep,
    "supernova": supernova,
    "general_pardon": general_pardon,
    "treasure_fleet": treasure_fleet,
    "wanted_posters": wanted_posters,
    "war_tax": war_tax,
    "brotherhood_feast": brotherhood_feast,
}
_MISSING = sorted({e.effect for e in cards.EVENTS.values()} - set(EFFECTS))
if _MISSING:
    raise ValueError(f"events without an effect: {', '.join(_MISSING)}")

"""Trade offers (rules.md, "Trades and promises"): `offer`, `accept`, `decline`, `withdraw`; offers
expire at the end of the active seat's turn.

Every trade involves the active seat (R56): it may offer to anyone, any other seat only to it; not before
the tribute or the rest, not during a battle. What moves `@now` moves at acceptance, all at once, checked
then (both sides hold what they give, nobody ends above a limit: R57); an `@end` or `@next` leg becomes a
promise of its giver. Each command raises Refused with the reason alone (commands.play adds what is legal
now)."""

from __future__ import annotations

import re
from dataclasses import replace

from games.kinds.protocol import Event, Refused

from . import items, promises
from .records import DUES, NOW, WIN, Item, Offer
from .state import BATTLE_PHASES, IMPROVEMENT_LIMIT, OVER, REST, SETUP, START, TRAVEL, TROPHY_LIMIT, GameState

NOTHING = "nothing"
TRADE_HELP = "offer <seat> give <items> get <items>"
BATTLE_IN_PROGRESS = "Battle in progress: trades wait until it is over."
_OFFER = re.compile(r"(\S+)\s+give\s+(.+?)\s+get\s+(.+)", re.I | re.S)
_NUMBER = re.compile(r"o?(\d+)", re.I)


def command(state: GameState, seat: int, verb: str, text: str) -> tuple[GameState, list[Event]]:
    if state.phase in BATTLE_PHASES:
        raise Refused(BATTLE_IN_PROGRESS)
    if verb == "offer":
        return offer(state, seat, text)
    if verb == "accept":
        return accept(state, seat, text)
    word = text.strip()
    if not word:
        raise Refused(f"{verb.capitalize()} which offer? {verb} <O>.")
    found = _open(state, word)
    if verb == "decline":
        if seat != found.receiver:
            raise Refused(f"{found.name} was made to seat {found.receiver + 1}: only it may decline it"
                          + (" (you may withdraw it)." if seat == found.sender else "."))
        return _closed(state, found, "offer_declined")
    if seat != found.sender:
        raise Refused(f"{found.name} is seat {found.sender + 1}'s offer: only it may withdraw it.")
    return _closed(state, found, "offer_withdrawn")


def _open(state: GameState, word: str) -> Offer:
    match = _NUMBER.fullmatch(word.strip())
    if match is None:
        raise Refused(f"Name an offer by its id (O1, O2...), not {word.strip()!r}.")
    number = int(match.group(1))
    found = next((o for o in state.offers if o.number == number), None)
    if found is None:
        raise Refused(f"There is no open offer O{number}: an offer is closed once accepted, declined, "
                      "withdrawn or expired.")
    return found


def _closed(state: GameState, found: Offer, kind: str) -> tuple[GameState, list[Event]]:
    after = replace(state, offers=tuple(o for o in state.offers if o.number != found.number))
    return after, [{"type": kind, "offer": found.number, "sender": found.sender, "receiver": found.receiver}]


def _trading_now(state: GameState) -> None:
    """Offers are made and accepted in the active seat's rest or travel, when no choice waits."""
    if state.phase == START:
        raise Refused(f"Trades open once seat {state.active + 1} has paid or refused the tribute, or rested.")
    if state.phase not in (REST, TRAVEL):
        raise Refused("No trade can be made now.")
    if state.choices:
        raise Refused(f"Seat {state.choices[0].seat + 1} has a choice to make first.")


# === offer ===

def _side(text: str, what: str) -> tuple[Item, ...]:
    if text.strip().lower() == NOTHING:
        return ()
    found = items.parse(text, NOW, DUES)
    if any(i.due == WIN for i in found):
        raise Refused(f"{what}: `@win` belongs to an ally's terms; an offer's later leg is due `@end` or "
                      "`@next`.")
    return found


def offer(state: GameState, seat: int, text: str) -> tuple[GameState, list[Event]]:
    """`offer <seat> give <items> get <items>` (`nothing` for one side): open until accepted, declined,
    withdrawn, or the end of the turn. A trophy the sender gives now is named (`trophy <t>`): the other
    seat sees only "a trophy" until it arrives."""
    _trading_now(state)
    match = _OFFER.fullmatch(text.strip())
    if match is None:
        raise Refused(f"Write an offer as {TRADE_HELP} (`nothing` for one side).")
    receiver = promises.seat_named(state, match.group(1))
    if receiver == seat:
        raise Refused("You cannot trade with yourself.")
    if state.active not in (seat, receiver):
        raise Refused(f"Every trade involves the active seat: you may offer only to seat {state.active + 1}.")
    give = _side(match.group(2), "What you give")
    get = _side(match.group(3), "What you ask for")
    if not give and not get:
        raise Refused("An offer gives or asks for something.")
    now = items.now_items(give)
    if items.plain_trophies(now):
        raise Refused("Name the trophy you give now (`trophy <t>`): the other seat sees only \"a trophy\" "
                      "until it arrives.")
    short = items.lacking(state, seat, now)
    if short:
        raise Refused(f"You cannot offer that: {short}.")
    number = state.numbers[0] + 1
    made = Offer(number=number, sender=seat, receiver=receiver, give=give, get=get, turn=state.turn)
    after = replace(state, offers=(*state.offers, made), numbers=(number, *state.numbers[1:]))
    return after, [{"type": "offer", "offer": number, "sender": seat, "receiver": receiver,
                    "give": [i.to_dict() for i in give], "get": [i.to_dict() for i in get]}]


# === accept ===

def accept(state: GameState, seat: int, text: str) -> tuple[GameState, list[Event]]:
    """`accept <O> [trophy <t>]...`: the receiver; names the trophies the offer leaves to its choice. The
    `@now` items of both sides move at once; later legs become promises of their givers."""
    _trading_now(state)
    word, _, rest = text.strip().partition(" ")
    if not word:
        raise Refused("Accept which offer? accept <O>.")
    found = _open(state, word)
    if seat != found.receiver:
        if seat == found.sender:
            raise Refused(f"You made {found.name}: seat {found.receiver + 1} accepts it, or you withdraw it.")
        raise Refused(f"{found.name} was made to seat {found.receiver + 1}, not you.")
    if re.search(r"(?:^|\s)wreck(?:\s|$)", rest, re.I):
        raise Refused("An offer names its wrecks: there is no wreck for you to choose.")
    chosen = items.named_trophies(rest, state.seats[seat].trophies)
    get_now = items.now_items(found.get)
    plain = items.plain_trophies(get_now)
    if len(chosen) != plain:
        if not plain:
            raise Refused(f"{found.name} leaves no trophy to your choice: accept {found.name}.")
        raise Refused(f"{found.name} asks for {items.trophies_word(plain)} of your choice: name "
                      f"{'it' if plain == 1 else 'them'}, accept {found.name} trophy <t>.")
    give_now = items.now_items(found.give)
    get_now = items.choosing(get_now, chosen)
    if items.lacking(state, found.sender, give_now):
        raise Refused(f"Seat {found.sender + 1} no longer holds what it offers in {found.name}.")
    short = items.lacking(state, seat, get_now)
    if short:
        raise Refused(f"You cannot give what {found.name} asks for: {short}.")
    after = items.transfer(state, found.sender, seat, give_now)
    after = items.transfer(after, seat, found.sender, get_now)
    _within_limits(after, (found.sender, seat))
    after = replace(after, offers=tuple(o for o in state.offers if o.number != found.number))
    events: list[Event] = [{"type": "trade", "offer": found.number, "sender": found.sender, "receiver": seat,
                            "give": [i.to_dict() for i in give_now], "get": [i.to_dict() for i in get_now]}]
    after, owed = promises.make_each_due(after, found.sender, seat, items.later_items(found.give))
    events += owed
    after, owed = promises.make_each_due(after, seat, found.sender, items.later_items(found.get))
    return after, events + owed


def _within_limits(state: GameState, seats: tuple[int, ...]) -> None:
    """R57: nobody ends a trade above 2 trophies or 4 improvements (a trophy for a trophy is fine)."""
    for seat in seats:
        player = state.seats[seat]
        if len(player.trophies) > TROPHY_LIMIT:
            raise Refused(f"After this trade seat {seat + 1} would hold {len(player.trophies)} trophies "
                          f"({TROPHY_LIMIT} at most).")
        if len(player.improvements) > IMPROVEMENT_LIMIT:
            raise Refused(f"After this trade seat {seat + 1} would hold {len(player.improvements)} "
                          f"improvements ({IMPROVEMENT_LIMIT} at most).")


# === the end of the turn, leaving ===

def expire(state: GameState) -> tuple[GameState, list[Event]]:
    """The active seat's turn ends: every open offer expires (an offer lives at most the turn it was made
    in: rules.md, "Trades and promises")."""
    events: list[Event] = [{"type": "offer_expired", "offer": o.number} for o in state.offers]
    return replace(state, offers=()), events


def drop_seat(state: GameState, seat: int) -> tuple[GameState, list[Event]]:
    """A seat leaves the game: the open offers made by it or to it close."""
    gone = tuple(o for o in state.offers if seat in (o.sender, o.receiver))
    after = replace(state, offers=tuple(o for o in state.offers if o not in gone))
    return after, [{"type": "offer_expired", "offer": o.number} for o in gone]


# === legal ===

def _works(state: GameState, seat: int, text: str) -> bool:
    try:
        accept(state, seat, text)
    except Refused:
        return False
    return True


def legal(state: GameState, seat: int) -> list[str]:
    """`accept <O>` (with the trophies of its choice the offer asks for, when it does) while it would be
    accepted, `decline <O>` to the receiver, `withdraw <O>` to the sender; none during a battle."""
    if state.phase in (SETUP, OVER, *BATTLE_PHASES) or state.seats[seat].out:
        return []
    found: list[str] = []
    hand = state.seats[seat].trophies
    for o in state.offers:
        if o.receiver == seat:
            plain = items.plain_trophies(items.now_items(o.get))
            # Any trophies of the hand: `_works` drops those `accept` refuses (one the offer also names
            # `@now` is a card named twice); one it names for a later leg may be given now.
            texts = [o.name] if not plain else [
                " ".join([o.name, *(f"trophy {t}" for t in group)]) for group in items.groups(hand, plain)]
            found += [f"accept {t}" for t in texts if _works(state, seat, t)]
            found.append(f"decline {o.name}")
        elif o.sender == seat:
            found.append(f"withdraw {o.name}")
    return found

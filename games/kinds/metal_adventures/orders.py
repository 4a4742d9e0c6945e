"""Standing orders (rules.md, "Standing orders"): `order <name> <value>` sets one, `order <name> off`
unsets it, `order` alone lists the seat's own; the battle, the checkpoint and the cases read them through
the questions below, which give None while the order is unset (the window then runs).

Any seat still in may give an order at any time, battles and choices included. An order is stored in
Seat.orders as the canonical text of its value (state.md), seats numbered 1..n as in commands, terms
with every item's due point written out; the questions below read that text back."""

from __future__ import annotations

import re
from collections import Counter

from games.kinds.protocol import Event, Refused

from . import cards, items
from .records import CREDITS, NOW, WIN, Item
from .state import MAX_JP, ORDER_NAMES, GameState

ALLY = "ally"
DEFEND = "defend"
BOTH = "both"
ROLES = (ALLY, DEFEND)
OFF = "off"  # `order <name> off` unsets the order (and `order arm <card> off` disarms the card)
ALL = "all"
AUTO = "auto"
MANUAL = "manual"
NEW = "new"
ACCEPT = "accept"
DECLINE = "decline"
COUNTER = "counter"
# The support cards an `arm` order may name: played before the roll (pre-roll) or in the reaction pass.
ARMABLE = tuple(c for c in cards.SUPPORT_CARDS if cards.IMPROVEMENTS[c].timing in ("pre-roll", "reaction"))

USAGE = {
    "ally": "decline | accept [min <N>c] [from <seats>] | counter <terms>",
    "defend": "none | ask <seats|all> [for <terms>]",
    "betray": "no | <seats|all>",
    "mf ally": "yes | no",
    "mf defend": "yes | no",
    "arm": "<card> ally|defend|both|off",
    "trophies": "auto | manual",
    "plead": "innocent | guilty",
    "vote": "abstain | guilty | innocent",
    "overflow": "new | <one of your cards>",
}
# The orders whose value is one word of a fixed list.
WORDS = {"mf ally": ("yes", "no"), "mf defend": ("yes", "no"), "trophies": (AUTO, MANUAL),
         "plead": ("innocent", "guilty"), "vote": ("abstain", "guilty", "innocent")}
_NAMES_HELP = "ally, defend, betray, mf ally, mf defend, arm <card>, trophies, plead, vote, overflow"


# === THE COMMAND ===

def command(state: GameState, seat: int, text: str) -> tuple[GameState, list[Event]]:
    """`order` lists the seat's orders (an event for that seat only); `order <name> <value>` sets one,
    `order <name> off` unsets it. Refused, saying how to write it, when the value cannot be read."""
    player = state.seats[seat]
    if not text.strip():
        return state, [{"type": "orders", "seat": seat, "orders": dict(player.orders)}]
    name, value = read(state, seat, text)
    after = state.with_seat(seat, player.with_order(name, value))
    return after, [{"type": "order", "seat": seat, "name": name, "value": value}]


def read(state: GameState, seat: int, text: str) -> tuple[str, str | None]:
    """The order `text` gives (what follows `order`): its name and its canonical value, None to unset."""
    head, _, rest = text.strip().partition(" ")
    head, rest = head.lower(), rest.strip()
    if head == "arm":
        return _arm(rest)
    if head == "mf":
        role, _, rest = rest.partition(" ")
        if role.lower() not in ROLES:
            raise Refused("Say which Metal Faktor order: order mf ally yes|no, or order mf defend yes|no.")
        head, rest = f"mf {role.lower()}", rest.strip()
    if head not in ORDER_NAMES:
        raise Refused(f"There is no standing order called {head!r}. The orders: {_NAMES_HELP}.")
    if not rest:
        raise Refused(f"Say what the order is: order {head} {USAGE[head]} (or order {head} off to unset "
                      "it).")
    if rest.lower() == OFF:
        return head, None
    if head in WORDS:
        return head, _word(head, rest)
    if head == "ally":
        return head, _ally(state, seat, rest)
    if head == "defend":
        return head, _defend(state, seat, rest)
    if head == "betray":
        return head, _betray(state, seat, rest)
    return head, _overflow(state, seat, rest)


def _usage(name: str) -> str:
    return f"order {name} {USAGE[name]}, or order {name} off"


def _word(name: str, text: str) -> str:
    word = text.lower()
    if word not in WORDS[name]:
        raise Refused(f"{text!r} is not a value of `order {name}`: {_usage(name)}.")
    return word


def _arm(text: str) -> tuple[str, str | None]:
    words = text.split()
    role = words[-1].lower() if words else ""
    if len(words) < 2 or role not in (*ROLES, BOTH, OFF):
        raise Refused(f"Name the card and when to use it: {_usage('arm')}.")
    card = cards.find(" ".join(words[:-1]), ARMABLE, "the cards that can be armed")
    return f"arm {card}", None if role == OFF else role


def _ally(state: GameState, seat: int, text: str) -> str:
    word, _, tail = text.partition(" ")
    word, tail = word.lower(), tail.strip()
    if word == DECLINE and not tail:
        return DECLINE
    if word == COUNTER:
        if not tail:
            raise Refused(f"Say the terms you ask for: order ally counter <terms> ({items.ITEM_HELP}).")
        return f"{COUNTER} {terms_text(items.parse(tail, WIN))}"
    if word == ACCEPT:
        minimum, seats = _accept_parts(tail)
        if seats is not None:
            _check_seats(state, seat, seats)
        return _accept_text(minimum, seats)
    raise Refused(f"Could not read {text!r}: {_usage('ally')}.")


def _accept_parts(text: str) -> tuple[int, tuple[int, ...] | None]:
    """`[min <N>c] [from <seats>]`, in either order: (N, the seats as indexes or None for anyone)."""
    words = text.lower().split()
    minimum: int | None = None
    seats: tuple[int, ...] | None = None
    fromed = False
    i = 0
    while i < len(words):
        if words[i] == "min" and minimum is None and i + 1 < len(words):
            amount = re.fullmatch(r"(\d+)c?", words[i + 1])
            if amount is None:
                raise Refused(f"`min` takes an amount of credits, such as `min 2c`: {_usage('ally')}.")
            minimum = int(amount.group(1))
            i += 2
        elif words[i] == "from" and not fromed and i + 1 < len(words):
            end = next((j for j in range(i + 1, len(words)) if words[j] == "min"), len(words))
            seats = seat_list(" ".join(words[i + 1:end]))
            fromed = True
            i = end
        else:
            raise Refused(f"Could not read `accept {text}`: {_usage('ally')}.")
    return minimum or 0, seats


def _accept_text(minimum: int, seats: tuple[int, ...] | None) -> str:
    parts = [ACCEPT]
    if minimum:
        parts.append(f"min {minimum}c")
    if seats is not None:
        parts.append(f"from {seats_text(seats)}")
    return " ".join(parts)


def _defend(state: GameState, seat: int, text: str) -> str:
    word, _, tail = text.partition(" ")
    word, tail = word.lower(), tail.strip()
    if word == "none" and not tail:
        return "none"
    if word != "ask":
        raise Refused(f"Could not read {text!r}: {_usage('defend')}.")
    words = tail.split()
    cut = next((i for i, w in enumerate(words) if w.lower() == "for"), len(words))
    named, terms = " ".join(words[:cut]), " ".join(words[cut + 1:])
    if not named:
        raise Refused(f"Name the seats to ask: {_usage('defend')}.")
    seats = seat_list(named)
    if seats is not None:
        _check_seats(state, seat, seats)
    value = f"ask {seats_text(seats)}"
    if cut < len(words):
        if not terms:
            raise Refused(f"Say the terms you offer after `for` ({items.ITEM_HELP}).")
        value += f" for {terms_text(items.parse(terms, WIN))}"
    return value


def _betray(state: GameState, seat: int, text: str) -> str:
    if text.lower() == "no":
        return "no"
    seats = seat_list(text)
    if seats is not None:
        _check_seats(state, seat, seats)
    return seats_text(seats)


def _overflow(state: GameState, seat: int, text: str) -> str:
    if text.lower() == NEW:
        return NEW
    player = state.seats[seat]
    held = (*player.improvements, *player.trophies)
    if not held:
        raise Refused("You hold no card to let go instead: order overflow new.")
    return cards.find(text, held, "your improvements and trophies")


# === SEATS AND TERMS AS ORDERS WRITE THEM ===

def seat_list(text: str) -> tuple[int, ...] | None:
    """Seats by number (`2,3`, `2, 3` or `2 3`) as indexes in order, or None for `all`; refused when a
    word is not a number."""
    words = [w for w in re.split(r"[,\s]+", text.strip().lower()) if w]
    if words == [ALL]:
        return None
    if not words or not all(w.isdigit() for w in words):
        raise Refused(f"Name seats by number, such as `2,3`, or say `all`; not {text.strip()!r}.")
    return tuple(sorted({int(w) - 1 for w in words}))


def _check_seats(state: GameState, seat: int, seats: tuple[int, ...]) -> None:
    for other in seats:
        if not 0 <= other < state.players:
            raise Refused(f"There is no seat {other + 1} in this game (seats 1 to {state.players}).")
        if other == seat:
            raise Refused("Name other seats, not your own.")
        if state.seats[other].out:
            raise Refused(f"Seat {other + 1} has left the game.")


def seats_text(seats: tuple[int, ...] | None) -> str:
    return ALL if seats is None else ",".join(str(s + 1) for s in seats)


def terms_text(terms: tuple[Item, ...]) -> str:
    """Terms with every item's due point written, so they read back the same whatever the default."""
    return " + ".join(i.text() if i.due != NOW else f"{i.text()}@{NOW}" for i in terms)


# === THE QUESTIONS THE GAME ASKS ===

def _value(state: GameState, seat: int, name: str) -> str | None:
    return state.seats[seat].order(name)


def ally_answer(state: GameState, seat: int, principal: int,
                terms: tuple[Item, ...]) -> tuple[str, tuple[Item, ...]] | None:
    """How `order ally` answers `principal`'s ask with these terms: ("accept", ()), ("decline", ()) or
    ("counter", terms); None when unset. `accept [min N] [from seats]` accepts when the principal is
    listed and the terms hold at least N₡ due `@now` or `@win`, and declines otherwise; a counter equal
    to the terms offered accepts them."""
    value = _value(state, seat, "ally")
    if value is None:
        return None
    word, _, tail = value.partition(" ")
    if word == DECLINE:
        return DECLINE, ()
    if word == COUNTER:
        counter = items.parse(tail, WIN)
        return (ACCEPT, ()) if Counter(counter) == Counter(terms) else (COUNTER, counter)
    minimum, seats = _accept_parts(tail)
    credits = sum(i.amount for i in terms if i.kind == CREDITS and i.due in (NOW, WIN))
    if (seats is None or principal in seats) and credits >= minimum:
        return ACCEPT, ()
    return DECLINE, ()


def defend(state: GameState, seat: int) -> tuple[tuple[tuple[int, ...], tuple[Item, ...]], ...] | None:
    """`order defend`: the asks a challenged seat sends at once, each (seats, terms), then `ready`; () for
    `none`; None when unset. Only seats that may be asked now are named: still in, not the seat itself nor
    the challenger, below 4 JP; () when none is left, or when the seat itself is at 4 JP."""
    value = _value(state, seat, "defend")
    if value is None:
        return None
    if value == "none" or state.seats[seat].jp >= MAX_JP:
        return ()
    named, _, terms = value.removeprefix("ask ").partition(" for ")
    listed = seat_list(named)
    challenger = state.battle.attacker if state.battle is not None else None
    asked = tuple(i for i in (range(state.players) if listed is None else listed)
                  if i != seat and i != challenger and not state.seats[i].out and state.seats[i].jp < MAX_JP)
    if not asked:
        return ()
    return ((asked, items.parse(terms, WIN) if terms else ()),)


def betray(state: GameState, seat: int, principal: int) -> bool | None:
    """`order betray`: True to betray `principal`, False for loyal; None when unset. Loyal to a seat not
    listed, and always against a Pirate Hunter."""
    value = _value(state, seat, "betray")
    if value is None:
        return None
    if value == "no" or _against_hunter(state):
        return False
    listed = seat_list(value)
    return listed is None or principal in listed


def _against_hunter(state: GameState) -> bool:
    battle = state.battle
    return battle is not None and battle.target in cards.STARSHIPS and cards.STARSHIPS[battle.target].hunter


def mf(state: GameState, seat: int, role: str) -> bool | None:
    """`order mf ally|defend` (role ALLY or DEFEND): the Metal Faktor declaration; None when unset."""
    if role not in ROLES:
        raise ValueError(f"a Metal Faktor order is for {' or '.join(ROLES)}, not {role!r}")
    value = _value(state, seat, f"mf {role}")
    return None if value is None else value == "yes"


def armed(state: GameState, seat: int, role: str) -> tuple[str, ...]:
    """The support cards the seat holds whose `order arm <card>` covers `role` (ALLY or DEFEND): S02 is
    played before the roll, S01/S03/S04 armed for the reaction pass. In the order the seat got them."""
    if role not in ROLES:
        raise ValueError(f"an arm order is for {' or '.join(ROLES)}, not {role!r}")
    return tuple(card for card in state.seats[seat].improvements
                 if _value(state, seat, f"arm {card}") in (role, BOTH))


def trophies_mode(state: GameState, seat: int) -> str:
    """"auto" (the default) or "manual"."""
    return _value(state, seat, "trophies") or AUTO


def plead(state: GameState, seat: int) -> str | None:
    """`order plead`: "innocent" or "guilty"; None when unset."""
    return _value(state, seat, "plead")


def vote(state: GameState, seat: int) -> str | None:
    """`order vote`: "abstain", "guilty" or "innocent"; None when unset."""
    return _value(state, seat, "vote")


def overflow(state: GameState, seat: int) -> str:
    """`order overflow`: "new" (the default) or the id of the seat's own card to let go; "new" again once
    the seat no longer holds that card."""
    value = _value(state, seat, "overflow")
    player = state.seats[seat]
    if value is None or value not in (*player.improvements, *player.trophies):
        return NEW
    return value

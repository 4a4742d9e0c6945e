"""Items that change hands (rules.md, "Trades and promises"): reading them from a command, whether a seat
holds them, and moving them from one seat to another at once.

Items are written `<n>c` (credits), `card <card>` (an improvement), `wreck <id>`, `trophy <id>` or `trophy`
(one of the giver's, its choice), joined with `+`; each may end with a due point `@now`, `@win`, `@end` or
`@next`. An item without one takes the default the caller gives (`@win` in an ally's terms, `@now` in an
offer)."""

from __future__ import annotations

import re
from dataclasses import replace

from games.kinds.protocol import Refused

from . import cards
from .records import ANY_TROPHY, CARD, CREDITS, DUES, NOW, TROPHY, WRECK, Item
from .state import GameState

_CREDITS = re.compile(r"(\d+)\s*c")
ITEM_HELP = ("items are `<n>c`, `card <card>`, `wreck <id>`, `trophy <id>` or `trophy`, joined with `+`, "
             "each with an optional due point `@now`, `@win`, `@end` or `@next`")


def parse(text: str, default_due: str, dues: tuple[str, ...] = DUES) -> tuple[Item, ...]:
    """The items `text` names, in order; refused, saying how to write them, when one cannot be read or its
    due point is not among `dues`. Cards are read by id or name among every card of their sort: whether
    the giver holds them is `lacking`'s question."""
    parts = [p.strip() for p in text.split("+")]
    if not text.strip() or not all(parts):
        raise Refused(f"Say what is given: {ITEM_HELP}.")
    return tuple(_item(part, default_due, dues) for part in parts)


def _item(part: str, default_due: str, dues: tuple[str, ...]) -> Item:
    word, at, due = part.partition("@")
    due = due.strip().lower() if at else default_due
    if due not in dues:
        raise Refused(f"{part!r}: the due point is one of {', '.join('@' + d for d in dues)} here.")
    word = " ".join(word.lower().split())
    credits = _CREDITS.fullmatch(word)
    if credits:
        amount = int(credits.group(1))
        if amount < 1:
            raise Refused(f"{part!r}: give at least 1 credit.")
        return Item(CREDITS, amount=amount, due=due)
    kind, _, name = word.partition(" ")
    if kind == TROPHY and not name:
        return Item(TROPHY, due=due)  # card: ANY_TROPHY, the default (the giver chooses)
    zone = {CARD: (cards.IMPROVEMENTS, "the improvements"), WRECK: (cards.STARSHIPS, "the starships"),
            TROPHY: (cards.TROPHIES, "the trophies")}.get(kind)
    if zone is None or not name:
        raise Refused(f"Could not read {part!r}: {ITEM_HELP}.")
    return Item(kind, card=cards.find(name, zone[0], zone[1]), due=due)


def lacking(state: GameState, seat: int, items: tuple[Item, ...]) -> str:
    """Why the seat cannot give all these items now ("" when it can), in words for that seat."""
    player = state.seats[seat]
    credits = sum(i.amount for i in items if i.kind == CREDITS)
    if credits > player.credits:
        return f"you have {player.credits}₡, not {credits}₡"
    named: dict[str, tuple[str, ...]] = {CARD: player.improvements, WRECK: player.wrecks,
                                         TROPHY: player.trophies}
    for item in items:
        if item.kind == TROPHY and item.card == ANY_TROPHY:
            continue
        if item.kind in named and item.card not in named[item.kind]:
            return f"you do not hold {cards.label(item.card) if item.kind != WRECK else 'that wreck'}"
    any_trophies = sum(1 for i in items if i.kind == TROPHY and i.card == ANY_TROPHY)
    named_trophies = sum(1 for i in items if i.kind == TROPHY and i.card != ANY_TROPHY)
    if any_trophies + named_trophies > len(player.trophies):
        return f"you hold {trophies_word(len(player.trophies))}"
    cards_named = [i.card for i in items if i.card]
    if len(set(cards_named)) != len(cards_named):
        return "a card is named twice"
    return ""


def transfer(state: GameState, giver: int, receiver: int, items: tuple[Item, ...]) -> GameState:
    """Moves the items from giver to receiver at once, every trophy named (`choosing` fills those left to
    the giver's choice). The caller has checked `lacking` and the receiver's limits."""
    give = state.seats[giver]
    take = state.seats[receiver]
    credits = sum(i.amount for i in items if i.kind == CREDITS)
    improvements = [i.card for i in items if i.kind == CARD]
    wrecks = [i.card for i in items if i.kind == WRECK]
    moved_trophies = [i.card for i in items if i.kind == TROPHY]
    give = replace(give.with_improvements(tuple(c for c in give.improvements if c not in improvements)),
                   credits=give.credits - credits,
                   wrecks=tuple(w for w in give.wrecks if w not in wrecks),
                   trophies=tuple(t for t in give.trophies if t not in moved_trophies))
    take = replace(take.with_improvements((*take.improvements, *improvements)),
                   credits=take.credits + credits, wrecks=(*take.wrecks, *wrecks),
                   trophies=(*take.trophies, *moved_trophies))
    return state.with_seat(giver, give).with_seat(receiver, take)


def now_items(items: tuple[Item, ...]) -> tuple[Item, ...]:
    return tuple(i for i in items if i.due == NOW)


def later_items(items: tuple[Item, ...]) -> tuple[Item, ...]:
    return tuple(i for i in items if i.due != NOW)


def plain_trophies(items: tuple[Item, ...]) -> int:
    """How many of the items are a `trophy` left to the giver's choice."""
    return sum(1 for i in items if i.kind == TROPHY and i.card == ANY_TROPHY)


def choosing(items: tuple[Item, ...], trophies: tuple[str, ...]) -> tuple[Item, ...]:
    """The items with their plain `trophy` items filled, in order, by `trophies` (the giver's choice);
    those left over when `trophies` runs short stay plain (and `lacking` then counts them)."""
    chosen = iter(trophies)
    filled = []
    for item in items:
        if item.kind == TROPHY and item.card == ANY_TROPHY:
            card = next(chosen, ANY_TROPHY)
            item = replace(item, card=card)
        filled.append(item)
    return tuple(filled)


def named_trophies(text: str, hand: tuple[str, ...]) -> tuple[str, ...]:
    """The trophies `trophy <t> [trophy <t>]` names among the seat's hand, in order ("" names none)."""
    names = [part.strip() for part in re.split(r"(?:^|\s)trophy(?:\s|$)", text.strip(), flags=re.I)]
    if names and names[0]:
        raise Refused(f"Could not read {text.strip()!r}: name the trophies you give as `trophy <t>`.")
    wanted = [name for name in names[1:]]
    if any(not name for name in wanted):
        raise Refused("Name each trophy after the word `trophy`.")
    return tuple(cards.find(name, hand, "your trophies") for name in wanted)


def groups(options: tuple[str, ...], count: int) -> list[tuple[str, ...]]:
    """Every choice of `count` of the options, each in the options' order (legal lists read it)."""
    if count == 0:
        return [()]
    if len(options) < count:
        return []
    head, tail = options[0], options[1:]
    return [(head, *g) for g in groups(tail, count - 1)] + groups(tail, count)


def trophies_word(count: int) -> str:
    """"1 trophy", "2 trophies"."""
    return f"{count} trophy" if count == 1 else f"{count} trophies"

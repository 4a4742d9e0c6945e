"""Delivering what a promise owes (rules.md, "Trades and promises"): the items move from the debtor to the
creditor at once, and a card or trophy that takes the creditor over its limit is let go at once, as the
creditor's `order overflow` says: the card just delivered (the default), or the own card it names."""

from __future__ import annotations

from dataclasses import replace

from games.kinds.protocol import Event

from . import choices, items, orders
from .records import CARD, TROPHY, Item
from .state import IMPROVEMENT_LIMIT, TROPHY_LIMIT, GameState

NEW = "new"


def deliver(state: GameState, debtor: int, creditor: int,
            given: tuple[Item, ...]) -> tuple[GameState, list[Event]]:
    """The items (every trophy named: items.choosing) move now; then the creditor's overflow, if any. The
    caller has checked that the debtor holds them (items.lacking)."""
    after = items.transfer(state, debtor, creditor, given)
    cards_in = tuple(i.card for i in given if i.kind == CARD)
    trophies_in = tuple(i.card for i in given if i.kind == TROPHY)
    return overflow(after, creditor, cards_in, trophies_in)


def overflow(state: GameState, seat: int, cards_in: tuple[str, ...],
             trophies_in: tuple[str, ...]) -> tuple[GameState, list[Event]]:
    """The seat holds more than 4 improvements or 2 trophies after `cards_in` and `trophies_in` arrived:
    the card its order names goes first (when it holds it), then the newest arrivals: an improvement to
    where it goes when discarded (choices.put_away), a trophy to the bottom of the Trophy deck."""
    order = orders.overflow(state, seat)
    player = state.seats[seat]
    events: list[Event] = []
    extra = len(player.improvements) - IMPROVEMENT_LIMIT
    if extra > 0:
        gone = _let_go(player.improvements, cards_in, order, extra)
        player = player.with_improvements(tuple(c for c in player.improvements if c not in gone))
        state = state.with_seat(seat, player)
        for card in gone:
            state = choices.put_away(state, card)
            events.append({"type": "overflow_discard", "seat": seat, "card": card})
    extra = len(player.trophies) - TROPHY_LIMIT
    if extra > 0:  # pragma: no mutate (at 0, `_let_go` gives [:0]: nothing goes, the same state)
        gone = _let_go(player.trophies, trophies_in, order, extra)
        state = state.with_seat(seat, replace(player, trophies=tuple(t for t in player.trophies
                                                                     if t not in gone)))
        state = replace(state, trophy_deck=(*state.trophy_deck, *gone))
        for trophy in gone:
            events.append({"type": "overflow_discard", "seat": seat, "card": trophy})
    return state, events


def _let_go(held: tuple[str, ...], arrived: tuple[str, ...], order: str, extra: int) -> tuple[str, ...]:
    first = (order,) if order != NEW and order in held else ()
    newest = tuple(card for card in reversed(arrived) if card not in first)
    return (first + newest)[:extra]

"""Trade offers made to the greedy bot (rules.md, "Trades and promises"): it accepts one whose items are
worth more to it than what it gives (promised items counted at the trust a promise deserves), and
declines the others. It makes none itself."""

from __future__ import annotations

from ..records import NOW, Item
from ..state import GameState
from . import worth
from .attack import TRUST
from .stakes import items_worth

MARGIN = 0.5


def _given_worth(view: GameState, me: int, items: tuple[Item, ...]) -> float:
    """What giving these items away costs the seat (a plain `trophy`: its weakest)."""
    total = 0.0
    hand = sorted(view.seats[me].trophies, key=lambda t: worth.trophy_worth(view, me, t))
    for item in items:
        if item.kind == "credits":
            total += item.amount
        elif item.kind == "card":
            total += worth.improvement_worth(view, me, item.card)
        elif item.kind == "wreck":
            total += worth.wreck_worth(view, me, item.card)
        elif item.kind == "trophy":
            card = item.card or (hand[0] if hand else "")
            total += worth.trophy_worth(view, me, card) if card else 0.0
    return total


def answer(view: GameState, me: int, legal: list[str]) -> str | None:
    """`accept <O>` for an offer worth taking, `decline <O>` for one that is not; None when no offer
    waits for the seat's answer."""
    for offer in view.offers:
        if offer.receiver != me:
            continue
        gets = items_worth(view, me, tuple(i for i in offer.give if i.due == NOW))
        gets += TRUST * items_worth(view, me, tuple(i for i in offer.give if i.due != NOW))
        gives = _given_worth(view, me, offer.get)
        accepts = [c for c in legal if c == f"accept {offer.name}" or c.startswith(f"accept {offer.name} ")]
        if gets - gives >= MARGIN and accepts:
            return accepts[0]
        if f"decline {offer.name}" in legal:
            return f"decline {offer.name}"
    return None

"""Paying costs with Metabaloids: cards discarded from hand, each worth its printed cost (rules.md,
"Paying costs"). A payment must reach the cost and every card in it must be needed; points beyond the
cost are lost. Without a named payment the site picks one (auto-payment)."""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations

from games.kinds.protocol import Refused

from .cards import card
from .state import Seat, code_of


def points(card_ids: Sequence[str]) -> int:
    return sum(card(code_of(c)).cost for c in card_ids)


def auto(seat: Seat, cost: int, exclude: str | None = None) -> list[str] | None:
    """The payment the site picks: among hand cards not on the keep list (nor the card being played), the
    set with the smallest excess, then the fewest cards, then the lower total defense (high defense is kept
    for damage), then codes in alphabetical order. None when no such set reaches the cost."""
    if cost <= 0:
        return []
    keep = set(seat.orders.keep)
    pool = [c for c in seat.hand if c != exclude and code_of(c) not in keep
            and card(code_of(c)).cost > 0]  # a card worth 0 is never needed (_all_needed): spares work
    # An event the seat's own `use` orders name is spent only when nothing else pays: a player who wrote
    # `order use shell on defend` expects its boost not to eat the Shell Up (rules.md, "Paying costs").
    ordered = {order.card for order, on in seat.orders.uses if on and card(order.card).is_event}
    spare = [c for c in pool if code_of(c) not in ordered]
    if spare != pool:
        found = _cheapest(spare, cost)
        if found is not None:
            return found
    return _cheapest(pool, cost)


def _cheapest(pool: list[str], cost: int) -> list[str] | None:
    pool.sort()
    best: tuple[int, int, int, list[str], list[str]] | None = None
    # Every card is worth 1 or more and each must be needed, so no payment holds more cards than the cost:
    # looking further would only slow a large hand down.
    for size in range(1, min(len(pool), cost) + 1):  # pragma: no mutate (other sizes hold no needed set)
        for combo in combinations(pool, size):
            total = points(combo)
            if total < cost or not _all_needed(combo, cost):
                continue
            # The pool is sorted by id, and a seat's ids sort as their codes do: ties already fall to the
            # first set found, so the codes only say it outright.
            codes = sorted(code_of(c) for c in combo)  # pragma: no mutate (see above)
            key = (total - cost,  # pragma: no mutate (any order-keeping excess: the cost is fixed)
                   size, sum(card(code_of(c)).dfn for c in combo), codes, list(combo))
            if best is None or key[:4] < best[:4]:
                best = key
    return None if best is None else best[4]


def _all_needed(combo: Sequence[str], cost: int) -> bool:
    total = points(combo)
    # A set holding a card it does not need has a subset of smaller excess, which wins anyway: the check
    # keeps such sets out of the comparison, as the rule words it.
    return all(total - card(code_of(c)).cost < cost for c in combo)  # pragma: no mutate (see above)


def named(seat: Seat, cost: int, words: Sequence[str], exclude: str | None = None) -> list[str]:
    """The hand cards a `paying` clause names, checked: in hand, not the card being played, enough, and
    each one needed. Refused otherwise, saying why."""
    from .words import card_word

    chosen: list[str] = []
    for word in words:
        code = card_word(word)
        options = [c for c in seat.hand if code_of(c) == code and c != exclude and c not in chosen]
        if not options:
            if exclude is not None and code_of(exclude) == code:
                raise Refused(f"a card cannot pay for itself: you hold no other {card(code).name}")
            raise Refused(f"you hold no {card(code).name} to pay with")
        chosen.append(options[0])
    total = points(chosen)
    if cost <= 0:
        if chosen:
            raise Refused("this costs nothing: pay with no card")
        return []
    if total < cost:
        raise Refused(f"that pays {total}, and this costs {cost}")
    for c in chosen:
        if total - card(code_of(c)).cost >= cost:
            raise Refused(f"{code_of(c)} is not needed: the rest already pays {cost}")
    return chosen


def choose(seat: Seat, cost: int, words: Sequence[str] | None, exclude: str | None = None) -> list[str]:
    """The payment a command makes: the named cards, or the auto-payment. Refused when none exists."""
    if words:
        return named(seat, cost, words, exclude)
    paid = auto(seat, cost, exclude)
    if paid is None:
        kept = " without kept cards" if seat.orders.keep else ""
        raise Refused(f"you cannot pay {cost} from your hand{kept}"
                      + ("; name them with paying" if kept else ""))
    return paid


def pay(seat: Seat, paid: Sequence[str]) -> None:
    """The paid cards go face up onto the discard pile in the order given (the last ends on top)."""
    for c in paid:
        seat.hand.remove(c)
        seat.discard.append(c)


def can_pay(seat: Seat, cost: int, exclude: str | None = None) -> bool:
    return auto(seat, cost, exclude) is not None

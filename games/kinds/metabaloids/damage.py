"""Paying battle damage (rules.md, "Damage payment"): cards go to the lost pile for their defense, the
draw pile at 1 point a card unseen, the discard pile only from its top (zero cards lost on the way).
The default algorithm answers for a seat that is not asked, and for whatever remains when it passes."""

from __future__ import annotations

from games.kinds.protocol import Refused

from . import grid, piles
from .cards import card
from .context import Ctx
from .state import Seat, code_of

SOURCES = ("discard", "draw", "hand", "reserve", "play")


def value(card_id: str) -> int:
    return card(code_of(card_id)).dfn


def _candidates(ctx: Ctx, seat: Seat, sources: tuple[str, ...]) -> list[tuple[str, int, str, int, str]]:
    """(source, worth, code, cost, card id or "") of every card worth more than 0 in these sources."""
    found: list[tuple[str, int, str, int, str]] = []
    for source in sources:
        if source == "discard" and seat.discard and value(seat.discard[-1]) > 0:
            top = seat.discard[-1]
            found.append((source, value(top), code_of(top), card(code_of(top)).cost, top))
        elif source == "draw" and piles.can_take(ctx.state, seat):
            found.append((source, 1, "", 0, ""))  # pragma: no mutate (sole draw entry: cost ties nothing)
        elif source in ("hand", "reserve", "play"):
            cards = {"hand": seat.hand, "reserve": seat.reserve, "play": seat.in_play()}[source]
            for c in cards:
                if value(c) > 0:
                    found.append((source, value(c), code_of(c), card(code_of(c)).cost, c))
    return found


def _priority(seat: Seat) -> tuple[str, ...]:
    listed = tuple(s for s in seat.orders.pay if s in SOURCES)
    return listed + tuple(s for s in SOURCES if s not in listed)


def default_pay(ctx: Ctx, label: int, owed: int) -> int:
    """The `pay` order: pay `owed` by the priority list (sources not listed only once the listed ones are
    spent; kept hand cards only when nothing else can pay). Returns what is left (0 when paid; a positive
    rest is waived)."""
    seat = ctx.state.seat(label)
    priority = _priority(seat)
    listed = tuple(s for s in seat.orders.pay if s in SOURCES)
    keep = set(seat.orders.keep)
    while owed > 0:
        pick = None
        dug = False
        # A source is spent only when nothing in it can pay: the discard pile while a card worth more than
        # 0 lies under zero cards is not, so it is dug before the next sources; and a kept hand card pays
        # only once every other source, the play area included, is spent (rules.md, "Paying damage").
        for sources in (listed, priority):
            pool = [c for c in _candidates(ctx, seat, sources) if not (c[0] == "hand" and c[2] in keep)]
            if pool:
                pick = _best(pool, owed, priority)
                break
            if "discard" in sources and _dig(seat):
                pay_discard(ctx, label)
                dug = True
                break
        if dug:
            continue
        if pick is None:
            kept = _candidates(ctx, seat, priority)
            if not kept:
                ctx.emit({"type": "waived", "seat": label, "n": owed, "why": "damage"})
                return owed
            pick = _best(kept, owed, priority)
        owed -= pay_one(ctx, label, pick[0], pick[4])
    return 0


def _best(pool: list[tuple[str, int, str, int, str]], owed: int,
          priority: tuple[str, ...]) -> tuple[str, int, str, int, str]:
    """The least card covering the rest, else the most worth; ties by priority, lower cost, code."""
    covering = [c for c in pool if c[1] >= owed]
    if covering:
        return min(covering, key=lambda c: (c[1], priority.index(c[0]), c[3], c[2]))
    return min(pool, key=lambda c: (-c[1], priority.index(c[0]), c[3], c[2]))


def _dig(seat: Seat) -> bool:
    """Whether a card worth more than 0 lies under zero cards on the discard pile."""
    return any(value(c) > 0 for c in seat.discard)


def pay_one(ctx: Ctx, label: int, source: str, card_id: str) -> int:
    """One card goes to the lost pile as payment; returns the points it paid."""
    state = ctx.state
    seat = state.seat(label)
    if source == "draw":
        got = piles.take(state, seat, ctx.dice, ctx.events)
        if got is None:
            raise Refused("your draw pile is empty")  # pragma: no mutate (decisions.pay_line checks first)
        piles.to_lost(state, seat, got)
        ctx.emit({"type": "paid", "seat": label, "card": got, "from": "draw", "points": 1})
        return 1
    if source == "discard":
        return pay_discard(ctx, label)
    if source == "hand":
        seat.hand.remove(card_id)
    elif source == "reserve":
        seat.reserve.remove(card_id)
    else:
        grid.remove(seat, card_id)
    piles.to_lost(state, seat, card_id)
    ctx.emit({"type": "paid", "seat": label, "card": card_id, "from": source, "points": value(card_id)})
    return value(card_id)


def pay_discard(ctx: Ctx, label: int) -> int:
    seat = ctx.state.seat(label)
    if not seat.discard:
        raise Refused("your discard pile is empty")
    top = seat.discard.pop()
    piles.to_lost(ctx.state, seat, top)
    ctx.emit({"type": "paid", "seat": label, "card": top, "from": "discard", "points": value(top)})
    return value(top)


def reachable(ctx: Ctx, label: int) -> bool:
    """Whether any card worth more than 0 can still pay (digging the discard pile included)."""
    seat = ctx.state.seat(label)
    return bool(_candidates(ctx, seat, SOURCES)) or _dig(seat)

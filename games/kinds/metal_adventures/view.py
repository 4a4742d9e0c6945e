"""What one reader may see of a game (state.md, "Who may see what"): `view(state, seat)` for pages, mail,
downloads and the API; `bot_state(state, seat)` for bots, a whole GameState that holds only what the
seat knows. Hidden: other seats' trophies, wrecks, orders and undeclared battle declarations; every
deck's order; cards a choice holds for another seat; the trophies and wrecks named in promises, offers
and an alliance's terms to all but the seats state.md names."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from . import cards
from .battle_state import Battle, Declaration
from .declare import step_of, steps
from .records import TAKE_WRECKS, TROPHY, WRECK, Choice, Item, Offer, Promise
from .state import GameState, Seat


def _items(items: tuple[Item, ...], wrecks: bool, trophies: bool) -> list[str]:
    """Items as text, "a wreck" unless `wrecks`, "a trophy" unless `trophies` (state.md)."""
    return [item.text(hide=(item.kind == WRECK and not wrecks) or (item.kind == TROPHY and not trophies))
            for item in items]


def _seat(seat: Seat, index: int, me: int | None) -> dict[str, Any]:
    mine = index == me
    return {"base": seat.base, "credits": seat.credits, "power": seat.power, "damage": seat.damage,
            "glory": seat.glory, "jp": seat.jp, "mf": seat.mf, "improvements": list(seat.improvements),
            "trophies": list(seat.trophies) if mine else None, "trophy_count": len(seat.trophies),
            "wrecks": list(seat.wrecks) if mine else None, "wreck_count": len(seat.wrecks),
            "orders": dict(seat.orders) if mine else None, "revealed_this_turn": seat.revealed_this_turn,
            "took_jp_this_turn": seat.took_jp_this_turn, "accusations": list(seat.accusations),
            "out": seat.out, "perk_used": seat.perk_used}


def public_declaration(battle: Battle, decl: Declaration, me: int | None) -> bool:
    """A declaration is shown once its step has closed; its own seat always sees it."""
    if decl.seat == me:
        return True
    if not decl.done:
        return False
    order = steps(battle)
    mine = step_of(battle, decl.seat)
    if battle.step in order and mine in order:
        return order.index(mine) < order.index(battle.step) or battle.orange > 0
    return battle.orange > 0 or battle.step == ""


def _battle(battle: Battle, me: int | None) -> dict[str, Any]:
    data = battle.to_dict()
    data["declarations"] = [d.to_dict() if public_declaration(battle, d, me) else
                            {"seat": d.seat, "done": d.done, "hidden": True} for d in battle.declarations]
    for ask, shown in zip(battle.asks, data["asks"], strict=True):
        # Terms are promises (rules.md, "What the log tells each reader"): a trophy only to the principal
        # until it arrives, a wreck to the principal and the seat asked; a counter-offer to both.
        party = me in (ask.principal, ask.seat)
        shown["terms"] = _items(ask.terms, party, me == ask.principal)
        shown["counter"] = _items(ask.counter, party, party)
    return data


def _choice(choice: Choice, me: int | None) -> dict[str, Any]:
    data = choice.to_dict()
    if choice.seat != me:
        if choice.kind == "trophy":
            data["cards"] = None
        if choice.kind == TAKE_WRECKS:
            data["options"] = None
    return data


def _promise(promise: Promise, me: int | None) -> dict[str, Any]:
    data = promise.to_dict()
    data["items"] = _items(promise.items, me in (promise.debtor, promise.creditor), me == promise.debtor)
    return data


def _offer(offer: Offer, me: int | None) -> dict[str, Any]:
    data = offer.to_dict()
    sees = me in (offer.sender, offer.receiver)
    data["give"], data["get"] = _items(offer.give, sees, me == offer.sender), _items(offer.get, sees, sees)
    return data


def view(state: GameState, seat: int | None) -> dict[str, Any]:
    """The game as `seat` may see it (None: a spectator). JSON-safe."""
    me = seat if seat is not None and 0 <= seat < state.players else None
    blue, red = state.space_counts()
    return {
        "seat": me,
        "options": state.options.to_dict(),
        "phase": state.phase,
        "turn": state.turn,
        "active": state.active,
        "seats": [_seat(s, i, me) for i, s in enumerate(state.seats)],
        "space_deck": {"blue": blue, "red": red},
        "space_area": list(state.space_area),
        "pot": state.pot,
        "treasuries": state.treasuries.to_dict(),
        "trophy_deck": len(state.trophy_deck),
        "improvement_deck": len(state.improvement_deck),
        "ocg_row": list(state.ocg_row),
        "bazaar_pile": list(state.bazaar_pile),
        "karokum_pile": list(state.karokum_pile),
        "out_of_game": list(state.out_of_game),
        "bank": state.bank,
        "dealt": list(state.dealt[me]) if me is not None and state.dealt else None,
        "chosen": list(state.chosen),
        "battle": None if state.battle is None else _battle(state.battle, me),
        "event_applied_this_turn": state.event_applied_this_turn,
        "turn_done": list(state.turn_done),
        "travel": state.travel.to_dict(),
        "choices": [_choice(c, me) for c in state.choices],
        "deeds": [[s, d] for s, d in state.deeds],
        "promises": [_promise(p, me) for p in state.promises],
        "offers": [_offer(o, me) for o in state.offers],
        "cases": [c.to_dict() for c in state.cases],
    }


# === BOTS ===

def bot_state(state: GameState, seat: int) -> GameState:
    """A GameState holding only what `seat` knows: every card it cannot see is dealt back into the places
    it cannot see in one fixed order (ids sorted, events first where only the Space deck may hold them),
    so the result depends on nothing hidden; others' orders are cleared, their undeclared declarations
    blank, and hidden items of promises and offers between other seats dropped."""
    state = _space(state, seat)
    state = _trophies(state, seat)
    state = replace(state, improvement_deck=tuple(sorted(state.improvement_deck)), space_mixed=())
    seats = tuple(s if i == seat else replace(s, orders=()) for i, s in enumerate(state.seats))
    dealt = tuple(d if i == seat else tuple(sorted(d)) for i, d in enumerate(state.dealt))
    battle = state.battle
    if battle is not None:
        battle = replace(battle, declarations=tuple(
            d if public_declaration(battle, d, seat) else Declaration(d.seat, done=d.done)
            for d in battle.declarations))
    promises = tuple(replace(p, items=_known(p.items, seat in (p.debtor, p.creditor)))
                     for p in state.promises)
    offers = tuple(replace(o, give=_known(o.give, seat in (o.sender, o.receiver)),
                           get=_known(o.get, seat in (o.sender, o.receiver))) for o in state.offers)
    return replace(state, seats=seats, dealt=dealt, battle=battle, promises=promises, offers=offers)


def _known(items: tuple[Item, ...], sees: bool) -> tuple[Item, ...]:
    return items if sees else tuple(i for i in items if i.kind not in (WRECK, TROPHY))


def _space(state: GameState, seat: int) -> GameState:
    """The Space deck and others' wrecks (and a challenger's look at them) refilled canonically."""
    looked = {c for ch in state.choices if ch.seat == seat and ch.kind == TAKE_WRECKS for c in ch.options}
    others = [i for i in range(state.players) if i != seat]
    hidden_wrecks = {i: [w for w in state.seats[i].wrecks if w not in looked] for i in others}
    pool = list(state.space_deck) + [w for ws in hidden_wrecks.values() for w in ws]
    blue_need = sum(1 for c in state.space_deck if cards.is_blue(c))
    red_need = len(state.space_deck) - blue_need

    def key(card: str) -> tuple[bool, str]:
        return card in cards.STARSHIPS, card  # events first: only the deck may hold them

    blue = sorted((c for c in pool if cards.is_blue(c)), key=key)
    red = sorted((c for c in pool if not cards.is_blue(c)), key=key)
    deck = tuple(blue[:blue_need]) + tuple(red[:red_need])
    rest = sorted(blue[blue_need:] + red[red_need:])
    seats = list(state.seats)
    for i in others:
        kept = [w for w in state.seats[i].wrecks if w in looked]
        count = len(hidden_wrecks[i])
        seats[i] = replace(seats[i], wrecks=tuple(kept) + tuple(rest[:count]))
        rest = rest[count:]
    return replace(state, space_deck=deck, seats=tuple(seats))


def _trophies(state: GameState, seat: int) -> GameState:
    """Others' hands, the cards their choices hold, and the Trophy deck refilled canonically."""
    others = [i for i in range(state.players) if i != seat]
    pool = sorted([*state.trophy_deck, *(t for i in others for t in state.seats[i].trophies),
                   *(t for ch in state.choices if ch.seat != seat and ch.kind == "trophy" for t in ch.cards)])
    seats = list(state.seats)
    for i in others:
        count = len(state.seats[i].trophies)
        seats[i] = replace(seats[i], trophies=tuple(pool[:count]))
        pool = pool[count:]
    choices = []
    for ch in state.choices:
        if ch.seat != seat and ch.kind == "trophy":
            choices.append(replace(ch, cards=tuple(pool[:len(ch.cards)])))
            pool = pool[len(ch.cards):]
        else:
            choices.append(ch)
    return replace(state, seats=tuple(seats), choices=tuple(choices), trophy_deck=tuple(pool))


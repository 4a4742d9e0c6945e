"""Abilities and events: activation, the chain of responses resolved newest first, stops, unfinished
actions, and the polling of standing orders at each moment (rules.md, "Abilities and the chain").

Every activation names its choices when it is made (its card, its target, its payment), so nothing waits
while it resolves. A standing order that no longer makes sense when its turn comes is skipped at no cost
and nothing public is said."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from games.kinds.protocol import Refused

from . import grid, payment, piles
from .cards import Ability, card
from .context import Action, Ctx, Item
from .orders import Moment, UseOrder, wants
from .state import DEPLOY, MAIN, RESTOCK, TURN, code_of

OWN_TURN_STEPS = (MAIN, DEPLOY, "attack", RESTOCK)


def battle_open(ctx: Ctx) -> bool:
    """The declaration moment of a battle: after the attack is declared, before the bonus cards."""
    battle = ctx.state.battle
    return battle is not None and battle.stage == "declared" and not battle.stopped


def stoppable(ctx: Ctx, label: int) -> Action | Item | None:
    """The newest action of another seat that has not resolved: what a stop aims at by default."""
    for item in reversed(ctx.chain):
        # A stopped item leaves the chain before anyone else is asked, and a seat with its own item
        # waiting is refused before it looks (why_not): either test alone would do.
        if item.label != label and not item.stopped:  # pragma: no mutate (as above)
            return item
    if ctx.action is not None and ctx.action.label != label and not ctx.action.stopped:
        return ctx.action
    return None


def why_not(ctx: Ctx, label: int, card_id: str, ability: Ability,
            col: int = 0,  # pragma: no mutate (read for Molt only, whose callers name the column)
            target: Action | Item | None = None) -> str | None:
    """Why this seat may not activate this ability now (None: it may). The cost is checked apart."""
    state = ctx.state
    seat = state.seat(label)
    name = card(code_of(card_id)).name
    if state.phase != TURN:
        return "abilities are used only once the first turn has begun"
    if seat.status != "in":
        return "you are out of the game"
    if ctx.pending(label):
        return "your own ability must resolve before you use another"
    if ability.source == "hand":
        if card_id not in seat.hand:
            return f"no {name} in your hand"
    else:
        place = grid.where(seat, card_id)
        if place is None:
            return f"{name} is not in your play area"
        if seat.columns[place[0] - 1].safe:
            return f"{name} is in a safe column: cards in safety use no abilities"
        if state.used.get(card_id) == state.turn:
            return f"{name}'s ability is used this turn"
    if ability.timing == "own_turn" and (label != state.active or state.step not in OWN_TURN_STEPS):
        return f"{name} is used only during your own turn"
    if ability.timing == "during_attacks" and not battle_open(ctx):
        return f"{name} is used only during attacks, before the bonus cards are drawn"
    battle = state.battle
    requires = ability.requires
    if requires in ("column_attacking", "column_defending", "in_battle", "defender"):
        if battle is None:
            return f"{name} is used only in a battle"
        if requires == "column_attacking":
            place = grid.where(seat, card_id)
            if label != battle.attacker or place is None or place[0] != battle.col:
                return f"{name}'s column is not attacking"
        elif requires == "column_defending":
            place = grid.where(seat, card_id)
            if label != battle.defender or place is None or place[0] != battle.target_col:
                return f"{name}'s column is not defending"
        elif requires == "in_battle" and label not in (battle.attacker, battle.defender):
            return f"{name} is played in a battle where you attack or defend"
        elif requires == "defender" and label != battle.defender:
            return f"{name} is played in a battle where you defend"
    elif requires == "pending_other":
        # A seat with its own item waiting is refused above, so stoppable() never meets one for anyone.
        aim = target if target is not None else stoppable(ctx, label)  # pragma: no mutate (as above)
        if aim is None or aim.stopped or aim.label == label:
            return "there is no action of another player to stop"
    elif requires == "safe_column":
        if not (1 <= col <= len(seat.columns)) or not seat.columns[col - 1].safe:
            return f"{name} needs one of your safe columns: column {col} is not safe"
    elif requires == "draw_possible":
        if not piles.can_take(state, seat):
            return "no card can be drawn"
    elif requires == "lost_not_empty" and not seat.lost:
        return "your lost pile is empty"
    return None


def activate(ctx: Ctx, label: int, card_id: str, ability: Ability, paid: Sequence[str], col: int = 0,
             target: Action | Item | None = None) -> Item:
    """Pay, announce, push, let everyone respond, then resolve or fail (the caller checked why_not and
    chose the payment)."""
    state = ctx.state
    seat = state.seat(label)
    payment.pay(seat, paid)
    if ability.source == "hand":
        seat.hand.remove(card_id)
        seat.event = card_id
    else:
        state.used[card_id] = state.turn
    if ability.effect == "stop" and target is None:
        # Both give ctx.action: with no target named, a stop comes from `use` (the chain empty, and
        # why_not() found ctx.action stoppable) or from Ink Cloud's order at the declaration moment.
        pending_other = ability.requires == "pending_other"  # pragma: no mutate (as above)
        target = stoppable(ctx, label) if pending_other else ctx.action  # pragma: no mutate (as above)
    item = Item(label, card_id, ability, col=col, target=target)
    ctx.emit({"type": "activate", "seat": label, "card": card_id, "ability": ability.name,
              "paid": list(paid), "col": col, **_aim(target)})
    ctx.chain.append(item)
    respond(ctx, item)
    ctx.chain.pop()
    if item.stopped:
        fail(ctx, item, "stopped")
    else:
        resolve(ctx, item)
    if ability.source == "hand" and seat.event == card_id:
        seat.event = None
        seat.discard.append(card_id)
    return item


def _aim(target: Action | Item | None) -> dict[str, object]:
    if isinstance(target, Item):
        return {"aim": "ability", "aim_seat": target.label, "aim_card": target.card}
    if isinstance(target, Action):
        return {"aim": target.kind, "aim_seat": target.label}
    return {}


def fail(ctx: Ctx, item: Item, why: str) -> None:
    """Unfinished actions: the activating seat loses one card of its draw pile (waived if none). An event
    goes to the discard pile first, so a reshuffle the penalty needs takes it along (rules.md, "Unfinished
    actions": the event still goes to the discard pile, and then the card is lost)."""
    seat = ctx.state.seat(item.label)
    # A card in play is never the seat's event: either test alone would do.
    if item.ability.source == "hand" and seat.event == item.card:  # pragma: no mutate (as above)
        seat.event = None
        seat.discard.append(item.card)
    ctx.emit({"type": "unfinished", "seat": item.label, "card": item.card, "why": why})
    piles.lose_from_draw(ctx.state, seat, 1, ctx.dice, ctx.events, "unfinished")


def resolve(ctx: Ctx, item: Item) -> None:
    state = ctx.state
    seat = state.seat(item.label)
    ability = item.ability
    effect = ability.effect
    if effect == "bonus":
        battle = state.battle
        if battle is None or battle.stage != "declared":
            fail(ctx, item, "the battle is over")
            return
        side = ability.side
        if side == "own":
            side = "attack" if item.label == battle.attacker else "defense"
        to = battle.attacker if side == "attack" else battle.defender
        battle.bonuses.append([to, ability.amount, item.card])
        ctx.emit({"type": "bonus", "seat": to, "amount": ability.amount, "card": item.card, "side": side})
    elif effect == "stop":
        # activate() aimed it at a pending action that why_not() found, and nothing can stop that aim
        # first: every response aims at the item it answers (try_orders), so the aim still waits here.
        aim = item.target
        assert aim is not None
        aim.stopped = True
        if isinstance(aim, Action) and aim.kind == "attack" and state.battle is not None:
            state.battle.stopped = True
        ctx.emit({"type": "stopped", "seat": item.label, "card": item.card, **_aim(aim)})
    elif effect == "draw":
        for _ in range(ability.amount):
            got = piles.take(state, seat, ctx.dice, ctx.events)
            if got is None:
                fail(ctx, item, "nothing to draw")
                return
            seat.hand.append(got)
            ctx.emit({"type": "drew", "seat": item.label, "cards": [got], "n": 1, "why": ability.name})
    elif effect == "lost_to_discard":
        moved = []
        for _ in range(ability.amount):
            if not seat.lost:
                break
            moved.append(seat.lost.pop())
            seat.discard.append(moved[-1])
        # why_not() found a lost card and no response takes one (the only response, Torpor Spores, stops
        # this item instead): one card moved is a full "up to" (rules.md, "Unfinished actions").
        ctx.emit({"type": "recovered", "seat": item.label, "cards": moved})
    elif effect == "unsafe":
        # why_not() found the column safe and no response changes a column (the only response, Torpor
        # Spores, stops this item instead).
        seat.columns[item.col - 1].safe = False
        ctx.emit({"type": "unsafe", "seat": item.label, "col": item.col})
    else:  # pragma: no cover - cards.py holds only the effects above
        raise ValueError(f"unknown effect {effect}")


# --- standing orders ---------------------------------------------------------------------------------

def _order_card(ctx: Ctx, label: int, order: UseOrder) -> tuple[str, Ability] | None:
    """The copy of the order's card that could fire it now (events: any copy in hand)."""
    seat = ctx.state.seat(label)
    data = card(order.card)
    # Every card has one ability at most (cards/cards.json), the one the order names: both give it.
    ability = data.ability(order.ability) or data.ability(None)  # pragma: no mutate (as above)
    if ability is None:
        return None
    if ability.source == "hand":
        copies = [c for c in seat.hand if code_of(c) == order.card]
    else:
        copies = [c for c in seat.in_play() if code_of(c) == order.card]
    for copy_id in copies:
        if why_not(ctx, label, copy_id, ability) is None:
            return copy_id, ability
    return None


def try_orders(ctx: Ctx, label: int, moment: Moment, aim: Action | Item | None) -> bool:
    """Fire the seat's first order that matches this moment, whose card is usable and whose cost it can
    pay (auto-payment, the keep list respected). True when one fired."""
    seat = ctx.state.seat(label)
    # Never trips from play: poll, poll_attack and state.after skip seats out, respond skips pending ones,
    # and the chain is empty when a moment is polled. It guards a direct call.
    if seat.status != "in" or ctx.pending(label):  # pragma: no mutate (as above)
        return False  # pragma: no mutate (as above)
    for order in wants(seat.orders, moment):
        found = _order_card(ctx, label, order)
        if found is None:
            continue
        card_id, ability = found
        # Torpor Spores (the one "pending_other" stop) aims at the moment's item or action: the one
        # activate() and why_not() would pick anyway, as Ink Cloud's attack is (it fires at battle
        # moments only, and the `on ability` moment never takes it: orders.py, _check_fits).
        target = aim if ability.requires == "pending_other" else None  # pragma: no mutate (as above)
        # No second why_not() with this target: _order_card() asked it already, with no target, and so
        # with the aim stoppable() gives, which is this one (a removed check here could never trip).
        paid = payment.auto(seat, ability.cost, exclude=card_id)
        if paid is None:
            skipped(ctx, label, order, ability.cost, bool(seat.orders.keep))
            continue
        activate(ctx, label, card_id, ability, paid, target=target)  # pragma: no mutate (the aim it picks)
        return True
    return False


def skipped(ctx: Ctx, label: int, order: UseOrder, cost: int, kept: bool) -> None:
    """The private note of an order that matched its moment, its card ready, but whose cost could not be
    paid (rules.md, "Hidden information"). An order whose card is not ready (not in hand, not in the right
    column, used this turn) waits without a note: orders stand for cards not yet drawn, and a note at
    every moment would bury the ones that matter. One note per order and command: polling rounds ask
    again."""
    key = (label, order.text())
    if key in ctx.noted:
        return
    ctx.noted.add(key)
    ctx.emit({"type": "skipped", "seat": label, "order": order.text(), "cost": cost, "kept": kept,
              "private": True})


def respond(ctx: Ctx, item: Item) -> None:
    """Every seat may answer a pending item through its `on ability` orders, from the seat after its
    owner round the table; a firing restarts the pass. Seats with an item pending are skipped."""
    state = ctx.state
    while not item.stopped:
        fired = False  # pragma: no mutate (None is as false)
        for label in [*state.after(item.label)]:
            if ctx.pending(label):  # pragma: no mutate (try_orders skips pending seats too)
                continue
            # `me` is never read: the only `on ability` orders are Torpor Spores', never `by me` (orders.py
            # _check_fits); and the item is the newest in the chain, the aim stoppable() gives anyway.
            moment = Moment(trigger="ability", me=label,  # pragma: no mutate (as above)
                            by=item.label, ability_code=code_of(item.card))
            if try_orders(ctx, label, moment, item):  # pragma: no mutate (as above)
                fired = True
                break
        if not fired:
            return


def poll(ctx: Ctx, make: Callable[[int], Moment], aim: Action | None) -> None:
    """A moment's polling rounds: the seats in turn order from the one after the active seat, the active
    seat last, each firing at most one order per round; another round while anything fired. It ends as
    soon as the action it concerns is stopped."""
    state = ctx.state
    order = [*state.after(state.active), state.active]
    while True:
        fired = False  # pragma: no mutate (None is as false)
        for label in order:
            if aim is not None and aim.stopped:
                return
            if state.seat(label).status != "in":
                continue  # pragma: no mutate (never reached: state.after skips seats out)
            # Only Torpor Spores fires at draw and move, never `by me`, and nothing at start or end
            # (orders.py _check_fits): `me` is never read, and the aim is the one stoppable() gives.
            if try_orders(ctx, label, make(label), aim):  # pragma: no mutate (as above)
                fired = True
        # A stopped aim also ends the next round at its first seat.
        if not fired or (aim is not None and aim.stopped):  # pragma: no mutate (as above)
            return


def use_command(ctx: Ctx, label: int, card_id: str, ability: Ability, words: Sequence[str] | None,
                col: int = 0) -> Item:  # never defaulted: the one caller, commands.py `_use`, names col
    """`use …` sent by a seat: refused with the reason when it may not be used or paid."""
    why = why_not(ctx, label, card_id, ability, col=col)
    if why is not None:
        raise Refused(why)
    seat = ctx.state.seat(label)
    paid = payment.choose(seat, ability.cost, words, exclude=card_id)
    return activate(ctx, label, card_id, ability, paid, col=col)

"""A normal turn (rules.md, "A turn"): START, DRAW, MAIN (the voluntary discard, paid moves), DEPLOY,
ATTACK (battle.py), RESTOCK and END; the penalties for attacking nobody and for an empty table; the
passing of the turn and the stall rule. Steps never go backwards."""

from __future__ import annotations

from collections.abc import Sequence

from games.kinds.protocol import Refused

from . import battle, chain, ending, grid, payment, piles
from .cards import card
from .context import Action, Ctx
from .orders import Moment
from .state import (
    ATTACK,
    DEPLOY,
    DRAW,
    END,
    HAND_TARGET,
    MAIN,
    RESTOCK,
    STALL_ROUNDS,
    START,
    TURN,
    Column,
    code_of,
)

BEFORE_ATTACK = (MAIN, DEPLOY)


def begin(ctx: Ctx, label: int) -> None:
    """The turn passes to `label`: START (counters reset; the `start` moment), then its DRAW."""
    state = ctx.state
    state.phase = TURN
    state.active = label
    state.turn += 1
    state.step = START  # pragma: no mutate (read only as no own-turn step; draw_step follows)
    seat = state.seat(label)
    seat.drew, seat.discarded, seat.moves, seat.attacked, seat.attacks_made = 0, False, 0, [], 0
    ctx.emit({"type": "turn", "seat": label, "turn": state.turn})
    chain.poll(ctx, lambda me: Moment(trigger="start", me=me, by=label), None)
    draw_step(ctx)


def draw_step(ctx: Ctx) -> None:
    state = ctx.state
    label = state.active
    seat = state.seat(label)
    state.step = DRAW
    need = HAND_TARGET - len(seat.hand)
    if need > 0:
        ctx.action = Action("draw", label)
        chain.poll(ctx, lambda me: Moment(trigger="draw", me=me, by=label), ctx.action)
        stopped = ctx.action.stopped
        ctx.action = None  # pragma: no mutate (begin ends every command that calls it: never read again)
        if stopped:
            ctx.emit({"type": "draw_stopped", "seat": label})
        else:
            drawn: list[str] = []
            for _ in range(need):
                got = piles.take(state, seat, ctx.dice, ctx.events)
                if got is None:
                    if drawn:
                        ctx.emit({"type": "drew", "seat": label, "cards": drawn, "n": len(drawn),
                                  "why": "draw"})
                    ending.cannot_draw(ctx, label)
                    return
                seat.hand.append(got)
                drawn.append(got)
            seat.drew = len(drawn)
            state.stirred = True
            ctx.emit({"type": "drew", "seat": label, "cards": drawn, "n": len(drawn), "why": "draw"})
    state.step = MAIN


# --- MAIN ---------------------------------------------------------------------------------------------

def discard(ctx: Ctx, label: int, card_id: str) -> None:
    state = ctx.state
    seat = state.seat(label)
    if state.step != MAIN or seat.moves:
        raise Refused("the discard comes right after drawing")
    if seat.discarded:
        raise Refused("one voluntary discard per turn")
    if not seat.drew:
        raise Refused("you drew no card this turn: no voluntary discard")
    seat.hand.remove(card_id)
    seat.discard.append(card_id)
    seat.discarded = True
    ctx.emit({"type": "discarded", "seat": label, "card": card_id})


def move(ctx: Ctx, label: int, card_id: str, to: int, paying: Sequence[str] | None) -> None:
    state = ctx.state
    seat = state.seat(label)
    if state.step != MAIN:
        raise Refused("moves are over once you deploy, attack or restock")
    src, row = grid.where(seat, card_id) or (0, 0)  # pragma: no mutate (commands.py found it in play)
    if src == to:
        raise Refused(f"{card(code_of(card_id)).name} is in column {to} already")
    if not grid.shape_after_move(seat.columns, src, row, to):
        raise Refused(shape_refusal(seat.columns, to, moving=(src, row)))
    paid = payment.choose(seat, 1, paying)
    payment.pay(seat, paid)
    seat.moves += 1
    ctx.emit({"type": "move_paid", "seat": label, "card": card_id, "from": src, "to": to, "paid": paid,
              "lost_points": payment.points(paid) - 1})
    ctx.action = Action("move", label)
    chain.poll(ctx, lambda me: Moment(trigger="move", me=me, by=label), ctx.action)
    stopped = ctx.action.stopped
    ctx.action = None  # pragma: no mutate (a move ends its command: never read again)
    if stopped:
        ctx.emit({"type": "move_stopped", "seat": label, "card": card_id})
        return
    # A guard for effects a card list may add: none of chain.resolve's effects moves or removes a card in
    # play, and only a stop changes the move (handled above), so this never trips today.
    place = grid.where(seat, card_id)
    if place is None or not grid.shape_after_move(seat.columns, *place, to):  # pragma: no mutate (see above)
        return
    grid.remove(seat, card_id)
    grid.add(seat, card_id, to)
    ctx.emit({"type": "moved", "seat": label, "card": card_id, "from": src, "to": to})


def shape_refusal(columns: list[Column], col: int, moving: tuple[int, int] | None = None) -> str:
    """Why a card may not join column `col`: for a move (`moving` = its column and row), counted on the grid
    as the move would leave it, since a card leaving the last card of its column closes that column."""
    trial = [Column(list(c.cards)) for c in columns]
    if moving is not None:
        trial[moving[0] - 1].cards.pop(moving[1] - 1)  # pragma: no mutate (only the column's length is read)
    used = grid.width(trial)
    # No "cannot be opened" case: a card joining an empty column of a legal grid widens it, so every depth
    # stays within the width, and at most 2 x 2 + 1 cards are then in play (grid.legal).
    depth = len(trial[col - 1].cards) + 1
    return (f"column {col} would hold {depth} with {used} column{'s' if used != 1 else ''} in use: "
            "no column may be deeper than the number of columns")


# --- leaving MAIN: DEPLOY ---------------------------------------------------------------------------

def leave_main(ctx: Ctx) -> None:
    """MAIN is left: to DEPLOY while the reserve holds cards (lost at once if the grid is full), else
    ATTACK."""
    state = ctx.state
    if state.step != MAIN:
        return
    seat = state.seat(state.active)
    if seat.reserve:
        state.step = DEPLOY
        _full_grid(ctx)
    else:
        state.step = ATTACK


def _full_grid(ctx: Ctx) -> None:
    state = ctx.state
    seat = state.seat(state.active)
    if len(seat.in_play()) >= 9:
        while seat.reserve:
            lost = seat.reserve.pop(0)
            piles.to_lost(state, seat, lost)
            ctx.emit({"type": "lost", "seat": seat.label, "card": lost, "from": "reserve", "why": "full"})
    if not seat.reserve:
        state.step = ATTACK


def deploy(ctx: Ctx, label: int, card_id: str, col: int) -> None:
    state = ctx.state
    seat = state.seat(label)
    if state.step not in BEFORE_ATTACK:
        raise Refused("deploying comes before attacks")
    if not grid.shape_after_add(seat.columns, col):
        raise Refused(shape_refusal(seat.columns, col))
    leave_main(ctx)
    column = seat.columns[col - 1]
    seat.reserve.remove(card_id)
    grid.add(seat, card_id, col)
    ctx.emit({"type": "deployed", "seat": label, "card": card_id, "col": col})
    if column.safe:
        column.safe = False
        ctx.emit({"type": "upright", "seat": label, "col": col})
    _full_grid(ctx)


def deploy_all(ctx: Ctx, label: int) -> None:
    """Each reserve card in arrival order into the shallowest legal column (a new column counts 0 while
    fewer than 3 are in use), avoiding safe columns unless nothing else is legal; ties to the lowest."""
    state = ctx.state
    seat = state.seat(label)
    if state.step not in BEFORE_ATTACK:
        raise Refused("deploying comes before attacks")
    leave_main(ctx)  # a full grid loses the whole reserve here, before any column is sought
    # From here the step is DEPLOY, whose reserve always has room: _full_grid empties the reserve of a full
    # grid on entering DEPLOY and after each deploy (rules.md, "Deploy").
    while seat.reserve and state.step in BEFORE_ATTACK:  # pragma: no mutate (DEPLOY iff a reserve waits)
        deploy(ctx, label, seat.reserve[0], best_column(seat.columns))


def best_column(columns: list[Column]) -> int:
    open_ = grid.open_columns(columns)
    upright = [c for c in open_ if not columns[c - 1].safe] or open_
    return min(upright, key=lambda c: (len(columns[c - 1].cards), c))


# --- ATTACK, RESTOCK, END ---------------------------------------------------------------------------

def to_attack(ctx: Ctx) -> None:
    """Enter ATTACK from MAIN or DEPLOY: refused while the reserve holds cards."""
    state = ctx.state
    if state.step in BEFORE_ATTACK and state.seat(state.active).reserve:
        raise Refused("deploy your reserve first")
    # With the reserve empty, leaving MAIN goes straight to ATTACK, and DEPLOY never lasts without a reserve
    # (_full_grid): no second check is needed here.
    leave_main(ctx)


def leave_attack(ctx: Ctx) -> None:
    """ATTACK is left: the penalty for attacking nobody (1 card, or 2 when no card could attack)."""
    state = ctx.state
    to_attack(ctx)
    if state.step != ATTACK:
        return
    seat = state.seat(state.active)
    state.step = RESTOCK
    if seat.attacks_made == 0:
        n = 1 if battle.could_attack(seat) else 2
        ctx.emit({"type": "no_attack", "seat": seat.label, "n": n})
        piles.lose_from_draw(state, seat, n, ctx.dice, ctx.events, "no attack")


def restock(ctx: Ctx, label: int, card_id: str, paying: Sequence[str] | None) -> None:
    state = ctx.state
    seat = state.seat(label)
    data = card(code_of(card_id))
    if data.is_event:
        raise Refused("events are played with `use`, not restocked")
    if state.step not in (ATTACK, RESTOCK):
        to_attack(ctx)
    paid = payment.choose(seat, data.cost, paying, exclude=card_id)
    leave_attack(ctx)
    payment.pay(seat, paid)
    seat.hand.remove(card_id)
    seat.reserve.append(card_id)
    ctx.emit({"type": "restocked", "seat": label, "card": card_id, "paid": paid,
              "lost_points": max(0, payment.points(paid) - data.cost)})


def pass_step(ctx: Ctx, label: int) -> None:
    state = ctx.state
    if state.step == MAIN:
        leave_main(ctx)
    elif state.step == DEPLOY:
        raise Refused("deploy your reserve first")
    elif state.step == ATTACK:
        leave_attack(ctx)
    elif state.step == RESTOCK:
        end(ctx, label)


def end(ctx: Ctx, label: int) -> None:
    state = ctx.state
    seat = state.seat(label)
    leave_attack(ctx)
    if not seat.in_play():
        ctx.emit({"type": "empty_table", "seat": label})
        piles.lose_from_draw(state, seat, 2, ctx.dice, ctx.events, "empty table")
    finish(ctx)


def finish(ctx: Ctx) -> None:
    """END: marks clear, the `end` moment, the stall rule, and the next seat's turn."""
    state = ctx.state
    label = state.active
    state.step = END
    state.marked = []
    chain.poll(ctx, lambda me: Moment(trigger="end", me=me, by=label), None)
    pass_turn(ctx)


def pass_turn(ctx: Ctx) -> None:
    state = ctx.state
    if state.result is not None:
        return
    label = state.active
    # Another seat is always in here: ending.out ends the game as soon as one seat is left in.
    nxt = state.after(label)[0]
    # A round closes when the turn wraps past the last seat.
    if nxt <= label:  # pragma: no mutate (nxt is never label: after() leaves it out)
        state.round += 1
        state.stall = 0 if state.stirred else state.stall + 1
        state.stirred = False
        if state.stall >= STALL_ROUNDS:
            ending.stall(ctx)
            return
    begin(ctx, nxt)


__all__ = ["DRAW", "begin"]

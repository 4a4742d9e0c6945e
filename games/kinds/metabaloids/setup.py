"""A new game (rules.md, "Setting up"): the cut for the first player (only the seats tied for highest cut
again), the labels p1..pN clockwise from the winner, seven cards each, and the initial deployment: one
free card per placement turn up to 7 points, seats done early skipped."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from games.kinds.protocol import Dice, Refused

from . import grid, piles, turn
from .cards import DECKS, card, deck_list
from .context import Ctx
from .orders import default_orders
from .state import HAND_TARGET, PLACE, PLACE_POINTS, GameState, Options, Seat, code_of

DECK_CHOICES = ("A", "B")


def new_state(options: Options, decks: Sequence[Mapping[str, int]], deck_names: Sequence[str],
              dice: Dice) -> tuple[GameState, list[dict[str, Any]]]:
    """Cut, label, deal: the game in its placement phase, and the public events of the cut."""
    players = options.players
    events: list[dict[str, Any]] = []
    lists = [deck_list(deck) for deck in decks]
    contenders = list(range(players))
    rounds: list[list[Any]] = []
    while len(contenders) > 1:
        cuts = []
        for lobby in contenders:
            code = lists[lobby][piles.pick(dice, len(lists[lobby]))]
            cuts.append((lobby, code))
            events.append({"type": "cut", "lobby": lobby, "card": code})
        rounds.append([[lobby, code] for lobby, code in cuts])
        best = max(card(code).cost for _, code in cuts)
        contenders = [lobby for lobby, code in cuts if card(code).cost == best]
    first = contenders[0]
    order = [(first + i) % players for i in range(players)]
    seats: list[Seat] = []
    for lobby in range(players):
        label = order.index(lobby) + 1
        counts: dict[str, int] = {}
        ids = []
        for code in lists[lobby]:
            counts[code] = counts.get(code, 0) + 1
            ids.append(f"p{label}-{code}-{counts[code]}")
        codes = sorted(set(lists[lobby]))
        seats.append(Seat(label=label, deck=deck_names[lobby], deck_codes=codes, draw=ids,
                          orders=default_orders(codes)))
    # The first placement turn's seat is set by start_placing (p1 unless nothing in its hand fits).
    state = GameState(options=options, seats=seats, order=order, cut=rounds,
                      phase=PLACE)  # pragma: no mutate (the default phase, written for the reader)
    events.append({"type": "first", "seat": 1, "lobby": first})
    for label in state.labels():
        seat = state.seat(label)
        hand = [seat.draw.pop(piles.pick(dice, len(seat.draw))) for _ in range(HAND_TARGET)]
        seat.hand = hand
        events.append({"type": "drew", "seat": label, "cards": list(hand), "n": len(hand), "why": "deal"})
    ctx = Ctx(state, dice, events)
    start_placing(ctx, 1)
    return state, ctx.events


def starter_decks(options: Options, choices: Sequence[str]) -> list[Mapping[str, int]]:
    return [DECKS["A" if options.quick else choice] for choice in choices]


def fits(seat: Seat) -> list[str]:
    """Hand cards that may be placed now: not events, within the points left, with room in the grid."""
    left = PLACE_POINTS - seat.placed
    if not grid.open_columns(seat.columns):
        return []
    return [c for c in seat.hand if not card(code_of(c)).is_event and card(code_of(c)).cost <= left]


def start_placing(ctx: Ctx, label: int) -> None:
    """The placement turn comes to `label` (skipping seats that are done); the turn proper begins when
    every seat is done. A seat's queued lines run as its placement turns come."""
    state = ctx.state
    labels = state.labels()
    for i in range(len(labels)):
        x = labels[(label - 1 + i) % len(labels)]
        seat = state.seat(x)
        if seat.placing_done or seat.status != "in":  # a seat that resigned while placing is skipped
            continue
        if not fits(seat):
            seat.placing_done = True
            ctx.emit({"type": "placing_done", "seat": x, "points": seat.placed})
            continue
        state.active = x
        if seat.queue:
            line = seat.queue.pop(0)
            try:
                words = line.split()
                place(ctx, x, words[1], words[2])
            except (Refused, IndexError):
                seat.queue = []
                ctx.emit({"type": "queue_dropped", "seat": x, "line": line})
                return
            return
        return
    turn.begin(ctx, state.live()[0])  # p1, unless it resigned while placing


def place(ctx: Ctx, label: int, card_word: str, col_word: str) -> None:
    """A placement, or one queued for the seat's next placement turn when it is not the seat's (commands.py
    sends `place` here only while the initial deployment lasts; start_placing makes a queued line the
    active seat's before it runs)."""
    from .words import column, from_zone

    state = ctx.state
    seat = state.seat(label)
    if seat.placing_done:
        raise Refused("you are done placing")
    card_id = from_zone(seat.hand, card_word, "hand")
    col = column(col_word)
    data = card(code_of(card_id))
    if state.active != label:
        seat.queue.append(f"place {data.code} {col}")
        ctx.emit({"type": "queued", "seat": label, "line": f"place {data.code} {col}"})
        return
    if data.is_event:
        raise Refused("events are not placed: they never enter columns")
    left = PLACE_POINTS - seat.placed
    if data.cost > left:
        raise Refused(f"{data.name} costs {data.cost}, and you have {left} of your 7 points left")
    if not grid.shape_after_add(seat.columns, col):
        raise Refused(turn.shape_refusal(seat.columns, col))
    seat.hand.remove(card_id)
    grid.add(seat, card_id, col)
    seat.placed += data.cost
    ctx.emit({"type": "placed", "seat": label, "card": card_id, "col": col})
    # Done at 7 points, or as soon as nothing left in hand fits (rules.md, "Setting up": checked after each
    # placement, not only when the seat's next placement turn comes).
    if seat.placed >= PLACE_POINTS or not fits(seat):
        seat.placing_done = True
        ctx.emit({"type": "placing_done", "seat": label, "points": seat.placed})
    start_placing(ctx, _next_label(state, label))


def done(ctx: Ctx, label: int) -> None:
    """The seat stops placing (commands.py sends `done` here only while the initial deployment lasts)."""
    state = ctx.state
    seat = state.seat(label)
    if seat.placing_done:
        raise Refused("you are done placing already")
    seat.placing_done = True
    seat.queue = []
    ctx.emit({"type": "placing_done", "seat": label, "points": seat.placed})
    if state.active == label:
        start_placing(ctx, _next_label(state, label))


def _next_label(state: GameState, label: int) -> int:
    return label % len(state.seats) + 1

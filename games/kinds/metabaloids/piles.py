"""Taking cards from a draw pile: each card is picked at random at the moment it is taken, through the
game's dice (games/kinds/protocol.py `Dice.draw`), after a lazy reshuffle of the discard pile where the
game allows one (rules.md, "Length"). Events are plain dicts; `seen` says which labels may read a card
that is hidden from the rest (piles never list their contents to anyone)."""

from __future__ import annotations

from typing import Any

from games.kinds.protocol import Dice

from .state import RESHUFFLE, GameState, Seat

Event = dict[str, Any]


def pick(dice: Dice, n: int) -> int:
    """One of n (0..n-1), checked: a dice object that answers outside the range is a bug, not a pick."""
    value = int(dice.draw(n))
    if not 0 <= value < n:
        raise ValueError(f"dice.draw({n}) gave {value}, outside 0..{n - 1}")
    return value


def can_take(state: GameState, seat: Seat) -> bool:
    return bool(seat.draw) or (state.options.length == RESHUFFLE and bool(seat.discard))


def take(state: GameState, seat: Seat, dice: Dice, events: list[Event]) -> str | None:
    """One card from the seat's draw pile, picked at random (None when none can be taken). The pile is
    refilled from the discard pile first when it is empty and the game reshuffles."""
    if not seat.draw:
        if state.options.length != RESHUFFLE or not seat.discard:
            return None
        events.append({"type": "reshuffle", "seat": seat.label, "n": len(seat.discard)})
        seat.draw = list(seat.discard)
        seat.discard = []
    return seat.draw.pop(pick(dice, len(seat.draw)))


def lose_from_draw(state: GameState, seat: Seat, n: int, dice: Dice, events: list[Event], why: str) -> int:
    """A penalty: n random cards of the draw pile go face up to the lost pile, one at a time; any part
    that finds no card is waived. Returns how many were lost."""
    lost = 0
    for _ in range(n):
        card = take(state, seat, dice, events)
        if card is None:
            events.append({"type": "waived", "seat": seat.label, "n": n - lost, "why": why})
            break
        to_lost(state, seat, card)
        lost += 1
        events.append({"type": "lost", "seat": seat.label, "card": card, "from": "draw", "why": why})
    return lost


def to_lost(state: GameState, seat: Seat, card: str) -> None:
    """A card goes face up onto the lost pile (its size is the score): the stall rule's clock restarts."""
    seat.lost.append(card)
    state.stirred = True

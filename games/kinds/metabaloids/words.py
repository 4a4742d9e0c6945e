"""The words of the command language (rules.md, "Commands"): cards by code or hyphenated name, cards in
play by `col:row` or a code unique among one's cards in play, columns 1-3, seats p1-p6."""

from __future__ import annotations

import re

from games.kinds.protocol import Refused

from . import grid
from .cards import CARDS, card, code_for
from .state import COLUMNS, GameState, Seat, code_of

ADDRESS = re.compile(r"^([1-3]):([1-9])$")


def card_word(word: str) -> str:
    code = code_for(word)
    if code is None:
        raise Refused(f"no card is called {word!r}")
    return code


def column(word: str) -> int:
    if word.isdigit() and 1 <= int(word) <= COLUMNS:
        return int(word)
    raise Refused(f"{word!r} is not a column: columns are 1, 2 and 3")


def in_play(seat: Seat, word: str, whose: str = "your") -> str:
    """A card in play named by `col:row`, or by a code when exactly one of the seat's cards in play has it."""
    match = ADDRESS.match(word)
    if match:
        found = grid.at(seat, int(match.group(1)), int(match.group(2)))
        if found is None:
            raise Refused(f"{whose} play area has no card at {word}")
        return found
    code = card_word(word)
    cards = [c for c in seat.in_play() if code_of(c) == code]
    if len(cards) == 1:
        return cards[0]
    if not cards:
        raise Refused(f"{whose} play area holds no {CARDS[code].name}")
    raise Refused(f"{whose} play area holds {len(cards)} {CARDS[code].name}: name one by column:row")


def address(seat: Seat, card_id: str) -> str:
    found = grid.where(seat, card_id)
    if found is None:
        raise ValueError(f"{card_id} is not in play")
    return f"{found[0]}:{found[1]}"


def seat_word(state: GameState, word: str) -> int:
    """A seat's label from `p3`; refused for a seat the game does not have."""
    match = re.fullmatch(r"p([1-6])", word)
    if match and int(match.group(1)) <= len(state.seats):
        return int(match.group(1))
    raise Refused(f"{word!r} is not a player of this game: name one p1 to p{len(state.seats)}")


def from_zone(cards: list[str], word: str, zone: str) -> str:
    """A card of a hand or reserve by code (any copy)."""
    code = card_word(word)
    for c in cards:
        if code_of(c) == code:
            return c
    raise Refused(f"no {card(code).name} in your {zone}")

"""The play area: three column slots, at most 3x3, no column deeper than the number of columns in use
(rules.md, "The grid"). Pure functions over a seat's columns; addresses are `col:row`, both from 1."""

from __future__ import annotations

from .state import MAX_IN_PLAY, Column, Seat


def width(columns: list[Column]) -> int:
    return sum(1 for column in columns if column.cards)


def legal(columns: list[Column]) -> bool:
    w = width(columns)
    deep_ok = all(len(column.cards) <= w for column in columns)
    return deep_ok and sum(len(c.cards) for c in columns) <= MAX_IN_PLAY


def shape_after_add(columns: list[Column], col: int) -> bool:
    """Whether a card may join the back of column `col` (1-3) and leave a legal grid."""
    trial = [Column(list(c.cards)) for c in columns]
    trial[col - 1].cards.append("x")  # pragma: no mutate (legal() counts cards: any placeholder)
    return legal(trial)


def shape_after_move(columns: list[Column], src: int, row: int, dst: int) -> bool:
    trial = [Column(list(c.cards)) for c in columns]
    card = trial[src - 1].cards.pop(row - 1)  # pragma: no mutate (legal() counts cards only)
    trial[dst - 1].cards.append(card)  # pragma: no mutate (legal() counts cards only)
    return legal(trial)


def at(seat: Seat, col: int, row: int) -> str | None:
    if not 1 <= col <= len(seat.columns):
        return None
    cards = seat.columns[col - 1].cards
    return cards[row - 1] if 1 <= row <= len(cards) else None


def where(seat: Seat, card_id: str) -> tuple[int, int] | None:
    """(col, row) of a card in play."""
    for c, column in enumerate(seat.columns, 1):
        if card_id in column.cards:
            return c, column.cards.index(card_id) + 1
    return None


def add(seat: Seat, card_id: str, col: int) -> None:
    """A card joins the back of a column; joining a safe column makes it safe (the column's flag)."""
    seat.columns[col - 1].cards.append(card_id)


def remove(seat: Seat, card_id: str) -> int:
    """Take a card out of play; the cards behind it move up. An emptied column is never safe."""
    for c, column in enumerate(seat.columns, 1):
        if card_id in column.cards:
            column.cards.remove(card_id)
            if not column.cards:
                column.safe = False
            return c
    raise ValueError(f"{card_id} is not in play")


def open_columns(columns: list[Column]) -> list[int]:
    """The columns (1-3) a new card may join."""
    return [c for c in range(1, len(columns) + 1) if shape_after_add(columns, c)]


def restore_step(columns: list[Column]) -> tuple[int, int] | None:
    """One step of the default restoration of an illegal grid: (from column, to column), or None when the
    grid is legal. Beyond nine cards, the rules' third step (the newest cards lost) is the caller's."""
    if legal(columns):
        return None
    w = width(columns)
    depths = [len(c.cards) for c in columns]
    if w < len(columns):
        deepest = max(depths)
        src = depths.index(deepest) + 1
        dst = depths.index(0) + 1
        return src, dst
    over = [c for c in range(1, len(columns) + 1) if depths[c - 1] > len(columns)]
    if over:
        src = over[0]
        shallow = min(depths)
        return src, depths.index(shallow) + 1
    return None


def restore(seat: Seat) -> list[list[int]]:
    """The default restoration (rules.md, "The grid"): the moves made, as [from, to]."""
    moves: list[list[int]] = []
    while (step := restore_step(seat.columns)) is not None:
        src, dst = step
        card = seat.columns[src - 1].cards.pop()
        seat.columns[dst - 1].cards.append(card)
        moves.append([src, dst])
    return moves

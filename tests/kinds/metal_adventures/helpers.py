"""What the Metal Adventures tests share: dice, a dealt game, and every seat's choice played."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from games.kinds.metal_adventures import cards, invariants, setup
from games.kinds.metal_adventures.state import GameState
from tests.kinds.seeded_dice import SeededDice as RecordedDice


class SeededDice(RecordedDice):
    """Seeded draws, recorded; no die may be rolled (setting up rolls no die)."""

    def __init__(self, seed: int) -> None:
        super().__init__(seed, no_roll="setting up rolls no die")


class IdentityDice:
    """draw(n) gives n - 1: every Fisher-Yates step swaps a card with itself, so every shuffle leaves its
    pile in id order, and each base starship drawn is the last one left."""

    def __init__(self) -> None:
        self.asked: list[int] = []

    def roll(self, sides: int) -> int:
        raise AssertionError("setting up rolls no die")

    def draw(self, n: int) -> int:
        self.asked.append(n)
        return n - 1


def dealt(players: int = 4, seed: int = 0, **options: Any) -> GameState:
    """A new game, checked."""
    state = setup.new_state(options, players, SeededDice(seed))
    invariants.check(state)
    return state


def all_chosen(state: GameState, order: list[int] | None = None) -> GameState:
    """Every seat plays the clock's choice, in `order` (seat order by default), checked after each."""
    for seat in order if order is not None else range(state.players):
        state, _events = setup.choose(state, seat, setup.timeout_command(state, seat))
        invariants.check(state)
    return state


def playing(players: int = 3, seed: int = 0, **options: Any) -> GameState:
    """Seat 1's first turn, at its start: every seat chose with the clock's choice."""
    return all_chosen(dealt(players, seed, **options))


def with_credits(state: GameState, **by_seat: int) -> GameState:
    """Seats' credits set (`a=0, b=5`...), the bank making up the difference so the 72 hold."""
    for letter, credits in by_seat.items():
        i = "abcdef".index(letter)
        change = credits - state.seats[i].credits
        state = replace(state.with_seat(i, replace(state.seats[i], credits=credits)),
                        bank=state.bank - change)
    return state


def with_equipment(state: GameState, seat: int, *ids: str) -> GameState:
    """The seat holds these improvements, taken from the Improvement deck or the OCG row (a row spot taken
    is refilled from the deck's top)."""
    deck = list(state.improvement_deck)
    row = list(state.ocg_row)
    for card in ids:
        if card in deck:
            deck.remove(card)
        else:
            row[row.index(card)] = deck.pop(0)
    held = state.seats[seat].improvements + ids
    return replace(state.with_seat(seat, state.seats[seat].with_improvements(held)),
                   improvement_deck=tuple(deck), ocg_row=tuple(row))


def in_row(state: GameState, card: str) -> GameState:
    """`card` face up in the OCG row's first spot, the card it replaces put where `card` was in the deck."""
    if card in state.ocg_row:
        return state
    deck = list(state.improvement_deck)
    at = deck.index(card)
    first = state.ocg_row[0]
    assert first is not None
    deck[at] = first
    return replace(state, improvement_deck=tuple(deck), ocg_row=(card, *state.ocg_row[1:]))


def with_trophies(state: GameState, hands: dict[int, tuple[str, ...]],
                  top: tuple[str, ...] = ()) -> GameState:
    """Every seat's hand set (seats not named hold none), the Trophy deck `top` then the rest in id order."""
    seats = tuple(replace(seat, trophies=hands.get(i, ())) for i, seat in enumerate(state.seats))
    held = {t for hand in hands.values() for t in hand} | set(top)
    rest = tuple(t for t in sorted(cards.TROPHIES) if t not in held)
    return replace(state, seats=seats, trophy_deck=top + rest)

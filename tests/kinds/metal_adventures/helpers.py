"""What the Metal Adventures tests share: dice, a dealt game, and every seat's choice played."""

from __future__ import annotations

from typing import Any

from games.kinds.metal_adventures import invariants, setup
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

"""Dice for a kind's pure tests (games/kinds/protocol.py, Dice): a seeded generator that records every
draw it was asked for, so a test can replay a deal and check what was drawn."""

from __future__ import annotations

import random


class SeededDice:
    """Draws from a seeded generator and records every `n` asked. `no_roll`: why this kind rolls no die
    here (a roll then fails the test); "" lets it roll."""

    def __init__(self, seed: int, no_roll: str = "") -> None:
        self.rng = random.Random(seed)
        self.asked: list[int] = []
        self.no_roll = no_roll

    def roll(self, sides: int) -> int:
        if self.no_roll:
            raise AssertionError(self.no_roll)
        return self.rng.randint(1, sides)

    def draw(self, n: int) -> int:
        self.asked.append(n)
        return self.rng.randrange(n)

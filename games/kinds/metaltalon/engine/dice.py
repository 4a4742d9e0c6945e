"""Dice: any object with roll(sides) -> int (and optionally draw(n) -> int), or the state's own seeded
generator.

The state's generator is deterministic and JSON-safe: draw number k of a game seeded s comes from
random.Random(f"{s}:{k}"), so a game replays exactly from its seed and command log. It is for tests, bots
and simulation: a live game on the site passes dice drawn from the operating system's randomness and
records every value (shared/DESIGN.md, "Engine contract"), so no seed of a game in play predicts anything.
"""

import random
from typing import Protocol


class Dice(Protocol):
    def roll(self, sides: int) -> int:
        """A six-sided die gives 1-6; a stopwatch (sides=10) gives the hundredths digit 0-9."""
        ...


class Roller:
    """Counts every draw so the state can record it; uses the given dice for game rolls if any."""

    def __init__(self, seed: int, rolls: int, dice: Dice | None = None) -> None:
        self.seed = seed
        self.rolls = rolls
        self.dice = dice

    def _rng(self) -> random.Random:
        rng = random.Random(f"{self.seed}:{self.rolls}")
        self.rolls += 1
        return rng

    def die(self, sides: int) -> int:
        """A game roll: d6 (1-6) or a stopwatch digit (0-9) when sides is 10."""
        if self.dice is not None:
            self.rolls += 1
            return int(self.dice.roll(sides))
        rng = self._rng()
        return rng.randint(0, 9) if sides == 10 else rng.randint(1, sides)

    def index(self, n: int) -> int:
        """A card draw among n (a faction redraw): the dice object's draw(n) when it has one, so a live game
        draws its cards from the same secret source as its rolls; otherwise the state's generator (a dice
        object with roll() alone, as tests pass, leaves card draws seeded)."""
        draw = getattr(self.dice, "draw", None)
        if draw is not None:
            self.rolls += 1
            value = int(draw(n))
            if not 0 <= value < n:
                raise ValueError(f"dice.draw({n}) gave {value}, outside 0..{n - 1}")
            return value
        return self._rng().randrange(n)

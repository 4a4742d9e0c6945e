"""Dice for live games: drawn from the operating system's randomness at the moment of play, and recorded.

A live game never rolls from a seed (shared/DESIGN.md, "Engine contract"): the commands action passes a
SecretDice to the kind and stores what it drew on the Action row (`Action.dice`), and replay or undo hand
the same values back through ReplayDice. So the game replays exactly from its first snapshot and its log,
and no seed exists that could tell a player a roll before it is made (docs/architecture.md).
"""

from __future__ import annotations

import secrets
from typing import Any

Draw = list[Any]  # ["roll", sides, value] or ["draw", n, value]


class SecretDice:
    """Every value from the OS's randomness (`secrets`), noted in `draws` in the order it was made.
    `source`: another generator with randrange(), for tests that need known values."""

    def __init__(self, source: Any = None) -> None:
        self.draws: list[Draw] = []
        self._source = source if source is not None else secrets.SystemRandom()

    def roll(self, sides: int) -> int:
        value = int(self._source.randrange(sides)) + 1
        self.draws.append(["roll", sides, value])
        return value

    def draw(self, n: int) -> int:
        value = int(self._source.randrange(n))
        self.draws.append(["draw", n, value])
        return value


class ReplayMismatch(Exception):
    """The log asks for a draw it did not record: the kind's rules changed under a stored game."""


class ReplayDice:
    """The recorded values of one action, handed back in order; asking for anything else is an error."""

    def __init__(self, draws: list[Draw]) -> None:
        self.draws = list(draws)
        self.used = 0

    def _next(self, what: str, n: int) -> int:
        if self.used >= len(self.draws):
            raise ReplayMismatch(f"{what}({n}) asked beyond the {len(self.draws)} recorded draws")
        kind, size, value = self.draws[self.used]
        if kind != what or size != n:
            raise ReplayMismatch(f"{what}({n}) asked where {kind}({size}) was recorded")
        self.used += 1
        return int(value)

    def roll(self, sides: int) -> int:
        return self._next("roll", sides)

    def draw(self, n: int) -> int:
        return self._next("draw", n)

    def check_spent(self) -> None:
        if self.used != len(self.draws):
            raise ReplayMismatch(f"{len(self.draws) - self.used} recorded draws were not asked for")


def new_dice() -> SecretDice:
    """The dice a live game plays with. Tests that need known rolls replace this function (a fixture),
    never a channel: no request, mail or API call can choose the dice."""
    return SecretDice()

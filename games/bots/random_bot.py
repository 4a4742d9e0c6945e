"""The random bot: any legal command that moves the game on, for any kind. Tests and benchmarks use it
to reach many positions; it also stands in for a player who asked for the easiest opponent."""

from __future__ import annotations

import random
from typing import Any

from games.bots.base import Rules, moves_on


class RandomBot:
    level = "random"

    def __init__(self, rules: Rules, rng: random.Random | None = None, *, lively: bool = False) -> None:
        """`lively`: a turn ends less often and shots come more often than a uniform pick would make
        them, so a game gets to fights and eliminations sooner (the benchmarks' long games)."""
        self.rules = rules
        self.rng = rng or random.Random()
        self.lively = lively

    def choose(self, state: Any, seat: int) -> str:
        options = moves_on(self.rules, state, seat)
        if self.lively:
            if "end" in options and self.rng.random() < 0.2:
                return "end"
            fires = [c for c in options if c.startswith("fire")]
            if fires and self.rng.random() < 0.5:
                return self.rng.choice(fires)
        return self.rng.choice(options)

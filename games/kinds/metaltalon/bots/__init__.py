"""MetalTalon's own bots (docs/bots.md): greedy (one command ahead, judged by position.py) and search
(play-outs of its best few commands to its next turn). Both speak only the engine's public API."""

from __future__ import annotations

import random

from games.bots.base import Bot, Rules
from games.bots.random_bot import RandomBot

from .beginner import BeginnerBot
from .greedy import GreedyBot
from .rules import RULES
from .search import ROLLOUTS, SearchBot

LEVELS = ("random", "beginner", "greedy", "search")


def make_bot(level: str, rng: random.Random, *, rules: Rules = RULES, rollouts: int = ROLLOUTS,
             seconds: float | None = None, orders: bool = True) -> Bot:
    """A MetalTalon bot of `level` (KeyError for another): the one factory of the kind, the simulations
    and the tests. `rules`: what the random bot lists commands with (the kind itself on the site)."""
    if level == "random":
        return RandomBot(rules, rng)
    if level == "beginner":
        return BeginnerBot(rng, orders=orders)
    if level == "greedy":
        return GreedyBot(rng, orders=orders)
    if level == "search":
        return SearchBot(rng, rollouts=rollouts, seconds=seconds, orders=orders)
    raise KeyError(f"unknown bot level {level!r}: choose from {', '.join(LEVELS)}")


__all__ = ["LEVELS", "BeginnerBot", "GreedyBot", "SearchBot", "make_bot"]

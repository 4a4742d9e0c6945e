"""Metal Adventures' bots (docs/bots.md): `random` (the platform's random bot on the legal commands of the
seat's bot state: rules.py) and `greedy` (greedy.py: at every question the answer worth most to it now,
by worth.py's measures and chance.py's exact chances). Both read only what their seat may see
(view.bot_state). match.py plays one seeded game between bots, simulate.py many and what they say about
the card set's numbers (`manage.py simulate --game metal-adventures`)."""

from __future__ import annotations

import random

from games.bots.base import Bot
from games.bots.random_bot import RandomBot

from .greedy import GreedyBot
from .rules import RULES

LEVELS = ("random", "greedy")


def make_bot(level: str, rng: random.Random) -> Bot:
    """A Metal Adventures bot of `level` (KeyError for another)."""
    if level == "random":
        return RandomBot(RULES, rng)
    if level == "greedy":
        return GreedyBot(rng)
    raise KeyError(f"unknown bot level {level!r}: choose from {', '.join(LEVELS)}")


__all__ = ["LEVELS", "GreedyBot", "make_bot"]

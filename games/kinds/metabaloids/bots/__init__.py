"""Metabaloids' bots (docs/bots.md): `random` (the platform's random bot on the seat's legal commands:
rules.py) and `greedy` (greedy.py: at every decision the command worth most now, by worth.py's cheap
measures of the seat's bot state). Both read only what their seat may see (view.bot_state). match.py
plays one seeded game between bots, simulate.py many and what they say about the two starter decks
(`manage.py simulate --game metabaloids`)."""

from __future__ import annotations

import random

from games.bots.base import Bot
from games.bots.random_bot import RandomBot

from .greedy import GreedyBot
from .rules import RULES

LEVELS = ("random", "greedy")


def make_bot(level: str, rng: random.Random) -> Bot:
    """A Metabaloids bot of `level` (KeyError for another)."""
    if level == "random":
        return RandomBot(RULES, rng)
    if level == "greedy":
        return GreedyBot(rng)
    raise KeyError(f"unknown bot level {level!r}: choose from {', '.join(LEVELS)}")


__all__ = ["LEVELS", "GreedyBot", "make_bot"]

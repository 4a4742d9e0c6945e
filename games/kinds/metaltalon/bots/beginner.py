"""The beginner bot: the greedy bot's judgement, short-sighted and with slips, so a new player meets an
opponent that plays sensibly (no whole reserve in one ship, no ship thrown away) and can be beaten
(docs/bots.md, "Levels").

It sees one command ahead like the greedy bot, but in the greedy bot's quick model (a shot worth a roll
a little above the middle, a few moves per ship), it gives the threats to its own ships and base little
weight (it does not see a player's attack coming), and now and then it plays its second or third best
choice instead of its best.
"""

from __future__ import annotations

import random
from dataclasses import replace

from .greedy import GreedyBot
from .position import DEFAULT

# How much of the greedy bot's care for the threats against it the beginner keeps: none (the player's attack
# comes as a surprise to it, which is how a new player wins their first games).
CARE = 0.0
# How often it plays a lesser choice than its best, and among how many.
SLIP = 0.8
SLIP_AMONG = 6


class BeginnerBot(GreedyBot):
    level = "beginner"

    def __init__(self, rng: random.Random | None = None, *, orders: bool = True) -> None:
        super().__init__(rng, replace(DEFAULT, threat=DEFAULT.threat * CARE), quick=True, orders=orders)

    def pick(self, ranked: list[tuple[float, str]]) -> str:
        best = ranked[0][1]
        if best == "end" or self.rng.random() >= SLIP:
            return best
        return self.rng.choice([command for _, command in ranked[:SLIP_AMONG]])

"""The search bot: for each decision of its turn, the greedy bot's few best commands are each played out
many times, with dice it samples, to the start of its next turn: the rest of its own turn and every
opponent's reply by the quick greedy model (greedy.py), then the position is judged (position.py). The
command with the best average is played. Turn after turn it sees the real rolls before deciding again.

The budget is a number of play-outs per decision (deterministic for a seeded simulation), cut short by
`seconds` on the site so a bot's turn never keeps the players waiting.
"""

from __future__ import annotations

import random
import time

import games.kinds.metaltalon.engine as engine  # `engine.play`: `play` alone is also a module's name
from games.kinds.metaltalon.engine import GameState, IllegalCommand

from . import choices
from .greedy import GreedyBot
from .position import DEFAULT, WIN, Weights, evaluate
from .rules import blind, options

WIDTH = 3  # the greedy bot's best commands considered, besides ending the turn
ROLLOUTS = 24  # play-outs per decision, shared among the commands considered
LOOKAHEAD_STEPS = 120  # a play-out stops there even if the bot's next turn has not come
# When greedy's best command leads its second by more than this (credits), the play-outs are skipped.
MARGIN = 3.0


class Sampled:
    """Dice for a play-out: random faces from the bot's own generator."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def roll(self, sides: int) -> int:
        return self.rng.randrange(10) if sides == 10 else self.rng.randint(1, sides)

    def draw(self, n: int) -> int:
        return self.rng.randrange(n)


class SearchBot:
    level = "search"

    def __init__(self, rng: random.Random | None = None, *, rollouts: int = ROLLOUTS,
                 seconds: float | None = None, width: int = WIDTH, weights: Weights = DEFAULT,
                 orders: bool = True, margin: float = MARGIN) -> None:
        self.rng = rng or random.Random()
        self.rollouts = rollouts
        self.seconds = seconds
        self.width = width
        self.margin = margin
        self.weights = weights
        self.greedy = GreedyBot(self.rng, weights, orders=orders)
        self.model = GreedyBot(self.rng, weights, quick=True)

    def choose(self, state: GameState, seat: int) -> str:
        if state.phase != "play":
            return self.greedy.choose(state, seat)
        if self.greedy.orders and choices.wanted_orders(state, seat) or state.pending is not None:
            # its orders; a Clovers answer is one roll's expectation, which greedy takes
            return self.greedy.choose(state, seat)
        state = blind(state, self.rng)
        ranked = self.greedy.rank(state, seat, options(state, seat))
        if ranked[0][0] >= WIN / 2 or len(ranked) == 1 or ranked[0][0] - ranked[1][0] > self.margin:
            return ranked[0][1]  # a win, no choice, or a choice the play-outs would not overturn
        candidates = [c for _, c in ranked[: self.width]]
        if "end" not in candidates and any(c == "end" for _, c in ranked):
            candidates.append("end")
        return self.best(state, seat, candidates)

    def best(self, state: GameState, seat: int, candidates: list[str]) -> str:
        """Common random numbers: the k-th play-out of every candidate rolls the same dice, so the
        averages differ by the choice and not by luck (far less noise for the same budget)."""
        totals = dict.fromkeys(candidates, 0.0)
        counts = dict.fromkeys(candidates, 0)
        stop = time.monotonic() + self.seconds if self.seconds is not None else None
        base = self.rng.randrange(2**31)
        for k in range(max(1, self.rollouts // len(candidates))):
            for command in candidates:
                totals[command] += self.play_out(state, seat, command, random.Random(base + k))
                counts[command] += 1
            if stop is not None and time.monotonic() > stop:
                break
        return max(candidates, key=lambda c: totals[c] / counts[c])

    def play_out(self, state: GameState, seat: int, command: str, rng: random.Random) -> float:
        """Play `command`, then every seat by the quick model with sampled dice, until the bot's next
        turn (or the game's end); the worth of where that leaves the bot."""
        dice = Sampled(rng)
        start = state.turn
        try:  # the command's own roll apart, so the rolls after it line up across candidates
            state = engine.play(state, seat, command, dice=Sampled(random.Random(rng.random()))).state
        except IllegalCommand:
            return float("-inf")
        for _ in range(LOOKAHEAD_STEPS):
            if state.phase == "over":
                break
            if state.active == seat and state.turn > start and state.pending is None:
                break
            actor = state.to_act[0]
            move = self.model.decide(state, actor, counted=False)
            state = engine.play(state, actor, move, dice=dice).state
        return evaluate(state, seat, self.weights)

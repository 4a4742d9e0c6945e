"""The greedy bot: of the commands legal now, the one whose result is worth most (position.py), a shot
or a reroll by its expected worth over the die's faces; the turn ends when nothing improves on ending it.

One command at a time, so it sees each roll before its next choice, as a player does.
"""

from __future__ import annotations

import random
from functools import cache

import games.kinds.metaltalon.engine as engine  # `engine.play`: `play` alone is also a module's name
from games.bots.base import BotStuck, moves_on
from games.kinds.metaltalon.engine import GameState, IllegalCommand

from . import choices
from .position import DEFAULT, Weights, evaluate, shots_of
from .rules import RULES, Faces, blind, launch, options, rolls, table_of

# An improvement smaller than this is noise: the turn ends rather than shuffle ships for nothing.
EPSILON = 0.05
# A turn longer than this ends: no real turn needs so many commands (each ship acts once).
MAX_STEPS = 60


class GreedyBot:
    level = "greedy"

    def __init__(self, rng: random.Random | None = None, weights: Weights = DEFAULT, *,
                 quick: bool = False, orders: bool = True) -> None:
        """`quick`: a few moves per ship (towards what it is for) and a few launches, a shot worth its
        mean roll: the search bot's model of every player in its look-ahead, ten times cheaper."""
        self.rng = rng or random.Random()
        self.weights = weights
        self.quick = quick
        self.orders = orders  # False: standing in for a player, whose orders stay theirs
        self._turn: tuple[int, int] | None = None
        self._steps = 0

    def choose(self, state: GameState, seat: int) -> str:
        state = blind(state, self.rng)
        if state.phase == "setup":
            setup = moves_on(RULES, state, seat)
            pick = choices.setup_choice(state, seat)
            return pick if pick in setup else setup[0]
        orders = choices.wanted_orders(state, seat) if self.orders else []
        if orders:
            return orders[0]
        return self.decide(state, seat)

    def decide(self, state: GameState, seat: int, *, counted: bool = True) -> str:
        """The turn's next command (the game in play, the bot's orders as they are). `counted`: this is
        a real turn, which ends after MAX_STEPS commands (a look-ahead has its own limit)."""
        listed = options(state, seat)
        if self.quick:
            listed = prune(state, seat, listed)
        elif len(listed) > CROWDED:
            listed = prune(state, seat, listed, per_ship=CROWDED_MOVES, launches=True)
        if counted and self._count(state) > MAX_STEPS and "end" in listed:
            return "end"
        return self.pick(self.rank(state, seat, listed))

    def pick(self, ranked: list[tuple[float, str]]) -> str:
        """Of the ranked options, the one to play: the best (the beginner bot slips)."""
        return ranked[0][1]

    def rank(self, state: GameState, seat: int, options: list[str]) -> list[tuple[float, str]]:
        """The options by worth, best first; `end` stands for "nothing better" (its worth is the
        position as it is)."""
        scored = []
        # A move that does not improve on standing still is dropped: ships otherwise shuffle back and
        # forth for nothing until the step limit. (Not shots: a shot at a reserve does not raise the
        # chance of invading now on average, yet it is how the invasion happens.)
        still = evaluate(state, seat, self.weights) + EPSILON if "end" in options else float("-inf")
        for command in options:
            if command == "end":
                scored.append((evaluate(state, seat, self.weights, now=False) + EPSILON, command))
            else:
                worth = self.worth(state, seat, command)
                if worth > still or not command.startswith("move"):
                    scored.append((worth, command))
        scored = [x for x in scored if x[0] != float("-inf")]
        if not scored:
            raise BotStuck(f"nothing to play for seat {seat}")
        scored.sort(key=lambda x: -x[0])
        return scored

    def worth(self, state: GameState, seat: int, command: str) -> float:
        """The position after `command`, on average over the die when it rolls."""
        w = self.weights
        try:
            if not rolls(command):
                after = engine.play(state, seat, command, dice=Faces([1], self.rng)).state
                return evaluate(after, seat, w)
            total = 0.0
            outcomes = table_of(state).outcomes
            if self.quick:  # one roll a little above the middle
                outcomes = (outcomes[len(outcomes) // 2],)
                outcomes = ((outcomes[0][0], 1.0, 0),)
            changed = False
            for face, p, _ in outcomes:
                after = engine.play(state, seat, command, dice=Faces([face], self.rng)).state
                changed = changed or _changed(state, after)
                total += p * evaluate(after, seat, w)
            # A shot no roll can make tell (out of range, or at shields it cannot pass) is dropped: it
            # would otherwise stand for the shots the evaluation still counts as to come.
            return total if changed else float("-inf")
        except IllegalCommand:  # listed as legal, so never; a bot must not stop on it all the same
            return float("-inf")

    def _count(self, state: GameState) -> int:
        key = (state.turn, state.active)
        if key != self._turn:
            self._turn, self._steps = key, 0
        self._steps += 1
        return self._steps


def _changed(before: GameState, after: GameState) -> bool:
    """Whether a roll did anything: a ship or a reserve hit (a reroll of a roll that can do nothing does
    nothing either)."""
    return after.ships != before.ships or any(
        a.reserve != b.reserve for a, b in zip(after.seats, before.seats, strict=True))


# Per ship, the quick look-ahead keeps this many moves: those ending nearest to what the ship is for.
QUICK_MOVES = 4
# A big fleet lists thousands of moves, each judged by a play and a look at the whole board (a turn of
# 30 ships took minutes): beyond this many options, greedy too keeps per ship only its best-aimed moves.
CROWDED = 300
CROWDED_MOVES = 8


def prune(state: GameState, seat: int, listed: list[str], *, per_ship: int = QUICK_MOVES,
          launches: bool = False) -> list[str]:
    """The quick bot's options: every shot, launch of a few sizes (`launches`: every one listed) and
    answer, and per ship the moves that end on a base or nearest its aim (armed: an enemy ship or home;
    unarmed: an unowned base)."""
    t = table_of(state)
    dist = t.board.distance
    bases = t.board.base_cells
    homes = {s.home for s in state.seats if not s.out}
    enemies = [s.cell for s in state.ships if s.owner != seat]
    enemies += [s.home for s in state.seats if not s.out and s.index != seat]
    free = [b for b in bases if b not in homes] or enemies
    armed = {s.cell: shots_of(s, t) > 0 for s in state.ships if s.owner == seat}
    moves: dict[str, list[tuple[int, str]]] = {}
    out = []
    for command in listed:
        words = command.split()
        if words[0] == "launch":
            if launches or command in _quick_launches(t.letters):
                out.append(command)
            continue
        if words[0] != "move":
            out.append(command)
            continue
        source, dest = words[1], words[-1]
        if dest in bases:
            out.append(command)
            continue
        aims = enemies if armed.get(source) else free
        moves.setdefault(source, []).append((min(dist(dest, a) for a in aims) if aims else 0, command))
    for options_ in moves.values():
        options_.sort()
        out += [c for _, c in options_[:per_ship]]
    return out


@cache
def _quick_launches(letters: tuple[str, str, str]) -> frozenset[str]:
    return frozenset(launch(p, letters) for p in QUICK_SHIPS)


QUICK_SHIPS = ((2, 1, 0), (3, 2, 0), (5, 3, 1), (2, 0, 0))

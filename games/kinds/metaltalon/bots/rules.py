"""MetalTalon as the bots read it: the engine's public API (the package ..engine), with dice the bot chooses.

A bot never plays a hypothetical command with the state's own generator: in a simulation that generator
makes the real rolls, so asking it "what if I fire" would tell the bot the roll it is about to get. Every
look-ahead passes its own dice (`Faces`), and `blind` replaces the seed before a bot sees a state at all.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, replace
from functools import cache
from typing import Any

import games.kinds.metaltalon.engine as engine  # `engine.play`: `play` alone is also a module's name
from games.kinds.metaltalon.engine import (
    ANYTIME_VERBS,
    EDITIONS,
    Board,
    GameState,
    legal_commands,
    load_board,
)


class EngineRules:
    """The engine behind the two calls every bot needs (games/bots/base.py, Rules)."""

    def legal_commands(self, state: GameState, seat: int) -> list[str]:
        return legal_commands(state, seat)

    def anytime(self, command: str) -> bool:
        words = command.split(None, 1)
        return bool(words) and words[0].lower() in ANYTIME_VERBS


RULES = EngineRules()


# The ships a bot considers launching (engines, weapons, shields), when the reserve pays for them.
LAUNCHES = tuple((e, w, s) for e in (1, 2, 3, 5) for w in (0, 1, 2, 3) for s in (0, 1))


def options(state: GameState, seat: int) -> list[str]:
    """What a bot chooses from: the legal commands that move the game on, with a few launches of its own
    instead of every composition the reserve pays for (legal_commands lists them all: thousands with a
    big reserve). A launch here may still be refused by play() (the home base taken, a ship too big for
    the edition); the caller drops those."""
    listed = [c for c in legal_commands(state, seat, launches=False) if not RULES.anytime(c)]
    me = state.seats[seat]
    if state.phase != "play" or state.active != seat or state.pending is not None or state.launched:
        return listed
    letters = table_of(state).letters
    for pieces in LAUNCHES:
        if pieces[0] + 5 * pieces[1] + 10 * pieces[2] <= me.reserve:
            listed.append(launch(pieces, letters))
    return listed


def launch(pieces: tuple[int, int, int], letters: tuple[str, str, str]) -> str:
    return "launch " + " ".join(f"{n}{letters[i]}" for i, n in enumerate(pieces) if n)


def engine_play(state: GameState, seat: int, command: str) -> tuple[GameState, list[dict[str, Any]]]:
    """The engine's play with the state's own seeded dice: simulations and tests, never a bot's
    look-ahead."""
    outcome = engine.play(state, seat, command)
    return outcome.state, outcome.events


def engine_to_act(state: GameState) -> tuple[int, ...]:
    return state.to_act


def blind(state: GameState, rng: random.Random) -> GameState:
    """The state without its seed: what a bot may know (the seed would predict a simulation's rolls)."""
    return replace(state, seed=rng.randrange(2**31), rolls=0)


class Faces:
    """Dice for a look-ahead: the given rolls in turn (the last one again for any later roll: a Murphys
    reroll, a Clovers reroll), and card draws from the bot's own generator."""

    def __init__(self, rolls: Sequence[int], rng: random.Random) -> None:
        self.rolls = list(rolls)
        self.rng = rng
        self.used = 0

    def roll(self, sides: int) -> int:
        value = self.rolls[min(self.used, len(self.rolls) - 1)]
        self.used += 1
        return value

    def draw(self, n: int) -> int:
        return self.rng.randrange(n)


@dataclass(frozen=True)
class Table:
    """What a bot looks up about a state's edition: the board, and the die as the rules read it."""

    board: Board
    letters: tuple[str, str, str]
    wild_dimes: bool
    # (what the dice object returns, its chance, the value the rules count): d6 faces, or stopwatch digits.
    outcomes: tuple[tuple[int, float, int], ...]
    homes: tuple[str, ...]  # by seat

    def die_values(self) -> list[tuple[float, int]]:
        """(chance, value) of one roll, merged by value."""
        merged: dict[int, float] = {}
        for _, p, v in self.outcomes:
            merged[v] = merged.get(v, 0.0) + p
        return sorted((p, v) for v, p in merged.items())


@cache
def table(edition: str, dice_mode: str, players: int) -> Table:
    ed = EDITIONS[edition]
    board = load_board(ed.board)
    if dice_mode == "d6":
        outcomes = tuple((f, 1 / 6, f) for f in range(1, 7))
    else:
        outcomes = tuple((d, 0.1, ed.stopwatch_value(d)) for d in range(10))
    return Table(board, ed.letters, ed.wild_dimes, outcomes, board.home_bases(players))


def table_of(state: GameState) -> Table:
    return table(state.edition, state.dice_mode, state.players)


def rolls(command: str) -> bool:
    """Whether the command throws a die (a shot, or a Clovers reroll)."""
    return command.startswith(("fire", "reroll"))

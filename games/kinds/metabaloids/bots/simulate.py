"""Many seeded Metabaloids games between bots, and what they say about the two starter decks (`manage.py
simulate --game metabaloids`, docs/metabaloids-balance.md): each deck's win share against the other, the
first player's win share, win rates by bot level, and how long games last in turns, rounds and commands.

Game g uses seed `seed + g`. The bot list turns one seat further each game and the deck list one seat
further every `len(bots)` games, so with two levels and two decks each level plays each deck from each
seat equally often. The games' picks are seeded (match.py), so a run repeats exactly."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from statistics import median

from games.bots.batch import run_games
from games.bots.stats import Rate

from . import make_bot
from .match import ENDINGS, TURN_CAP, Result, play_game

PLAYER_COUNTS = (2, 3, 4, 5, 6)


@dataclass(frozen=True)
class Plan:
    games: int
    players: int = 2
    bots: tuple[str, ...] = ("greedy",)
    decks: tuple[str, ...] = ("A", "B")
    seed: int = 1
    turn_cap: int = TURN_CAP
    length: str = "reshuffle"

    def levels(self, g: int) -> tuple[str, ...]:
        n = len(self.bots)
        return tuple(self.bots[(i + g) % n] for i in range(self.players))

    def seat_decks(self, g: int) -> tuple[str, ...]:
        n = len(self.decks)
        turn = g // len(self.bots)
        return tuple(self.decks[(i + turn) % n] for i in range(self.players))


def one_game(plan: Plan, g: int) -> Result:
    levels = plan.levels(g)
    return play_game(plan.seed + g, plan.seat_decks(g), lambda seat, rng: make_bot(levels[seat], rng), levels,
                     turn_cap=plan.turn_cap, options={"length": plan.length})


def run(plan: Plan, workers: int = 1, progress: Callable[[Result], None] | None = None) -> list[Result]:
    """Every game of the plan, in `workers` processes (1: in this one), in the order of their seeds."""
    return run_games(one_game, plan, plan.games, workers, progress)


@dataclass
class Summary:
    games: int
    by_level: list[Rate] = field(default_factory=list)
    by_deck: list[Rate] = field(default_factory=list)  # a seat's win rate with each deck
    matchups: list[Rate] = field(default_factory=list)  # a deck's win share against the other, by seat
    first: Rate = field(default_factory=lambda: Rate("first player"))
    endings: Counter[str] = field(default_factory=Counter)
    shared: int = 0
    turns: tuple[int, int, float, float] = (0, 0, 0.0, 0.0)  # shortest, longest, median, mean
    rounds: tuple[int, int, float, float] = (0, 0, 0.0, 0.0)
    commands: tuple[int, int, float, float] = (0, 0, 0.0, 0.0)
    winner_lost: float = 0.0  # the winner's lost pile
    loser_lost: float = 0.0  # every other seat's


def _spread(values: Sequence[int]) -> tuple[int, int, float, float]:
    if not values:
        return 0, 0, 0.0, 0.0
    return min(values), max(values), float(median(values)), sum(values) / len(values)


def _mean(values: Sequence[float]) -> float:
    return sum(values) / len(values) if values else 0.0


def summarise(results: Sequence[Result]) -> Summary:
    """Win rates (a seat in a shared first place counts a win; a level counts once per game it played,
    won when any of its seats won), the decks head to head (games where both decks sat at the table, a
    deck's seats counted once each), the first player's share, lengths and endings."""
    summary = Summary(len(results))
    levels: dict[str, Rate] = {}
    decks: dict[str, Rate] = {}
    heads: dict[str, Rate] = {}
    for r in results:
        summary.endings[r.ending] += 1
        summary.shared += len(r.winners) > 1
        for level in set(r.levels):
            rate = levels.setdefault(level, Rate(level))
            rate.games += 1
            rate.wins += any(r.levels[w] == level for w in r.winners)
        mixed = len(set(r.decks)) > 1
        for seat, deck in enumerate(r.decks):
            rate = decks.setdefault(deck, Rate(f"deck {deck}"))
            rate.games += 1
            rate.wins += seat in r.winners
            if mixed:
                others = "/".join(sorted(set(r.decks) - {deck})) or deck
                head = heads.setdefault(f"{deck} vs {others}", Rate(f"deck {deck} vs deck {others}"))
                head.games += 1
                head.wins += seat in r.winners
        summary.first.games += 1
        summary.first.wins += r.first in r.winners
    summary.by_level = sorted(levels.values(), key=lambda x: -x.rate)
    summary.by_deck = [decks[d] for d in sorted(decks)]
    summary.matchups = [heads[h] for h in sorted(heads)]
    summary.turns = _spread([r.turns for r in results])
    summary.rounds = _spread([r.rounds for r in results])
    summary.commands = _spread([r.commands for r in results])
    summary.winner_lost = _mean([r.lost[w] for r in results for w in r.winners])
    summary.loser_lost = _mean([r.lost[s] for r in results for s in range(len(r.lost)) if s not in r.winners])
    return summary


def endings_text(summary: Summary) -> str:
    return ", ".join(f"{ending} {summary.endings.get(ending, 0)}" for ending in ENDINGS)

"""Many seeded bot games in parallel processes, and what they say (`manage.py simulate`, docs/bots.md).

Game g uses seed `seed + g`; the bot list is turned one seat further each game, so with two levels each
plays every seat order equally often. The engine's own seeded dice roll (match.py), so a run repeats
exactly for the same arguments and budget.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from games.bots.batch import run_games
from games.bots.stats import Rate

from . import make_bot
from .match import TURN_CAP, Result, play_game
from .search import ROLLOUTS


@dataclass(frozen=True)
class Plan:
    games: int
    players: int = 2
    edition: str = "token"
    bots: tuple[str, ...] = ("greedy",)
    seed: int = 1
    turn_cap: int = TURN_CAP
    rollouts: int = ROLLOUTS
    variants: tuple[str, ...] = ()
    keep_dealt: bool = False  # every seat keeps the faction dealt (match.KeepsDealt)

    def levels(self, g: int) -> tuple[str, ...]:
        n = len(self.bots)
        return tuple(self.bots[(i + g) % n] for i in range(self.players))


def one_game(plan: Plan, g: int) -> Result:
    levels = plan.levels(g)
    return play_game(plan.seed + g, plan.players, plan.edition,
                     lambda seat, rng: make_bot(levels[seat], rng, rollouts=plan.rollouts), levels,
                     variants=plan.variants, turn_cap=plan.turn_cap, keep_dealt=plan.keep_dealt)


def run(plan: Plan, workers: int = 1, progress: Callable[[Result], None] | None = None) -> list[Result]:
    """Every game of the plan, in `workers` processes (1: in this one), in the order of their seeds."""
    return run_games(one_game, plan, plan.games, workers, progress)


@dataclass
class Summary:
    games: int
    by_level: list[Rate] = field(default_factory=list)
    by_faction: list[Rate] = field(default_factory=list)
    by_seat: list[Rate] = field(default_factory=list)
    endings: Counter[str] = field(default_factory=Counter)
    mean_rounds: float = 0.0
    undecided: int = 0  # turn-capped games with two leaders level on credits


def summarise(results: Sequence[Result]) -> Summary:
    """Win rates per bot level (a level counted once per game it played, won if any of its seats won),
    per faction and per seat in turn order; how games ended; the mean length in rounds."""
    levels: dict[str, Rate] = {}
    factions: dict[str, Rate] = {}
    seats: dict[int, Rate] = {}
    summary = Summary(len(results))
    for r in results:
        summary.endings[r.ending] += 1
        summary.undecided += r.winner is None
        for level in set(r.levels):
            rate = levels.setdefault(level, Rate(level))
            rate.games += 1
            rate.wins += r.winner is not None and r.levels[r.winner] == level
        for i, faction in enumerate(r.factions):
            rate = factions.setdefault(faction, Rate(faction))
            rate.games += 1
            rate.wins += r.winner == i
            rate = seats.setdefault(i, Rate(f"seat {i + 1}"))
            rate.games += 1
            rate.wins += r.winner == i
    summary.by_level = sorted(levels.values(), key=lambda x: -x.rate)
    summary.by_faction = sorted(factions.values(), key=lambda x: -x.rate)
    summary.by_seat = [seats[i] for i in sorted(seats)]
    summary.mean_rounds = sum(r.turns for r in results) / len(results) if results else 0.0
    return summary


def fair_shares(runs: Sequence[tuple[Plan, Summary]]) -> list[tuple[str, int, float]]:
    """Each faction's wins over every player count, beside the wins a fair share would give it (a seat in
    a game of n players: 1/n): (faction, wins, fair wins), most times a fair share first. Above 1.0 a
    faction is worth keeping; a redraw is worth 1.0 on average (choices.KEEP)."""
    wins: Counter[str] = Counter()
    fair: Counter[str] = Counter()
    for plan, summary in runs:
        for rate in summary.by_faction:
            wins[rate.label] += rate.wins
            fair[rate.label] += rate.games / plan.players
    return sorted(((f, wins[f], fair[f]) for f in fair), key=lambda row: -row[1] / row[2])

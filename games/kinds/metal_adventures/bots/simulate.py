"""Many seeded Metal Adventures games between bots, in parallel processes, and what they say about the
card set's numbers (`manage.py simulate --game metal-adventures`, docs/metal-adventures-balance.md): win
rates by seat in turn order, by base starship and by bot level; how long games last in turns and rounds;
how they end (a seat at 9 glory, the Space deck run down, one seat left, or the turn cap); the glory,
credits and JP seats end with.

Game g uses seed `seed + g`; the bot list is turned one seat further each game, so with two levels each
plays every seat equally often. The games' dice are seeded (match.py), so a run repeats exactly."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from statistics import median

from games.bots.batch import run_games
from games.bots.stats import Rate

from .. import cards
from . import make_bot
from .match import BATTLES, ENDINGS, GAINS, TURN_CAP, Result, play_game

PLAYER_COUNTS = (3, 4, 5, 6)


@dataclass(frozen=True)
class Plan:
    games: int
    players: int = 4
    bots: tuple[str, ...] = ("greedy",)
    seed: int = 1
    turn_cap: int = TURN_CAP
    perks: bool = False  # the base starships' perks (a site variant)

    def levels(self, g: int) -> tuple[str, ...]:
        n = len(self.bots)
        return tuple(self.bots[(i + g) % n] for i in range(self.players))


def one_game(plan: Plan, g: int) -> Result:
    levels = plan.levels(g)
    return play_game(plan.seed + g, plan.players, lambda seat, rng: make_bot(levels[seat], rng), levels,
                     turn_cap=plan.turn_cap, options={"perks": plan.perks})


def run(plan: Plan, workers: int = 1, progress: Callable[[Result], None] | None = None) -> list[Result]:
    """Every game of the plan, in `workers` processes (1: in this one), in the order of their seeds."""
    return run_games(one_game, plan, plan.games, workers, progress)


@dataclass
class Summary:
    games: int
    by_level: list[Rate] = field(default_factory=list)
    by_seat: list[Rate] = field(default_factory=list)
    by_base: list[Rate] = field(default_factory=list)
    endings: Counter[str] = field(default_factory=Counter)
    shared: int = 0  # games won by several seats together (each counts the win)
    mean_turns: float = 0.0
    mean_rounds: float = 0.0
    rounds: tuple[int, int, float] = (0, 0, 0.0)  # shortest, longest, median
    mean_glory: float = 0.0  # every seat's glory at the end
    winner_glory: float = 0.0
    mean_credits: float = 0.0
    winner_credits: float = 0.0
    mean_jp: float = 0.0
    space_left: float = 0.0  # cards left in the Space deck at the end
    battles: dict[str, float] = field(default_factory=dict)  # battles of each kind a game
    gains: dict[str, float] = field(default_factory=dict)  # glory from each source a game (all seats)


def _mean(values: Sequence[float]) -> float:
    return sum(values) / len(values) if values else 0.0


def summarise(results: Sequence[Result]) -> Summary:
    """Win rates (a seat in a shared first place counts a win; a level counts once per game it played,
    won when any of its seats won), lengths, endings, and the seats' glory, credits and JP at the end."""
    summary = Summary(len(results))
    levels: dict[str, Rate] = {}
    seats: dict[int, Rate] = {}
    bases = {b: Rate(f"{b} {cards.BASES[b].name}") for b in cards.BASES}
    for r in results:
        summary.endings[r.ending] += 1
        summary.shared += len(r.winners) > 1
        for level in set(r.levels):
            rate = levels.setdefault(level, Rate(level))
            rate.games += 1
            rate.wins += any(r.levels[w] == level for w in r.winners)
        for i, base in enumerate(r.bases):
            seat = seats.setdefault(i, Rate(f"seat {i + 1}"))
            seat.games += 1
            seat.wins += i in r.winners
            bases[base].games += 1
            bases[base].wins += i in r.winners
    summary.by_level = sorted(levels.values(), key=lambda x: -x.rate)
    summary.by_seat = [seats[i] for i in sorted(seats)]
    summary.by_base = sorted((b for b in bases.values() if b.games), key=lambda x: -x.rate)
    rounds = [r.rounds for r in results]
    summary.mean_turns = _mean([r.turns for r in results])
    summary.mean_rounds = _mean(rounds)
    summary.rounds = (min(rounds), max(rounds), float(median(rounds))) if rounds else (0, 0, 0.0)
    summary.mean_glory = _mean([g for r in results for g in r.glory])
    summary.winner_glory = _mean([r.glory[w] for r in results for w in r.winners])
    summary.mean_credits = _mean([c for r in results for c in r.credits])
    summary.winner_credits = _mean([r.credits[w] for r in results for w in r.winners])
    summary.mean_jp = _mean([j for r in results for j in r.jp])
    summary.space_left = _mean([r.space_left for r in results])
    summary.battles = {k: _mean([r.battles.get(k, 0) for r in results]) for k in BATTLES}
    summary.gains = {k: _mean([r.gains.get(k, 0) for r in results]) for k in GAINS}
    return summary


def endings_text(summary: Summary) -> str:
    """How the games ended, every ending named (none left out at 0)."""
    return ", ".join(f"{ending} {summary.endings.get(ending, 0)}" for ending in ENDINGS)

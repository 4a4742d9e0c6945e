"""What every game's `manage.py simulate --game <kind>` command shares (docs/bots.md): the options of a
seeded run between bots (games, player counts, bot levels, seed, turn cap, workers, output files), their
checks, a run per player count with its progress on stderr, and the files written after each count. A
game's command (its package's management/commands/simulate.py) subclasses SimulationCommand, plans its
games, and names the functions that play, summarise and write them up."""

from __future__ import annotations

import json
import os
import time
from collections.abc import Callable, Sequence
from dataclasses import asdict
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

# (plan, summary, seconds) of one player count's run.
Run = tuple[Any, Any, float]


class SimulationCommand(BaseCommand):  # type: ignore[misc]  # Django ships no type hints (pyproject)
    game_title = ""
    levels: Sequence[str] = ()
    player_counts: Sequence[int] = ()
    default_players = ""
    turn_cap = 0
    games_example = "200,200,100"
    turn_cap_help = "rounds after which a game stops and is ranked as it stands"

    # === what each game says ===
    def add_game_arguments(self, parser: CommandParser) -> None:
        """The game's own options."""

    def plan(self, players: int, games: int, bots: tuple[str, ...], opts: dict[str, Any]) -> Any:
        raise NotImplementedError

    # The game's functions (bots/simulate.py, its report): play a plan's games in `workers` processes,
    # summarise their results, and write a run as text and as the Markdown balance report.
    play_games: Callable[..., list[Any]]
    summary_of: Callable[[list[Any]], Any]
    text_of: Callable[[Any, Any, float], str]
    report_of: Callable[[list[Run], str | None], str]

    def chart_png(self, runs: list[Run]) -> bytes:
        raise NotImplementedError

    # === shared ===
    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--games", default="100", help="games at each player count, or one number per "
                                                            f"count ({self.games_example})")
        parser.add_argument("--players", default=self.default_players,
                            help="a player count, or several comma-separated: --games at each")
        parser.add_argument("--bots", default="greedy",
                            help="comma-separated levels, turned one seat further each game "
                                 f"({', '.join(self.levels)}; default greedy)")
        parser.add_argument("--seed", type=int, default=1, help="game g uses seed SEED + g")
        parser.add_argument("--turn-cap", type=int, default=self.turn_cap, help=self.turn_cap_help)
        parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
        parser.add_argument("--json", help="write every game's result to this file")
        parser.add_argument("--report", help="write the balance report (Markdown) to this file")
        parser.add_argument("--chart", help="write the win-rate chart (PNG) to this file")
        self.add_game_arguments(parser)

    def handle(self, *args: Any, **opts: Any) -> None:
        bots = tuple(b.strip() for b in str(opts["bots"]).split(",") if b.strip())
        if not bots or any(b not in self.levels for b in bots):
            raise CommandError(f"--bots takes levels from: {', '.join(self.levels)}")
        try:
            counts = tuple(int(n) for n in str(opts["players"]).split(",") if n.strip())
        except ValueError:
            counts = ()
        if not counts or any(n not in self.player_counts for n in counts):
            raise CommandError(f"{self.game_title} is played by {', '.join(map(str, self.player_counts))} "
                               "players")
        if opts["turn_cap"] < 1:
            raise CommandError("--turn-cap is at least 1")
        games = games_per_count(str(opts["games"]), len(counts))
        runs: list[Run] = []
        every: list[Any] = []
        for players, n in zip(counts, games, strict=True):
            plan = self.plan(players, n, bots, opts)
            started = time.monotonic()
            results = self.play_games(plan, workers=opts["workers"], progress=self._progress(plan, started))
            runs.append((plan, self.summary_of(results), time.monotonic() - started))
            every += results
            self.stdout.write(self.text_of(*runs[-1]))
            # Written after each count: a long run stopped part-way keeps the counts it finished.
            self.write_files(opts, runs, every)

    def _progress(self, plan: Any, started: float) -> Callable[[Any], None]:
        done = 0

        def progress(result: Any) -> None:
            nonlocal done
            done += 1
            if done % max(1, plan.games // 10) == 0 or done == plan.games:
                self.stderr.write(f"{plan.players} players: {done}/{plan.games} games, "
                                  f"{time.monotonic() - started:.0f} s")
        return progress

    def write_files(self, opts: dict[str, Any], runs: list[Run], every: list[Any]) -> None:
        if opts["json"]:
            replace(opts["json"], (json.dumps([asdict(r) for r in every], indent=1) + "\n").encode())
        if opts["chart"]:
            replace(opts["chart"], self.chart_png(runs))
        if opts["report"]:
            replace(opts["report"], self.report_of(runs, opts["chart"]).encode())


def games_per_count(value: str, counts: int) -> list[int]:
    """One number for every player count, or one for each (larger games take longer, so a balance run
    may play fewer of them)."""
    try:
        games = [int(n) for n in value.split(",")]
    except ValueError:
        raise CommandError("--games takes a number, or one number per player count (200,200,100)") from None
    if len(games) == 1:
        games *= counts
    if len(games) != counts:
        raise CommandError(f"--games gives {len(games)} numbers for {counts} player counts")
    if min(games) < 1:
        raise CommandError("--games is at least 1")
    return games


def replace(path: str, content: bytes) -> None:
    """Write beside the file, then swap it in: a run stopped mid-write keeps the previous whole file."""
    part = Path(f"{path}.part")
    part.write_bytes(content)
    os.replace(part, path)

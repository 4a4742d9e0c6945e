"""`manage.py simulate --game metal-adventures`: seeded Metal Adventures games between bots, in parallel
processes (docs/bots.md, docs/metal-adventures-balance.md). The platform's `simulate` command
(games/management/commands/simulate.py) hands this one every argument but `--game`.

    manage.py simulate --game metal-adventures --games 200 --players 3,4,5,6 --bots greedy

prints the win rate of each seat in turn order, each base starship and each bot level with 95%
intervals, the length in turns and rounds, how the games ended (9 glory, the Space deck run down, one seat
left, the turn cap) and the glory, credits and JP the seats ended with. `--report` and `--chart` write the
balance report and its chart. The rules alone play: no database is touched."""

from __future__ import annotations

import json
import os
import time
from collections.abc import Callable
from dataclasses import asdict
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from games.kinds.metal_adventures.bots import LEVELS
from games.kinds.metal_adventures.bots.match import TURN_CAP, Result
from games.kinds.metal_adventures.bots.report import Run, chart_svg, markdown, text
from games.kinds.metal_adventures.bots.simulate import PLAYER_COUNTS, Plan, run, summarise
from games.pictures import svg_png

CHART_WIDTH = 640


class Command(BaseCommand):  # type: ignore[misc]  # Django ships no type hints (pyproject)
    help = ("Play seeded Metal Adventures games between bots and print win rates by seat and base starship "
            "(with 95% intervals), lengths and endings.")

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--games", default="100",
                            help="games at each player count, or one number per count (200,200,100,100)")
        parser.add_argument("--players", default="4",
                            help="a player count (3 to 6), or several comma-separated: --games at each")
        parser.add_argument("--bots", default="greedy",
                            help="comma-separated levels, turned one seat further each game "
                                 f"({', '.join(LEVELS)})")
        parser.add_argument("--seed", type=int, default=1, help="game g uses seed SEED + g")
        parser.add_argument("--turn-cap", type=int, default=TURN_CAP,
                            help="rounds after which a game stops and is ranked as it stands")
        parser.add_argument("--perks", action="store_true", help="play with the base starships' perks")
        parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
        parser.add_argument("--json", help="write every game's result to this file")
        parser.add_argument("--report", help="write the balance report (Markdown) to this file")
        parser.add_argument("--chart", help="write the win-rate chart (PNG) to this file")

    def handle(self, *args: Any, **opts: Any) -> None:
        bots = tuple(b.strip() for b in str(opts["bots"]).split(",") if b.strip())
        if not bots or any(b not in LEVELS for b in bots):
            raise CommandError(f"--bots takes levels from: {', '.join(LEVELS)}")
        try:
            counts = tuple(int(n) for n in str(opts["players"]).split(",") if n.strip())
        except ValueError:
            counts = ()
        if not counts or any(n not in PLAYER_COUNTS for n in counts):
            raise CommandError(f"Metal Adventures is played by {', '.join(map(str, PLAYER_COUNTS))} players")
        if opts["turn_cap"] < 1:
            raise CommandError("--turn-cap is at least 1")
        runs: list[Run] = []
        every: list[Result] = []
        for players, n in zip(counts, games_per_count(str(opts["games"]), len(counts)), strict=True):
            plan = Plan(games=n, players=players, bots=bots, seed=opts["seed"], turn_cap=opts["turn_cap"],
                        perks=opts["perks"])
            started = time.monotonic()
            results = run(plan, workers=opts["workers"], progress=self._progress(plan, started))
            runs.append((plan, summarise(results), time.monotonic() - started))
            every += results
            self.stdout.write(text(*runs[-1]))
            # Written after each count: a long run stopped part-way keeps the counts it finished.
            write_files(opts, runs, every)

    def _progress(self, plan: Plan, started: float) -> Callable[[Result], None]:
        done = 0

        def progress(result: Result) -> None:
            nonlocal done
            done += 1
            if done % max(1, plan.games // 10) == 0 or done == plan.games:
                self.stderr.write(f"{plan.players} players: {done}/{plan.games} games, "
                                  f"{time.monotonic() - started:.0f} s")
        return progress


def games_per_count(value: str, counts: int) -> list[int]:
    """One number for every player count, or one for each."""
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


def write_files(opts: dict[str, Any], runs: list[Run], every: list[Result]) -> None:
    if opts["json"]:
        _replace(opts["json"], (json.dumps([asdict(r) for r in every], indent=1) + "\n").encode())
    if opts["chart"]:
        _replace(opts["chart"], svg_png(chart_svg(runs), CHART_WIDTH))
    if opts["report"]:
        _replace(opts["report"], markdown(runs, opts["chart"]).encode())


def _replace(path: str, content: bytes) -> None:
    """Write beside the file, then swap it in: a run stopped mid-write keeps the previous whole file."""
    part = Path(f"{path}.part")
    part.write_bytes(content)
    os.replace(part, path)

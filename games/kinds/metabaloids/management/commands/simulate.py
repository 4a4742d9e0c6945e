"""`manage.py simulate --game metabaloids`: seeded Metabaloids games between bots, in parallel processes
(docs/bots.md, docs/metabaloids-balance.md). The platform's `simulate` command
(games/management/commands/simulate.py) hands this one every argument but `--game`.

    manage.py simulate --game metabaloids --games 400 --players 2 --bots greedy --decks AB

prints each deck's win share against the other, each deck's and each bot level's win rate and the first
player's, with 95% intervals, and the length in turns, rounds and commands. `--report` and `--chart`
write the balance report and its chart. The rules alone play: no database is touched."""

from __future__ import annotations

from typing import Any

from django.core.management.base import CommandError, CommandParser

from games.kinds.metabaloids.bots import LEVELS
from games.kinds.metabaloids.bots.match import TURN_CAP
from games.kinds.metabaloids.bots.report import Run, chart_svg, markdown, text
from games.kinds.metabaloids.bots.simulate import PLAYER_COUNTS, Plan, run, summarise
from games.management.simulation import SimulationCommand
from games.pictures import svg_png

CHART_WIDTH = 640


class Command(SimulationCommand):
    help = ("Play seeded Metabaloids games between bots and print each deck's win share against the other, "
            "the first player's, and the games' lengths.")
    game_title = "Metabaloids"
    levels = LEVELS
    player_counts = PLAYER_COUNTS
    default_players = "2"
    turn_cap = TURN_CAP
    play_games = staticmethod(run)
    summary_of = staticmethod(summarise)
    text_of = staticmethod(text)
    report_of = staticmethod(markdown)
    games_example = "400,200"

    def add_game_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--decks", default="AB",
                            help="the seats' decks, turned one seat further every round of bot levels "
                                 "(AB: deck A against deck B; A or B: everyone plays it)")
        parser.add_argument("--length", default="reshuffle", choices=("reshuffle", "short"))

    def plan(self, players: int, games: int, bots: tuple[str, ...], opts: dict[str, Any]) -> Plan:
        decks = tuple(str(opts["decks"]).upper())
        if not decks or any(d not in "AB" for d in decks):
            raise CommandError("--decks is made of the letters A and B (AB, A, B)")
        return Plan(games=games, players=players, bots=bots, decks=decks, seed=opts["seed"],
                    turn_cap=opts["turn_cap"], length=opts["length"])

    def chart_png(self, runs: list[Run]) -> bytes:
        return svg_png(chart_svg(runs), CHART_WIDTH)

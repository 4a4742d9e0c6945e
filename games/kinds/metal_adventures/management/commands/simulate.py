"""`manage.py simulate --game metal-adventures`: seeded Metal Adventures games between bots, in parallel
processes (docs/bots.md, docs/metal-adventures-balance.md). The platform's `simulate` command
(games/management/commands/simulate.py) hands this one every argument but `--game`.

    manage.py simulate --game metal-adventures --games 200 --players 3,4,5,6 --bots greedy

prints the win rate of each seat in turn order, each base starship and each bot level with 95%
intervals, the length in turns and rounds, how the games ended (9 glory, the Space deck run down, one seat
left, the turn cap) and the glory, credits and JP the seats ended with. `--report` and `--chart` write the
balance report and its chart. The rules alone play: no database is touched."""

from __future__ import annotations

from typing import Any

from django.core.management.base import CommandParser

from games.kinds.metal_adventures.bots import LEVELS
from games.kinds.metal_adventures.bots.match import TURN_CAP
from games.kinds.metal_adventures.bots.report import Run, chart_svg, markdown, text
from games.kinds.metal_adventures.bots.simulate import PLAYER_COUNTS, Plan, run, summarise
from games.management.simulation import SimulationCommand
from games.pictures import svg_png

CHART_WIDTH = 640


class Command(SimulationCommand):
    help = ("Play seeded Metal Adventures games between bots and print win rates by seat and base starship "
            "(with 95% intervals), lengths and endings.")
    game_title = "Metal Adventures"
    levels = LEVELS
    player_counts = PLAYER_COUNTS
    default_players = "4"
    turn_cap = TURN_CAP
    play_games = staticmethod(run)
    summary_of = staticmethod(summarise)
    text_of = staticmethod(text)
    report_of = staticmethod(markdown)
    games_example = "200,200,100,100"

    def add_game_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--perks", action="store_true", help="play with the base starships' perks")

    def plan(self, players: int, games: int, bots: tuple[str, ...], opts: dict[str, Any]) -> Plan:
        return Plan(games=games, players=players, bots=bots, seed=opts["seed"], turn_cap=opts["turn_cap"],
                    perks=opts["perks"])

    def chart_png(self, runs: list[Run]) -> bytes:
        return svg_png(chart_svg(runs), CHART_WIDTH)


"""`manage.py simulate`: seeded MetalTalon games between bots, in parallel processes (docs/bots.md).

    manage.py simulate --games 200 --players 2 --edition token --bots greedy,search

prints the win rate of each bot level, faction and seat in turn order with 95% confidence intervals, the
mean length in rounds and how the games ended. `--players 2,3,4,6` runs that many games at each count,
or `--games 200,200,200,100` a number for each.
`--report docs/balance.md --chart docs/balance-factions.png` also writes them as the balance report with
its chart. The engine alone plays: no database is touched.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.core.management.base import CommandParser

from games.bots.chart import panels_svg
from games.kinds.metaltalon.bots import LEVELS
from games.kinds.metaltalon.bots.match import TURN_CAP
from games.kinds.metaltalon.bots.search import ROLLOUTS
from games.kinds.metaltalon.bots.simulate import Plan, Summary, fair_shares, run, summarise
from games.kinds.metaltalon.engine import EDITIONS, PLAYER_COUNTS, VARIANTS
from games.management.simulation import Run, SimulationCommand
from games.pictures import svg_png

UNDECIDED = "turn-capped games with no single leader (no winner)"


def _command(plan: Plan) -> str:
    line = (f"manage.py simulate --games {plan.games} --players {plan.players} --edition {plan.edition} "
            f"--bots {','.join(plan.bots)} --seed {plan.seed}")
    if "search" in plan.bots:
        line += f" --rollouts {plan.rollouts}"
    if plan.turn_cap != TURN_CAP:
        line += f" --turn-cap {plan.turn_cap}"
    if plan.keep_dealt:
        line += " --keep-dealt"
    return line


def text(plan: Plan, summary: Summary, seconds: float) -> str:
    out = [_command(plan), f"{summary.games} games in {seconds:.0f} s", "", "win rate by bot level:"]
    out += ["  " + r.line() for r in summary.by_level]
    out += ["", "win rate by faction:"] + ["  " + r.line() for r in summary.by_faction]
    out += ["", "win rate by seat (turn order):"] + ["  " + r.line() for r in summary.by_seat]
    out += ["", f"mean length: {summary.mean_rounds:.1f} rounds",
            "endings: " + ", ".join(f"{k} {v}" for k, v in summary.endings.most_common())]
    if summary.undecided:
        out.append(f"{UNDECIDED}: {summary.undecided}")
    return "\n".join(out) + "\n"


def markdown(runs: list[tuple[Plan, Summary, float]], chart: str | None) -> str:
    def table(title: str, rates: list[Any]) -> list[str]:
        rows = [f"| {title} | wins | games | win rate | 95% interval |", "| --- | --- | --- | --- | --- |"]
        for r in rates:
            low, high = r.interval
            rows.append(f"| {r.label} | {r.wins} | {r.games} | {r.rate:.1%} | {low:.1%} - {high:.1%} |")
        return rows + [""]

    games = sum(summary.games for _, summary, _ in runs)
    minutes = sum(seconds for _, _, seconds in runs) / 60
    out = ["# Balance report", "",
           f"{games} seeded games between bots ({minutes:.0f} minutes on this machine); the same command "
           "gives the same games. A run at several player counts plays the command once per count.", ""]
    if any(plan.keep_dealt for plan, _, _ in runs):
        out += ["Every seat kept the faction it was dealt (`--keep-dealt`): each faction is measured as "
                "often as the deal gives it, not as often as the bots would keep it.", ""]
    if chart:
        out += [f"![Win rate by faction]({Path(chart).name})", ""]
    for plan, summary, seconds in runs:
        out += [f"## {plan.players} players", "", f"`{_command(plan)} --report ...`: {summary.games} games, "
                f"{seconds / 60:.0f} minutes. A fair share is {1 / plan.players:.0%}.", ""]
        if len(plan.bots) > 1:
            out += table("bot level", summary.by_level)
        out += table("faction", summary.by_faction) + table("seat (turn order)", summary.by_seat)
        out += [f"Mean length: {summary.mean_rounds:.1f} rounds. Endings: "
                + ", ".join(f"{k} {v}" for k, v in summary.endings.most_common()) + "."
                + (f" {UNDECIDED.capitalize()}: {summary.undecided}."
                   if summary.undecided else ""), ""]
    if len(runs) > 1:
        out += ["## Every player count", "",
                "Each faction's wins over the counts above, beside the wins a fair share (1/n in a game of "
                "n) would give it.", "", "| faction | wins | fair share | times a fair share |",
                "| --- | --- | --- | --- |"]
        out += [f"| {faction} | {wins} | {fair:.1f} | {wins / fair:.2f} |"
                for faction, wins, fair in fair_shares([(plan, summary) for plan, summary, _ in runs])]
        out.append("")
    return "\n".join(out)


class Command(SimulationCommand):
    help = "Play seeded bot games in parallel and print win rates (with 95% intervals), lengths and endings."
    game_title = "MetalTalon"
    levels = LEVELS
    player_counts = PLAYER_COUNTS
    default_players = "2"
    turn_cap = TURN_CAP
    play_games = staticmethod(run)
    summary_of = staticmethod(summarise)
    text_of = staticmethod(text)
    report_of = staticmethod(markdown)
    games_example = "200,200,200,100"
    turn_cap_help = "rounds after which the richest seat is scored the winner"

    def add_game_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--edition", default="token", choices=sorted(EDITIONS))
        parser.add_argument("--variants", default="", help="comma-separated: " + ", ".join(VARIANTS))
        parser.add_argument("--rollouts", type=int, default=ROLLOUTS, help="the search bot's play-outs")
        parser.add_argument("--keep-dealt", action="store_true",
                            help="every seat keeps the faction it is dealt (no redraws): the factions as "
                                 "dealt, not as the bots choose them")

    def plan(self, players: int, games: int, bots: tuple[str, ...], opts: dict[str, Any]) -> Plan:
        variants = tuple(v.strip() for v in opts["variants"].split(",") if v.strip())
        return Plan(games=games, players=players, edition=opts["edition"], bots=bots, seed=opts["seed"],
                    turn_cap=opts["turn_cap"], rollouts=opts["rollouts"], variants=variants,
                    keep_dealt=opts["keep_dealt"])

    def chart_png(self, runs: list[Run]) -> bytes:
        panels = [(f"Win rate by faction: {plan.games} games, {plan.players} players, {plan.edition}",
                   summary.by_faction, 1 / plan.players) for plan, summary, _ in runs]
        return svg_png(panels_svg(panels), 640)

"""The balance report of a Metabaloids simulation (simulate.py), as the command prints it and as Markdown
for docs/metabaloids-balance.md, with its chart (games/bots/chart.py): each deck's win share against
the other, the first player's, and the bot levels', each with its 95% interval and the fair share
marked."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import PurePath

from games.bots.chart import panels_svg
from games.bots.stats import Rate

from .match import TURN_CAP
from .simulate import Plan, Summary, endings_text

Run = tuple[Plan, Summary, float]  # a plan, what its games say, and the seconds they took


def command_line(plan: Plan) -> str:
    line = (f"manage.py simulate --game metabaloids --games {plan.games} --players {plan.players} "
            f"--bots {','.join(plan.bots)} --decks {''.join(plan.decks)} --seed {plan.seed}")
    if plan.turn_cap != TURN_CAP:
        line += f" --turn-cap {plan.turn_cap}"
    if plan.length != "reshuffle":
        line += f" --length {plan.length}"
    return line


def _length(name: str, spread: tuple[int, int, float, float]) -> str:
    low, high, middle, mean = spread
    return f"{name}: {mean:.1f} on average (shortest {low}, median {middle:g}, longest {high})"


def _figures(summary: Summary) -> list[str]:
    return [_length("turns", summary.turns), _length("rounds", summary.rounds),
            _length("commands", summary.commands),
            f"endings: {endings_text(summary)}",
            f"lost pile at the end: {summary.winner_lost:.1f} a winner, "
            f"{summary.loser_lost:.1f} another seat",
            f"shared wins: {summary.shared}"]


def line(rate: Rate) -> str:
    return "  " + rate.line(width=20)


def text(plan: Plan, summary: Summary, seconds: float) -> str:
    """The report as the command prints it."""
    out = [command_line(plan), f"{summary.games} games in {seconds:.0f} s", ""]
    if len(plan.bots) > 1:
        out += ["win rate by bot level:", *map(line, summary.by_level), ""]
    if summary.matchups:
        out += ["deck against deck (a seat's win share):", *map(line, summary.matchups), ""]
    out += ["win rate by deck:", *map(line, summary.by_deck), ""]
    out += ["first player (won the cut):", line(summary.first), ""]
    out += _figures(summary)
    return "\n".join(out) + "\n"


def _table(title: str, rates: Sequence[Rate]) -> list[str]:
    rows = [f"| {title} | wins | games | win rate | 95% interval |", "| --- | --- | --- | --- | --- |"]
    for r in rates:
        low, high = r.interval
        rows.append(f"| {r.label} | {r.wins} | {r.games} | {r.rate:.1%} | {low:.1%} - {high:.1%} |")
    return rows + [""]


def markdown(runs: Sequence[Run], chart: str | None) -> str:
    """The report as Markdown: one section per player count."""
    games = sum(summary.games for _, summary, _ in runs)
    minutes = sum(seconds for _, _, seconds in runs) / 60
    out = ["# Metabaloids balance report", "",
           f"{games} seeded games between bots ({minutes:.1f} minutes on this machine); the same command "
           "gives the same games. A seat in a shared first place counts a win.", ""]
    if chart:
        out += [f"![Win shares: deck against deck, first player, bot levels]({PurePath(chart).name})", ""]
    for plan, summary, seconds in runs:
        out += [f"## {plan.players} players", "",
                f"`{command_line(plan)} --report ...`: {summary.games} games, {seconds:.0f} seconds. "
                f"A fair share is {1 / plan.players:.0%}.", ""]
        if len(plan.bots) > 1:
            out += _table("bot level", summary.by_level)
        if summary.matchups:
            out += _table("deck against deck", summary.matchups)
        out += _table("deck", summary.by_deck) + _table("seat", [summary.first])
        out += [f"- {x[0].upper()}{x[1:]}." for x in _figures(summary)] + [""]
    return "\n".join(out)


def chart_svg(runs: Sequence[Run]) -> str:
    """For each player count: the decks head to head and the first player, with the fair share dashed;
    then the bot levels when the run set several against each other."""
    panels: list[tuple[str, Sequence[Rate], float | None]] = []
    for plan, summary, _ in runs:
        rates = [*(summary.matchups or summary.by_deck), summary.first]
        panels.append((f"Decks and first player: {summary.games} games, {plan.players} players", rates,
                       1 / plan.players))
        if len(plan.bots) > 1:
            panels.append((f"Bot levels: {plan.players} players", summary.by_level, None))
    return panels_svg(panels)

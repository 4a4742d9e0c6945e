"""The balance report of a Metal Adventures simulation (simulate.py), as the command prints it and as
Markdown for docs/metal-adventures-balance.md, with its chart (games/bots/chart.py): win rates by seat
and by base starship, each with its 95% interval and the fair share marked."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import PurePath

from games.bots.chart import panels_svg
from games.bots.stats import Rate

from .match import CAPPED, DECK, GLORY, LAST_SEAT, TURN_CAP
from .simulate import Plan, Summary, endings_text

Run = tuple[Plan, Summary, float]  # a plan, what its games say, and the seconds they took


def command_line(plan: Plan) -> str:
    line = (f"manage.py simulate --game metal-adventures --games {plan.games} --players {plan.players} "
            f"--bots {','.join(plan.bots)} --seed {plan.seed}")
    if plan.turn_cap != TURN_CAP:
        line += f" --turn-cap {plan.turn_cap}"
    if plan.perks:
        line += " --perks"
    return line


def _figures(summary: Summary) -> list[str]:
    shortest, longest, middle = summary.rounds
    return [f"length: {summary.mean_turns:.1f} turns, {summary.mean_rounds:.1f} rounds on average "
            f"(shortest {shortest}, median {middle:g}, longest {longest})",
            f"endings: {endings_text(summary)}",
            f"glory at the end: {summary.mean_glory:.1f} a seat, {summary.winner_glory:.1f} a winner",
            f"credits at the end: {summary.mean_credits:.1f} a seat, {summary.winner_credits:.1f} a winner",
            f"JP at the end: {summary.mean_jp:.2f} a seat",
            f"Space deck at the end: {summary.space_left:.1f} cards left of 68",
            "battles a game: " + ", ".join(f"{k} {v:.1f}" for k, v in summary.battles.items()),
            "glory a game, by source: " + ", ".join(f"{k} {v:+.1f}" for k, v in summary.gains.items()),
            f"shared wins: {summary.shared}"]


def line(rate: Rate) -> str:
    """One win rate as the command prints it (Rate.line, with room for a base starship's name)."""
    return "  " + rate.line(width=20)


def text(plan: Plan, summary: Summary, seconds: float) -> str:
    """The report as the command prints it."""
    out = [command_line(plan), f"{summary.games} games in {seconds:.0f} s", ""]
    if len(plan.bots) > 1:
        out += ["win rate by bot level:", *map(line, summary.by_level), ""]
    out += ["win rate by seat (turn order):", *map(line, summary.by_seat), ""]
    out += ["win rate by base starship:", *map(line, summary.by_base), ""]
    out += _figures(summary)
    return "\n".join(out) + "\n"


def _table(title: str, rates: Sequence[Rate]) -> list[str]:
    rows = [f"| {title} | wins | games | win rate | 95% interval |", "| --- | --- | --- | --- | --- |"]
    for r in rates:
        low, high = r.interval
        rows.append(f"| {r.label} | {r.wins} | {r.games} | {r.rate:.1%} | {low:.1%} - {high:.1%} |")
    return rows + [""]


def markdown(runs: Sequence[Run], chart: str | None) -> str:
    """The report as Markdown: one section per player count, then the figures of every count side by
    side."""
    games = sum(summary.games for _, summary, _ in runs)
    minutes = sum(seconds for _, _, seconds in runs) / 60
    out = ["# Metal Adventures balance report", "",
           f"{games} seeded games between bots ({minutes:.0f} minutes on this machine); the same command "
           "gives the same games. A run at several player counts plays the command once per count. A seat "
           "in a shared first place counts a win.", ""]
    if chart:
        out += [f"![Win rate by seat and by base starship]({PurePath(chart).name})", ""]
    for plan, summary, seconds in runs:
        out += [f"## {plan.players} players", "",
                f"`{command_line(plan)} --report ...`: {summary.games} games, {seconds / 60:.0f} minutes. "
                f"A fair share is {1 / plan.players:.0%}.", ""]
        if len(plan.bots) > 1:
            out += _table("bot level", summary.by_level)
        out += _table("seat (turn order)", summary.by_seat) + _table("base starship", summary.by_base)
        out += [f"- {line[0].upper()}{line[1:]}." for line in _figures(summary)] + [""]
    if len(runs) > 1:
        out += ["## Every player count", "",
                "| players | games | rounds | turns | 9 glory | deck ran down | one seat left | turn cap "
                "| Space cards left | battles: space, Karokum, planet, challenge | glory a winner |",
                "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |"]
        for plan, summary, _ in runs:
            e = summary.endings
            battles = " / ".join(f"{v:.1f}" for v in summary.battles.values())
            out.append(f"| {plan.players} | {summary.games} | {summary.mean_rounds:.1f} "
                       f"| {summary.mean_turns:.1f} | {e.get(GLORY, 0)} | {e.get(DECK, 0)} "
                       f"| {e.get(LAST_SEAT, 0)} | {e.get(CAPPED, 0)} | {summary.space_left:.1f} | {battles} "
                       f"| {summary.winner_glory:.1f} |")
        out.append("")
    return "\n".join(out)


def chart_svg(runs: Sequence[Run]) -> str:
    """Win rate by seat for each player count, then by base starship over every count (the bases are
    the same six at every count), each with its fair share dashed."""
    panels: list[tuple[str, Sequence[Rate], float | None]] = []
    for plan, summary, _ in runs:
        panels.append((f"By seat: {summary.games} games, {plan.players} players", summary.by_seat,
                       1 / plan.players))
    bases: dict[str, Rate] = {}
    fair = 0.0
    for plan, summary, _ in runs:
        for rate in summary.by_base:
            pooled = bases.setdefault(rate.label, Rate(_short(rate.label)))
            pooled.wins += rate.wins
            pooled.games += rate.games
            fair += rate.games / plan.players
    seats = sum(rate.games for rate in bases.values())
    counts = ", ".join(str(plan.players) for plan, _, _ in runs)
    panels.append((f"By base starship: {counts} players", sorted(bases.values(), key=lambda r: -r.rate),
                   fair / seats if seats else None))
    return panels_svg(panels)


def _short(label: str) -> str:
    """A base starship's label short enough for the chart: its id and the last word of its name."""
    words = label.split()
    return f"{words[0]} {words[-1]}"

"""A bar chart of win rates with their 95% intervals, as SVG (turned into the balance report's PNG by
games/pictures.py). Plain SVG: the report is written by a management command, no plotting stack needed."""

from __future__ import annotations

from collections.abc import Sequence

from games.bots.stats import Rate
from games.svg import line as _line
from games.svg import text as _text

BAR = 26
GAP = 10
TOP = 44
LEFT = 120
WIDTH = 640
PLOT = WIDTH - LEFT - 110  # room right of a bar for its figures
INK, BLUE, ORANGE, GRID = "#1b1b1b", "#0072B2", "#D55E00", "#dddddd"


def _x(p: float) -> float:
    return LEFT + p * PLOT


def panels_svg(panels: Sequence[tuple[str, Sequence[Rate], float | None]]) -> str:
    """Charts one above the other (one per player count), each with one horizontal bar per rate, its
    interval as a whisker and the fair share as a dashed line; every bar is labelled with its percentage
    and sample, so the chart reads without colour."""
    parts, top = [], 0
    for title, rates, expected in panels:
        drawn, height = _panel(title, rates, expected)
        parts.append(f'<g transform="translate(0,{top})">{drawn}</g>')
        top += height
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{top}" '
            f'viewBox="0 0 {WIDTH} {top}" font-family="DejaVu Sans, sans-serif" font-size="13">'
            f'<rect width="{WIDTH}" height="{top}" fill="#ffffff"/>{"".join(parts)}</svg>')


def _panel(title: str, rates: Sequence[Rate], expected: float | None) -> tuple[str, int]:
    height = TOP + len(rates) * (BAR + GAP) + 36
    bottom = height - 30
    parts = [_text(WIDTH / 2, 24, title, "middle", 'font-size="15" font-weight="bold"')]
    for tick in (0, 0.25, 0.5, 0.75, 1):
        parts.append(_line(_x(tick), TOP - 6, _x(tick), bottom, GRID))
        parts.append(_text(_x(tick), height - 14, f"{tick:.0%}", "middle", 'fill="#555555"'))
    for i, rate in enumerate(rates):
        y = TOP + i * (BAR + GAP)
        low, high = rate.interval
        parts.append(_text(LEFT - 8, y + BAR * 0.68, rate.label, "end"))
        width = rate.rate * PLOT
        parts.append(f'<rect x="{LEFT}" y="{y}" width="{width:.1f}" height="{BAR}" fill="{BLUE}"/>')
        parts.append(_line(_x(low), y + BAR / 2, _x(high), y + BAR / 2, INK, 'stroke-width="2"'))
        parts += [_line(_x(end), y + 6, _x(end), y + BAR - 6, INK) for end in (low, high)]
        parts.append(_text(_x(high) + 6, y + BAR * 0.68, f"{rate.rate:.0%} ({rate.wins}/{rate.games})"))
    if expected is not None:
        parts.append(_line(_x(expected), TOP - 6, _x(expected), bottom, ORANGE,
                           'stroke-width="2" stroke-dasharray="6 4"'))
    return "".join(parts), height

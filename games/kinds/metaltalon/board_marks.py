"""Marks of recent play drawn over the board (board_svg.py): trails of moves, shots with the damage
they did, launches, ships destroyed. What is marked is chosen by the kind's page (which events of which
actions); this module only draws, from cell names and seat numbers.

Marks are semi-transparent in the acting seat's colour, never take clicks (the cells under them keep
their links) and stay off the middle of the ships they start or end at, so values remain readable.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from xml.sax.saxutils import escape

__all__ = ["MARK_KINDS", "Mark", "marks_key", "marks_layer"]

# What each kind of mark means, in the order the key lists them.
MARK_KINDS: dict[str, str] = {
    "move": "moved",
    "split": "split off",
    "shot": "fired (damage done)",
    "launch": "launched",
    "recycled": "recycled",
    "invaded": "invaded",
    "destroyed": "destroyed",
}
HALO = "#ffffff"
MINUS = "\u2212"
OPACITY = "0.78"
# What every trail and shot repeats (halo, widths, caps, the arrowhead's edge) is said once in the board's
# style sheet (static/metaltalon/board-svg.css): only the seat's colour and the shape are drawn on each.


@dataclass(frozen=True)
class Mark:
    kind: str  # one of MARK_KINDS
    seat: int  # whose colour: the actor's (for "destroyed", the owner of the ship lost)
    cells: tuple[str, ...]  # the path (move, split), shooter and target (shot), or the one cell
    text: str = ""  # a shot's label: the damage it did ("−3", "0")


Point = tuple[float, float]


def _fmt(v: float) -> str:
    return f"{v:.1f}".rstrip("0").rstrip(".")


def _points(points: Sequence[Point]) -> str:
    return " ".join(f"{_fmt(x)},{_fmt(y)}" for x, y in points)


def _shorten(a: Point, b: Point, gap: float) -> Point:
    """The point `gap` before b on the way from a (b itself when the segment is shorter)."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    length = math.hypot(dx, dy)
    if length <= gap * 1.5:
        return b
    return b[0] - dx / length * gap, b[1] - dy / length * gap


def _arrowhead(a: Point, tip: Point, size: float, colour: str) -> str:
    dx, dy = tip[0] - a[0], tip[1] - a[1]
    length = math.hypot(dx, dy) or 1.0
    ux, uy = dx / length, dy / length
    back = (tip[0] - ux * size, tip[1] - uy * size)
    left = (back[0] - uy * size * 0.6, back[1] + ux * size * 0.6)
    right = (back[0] + uy * size * 0.6, back[1] - ux * size * 0.6)
    return f'<polygon class="arrow" points="{_points([tip, left, right])}" fill="{colour}"/>'


def _trail(points: list[Point], colour: str, scale: float, dotted: bool) -> str:
    """A move along its path: a hollow dot where it started, an arrow that stops at the ship's edge."""
    pts = points[:-1] + [_shorten(points[-2], points[-1], 0.5 * scale)]
    dash = ' stroke-dasharray="2 5"' if dotted else ""
    start = points[0]
    return (
        f'<polyline class="halo" points="{_points(pts)}"/>'
        f'<polyline class="trail" points="{_points(pts)}" stroke="{colour}"{dash}/>'
        f'<circle class="trail-start" cx="{_fmt(start[0])}" cy="{_fmt(start[1])}" r="4.5" stroke="{colour}"/>'
        + _arrowhead(pts[-2], pts[-1], 11, colour)
    )


def _shot(a: Point, b: Point, colour: str, scale: float) -> str:
    start, tip = _shorten(b, a, 0.45 * scale), _shorten(a, b, 0.55 * scale)
    ends = f'x1="{_fmt(start[0])}" y1="{_fmt(start[1])}" x2="{_fmt(tip[0])}" y2="{_fmt(tip[1])}"'
    return (
        f'<line class="shot-halo" {ends}/><line class="shot-line" {ends} stroke="{colour}"/>'
        + _arrowhead(start, tip, 9, colour)
    )


def _damage(text: str) -> int:
    """The damage a shot's label says (its text: "−3", or "0"; one shooter's shots at one cell: "−2 −1")."""
    return sum(int(part) for part in text.replace(MINUS, "").split() if part.isdigit())


def _hits_tag(target: str, hits: list[tuple[str, str, int]], at: Point,
              colour_of: Callable[[int], str]) -> str:
    """One tag for all the damage a cell took: the total, and each hit in its accessible name (no tooltip:
    the marks take no pointer events, so the cell's link under them keeps its clicks). A tag a shot, stacked,
    piled up over the ship's value on a busy cell; the total is what the reader wants at a glance, and the
    log and this name give the hits one by one."""
    total = sum(_damage(text) for _, text, _ in hits)
    seats = {seat for _, _, seat in hits}
    colour = colour_of(next(iter(seats))) if len(seats) == 1 else "#1b1b1b"
    count = sum(len(text.split()) for _, text, _ in hits)
    detail = ", ".join(f"{' and '.join(text.split())} from {shooter}" for shooter, text, _ in hits)
    name = f"{target} hit {count} time{'s' if count != 1 else ''} for {total}: {detail}"
    return _label(at, f"{MINUS}{total}" if total else "0", colour, name)


def _label(at: Point, text: str, colour: str, name: str) -> str:
    """Damage done, on a white tag edged in the shooter's colour, black when several seats hit the cell
    (opaque: it must be read)."""
    width = 8 + 7.2 * len(text)
    x, y = at
    return (  # what every tag repeats (its white, its edge's width, its text's size and ink): board-svg.css
        f'<g class="shot-label" role="img" aria-label="{escape(name, {chr(34): "&quot;"})}">'
        f'<rect x="{_fmt(x - width / 2)}" y="{_fmt(y - 8.5)}" width="{_fmt(width)}" height="17" rx="8.5" '
        f'stroke="{colour}"/><text x="{_fmt(x)}" y="{_fmt(y + 4.5)}">{escape(text)}</text></g>'
    )


def _spot(kind: str, at: Point, colour: str, scale: float) -> str:
    x, y = at
    if kind == "destroyed":
        r = 0.5 * scale
        cross = (f"M{_fmt(x - r)} {_fmt(y - r)}L{_fmt(x + r)} {_fmt(y + r)}"
                 f"M{_fmt(x + r)} {_fmt(y - r)}L{_fmt(x - r)} {_fmt(y + r)}")
        return (
            f'<circle cx="{_fmt(x)}" cy="{_fmt(y)}" r="{_fmt(0.62 * scale)}" fill="none" stroke="{colour}" '
            f'stroke-width="3" stroke-dasharray="4 3"/>'
            f'<path d="{cross}" stroke="{HALO}" stroke-width="8" stroke-opacity="0.6" '
            f'stroke-linecap="round"/>'
            f'<path d="{cross}" stroke="#1b1b1b" stroke-width="4" stroke-linecap="round"/>'
        )
    dash = {"launch": ' stroke-dasharray="5 3"', "recycled": ' stroke-dasharray="1.5 3.5"'}.get(kind, "")
    width = "5" if kind == "invaded" else "3.5"
    return (f'<circle cx="{_fmt(x)}" cy="{_fmt(y)}" r="{_fmt(0.93 * scale)}" fill="none" stroke="{colour}" '
            f'stroke-width="{width}" stroke-linecap="round"{dash}/>')


def marks_layer(marks: Sequence[Mark], centre: Callable[[str], Point], colour_of: Callable[[int], str],
                scale: float) -> str:
    """The marks as one SVG group (empty string when there are none): trails under shots under spots,
    the damage tags on top."""
    if not marks:
        return ""
    trails, shots, spots = [], [], []
    hits: dict[str, list[tuple[str, str, int]]] = {}  # target cell: (shooter cell, damage text, seat)
    for mark in marks:
        colour = colour_of(mark.seat)
        points = [centre(c) for c in mark.cells]
        cells = escape(" ".join(mark.cells))
        group = f'<g class="mark mark-{escape(mark.kind)}" data-seat="{mark.seat}" data-cells="{cells}">'
        if mark.kind in ("move", "split") and len(points) >= 2:
            trails.append(group + _trail(points, colour, scale, mark.kind == "split") + "</g>")
        elif mark.kind == "shot" and len(points) == 2:
            shots.append(group + _shot(points[0], points[1], colour, scale) + "</g>")
            hits.setdefault(mark.cells[1], []).append((mark.cells[0], mark.text, mark.seat))
        elif mark.kind in MARK_KINDS and points:
            spots.append(group + _spot(mark.kind, points[0], colour, scale) + "</g>")
    # The damage sits on the target's upper right, like a counter on the piece hit: never on a cell the
    # shot passes over (a ship destroyed there stays visible) nor on the target's value.
    labels = []
    for target, on_it in hits.items():
        tx, ty = centre(target)
        labels.append(_hits_tag(target, on_it, (tx + 0.45 * scale, ty - 0.86 * scale), colour_of))
    body = "".join(trails + shots + spots)
    return (f'<g class="last-turn" pointer-events="none"><g opacity="{OPACITY}">{body}</g>'
            f'{"".join(labels)}</g>')


def marks_key(marks: Sequence[Mark], y: float, width: float, scale: float) -> tuple[str, float]:
    """One line of the board's key for the kinds of marks drawn (grey samples: the colour is the seat's)."""
    kinds = [k for k in MARK_KINDS if any(m.kind == k for m in marks)]
    if not kinds:
        return "", 0.0
    grey = "#5b6470"
    parts = [f'<text x="8" y="{_fmt(y + 4)}" font-size="11" font-weight="bold" fill="#333">Last turn:</text>']
    x, line = 84.0, 0
    for kind in kinds:
        text = MARK_KINDS[kind]
        w = 48 + 6.2 * len(text)
        if x + w > width:
            x, line = 84.0, line + 1
        cy = y + line * 20
        if kind in ("move", "split"):
            sample = _trail([(x, cy), (x + 30 + 0.5 * scale, cy)], grey, scale, kind == "split")
        elif kind == "shot":
            sample = (f'<line x1="{_fmt(x)}" y1="{_fmt(cy)}" x2="{_fmt(x + 22)}" y2="{_fmt(cy)}" '
                      f'stroke="{grey}" stroke-width="3" stroke-dasharray="6 3"/>'
                      + _arrowhead((x, cy), (x + 30, cy), 9, grey))
        else:
            # A small copy of the spot: rings of radius 8, a cross of half-width 6.
            sample = _spot(kind, (x + 15, cy), grey, 8 / 0.93 if kind != "destroyed" else 12.0)
        parts.append(sample)
        parts.append(f'<text x="{_fmt(x + 36)}" y="{_fmt(cy + 4)}" font-size="11" fill="#333">'
                     f"{escape(text)}</text>")
        x += w
    return f'<g class="key last-turn" pointer-events="none">{"".join(parts)}</g>', (line + 1) * 20.0 + 2

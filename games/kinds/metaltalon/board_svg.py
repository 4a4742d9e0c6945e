"""Server-rendered SVG of a MetalTalon board, for the web pages (works without JavaScript) and e-mail.

Pure Python: reads a GameState and the board geometry, returns markup. Colour is never the only signal:
seats carry a letter (A-F), red borders are solid and black borders dashed, coin borders are striped,
reachable cells are dotted and targets carry a crosshair.
"""

from __future__ import annotations

import hashlib
import math
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache, lru_cache
from pathlib import Path
from xml.sax.saxutils import escape, quoteattr

from games import seats as seats_of
from games.kinds.metaltalon.board_marks import Mark, marks_key, marks_layer
from games.kinds.metaltalon.engine import (
    EDITIONS,
    Board,
    GameState,
    Ship,
    load_board,
    seat_label,
    seat_letter,
)

__all__ = ["SEAT_COLOURS", "LegendEntry", "ShipShape", "board_png", "board_svg", "cell_centre",
           "legend_entries", "picture_ground_svg", "picture_size", "ship_shape", "terrain_ref", "terrain_svg"]

# (home base, seat) of each seat still playing, sorted: what the terrain depends on besides the board.
Homes = tuple[tuple[str, int], ...]

SCALE = 24.0  # SVG units per hex circumradius
MARGIN = 2.0  # hexes of room for the edge labels

# (colour, text colour) per seat: games/seats.py.
SEAT_COLOURS: tuple[tuple[str, str], ...] = tuple(zip(seats_of.COLOURS, seats_of.INKS, strict=True))
NEUTRAL_TINTS = ("#eceff3", "#e2e6ec", "#f1eee6", "#e7ebe3")
BORDER_STYLE = {
    "red": '<path d="{d}" stroke="#b0122c" stroke-width="3.6" stroke-linecap="round" fill="none"/>',
    "black": '<path d="{d}" stroke="#161616" stroke-width="3.2" stroke-dasharray="7 4" fill="none"/>',
    "striped": (
        '<path d="{d}" stroke="#161616" stroke-width="4.2" fill="none"/>'
        '<path d="{d}" stroke="#f2c400" stroke-width="4.2" stroke-dasharray="4 4" fill="none"/>'
    ),
}
PIECES_FONT = 9.5  # SVG units; ~11 px when the board is drawn 1.15x (the game page at 1366 px wide)
# What every hex of the terrain repeats, said once in the terrain picture (and in the whole drawing): its
# outline and its name. Only elements without these attributes use the classes, so no rule overrides a drawn
# attribute; scoped to the board, since an inline <style> applies to the whole HTML page. cairosvg (the
# mailed picture) reads them too: every property here is one it draws from a style sheet.
TERRAIN_STYLE = (
    ".mt-board .hex{stroke:#9aa1ab;stroke-width:0.8}"
    ".mt-board .cell-name{font-size:10px;fill:#7d8590;fill-opacity:0.75}"
)
# What every cell, ship and mark repeats: the board's style sheet, a static file the game page loads once
# (the kind's styles) and the pictures inline (board_svg without page_styles). One rule per line there.
BOARD_STYLE_FILE = Path(__file__).resolve().parent / "static" / "metaltalon" / "board-svg.css"
BOARD_STYLE = "".join(line.strip() for line in re.sub(r"/\*.*?\*/", "", BOARD_STYLE_FILE.read_text(),
                                                       flags=re.S).splitlines())
CELL_STYLE = TERRAIN_STYLE + BOARD_STYLE
SHIP_CLASS = "mt-ship"  # a ship's drawing in <defs>: board-svg.css scopes the ship rules by it
HEX_ID = "mt-h"  # the one hex outline (<defs>) every cell's hit area uses
SHIP_ID = "mt-s"  # + a number: a ship's drawing in <defs>, one per look, placed by a <use> on each cell
AIM_ID, SELECTED_ID = "mt-aim", "mt-sel"  # the target's crosshair and the selection, when drawn
REACH_ID = "mt-reach"  # the dotted hex of a reachable cell, when drawn
PIECE_LETTERS = {"token": ("e", "w", "s"), "coin": ("p", "n", "d")}
FONT = "DejaVu Sans, Verdana, Arial, sans-serif"


def _mix(hex_colour: str, white: float) -> str:
    """The colour mixed with `white` parts of white (0..1): the pale tint of a seat's territory."""
    r, g, b = (int(hex_colour[i : i + 2], 16) for i in (1, 3, 5))
    return "#{:02x}{:02x}{:02x}".format(*(round(c + (255 - c) * white) for c in (r, g, b)))


def _fmt(v: float) -> str:
    return f"{v:.1f}".rstrip("0").rstrip(".")


class _Geometry:
    """Board coordinates scaled to SVG units, with the margin for edge labels."""

    def __init__(self, board: Board) -> None:
        xs = [board.centre(c)[0] for c in board.cells]
        ys = [board.centre(c)[1] for c in board.cells]
        self.x0 = min(xs) - MARGIN
        self.y0 = min(ys) - MARGIN
        self.width = (max(xs) - min(xs) + 2 * MARGIN) * SCALE
        self.height = (max(ys) - min(ys) + 2 * MARGIN) * SCALE
        self.board = board
        self._polygons: dict[tuple[str, float], str] = {}

    def point(self, x: float, y: float) -> tuple[float, float]:
        return (x - self.x0) * SCALE, (y - self.y0) * SCALE

    def centre(self, cell: str) -> tuple[float, float]:
        return self.point(*self.board.centre(cell))

    def polygon(self, cell: str, shrink: float = 1.0) -> str:
        # Every drawing repeats the same few hundred outlines: each is formatted once per process.
        key = (cell, shrink)
        points = self._polygons.get(key)
        if points is None:
            points = self._polygons[key] = self._polygon(cell, shrink)
        return points

    def _polygon(self, cell: str, shrink: float) -> str:
        cx, cy = self.board.centre(cell)
        corners = self.board.corners(cell)
        pts = [self.point(cx + (x - cx) * shrink, cy + (y - cy) * shrink) for x, y in corners]
        return " ".join(f"{_fmt(x)},{_fmt(y)}" for x, y in pts)

    def shared_edge(self, a: str, b: str) -> tuple[tuple[float, float], tuple[float, float]]:
        """The hex side between two neighbouring cells: half a side either side of the midpoint."""
        (ax, ay), (bx, by) = self.board.centre(a), self.board.centre(b)
        mx, my = (ax + bx) / 2, (ay + by) / 2
        dx, dy = bx - ax, by - ay
        length = (dx * dx + dy * dy) ** 0.5
        px, py = -dy / length * 0.5, dx / length * 0.5
        return self.point(mx + px, my + py), self.point(mx - px, my - py)


def _territory_tints(board: Board, homes: Homes) -> dict[str, str]:
    """Home territories of seats still playing take their seat's pale colour; others a neutral tint that
    differs from every neighbouring territory's."""
    owner = {board.territory(home): index for home, index in homes}
    touching: dict[str, set[str]] = {t: set() for t in board.territories}
    for a in board.cells:
        for b in board.neighbours(a):
            ta, tb = board.territory(a), board.territory(b)
            if ta != tb:
                touching[ta].add(tb)
    tints: dict[str, str] = {}
    for terr in board.territories:
        if terr in owner:
            tints[terr] = _mix(SEAT_COLOURS[owner[terr]][0], 0.82)
    for terr in board.territories:
        if terr in tints:
            continue
        used = {tints.get(t) for t in touching[terr]}
        tints[terr] = next((c for c in NEUTRAL_TINTS if c not in used), NEUTRAL_TINTS[0])
    return tints


def _base_marker(geo: _Geometry, board: Board, cell: str, home_of: dict[str, int]) -> str:
    cx, cy = geo.centre(cell)
    r = 0.78 * SCALE
    parts = []
    if cell in home_of:
        colour, _ = SEAT_COLOURS[home_of[cell]]
        parts.append(
            f'<circle cx="{_fmt(cx)}" cy="{_fmt(cy)}" r="{_fmt(r)}" fill="#ffffff" '
            f'stroke="{colour}" stroke-width="3.2"/>'
        )
        parts.append(
            f'<circle cx="{_fmt(cx)}" cy="{_fmt(cy)}" r="{_fmt(r - 4.5)}" fill="none" '
            f'stroke="{colour}" stroke-width="1.2"/>'
        )
        parts.append(
            f'<text x="{_fmt(cx)}" y="{_fmt(cy + 6)}" font-size="17" font-weight="bold" '
            f'fill="{colour}">{escape(seat_letter(home_of[cell]))}</text>'
        )
    else:
        parts.append(
            f'<circle cx="{_fmt(cx)}" cy="{_fmt(cy)}" r="{_fmt(r)}" fill="#fffbea" '
            f'stroke="#8a6d00" stroke-width="2.2" stroke-dasharray="3 2"/>'
        )
        parts.append(
            f'<text x="{_fmt(cx)}" y="{_fmt(cy + 5)}" font-size="13" font-weight="bold" '
            f'fill="#8a6d00">+1</text>'
        )
    for i, label in enumerate(_printed_labels(board, cell)):
        text, colour = label
        lx = cx + (i - (len(_printed_labels(board, cell)) - 1) / 2) * 12
        parts.append(
            f'<text x="{_fmt(lx)}" y="{_fmt(cy - r + 9)}" font-size="9" font-weight="bold" '
            f'fill="{colour}">{escape(text)}</text>'
        )
    return "".join(parts)


def _printed_labels(board: Board, cell: str) -> list[tuple[str, str]]:
    """What the board prints on a base: "2", "3", a red or black "4"; nothing on the coin board."""
    out = []
    for label in board.labels(cell):
        if label in ("2", "3"):
            out.append((label, "#333333"))
        elif label == "red4":
            out.append(("4", "#b0122c"))
        elif label == "black4":
            out.append(("4", "#111111"))
    return out


# Approximate advance widths of DejaVu Sans (em) for the characters of a ship's pieces: enough to size its
# tag and to squeeze only the rare long one into the space.
_ADVANCE = {" ": 0.32, "e": 0.62, "w": 0.82, "s": 0.52, "p": 0.64, "n": 0.63, "d": 0.64}
PIECES_MAX_WIDTH = 1.85 * SCALE  # the text; wider than a hex, so its tag may touch the neighbours' corners


def ship_radius(value: int) -> float:
    """A ship's circle grows with its value (its area roughly in proportion, up to 30 credits), so the
    big ships stand out at a glance; even the biggest leaves the hex's outline visible."""
    return SCALE * (0.44 + 0.36 * math.sqrt(min(max(value, 1), 30) / 30))


def _text_width(text: str, size: float) -> float:
    return size * sum(_ADVANCE.get(ch, 0.64) for ch in text)  # digits: 0.64


@dataclass(frozen=True)
class ShipShape:
    """Where the parts of a ship's drawing go, around its cell's centre (SVG units): what board_svg writes
    as markup and mail_picture.py draws straight onto the mailed picture, so both put them alike."""

    r: float  # the disc's radius (ship_radius)
    cc: float  # the disc's centre, below (+) or above (-) the cell's centre
    value: str  # written large in the disc
    vsize: float  # its font size
    tx: float  # the seat's tab: its centre
    ty: float
    pieces: str  # "3e 1w 1s", on the tag below the disc
    text_w: float  # the pieces' width on the tag (squeezed to PIECES_MAX_WIDTH when wider)
    squeezed: bool
    tag_w: float
    tag_y: float
    count: int  # ships on the cell: "x2" beside the disc when more than one


def ship_shape(ship: Ship, letters: tuple[str, str, str], count: int) -> ShipShape:
    r = ship_radius(ship.value)
    cc = -2.5  # the disc sits a little high: the pieces tag takes the hex's lower middle
    value = str(ship.value)
    vsize = 15.0 if len(value) < 3 else 12.0  # CELL_STYLE's size, or smaller for three digits
    # The seat's tab, on the rim at the upper left (further out on small discs, clear of the value).
    reach = max(r, 14.0) * 0.72
    pieces = " ".join(f"{n}{letter}" for n, letter in zip(ship.pieces, letters, strict=True) if n)
    text_w = _text_width(pieces, PIECES_FONT)
    squeezed = text_w > PIECES_MAX_WIDTH
    if squeezed:
        text_w = PIECES_MAX_WIDTH
    return ShipShape(r=r, cc=cc, value=value, vsize=vsize, tx=-reach, ty=cc - reach, pieces=pieces,
                     text_w=text_w, squeezed=squeezed, tag_w=text_w + 5, tag_y=7.0, count=count)


def _ship_marker(ship: Ship, letters: tuple[str, str, str], count: int) -> str:
    """A ship: a disc in its seat's colour sized by its value, the value large in the middle, the seat's
    letter on a tab at its upper left (colour is never the only signal) and its pieces on a white tag
    below, all readable at the game page's size. Drawn around the origin, in <defs> (a <use> places it at
    its cell's centre; its group's class p<seat> gives the seat's colours); what every ship shares is in
    CELL_STYLE."""
    k = ship_shape(ship, letters, count)
    size = "" if k.vsize == 15 else f' font-size="{_fmt(k.vsize)}"'
    squeeze = f' textLength="{_fmt(k.text_w)}" lengthAdjust="spacingAndGlyphs"' if k.squeezed else ""
    parts = [
        f'<circle class="shade" cx="1.2" cy="{_fmt(k.cc + 1.8)}" r="{_fmt(k.r)}"/>'
        f'<circle class="ship" cy="{_fmt(k.cc)}" r="{_fmt(k.r)}"/>'
        f'<text class="ship-value" y="{_fmt(k.cc + k.vsize * 0.36)}"{size}>{k.value}</text>'
        f'<circle class="tab" cx="{_fmt(k.tx)}" cy="{_fmt(k.ty)}" r="6.2"/>'
        f'<text class="ship-seat" x="{_fmt(k.tx)}" y="{_fmt(k.ty + 3.2)}">'
        f"{escape(seat_letter(ship.owner))}</text>"
        f'<rect class="pieces-tag" x="{_fmt(-k.tag_w / 2)}" y="{_fmt(k.tag_y)}" width="{_fmt(k.tag_w)}" '
        f'height="12" rx="3"/>'
        f'<text class="ship-pieces" y="{_fmt(k.tag_y + 9.4)}"{squeeze}>'
        f"{escape(k.pieces)}</text>"
    ]
    if count > 1:
        parts.append(
            f'<text x="{_fmt(k.r - 2)}" y="{_fmt(k.cc - k.r + 6)}" font-size="10" font-weight="bold" '
            f'fill="#000" stroke="#ffffff" stroke-width="2.5" paint-order="stroke" text-anchor="start">'
            f'x{count}</text>'
        )
    return "".join(parts)


def _cell_title(
    board: Board,
    state: GameState,
    cell: str,
    home_of: dict[str, int],
    ships: list[Ship],
    letters: tuple[str, str, str],
    viewer: int | None = None,
) -> str:
    """What a cell's hover title (and a link's name for a screen reader) tells: the cell, whose territory
    (or which neutral one), its base, the ships on it with their pieces and value. The viewer's own are
    "your"; a seat is named in full ("Player B (Clovers)") at its first mention, by its letter after."""
    named: set[int] = set()

    def name(seat: int) -> str:
        label = f"Player {seat_letter(seat)}" if seat in named else seat_label(state, seat)
        named.add(seat)
        return label

    def whose(seat: int) -> str:
        return "your" if seat == viewer else f"{name(seat)}'s"

    parts = [cell]
    terr = board.territory(cell)
    owner = home_of.get(board.base_of_territory(terr) or "")
    if owner is not None:
        parts.append(f"{whose(owner)} territory")
    else:
        parts.append(board.territory_names.get(terr, terr))
    if cell in home_of:
        home = home_of[cell]
        parts.append("your home base" if home == viewer else f"home base of {name(home)}")
    elif cell in board.base_cells:
        parts.append("unowned base (+1 income per ship on it)")
    for ship in ships:
        pieces = " ".join(f"{n}{letter}" for n, letter in zip(ship.pieces, letters, strict=True) if n)
        parts.append(f"{whose(ship.owner)} ship {pieces} ({ship.value})")
    return " · ".join(parts)


def _borders(geo: _Geometry, board: Board) -> str:
    paths: dict[str, list[str]] = {}
    for a in board.cells:
        for b in board.neighbours(a):
            kind = board.border(a, b)
            if kind is None or a > b:
                continue
            (x1, y1), (x2, y2) = geo.shared_edge(a, b)
            paths.setdefault(kind, []).append(f"M{_fmt(x1)} {_fmt(y1)}L{_fmt(x2)} {_fmt(y2)}")
    out = []
    for kind in sorted(paths):
        d = "".join(paths[kind])
        out.append(f'<g class="border border-{kind}">{BORDER_STYLE[kind].format(d=d)}</g>')
    return "".join(out)


def _edge_labels(geo: _Geometry, board: Board) -> str:
    columns: dict[str, list[float]] = {}
    rows: dict[int, list[float]] = {}
    for cell in board.cells:
        x, y = geo.centre(cell)
        columns.setdefault(cell[0], []).append(x)
        rows.setdefault(int(cell[1:]), []).append(x)
    top, bottom = 0.55 * SCALE, geo.height - 0.25 * SCALE
    parts = []
    for letter, xs in columns.items():
        x = min(xs)  # the unshifted position of the column
        parts.append(f'<text x="{_fmt(x)}" y="{_fmt(top)}" text-anchor="middle">{letter}</text>')
        parts.append(f'<text x="{_fmt(x)}" y="{_fmt(bottom)}" text-anchor="middle">{letter}</text>')
    for number, xs in rows.items():
        cell = next(c for c in board.cells if int(c[1:]) == number)
        _, y = geo.centre(cell)
        left, right = min(xs) - 1.25 * SCALE, max(xs) + 1.25 * SCALE
        parts.append(f'<text x="{_fmt(left)}" y="{_fmt(y + 4)}" text-anchor="end">{number}</text>')
        parts.append(f'<text x="{_fmt(right)}" y="{_fmt(y + 4)}" text-anchor="start">{number}</text>')
    return f'<g class="edge-labels" font-size="12" fill="#555555">{"".join(parts)}</g>'


@dataclass(frozen=True)
class LegendEntry:
    """One seat's line of the legend: its disc's left edge and middle (SVG units), its seat and words."""

    x: float
    cy: float
    seat: int
    label: str  # "A (Vamps) (you)"
    out: bool


LEGEND_ROW = 22.0


def legend_entries(state: GameState, viewer: int | None, y: float, width: float) -> tuple[list[LegendEntry],
                                                                                          float]:
    """Each seat's place in the legend under the board at `y`, wrapped to `width`, and the legend's height."""
    entries = []
    x, line = 8.0, 0
    for s in state.seats:
        label = seat_label(state, s.index)[len("Player ") :]
        if viewer == s.index:
            label += " (you)"
        if s.out:
            label += " (out)"
        w = 28 + 7.2 * len(label)
        if x + w > width:
            x, line = 8.0, line + 1
        entries.append(LegendEntry(x=x, cy=y + line * LEGEND_ROW, seat=s.index, label=label, out=s.out))
        x += w + 10
    return entries, (line + 1) * LEGEND_ROW + 6


def _legend(state: GameState, viewer: int | None, y: float, width: float) -> tuple[str, float]:
    entries, height = legend_entries(state, viewer, y, width)
    parts = []
    for e in entries:
        colour, ink = SEAT_COLOURS[e.seat % len(SEAT_COLOURS)]
        # What every seat's line repeats (outline, sizes, ink): board-svg.css.
        parts.append(f'<circle cx="{_fmt(e.x + 9)}" cy="{_fmt(e.cy)}" r="9" fill="{colour}"/>')
        parts.append(f'<text class="seat-letter" x="{_fmt(e.x + 9)}" y="{_fmt(e.cy + 4)}" fill="{ink}">'
                     f"{escape(seat_letter(e.seat))}</text>")
        decoration = ' text-decoration="line-through"' if e.out else ""
        parts.append(f'<text class="seat-name" x="{_fmt(e.x + 22)}" y="{_fmt(e.cy + 4)}"{decoration}>'
                     f"{escape(e.label)}</text>")
    return f'<g class="legend">{"".join(parts)}</g>', height


def _key(board: Board, y: float) -> tuple[str, float]:
    """What the marks mean, for readers of a picture in an e-mail."""
    items: list[tuple[str, str]] = []
    kinds = sorted(
        {kind for a in board.cells for b in board.neighbours(a) if (kind := board.border(a, b)) is not None}
    )
    names = {"red": "red border", "black": "black border", "striped": "striped border"}
    for kind in kinds:
        sample = BORDER_STYLE[kind].format(d="M0 0L26 0")
        items.append((sample, names[kind]))
    items.append(
        (
            '<circle cx="13" cy="0" r="8" fill="#fffbea" stroke="#8a6d00" stroke-width="2" '
            'stroke-dasharray="3 2"/>',
            "unowned base: +1 income per ship on it",
        )
    )
    parts, x = [], 8.0
    for sample, text in items:
        parts.append(f'<g transform="translate({_fmt(x)} {_fmt(y)})">{sample}</g>')
        parts.append(
            f'<text x="{_fmt(x + 32)}" y="{_fmt(y + 4)}" font-size="11" fill="#333">{escape(text)}</text>'
        )
        x += 40 + 6.2 * len(text)
    return f'<g class="key">{"".join(parts)}</g>', 22.0


# === THE TERRAIN: WHAT A MOVE NEVER CHANGES ===
#
# The hexes with their territories' tints, the bases, the cell names, the borders and the edge labels
# depend only on the board and on which seat has its home where (a seat's territory is tinted while it
# plays). The game page draws them once as a picture of their own (terrain_svg, served by board_views.py
# under a URL that names what it was drawn from and a digest of it, so a browser keeps it for good) and
# inlines only what a move changes; the mailed picture and the download draw them inline (board_svg
# without terrain_href), so they stay whole.


def homes_of(state: GameState) -> Homes:
    """What the terrain depends on besides the board: (home base, seat) of every seat still playing."""
    return tuple(sorted((s.home, s.index) for s in state.seats if not s.out))


def homes_code(homes: Homes) -> str:
    """Homes as a URL part: "0J3-1C9" (seat and home base, joined by "-"), "none" for none."""
    return "-".join(f"{index}{home}" for home, index in homes) or "none"


def parse_homes(board_name: str, code: str) -> Homes | None:
    """The homes `homes_code` wrote, or None when the code names no seat or base of the board."""
    if code == "none":
        return ()
    board = load_board(board_name)
    homes = []
    for part in code.split("-"):
        if len(part) < 2 or not part[0].isdigit() or int(part[0]) >= len(SEAT_COLOURS):
            return None
        if part[1:] not in board.base_cells:
            return None
        homes.append((part[1:], int(part[0])))
    if len({h for h, _ in homes}) != len(homes) or len({i for _, i in homes}) != len(homes):
        return None
    return tuple(sorted(homes))


@lru_cache(maxsize=256)
def _terrain(board_name: str, homes: Homes) -> str:
    """The terrain's markup, in the board's coordinates."""
    geo, board = _geometry(board_name), load_board(board_name)
    home_of = {home: index for home, index in homes}
    tints = _territory_tints(board, homes)
    cells = []
    for cell in board.cells:
        cx, cy = geo.centre(cell)
        part = f'<polygon class="hex" points="{geo.polygon(cell)}" fill="{tints[board.territory(cell)]}"/>'
        if cell in board.base_cells:
            part += _base_marker(geo, board, cell, home_of)
        else:
            part += f'<text class="cell-name" x="{_fmt(cx)}" y="{_fmt(cy + 4)}">{escape(cell)}</text>'
        cells.append(f'<g data-hex="{escape(cell)}">{part}</g>')
    return (f'<g class="hexes" text-anchor="middle">{"".join(cells)}</g>'
            f'<g class="borders">{_borders(geo, board)}</g>{_edge_labels(geo, board)}')


@lru_cache(maxsize=256)
def terrain_svg(board_name: str, homes: Homes) -> str:
    """The terrain alone, as an SVG document of the board's size: the game page's picture behind its board."""
    geo = _geometry(board_name)
    return (f'<svg xmlns="http://www.w3.org/2000/svg" class="mt-board" viewBox="0 0 {_fmt(geo.width)} '
            f'{_fmt(geo.height)}" width="{_fmt(geo.width)}" height="{_fmt(geo.height)}" '
            f"font-family={quoteattr(FONT)}><style>{TERRAIN_STYLE}</style>"
            f"{_terrain(board_name, homes)}</svg>")


@lru_cache(maxsize=256)
def terrain_digest(board_name: str, homes: Homes) -> str:
    """Names this drawing of the terrain: its URL changes whenever the drawing does."""
    return hashlib.sha256(terrain_svg(board_name, homes).encode()).hexdigest()[:16]


def terrain_ref(state: GameState) -> tuple[str, str, str]:
    """(board, homes code, digest): the parts of the URL of the terrain behind `state`'s board."""
    homes = homes_of(state)
    return state.board, homes_code(homes), terrain_digest(state.board, homes)


def board_svg(
    state: GameState,
    *,
    viewer: int | None = None,
    selected: str | None = None,
    highlights: Iterable[str] = (),
    targets: Iterable[str] = (),
    cell_url: Callable[[str], str | None] | None = None,
    marks: Sequence[Mark] = (),
    costs: Mapping[str, int] | None = None,
    terrain_href: str | None = None,
    page_styles: bool = False,
) -> str:
    """The board of `state` as an SVG document (a string).

    viewer: the seat looking (its ships get a heavier outline); selected: the cell of the chosen ship;
    highlights: cells to draw as reachable; costs: the moves reaching each of them uses, written on them
    (engine.move_costs); targets: cells to draw as attackable; cell_url: when given,
    each cell for which it returns a URL is wrapped in <a href> so the board works without JavaScript;
    marks: recent play drawn over the board (board_marks.py), with a line of the key for them;
    terrain_href: the URL of terrain_svg for this board (the game page): the terrain is drawn as that
    picture instead of inline. Without it the drawing is whole (e-mail, the download);
    page_styles: the page carries the board's style sheet (board-svg.css, one of the kind's styles), so
    the drawing inlines none of it; without, the drawing is a picture of its own and inlines it.
    """
    board = load_board(state.board)
    letters = EDITIONS[state.edition].letters
    geo = _geometry(state.board)
    reach, aim = set(highlights), set(targets)
    homes = homes_of(state)
    home_of = dict(homes)
    ships_at: dict[str, list[Ship]] = {}
    for ship in state.ships:
        ships_at.setdefault(ship.cell, []).append(ship)

    cells, pieces = [], []
    looks: dict[tuple[int, bool, int, tuple[int, ...], int], tuple[str, str]] = {}
    for cell in board.cells:
        on_cell = ships_at.get(cell, [])
        pieces.append(_on_cell(geo, cell, on_cell, letters, viewer, cell == selected, cell in aim, looks))
        cells.append(
            _cell_group(
                geo,
                board,
                state,
                cell,
                home_of,
                on_cell,
                letters,
                cell == selected,
                cell in reach,
                cell in aim,
                cell_url,
                (costs or {}).get(cell) if cell in reach else None,
                viewer,
            )
        )
    defs = [f'<polygon id="{HEX_ID}" points="{_HEX_POINTS}"/>']
    defs += [look for _, look in looks.values()]
    if reach:
        defs.append(f'<polygon id="{REACH_ID}" points="{_hex_points(0.8)}"/>')
    if selected is not None:
        defs.append(f'<polygon id="{SELECTED_ID}" points="{_hex_points(0.94)}" fill="none" stroke="#111111" '
                    f'stroke-width="3"/>')
    if aim:
        r, out, inside = _fmt(0.8 * SCALE), _fmt(0.8 * SCALE + 4), _fmt(0.8 * SCALE - 4)
        defs.append(f'<g id="{AIM_ID}" stroke="#c1121f" stroke-width="2.4" fill="none"><circle r="{r}"/>'
                    f'<path d="M-{out} 0h8M{inside} 0h8M0 -{out}v8M0 {inside}v8"/></g>')
    if terrain_href is None:
        terrain = f'<g class="terrain">{_terrain(state.board, homes)}</g>'
    else:
        terrain = (f'<image class="terrain" href={quoteattr(terrain_href)} x="0" y="0" '
                   f'width="{_fmt(geo.width)}" height="{_fmt(geo.height)}"/>')
    legend, legend_h = _legend(state, viewer, geo.height + 14, geo.width)
    key, key_h = _key(board, geo.height + 14 + legend_h)
    last_key, last_key_h = marks_key(marks, geo.height + 14 + legend_h + key_h, geo.width, SCALE)
    total_h = geo.height + legend_h + key_h + last_key_h + 8
    layer = marks_layer(marks, geo.centre, lambda seat: SEAT_COLOURS[seat % len(SEAT_COLOURS)][0], SCALE)
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" class="mt-board board-{escape(board.name)}" '
        f'viewBox="0 0 {_fmt(geo.width)} {_fmt(total_h)}" width="100%" '
        f'preserveAspectRatio="xMidYMin meet" role="img" '
        f"aria-label={quoteattr(f'MetalTalon {board.name} board, round {state.round_of(state.turn)}')} "
        f"font-family={quoteattr(FONT)}>"
        f'<rect x="0" y="0" width="{_fmt(geo.width)}" height="{_fmt(total_h)}" fill="#fbfaf7"/>'
        f"{'' if page_styles else f'<style>{CELL_STYLE}</style>'}"
        f'<defs>{"".join(defs)}</defs>'
        f"{terrain}"
        f'<g class="cells" text-anchor="middle">{"".join(cells)}</g>'
        f'<g class="pieces" text-anchor="middle" pointer-events="none">{"".join(pieces)}</g>'
        f"{layer}{legend}{key}{last_key}</svg>"
    )


@lru_cache(maxsize=64)
def picture_ground_svg(board_name: str, homes: Homes, legend_h: float) -> str:
    """What board_svg draws of a mailed picture (no marks, nothing selected) that no move changes, as a
    whole SVG document of that picture's size: the background, the terrain and the key, the key below a
    legend `legend_h` high (legend_entries). mail_picture.py rasterises it once and draws the ships and
    the legend over it: together they are board_svg's picture, pixel for pixel as near as the raster
    allows (tests/kinds/metaltalon/test_mail_picture.py)."""
    board, geo = load_board(board_name), _geometry(board_name)
    key, key_h = _key(board, geo.height + 14 + legend_h)
    total_h = geo.height + legend_h + key_h + 8
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" class="mt-board board-{escape(board.name)}" '
        f'viewBox="0 0 {_fmt(geo.width)} {_fmt(total_h)}" width="100%" '
        f'preserveAspectRatio="xMidYMin meet" font-family={quoteattr(FONT)}>'
        f'<rect x="0" y="0" width="{_fmt(geo.width)}" height="{_fmt(total_h)}" fill="#fbfaf7"/>'
        f"<style>{CELL_STYLE}</style>"
        f'<g class="terrain">{_terrain(board_name, homes)}</g>{key}</svg>'
    )


def picture_size(board_name: str) -> tuple[float, float]:
    """The board's drawing's width and the height of its terrain, in SVG units (the legend starts 14
    below)."""
    geo = _geometry(board_name)
    return geo.width, geo.height


def cell_centre(board_name: str, cell: str) -> tuple[float, float]:
    """Where a cell's ship is drawn, in SVG units."""
    return _geometry(board_name).centre(cell)


@cache
def _geometry(board_name: str) -> _Geometry:
    return _Geometry(load_board(board_name))


def _cell_group(
    geo: _Geometry,
    board: Board,
    state: GameState,
    cell: str,
    home_of: dict[str, int],
    ships: list[Ship],
    letters: tuple[str, str, str],
    selected: bool,
    reachable: bool,
    target: bool,
    cell_url: Callable[[str], str | None] | None,
    cost: int | None = None,
    viewer: int | None = None,
) -> str:
    """What a move may change on a cell, in one element with the id cell-<name> (a link, <a href>, when the
    cell has one; else a <g>): its details on hover (its first child, <title>, which also names the link
    for a screen reader), the hex it is hovered and clicked by, and the marks of the selected ship's
    moves. Its layer (.cells) says it is a cell: only a cell with a state has a class, "cell" with the
    state (cell selected, cell reachable, cell target), the 200-odd plain ones none."""
    states = [name for name, on in (("selected", selected), ("reachable", reachable), ("target", target))
              if on]
    classes = " ".join(["cell", *states]) if states else ""
    title = _cell_title(board, state, cell, home_of, ships, letters, viewer)
    if cost is not None:
        title += f" · move here: uses {cost} move{'s' if cost != 1 else ''}"
    cx, cy = geo.centre(cell)
    parts = [
        f"<title>{escape(title)}</title>",
        f'<use href="#{HEX_ID}" x="{_fmt(cx)}" y="{_fmt(cy)}"/>',
    ]
    if reachable:  # its colours and dots: board-svg.css
        parts.append(f'<use class="mark-reachable" href="#{REACH_ID}" x="{_fmt(cx)}" y="{_fmt(cy)}"/>')
    if cost is not None:
        # The moves it uses, on a dark green disc at the top of the space (over a base's marker): a detour
        # around blocked spaces shows its price before the move is sent. Its colours: board-svg.css.
        parts.append(
            f'<g class="move-cost"><circle cx="{_fmt(cx)}" cy="{_fmt(cy - 12)}" r="7.5"/>'
            f'<text x="{_fmt(cx)}" y="{_fmt(cy - 8.4)}">{cost}</text></g>'
        )
    attributes = f'id="cell-{escape(cell)}"' + (f' class="{classes}"' if classes else "")
    url = cell_url(cell) if cell_url is not None else None
    if url:
        return f"<a href={quoteattr(url)} {attributes}>{''.join(parts)}</a>"
    return f"<g {attributes}>{''.join(parts)}</g>"


def _on_cell(
    geo: _Geometry,
    cell: str,
    ships: list[Ship],
    letters: tuple[str, str, str],
    viewer: int | None,
    selected: bool,
    target: bool,
    looks: dict[tuple[int, bool, int, tuple[int, ...], int], tuple[str, str]],
) -> str:
    """What stands on a cell, drawn above every cell and border so a ship's pieces tag is never cut by a
    neighbour or a border line: the ship, the target's crosshair, the selection, each a <use> placed at the
    cell's centre. A ship's drawing is in <defs>, once per look (seat, value, pieces, ships on the cell),
    added to `looks` when first met: a long game has many alike. It takes no clicks: the cell's link
    underneath does."""
    cx, cy = geo.centre(cell)
    at = f'x="{_fmt(cx)}" y="{_fmt(cy)}"'
    parts = []
    if ships:
        main = max(ships, key=lambda s: s.value)
        key = (main.owner, main.owner == viewer, main.value, main.pieces, len(ships))
        if key not in looks:
            ident = f"{SHIP_ID}{len(looks)}"
            own = " own" if main.owner == viewer else ""
            classes = f"{SHIP_CLASS} p{main.owner % len(SEAT_COLOURS)}{own}"
            looks[key] = (ident, f'<g id="{ident}" class="{classes}">'
                                 f"{_ship_marker(main, letters, len(ships))}</g>")
        parts.append(f'<use href="#{looks[key][0]}" {at}/>')
    if target:
        parts.append(f'<use class="mark-target" href="#{AIM_ID}" {at}/>')
    if selected:
        parts.append(f'<use class="mark-selected" href="#{SELECTED_ID}" {at}/>')
    return "".join(parts)


def _hex_points(shrink: float) -> str:
    """A hex's corners around its centre (pointy top, as engine.Board.corners draws them)."""
    corners = ((math.cos(math.radians(a)), math.sin(math.radians(a))) for a in (-90, -30, 30, 90, 150, 210))
    return " ".join(f"{_fmt(x * SCALE * shrink)},{_fmt(y * SCALE * shrink)}" for x, y in corners)


_HEX_POINTS = _hex_points(1.0)


def board_png(svg: str, width: int) -> bytes:
    """Render an SVG from board_svg to PNG bytes `width` pixels wide (for e-mail)."""
    from games.pictures import svg_png

    return svg_png(svg, width)

"""MetalTalon's board as the mailed PNG (games/mail/position.py, board_png), drawn in a few milliseconds.

The picture is board_svg's for the seat (kind.board_svg(state, seat): no marks, nothing selected), but
rendering that whole SVG through cairosvg took a quarter of a second and more for each new position (the
turn notices' rate, bench/README.md "Notices"). Most of it never changes in a game: the background, the
terrain and the key (board_svg.picture_ground_svg). That ground is rasterised through cairosvg once for
each board, seating and legend height, with the 256 colours its pictures are written in, and kept in the
process and in the site's cache (every worker's: one draws it, the others read it in milliseconds). Each
position then draws only what a move changes, straight onto a copy of it with cairo (the library cairosvg
draws with, so the same shapes and glyphs): each cell's ship as board_svg places it (board_svg.ship_shape)
in the colours of the board's style sheet (board-svg.css, read from CELL_STYLE), and the legend
(board_svg.legend_entries).

What the seat sees: MetalTalon hides nothing on the board; the seat's own ships get the heavier outline of
`.mt-ship.own` and its legend line says "(you)", as board_svg draws them for that viewer.
"""

from __future__ import annotations

import hashlib
import io
import math
import re
import threading
from collections import OrderedDict
from dataclasses import dataclass
from functools import cache
from typing import Any

from games.kinds.metaltalon.board_svg import (
    CELL_STYLE,
    FONT,
    SEAT_COLOURS,
    Homes,
    cell_centre,
    homes_of,
    legend_entries,
    picture_ground_svg,
    picture_size,
    ship_shape,
)
from games.kinds.metaltalon.engine import EDITIONS, GameState, Ship, seat_letter
from games.pictures import rounded_rect

__all__ = ["board_png"]

# Grounds kept per process (board, seating, legend height, width): about 1.7 MB each at 640 pixels wide.
# A board has one seating per player count (and fewer seats once some are out) and a legend of one to three
# lines, so a site's games share a few dozen; one this process lets go comes back from the site's cache in
# milliseconds (SHARED_SECONDS), not drawn again.
GROUNDS = 24
SHARED_SECONDS = 30 * 24 * 3600
# The PNG's zlib level: 6 (zlib's default) writes about 5% more bytes than Pillow's optimize=True in a
# quarter of its time (bench/README.md, "Notices").
PNG_LEVEL = 6
# The family cairosvg draws text in: the first of the drawing's font-family list.
FAMILY = FONT.split(",")[0].strip()

Colour = tuple[float, float, float, float]


@dataclass(frozen=True)
class _Ground:
    width: int
    height: int
    stride: int
    pixels: bytes  # cairo's ARGB32, premultiplied, native byte order
    scale: float  # pixels per SVG unit
    palette: Any  # a PIL "P" image: the colours every picture on this ground is written in


_grounds: OrderedDict[tuple[str, Homes, float, int], _Ground] = OrderedDict()
# (text, bold, size, scale) -> x bearing, width, advance and each letter's advance, as cairo measures them.
_metrics: dict[tuple[str, bool, float, float], tuple[float, float, float, tuple[float, ...]]] = {}
_lock = threading.Lock()


def board_png(state: GameState, viewer: int | None, width: int) -> bytes:
    """board_svg(state, viewer=viewer) as a 256-colour PNG `width` pixels wide."""
    import cairocffi as cairo

    board_w, board_h = picture_size(state.board)
    legend, legend_h = legend_entries(state, viewer, board_h + 14, board_w)
    ground = _ground(state.board, homes_of(state), legend_h, width)
    pixels = bytearray(ground.pixels)
    surface = cairo.ImageSurface.create_for_data(pixels, cairo.FORMAT_ARGB32, ground.width, ground.height,
                                                 ground.stride)
    ctx = cairo.Context(surface)
    ctx.scale(ground.scale, ground.scale)
    _draw_ships(ctx, state, viewer)
    for entry in legend:
        colour, ink = SEAT_COLOURS[entry.seat % len(SEAT_COLOURS)]
        circle = _style(".mt-board .legend circle")
        _circle(ctx, entry.x + 9, entry.cy, 9, _colour(colour), _colour(circle["stroke"]), 1.0)
        _text(ctx, entry.x + 9, entry.cy + 4, seat_letter(entry.seat), _style(".mt-board .seat-letter"),
              fill=ink)
        _text(ctx, entry.x + 22, entry.cy + 4, entry.label, _style(".mt-board .seat-name"),
              through=entry.out)
    surface.flush()
    return _encode(pixels, ground)


def _draw_ships(ctx: Any, state: GameState, viewer: int | None) -> None:
    """Each cell's biggest ship, as board_svg's pieces layer places it (its <use> at the cell's centre)."""
    letters = EDITIONS[state.edition].letters
    at: dict[str, list[Ship]] = {}
    for ship in state.ships:
        at.setdefault(ship.cell, []).append(ship)
    for cell, ships in sorted(at.items(), key=lambda item: _order(state.board)[item[0]]):
        main = max(ships, key=lambda s: s.value)
        cx, cy = (_u(v) for v in cell_centre(state.board, cell))
        ctx.save()
        ctx.translate(cx, cy)
        _ship(ctx, main, letters, len(ships), main.owner == viewer)
        ctx.restore()


def _ship(ctx: Any, ship: Ship, letters: tuple[str, str, str], count: int, own: bool) -> None:
    """board_svg._ship_marker's parts in its order, around the origin, with the style sheet's colours for
    the ship's seat (`.mt-ship.p<seat>`) and for the reader's own (`.mt-ship.own`)."""
    k = ship_shape(ship, letters, count)
    seat = ship.owner % len(SEAT_COLOURS)

    def part(name: str) -> dict[str, str]:
        return _ship_style(seat, own, name)

    shade = part("shade")
    _circle(ctx, 1.2, _u(k.cc + 1.8), _u(k.r), _colour(shade["fill"], float(shade.get("opacity", "1"))))
    disc = part("ship")
    _circle(ctx, 0, _u(k.cc), _u(k.r), _colour(disc["fill"]), _colour(disc["stroke"]),
            float(disc["stroke-width"]))
    value = dict(part("ship-value"), **{"font-size": str(k.vsize)})
    _text(ctx, 0, _u(k.cc + k.vsize * 0.36), k.value, value, anchor="middle")
    tab = part("tab")
    _circle(ctx, _u(k.tx), _u(k.ty), 6.2, _colour(tab["fill"]), _colour(tab["stroke"]),
            float(tab["stroke-width"]))
    _text(ctx, _u(k.tx), _u(k.ty + 3.2), seat_letter(ship.owner), part("ship-seat"), anchor="middle")
    tag = part("pieces-tag")
    rounded_rect(ctx, _u(-k.tag_w / 2), k.tag_y, _u(k.tag_w), 12, 3, 3)
    ctx.set_source_rgba(*_colour(tag["fill"], float(tag.get("fill-opacity", "1"))))
    ctx.fill_preserve()
    ctx.set_source_rgba(*_colour(tag["stroke"]))
    ctx.set_line_width(float(tag["stroke-width"]))
    ctx.stroke()
    _text(ctx, 0, _u(k.tag_y + 9.4), k.pieces, part("ship-pieces"), anchor="middle",
          length=_u(k.text_w) if k.squeezed else None)
    if count > 1:
        style = {"font-size": "10", "font-weight": "bold", "fill": "#000000"}
        _text(ctx, _u(k.r - 2), _u(k.cc - k.r + 6), f"x{count}", style, halo=("#ffffff", 2.5))


# === Drawing as cairosvg draws the SVG ===


def _circle(ctx: Any, cx: float, cy: float, r: float, fill: Colour, stroke: Colour | None = None,
            stroke_width: float = 1.0) -> None:
    ctx.new_path()
    ctx.new_sub_path()
    ctx.arc(cx, cy, r, 0, 2 * math.pi)
    ctx.close_path()
    ctx.set_source_rgba(*fill)
    if stroke is None:
        ctx.fill()
        return
    ctx.fill_preserve()
    ctx.set_source_rgba(*stroke)
    ctx.set_line_width(stroke_width)
    ctx.stroke()


def _text(ctx: Any, x: float, y: float, text: str, style: dict[str, str], *, fill: str | None = None,
          anchor: str | None = None, length: float | None = None, through: bool = False,
          halo: tuple[str, float] | None = None) -> None:
    """A line of text as cairosvg writes it: cairo's own text, glyph by glyph at each one's advance, its
    middle at x for text-anchor middle. Beyond cairosvg, as the SVG says: squeezed to `length`
    (textLength), struck through (text-decoration), and its halo (a stroke under it, paint-order)."""
    import cairocffi as cairo

    bold = style.get("font-weight") == "bold"
    size = float(style["font-size"].removesuffix("px"))
    ctx.select_font_face(FAMILY, cairo.FONT_SLANT_NORMAL, cairo.FONT_WEIGHT_BOLD if bold else
                         cairo.FONT_WEIGHT_NORMAL)
    ctx.set_font_size(size)
    # Measured once per process for each text, font and scale (the metrics are hinted in pixels).
    key = (text, bold, size, ctx.get_matrix().as_tuple()[0])
    metrics = _metrics.get(key)
    if metrics is None:
        x_bearing, _, width, _, advance, _ = ctx.text_extents(text)
        steps = tuple(ctx.text_extents(letter)[4] for letter in text)
        metrics = _metrics[key] = (x_bearing, width, advance, steps)
        if len(_metrics) > 20_000:
            _metrics.clear()
    x_bearing, width, advance, steps = metrics
    squeeze = length / advance if length is not None and advance > 0 else 1.0
    anchor = anchor or style.get("text-anchor")
    align = -(width / 2 + x_bearing) * squeeze if anchor == "middle" else 0.0
    ctx.save()
    ctx.translate(x + align, y)
    ctx.scale(squeeze, 1)
    if halo is not None:
        ctx.new_path()
        ctx.move_to(0, 0)
        ctx.text_path(text)
        ctx.set_source_rgba(*_colour(halo[0]))
        ctx.set_line_width(halo[1])
        ctx.stroke()
    colour = _colour(fill or style.get("fill", "#000000"), float(style.get("fill-opacity", "1")))
    ctx.set_source_rgba(*colour)
    pen = 0.0
    for letter, step in zip(text, steps, strict=True):
        if not letter.isspace():
            ctx.move_to(pen, 0)
            ctx.show_text(letter)
        pen += step
    if through:
        ctx.new_path()
        ctx.move_to(0, -0.3 * size)
        ctx.line_to(pen, -0.3 * size)
        ctx.set_line_width(size / 14)
        ctx.stroke()
    ctx.restore()


# === The style sheet's colours ===


@cache
def _rules() -> dict[str, dict[str, str]]:
    """CELL_STYLE's rules, by selector: one selector per rule there (board-svg.css, its form)."""
    rules: dict[str, dict[str, str]] = {}
    for selector, body in re.findall(r"([^{}]+)\{([^{}]*)\}", CELL_STYLE):
        props = rules.setdefault(selector.strip(), {})
        for declaration in body.split(";"):
            name, _, value = declaration.partition(":")
            if value:
                props[name.strip()] = value.strip()
    return rules


def _style(selector: str) -> dict[str, str]:
    return _rules().get(selector, {})


@cache
def _ship_style(seat: int, own: bool, part: str) -> dict[str, str]:
    """A ship part's properties from the rules board-svg.css gives it, the more classes in a selector the
    later it applies (CSS's specificity: `.mt-ship.own .ship` over `.mt-ship .ship`)."""
    groups = [".mt-ship", f".mt-ship.p{seat}"] + ([".mt-ship.own"] if own else [])
    merged: dict[str, str] = {}
    for group in sorted(groups, key=lambda g: g.count(".")):
        merged.update(_style(f"{group} .{part}"))
    return merged


@cache
def _colour(hex_colour: str, alpha: float = 1.0) -> Colour:
    h = hex_colour.lstrip("#")
    if len(h) == 3:
        h = "".join(c * 2 for c in h)
    return int(h[0:2], 16) / 255, int(h[2:4], 16) / 255, int(h[4:6], 16) / 255, alpha


def _u(value: float) -> float:
    """A coordinate as board_svg writes it (board_svg._fmt: one decimal)."""
    return float(f"{value:.1f}")


@cache
def _order(board_name: str) -> dict[str, int]:
    """The board's cells in board_svg's order, which ships are drawn in (a later one over an earlier)."""
    from games.kinds.metaltalon.engine import load_board

    return {cell: i for i, cell in enumerate(load_board(board_name).cells)}


# === The ground and the encoding ===


def _ground(board_name: str, homes: Homes, legend_h: float, width: int) -> _Ground:
    """The ground, from this process's own (GROUNDS kept), else the site's cache (another worker drew it),
    else drawn here and put in both."""
    key = (board_name, homes, legend_h, width)
    with _lock:
        ground = _grounds.get(key)
        if ground is not None:
            _grounds.move_to_end(key)
            return ground
    svg = picture_ground_svg(board_name, homes, legend_h)
    shared = _shared_cache()
    # Named by what it is drawn from, so an entry is never stale: a new drawing has a new name.
    name = f"mt-ground:{hashlib.sha256(svg.encode()).hexdigest()[:24]}:{width}"
    kept = shared.get(name) if shared is not None else None
    if kept is not None:
        ground = _unpack(kept, width / picture_size(board_name)[0])
    else:
        ground = _draw_ground(svg, board_name, width)
        if shared is not None:
            shared.set(name, _pack(ground), SHARED_SECONDS)
    with _lock:
        _grounds[key] = ground
        while len(_grounds) > GROUNDS:
            _grounds.popitem(last=False)
    return ground


def _shared_cache() -> Any:
    """The site's cache (Redis in production: every worker's), or None outside a configured site (the
    kind's tests without Django)."""
    from django.conf import settings

    if not settings.configured:
        return None
    from django.core.cache import cache

    return cache


def _pack(ground: _Ground) -> tuple[bytes, bytes]:
    """The ground as the site's cache keeps it: its pixels as a PNG (about 90 kB) and its palette."""
    out = io.BytesIO()
    _rgb(ground.pixels, ground).save(out, "PNG", compress_level=1)
    return out.getvalue(), bytes(ground.palette.getpalette() or [])


def _unpack(kept: tuple[bytes, bytes], scale: float) -> _Ground:
    from PIL import Image

    png, colours = kept
    with Image.open(io.BytesIO(png)) as image:
        rgba = image.convert("RGBA")
    width, height = rgba.size
    palette = Image.new("P", (1, 1))
    palette.putpalette(colours)
    # cairo's ARGB32 in native (little-endian) order: B, G, R, A; opaque, so premultiplied alike.
    return _Ground(width=width, height=height, stride=width * 4, pixels=rgba.tobytes("raw", "BGRA"),
                   scale=scale, palette=palette)


def _draw_ground(svg: str, board_name: str, width: int) -> _Ground:
    """The ground through cairosvg, and its palette: the median cut of the ground with a ship of every seat
    on it (its own and a rival's look) and every seat's legend line, the colours its pictures can have."""
    import cairocffi as cairo

    from games.pictures import svg_png

    png = svg_png(svg, width)
    surface = cairo.ImageSurface.create_from_png(io.BytesIO(png))
    surface.flush()
    ground = _Ground(width=surface.get_width(), height=surface.get_height(), stride=surface.get_stride(),
                     pixels=bytes(surface.get_data()), scale=width / picture_size(board_name)[0],
                     palette=None)
    sample = bytearray(ground.pixels)
    target = cairo.ImageSurface.create_for_data(sample, cairo.FORMAT_ARGB32, ground.width, ground.height,
                                                ground.stride)
    ctx = cairo.Context(target)
    ctx.scale(ground.scale, ground.scale)
    _draw_samples(ctx, board_name)
    target.flush()
    from PIL import Image

    # One k-means pass after the median cut centres each colour on the pixels it stands for: the ships'
    # edges over the tints then find a near colour (most within 16 levels of the SVG's picture). It costs
    # ten times the median cut (about half a second), once per ground for the whole site (the cache).
    palette = _rgb(sample, ground).quantize(colors=256, method=Image.Quantize.MEDIANCUT, kmeans=1,
                                            dither=Image.Dither.NONE)
    return _Ground(width=ground.width, height=ground.height, stride=ground.stride, pixels=ground.pixels,
                   scale=ground.scale, palette=palette)


def _draw_samples(ctx: Any, board_name: str) -> None:
    """Ships of every seat, rivals' and own, spread over the board's territories (their colours blend
    into each tint at their edges), and every seat's legend line: what the palette must hold."""
    from games.kinds.metaltalon.engine import load_board

    board = load_board(board_name)
    letters = EDITIONS["token"].letters
    cells = board.cells[:: max(1, len(board.cells) // 48)]
    for i, cell in enumerate(cells):
        seat, own = i % len(SEAT_COLOURS), (i // len(SEAT_COLOURS)) % 2 == 1
        pieces = ((i % 4) + 1, i % 3, (i // 3) % 2)
        cx, cy = (_u(v) for v in cell_centre(board_name, cell))
        ctx.save()
        ctx.translate(cx, cy)
        _ship(ctx, Ship(id=i, owner=seat, cell=cell, pieces=pieces), letters, 1 + (i % 7 == 0), own)
        ctx.restore()
    _, height = picture_size(board_name)
    for seat, (colour, ink) in enumerate(SEAT_COLOURS):
        x, cy = 8.0 + 100 * seat, height + 14
        _circle(ctx, x + 9, cy, 9, _colour(colour), _colour("#222222"), 1.0)
        _text(ctx, x + 9, cy + 4, seat_letter(seat), _style(".mt-board .seat-letter"), fill=ink)
        _text(ctx, x + 22, cy + 4, "Abc (out)", _style(".mt-board .seat-name"), through=True)


def _rgb(pixels: bytes | bytearray, ground: _Ground) -> Any:
    from PIL import Image

    # Opaque (the ground's background covers it all): cairo's premultiplied BGRA reads as plain BGRX.
    return Image.frombuffer("RGB", (ground.width, ground.height), bytes(pixels), "raw", "BGRX",
                            ground.stride, 1)


def _encode(pixels: bytearray, ground: _Ground) -> bytes:
    """The picture in the ground's 256 colours (each pixel the nearest: no median cut per picture), as a
    PNG."""
    from PIL import Image

    small = _rgb(pixels, ground).quantize(palette=ground.palette, dither=Image.Dither.NONE)
    out = io.BytesIO()
    small.save(out, "PNG", compress_level=PNG_LEVEL)
    return out.getvalue()

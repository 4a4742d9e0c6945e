"""SVG pictures as PNG, for e-mail (mail readers do not show SVG).

`svg_png` renders any SVG through cairosvg. `flat_svg_image` draws a flat SVG (rects, circles and lines of
text straight under the root, as Metal Adventures' and Metabaloids' board_svg write them) with cairo itself,
the way cairosvg draws it: the same paths, the same glyphs at the same advances, so the same pixels, in
about a tenth of the time (cairosvg parsed the document and measured and placed every
letter of every text in Python: a tenth of a second a board, the mails' largest cost after MetalTalon's
own drawing; bench/README.md, "Notices"). An SVG that holds anything else (another element, another
attribute, a colour by name) is not guessed at: it returns None and the caller renders it through cairosvg.
"""

from __future__ import annotations

import math
import re
import threading
import xml.etree.ElementTree as ElementTree
from functools import lru_cache
from typing import Any

SVG_NS = "{http://www.w3.org/2000/svg}"
# What the flat drawing knows, per element: anything else sends the SVG to cairosvg.
ROOT_ATTRIBUTES = frozenset({"width", "height", "viewBox", "font-family", "role", "aria-label"})
SHAPE_ATTRIBUTES = frozenset({"fill", "stroke", "stroke-width"})
ATTRIBUTES = {
    "rect": frozenset({"x", "y", "width", "height", "rx", "ry"}) | SHAPE_ATTRIBUTES,
    "circle": frozenset({"cx", "cy", "r"}) | SHAPE_ATTRIBUTES,
    "text": frozenset({"x", "y", "font-size", "font-weight", "font-family", "fill", "text-anchor"}),
    "title": frozenset(),
}
_NUMBER = re.compile(r"-?(\d+(\.\d*)?|\.\d+)")
_HEX = re.compile(r"#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})")
# cairo's advance of each letter, by (family, bold, size, scale): what cairosvg measures letter by letter.
# A font's letters are forgotten past LETTERS (a board's words are few, but a name may bring any letter).
LETTERS = 4000
_advances: dict[tuple[str, bool, float, float], dict[str, tuple[float, int | None]]] = {}
_lock = threading.Lock()

Colour = tuple[float, float, float, float]


class _NotFlat(Exception):
    """The SVG holds something the flat drawing does not know: cairosvg draws it."""


def svg_png(svg: str, width: int) -> bytes:
    """Render an SVG to PNG bytes `width` pixels wide."""
    import cairosvg  # imported here: only pictures for e-mail need it

    png = cairosvg.svg2png(bytestring=svg.encode("utf-8"), output_width=width)
    if not isinstance(png, bytes):  # svg2png returns bytes whenever no write_to target is given
        raise TypeError(f"cairosvg.svg2png returned {type(png).__name__}, not PNG bytes")
    return png


def flat_svg_image(svg: str, width: int) -> Any:
    """A flat SVG's picture `width` pixels wide as an opaque RGB PIL image (on white, as the mails' PNGs
    are flattened), drawn as cairosvg draws it; None when the SVG is not flat (see the module's words)."""
    try:
        root = ElementTree.fromstring(svg)
    except ElementTree.ParseError:
        return None
    try:
        return _draw(root, width)
    except _NotFlat:
        return None


def _draw(root: Any, width: int) -> Any:
    import cairocffi as cairo
    from PIL import Image

    if root.tag != f"{SVG_NS}svg" or set(root.attrib) - ROOT_ATTRIBUTES or (root.text or "").strip():
        raise _NotFlat
    view_w, view_h = _number(root.get("width")), _number(root.get("height"))
    if view_w <= 0 or view_h <= 0 or _view_box(root.get("viewBox")) not in (None, (0, 0, view_w, view_h)):
        raise _NotFlat
    family = _family(root.get("font-family"))
    scale = width / view_w
    height = view_h * scale
    surface = cairo.ImageSurface(cairo.FORMAT_ARGB32, width, int(round(height)))
    ctx = cairo.Context(surface)
    ctx.set_source_rgb(1, 1, 1)  # the mail's picture is flattened on white (games/mail/position.py)
    ctx.paint()
    # cairosvg's root: the viewport clipped at its unrounded size, then the view box's scale.
    ctx.rectangle(0, 0, width, height)
    ctx.clip()
    ctx.scale(scale, scale)
    ctx.set_miter_limit(4)  # cairosvg's default for every element (cairo's own is 10)
    for node in root:
        tag = node.tag.removeprefix(SVG_NS)
        allowed = ATTRIBUTES.get(tag)
        if allowed is None or set(node.attrib) - allowed or len(node) or (node.tail or "").strip():
            raise _NotFlat
        if tag == "rect":
            _rect(ctx, node, view_w, view_h)
        elif tag == "circle":
            _circle(ctx, node)
        elif tag == "text":
            _text(ctx, node, family, scale)
    surface.flush()
    return Image.frombuffer("RGB", (surface.get_width(), surface.get_height()), bytes(surface.get_data()),
                            "raw", "BGRX", surface.get_stride(), 1)


def _rect(ctx: Any, node: Any, view_w: float, view_h: float) -> None:
    x, y = _number(node.get("x")), _number(node.get("y"))
    w, h = _length(node.get("width"), view_w), _length(node.get("height"), view_h)
    if w == 0 or h == 0:
        return  # cairosvg draws nothing of a rect without width or height
    rx, ry = node.get("rx"), node.get("ry")
    rx, ry = (rx, rx) if ry is None else (ry, ry) if rx is None else (rx, ry)
    rx_n, ry_n = _number(rx), _number(ry)
    if rx_n == 0 or ry_n == 0:
        ctx.new_path()
        ctx.rectangle(x, y, w, h)
    else:
        rounded_rect(ctx, x, y, w, h, rx_n, ry_n)
    _paint(ctx, node)


def rounded_rect(ctx: Any, x: float, y: float, w: float, h: float, rx: float, ry: float) -> None:
    """A new path: the rect with rounded corners by the same curves as cairosvg's (shapes.rect), so that a
    picture drawn with cairo here matches the one cairosvg draws of the same SVG."""
    rx, ry = min(rx, w / 2), min(ry, h / 2)
    c1, c2 = 4 * (2**0.5 - 1) / 3 * rx, 4 * (2**0.5 - 1) / 3 * ry
    ctx.new_path()
    ctx.move_to(x + rx, y)
    ctx.rel_line_to(w - 2 * rx, 0)
    ctx.rel_curve_to(c1, 0, rx, c2, rx, ry)
    ctx.rel_line_to(0, h - 2 * ry)
    ctx.rel_curve_to(0, c2, c1 - rx, ry, -rx, ry)
    ctx.rel_line_to(-w + 2 * rx, 0)
    ctx.rel_curve_to(-c1, 0, -rx, -c2, -rx, -ry)
    ctx.rel_line_to(0, -h + 2 * ry)
    ctx.rel_curve_to(0, -c2, rx - c1, -ry, rx, -ry)
    ctx.close_path()


def _circle(ctx: Any, node: Any) -> None:
    r = _number(node.get("r"))
    if not r:
        return
    ctx.new_path()
    ctx.new_sub_path()
    ctx.arc(_number(node.get("cx")), _number(node.get("cy")), r, 0, 2 * math.pi)
    ctx.close_path()
    _paint(ctx, node)


def _paint(ctx: Any, node: Any) -> None:
    """Fill (black unless said), then stroke (none unless said, 1 unit wide), as cairosvg does."""
    fill = _colour(node.get("fill", "black"))
    if fill is not None:
        ctx.set_source_rgba(*fill)
        ctx.fill_preserve()
    stroke = _colour(node.get("stroke", "none"))
    if stroke is not None:
        ctx.set_source_rgba(*stroke)
        ctx.set_line_width(_number(node.get("stroke-width", "1")))
        ctx.stroke()
    ctx.new_path()


def _text(ctx: Any, node: Any, family: str, scale: float) -> None:
    """A line of text as cairosvg writes it: its white space collapsed, then cairo's own glyph for each
    letter at the sum of the letters' advances before it (each measured alone, as cairosvg does, once per
    process for each letter and font)."""
    import cairocffi as cairo

    words = re.sub(" +", " ", (node.text or "").replace("\n", "").replace("\r", "").replace("\t", " "))
    words = words.strip(" ")
    if not words:
        return
    weight = node.get("font-weight", "normal")
    if weight not in ("normal", "bold"):
        raise _NotFlat
    size = _number(node.get("font-size", ""))
    family = _family(node.get("font-family")) if "font-family" in node.attrib else family
    bold = weight == "bold"
    ctx.select_font_face(family, cairo.FONT_SLANT_NORMAL,
                         cairo.FONT_WEIGHT_BOLD if bold else cairo.FONT_WEIGHT_NORMAL)
    ctx.set_font_size(size)
    anchor = node.get("text-anchor", "start")
    if anchor not in ("start", "middle", "end"):
        raise _NotFlat
    align = 0.0
    if anchor != "start":
        x_bearing, _, w, _, _, _ = ctx.text_extents(words)
        align = -(w / 2 + x_bearing) if anchor == "middle" else -(w + x_bearing)
    fill = _colour(node.get("fill", "black"))
    if fill is None:
        return
    ctx.set_source_rgba(*fill)
    with _lock:
        known = _advances.setdefault((family, bold, size, scale), {})
        if len(known) > LETTERS:
            known.clear()
    x, y = _number(node.get("x")) + align, _number(node.get("y"))
    font = ctx.get_scaled_font()
    for letter in words:
        step = known.get(letter)
        if step is None:
            found = font.text_to_glyphs(0, 0, letter, False)
            index = found[0][0] if len(found) == 1 else None  # None: cairo's show_text places it
            step = known[letter] = (ctx.text_extents(letter)[4], index)
        # No glyph for a space, as cairosvg (a cairo bug's workaround); each glyph composited on its own,
        # as cairosvg's show_text letter by letter: where two glyphs' edges share a pixel, one call for
        # the line would blend them otherwise (a few pixels a board up to 50 levels apart).
        if letter.isspace():
            pass
        elif step[1] is None:
            ctx.move_to(x, y)
            ctx.show_text(letter)
        else:
            ctx.show_glyphs([(step[1], x, y)])
        x += step[0]


def _number(value: str | None) -> float:
    if value is None or value == "":
        return 0.0
    if not _NUMBER.fullmatch(value.strip()):
        raise _NotFlat
    return float(value)


def _length(value: str | None, whole: float) -> float:
    """A number, or a percentage of the view's width or height (the background's 100%)."""
    if value is not None and value.strip().endswith("%"):
        return _number(value.strip()[:-1]) * whole / 100
    return _number(value)


def _view_box(value: str | None) -> tuple[float, ...] | None:
    if value is None:
        return None
    parts = re.split(r"[ ,]+", value.strip())
    if len(parts) != 4:
        raise _NotFlat
    return tuple(_number(part) for part in parts)


def _family(value: str | None) -> str:
    """The first family of the list, as cairosvg takes it (its default: sans-serif)."""
    return (value or "sans-serif").split(",")[0].strip("\"' ")


@lru_cache(maxsize=256)
def _colour(value: str) -> Colour | None:
    """A colour as #rgb or #rrggbb, or None for "none"; any other way of writing one is not guessed at."""
    value = value.strip()
    if value == "none":
        return None
    if value == "black":
        return 0.0, 0.0, 0.0, 1.0
    if not _HEX.fullmatch(value):
        raise _NotFlat
    h = value[1:]
    if len(h) == 3:
        h = "".join(c * 2 for c in h)
    return int(h[0:2], 16) / 255, int(h[2:4], 16) / 255, int(h[4:6], 16) / 255, 1.0

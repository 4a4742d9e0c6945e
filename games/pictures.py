"""SVG pictures as PNG, for e-mail (mail readers do not show SVG)."""

from __future__ import annotations


def svg_png(svg: str, width: int) -> bytes:
    """Render an SVG to PNG bytes `width` pixels wide."""
    import cairosvg  # imported here: only pictures for e-mail need it

    png = cairosvg.svg2png(bytestring=svg.encode("utf-8"), output_width=width)
    if not isinstance(png, bytes):  # svg2png returns bytes whenever no write_to target is given
        raise TypeError(f"cairosvg.svg2png returned {type(png).__name__}, not PNG bytes")
    return png

"""Pieces of plain SVG the site's small charts are drawn with (the game-over summary's lines, the balance
report's bars): no plotting stack, and the same markup in a page, a mail's PNG or a report."""

from __future__ import annotations

from html import escape


def line(x1: float, y1: float, x2: float, y2: float, colour: str, extra: str = "") -> str:
    return f'<line x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}" stroke="{colour}" {extra}/>'


def text(x: float, y: float, words: str, anchor: str = "start", extra: str = "") -> str:
    return f'<text x="{x:.1f}" y="{y:.1f}" text-anchor="{anchor}" {extra}>{escape(words)}</text>'

"""games/pictures.py flat_svg_image: a flat SVG (rects, circles, lines of text under the root, as Metal
Adventures' and Metabaloids' board_svg write them) drawn with cairo as cairosvg draws it, so the mails'
pictures of those boards look as they did through cairosvg; anything else is left to cairosvg (None)."""

from __future__ import annotations

from io import BytesIO
from typing import Any

import pytest
from PIL import Image, ImageChops

from games.kinds import get_kind
from games.pictures import flat_svg_image, svg_png
from tests.kinds.metabaloids.random_games import random_game
from tests.kinds.metal_adventures.helpers import random_states

WIDTH = 640


def cairosvg_picture(svg: str) -> Image.Image:
    """cairosvg's picture flattened on white, as the mails' pictures are."""
    rgba = Image.open(BytesIO(svg_png(svg, WIDTH))).convert("RGBA")
    flat = Image.new("RGBA", rgba.size, (255, 255, 255, 255))
    flat.alpha_composite(rgba)
    return flat.convert("RGB")


def most_off(svg: str) -> int:
    """How many levels the flat drawing's farthest pixel is off cairosvg's (0: the same picture)."""
    drawn, reference = flat_svg_image(svg, WIDTH), cairosvg_picture(svg)
    assert drawn is not None and drawn.mode == "RGB" and drawn.size == reference.size
    return max(high for _, high in ImageChops.difference(drawn, reference).getextrema())


def ma_states() -> list[Any]:
    states = random_states(3, players=5, steps=400, talk=0.2)
    return states[:: max(1, len(states) // 12)]  # setup, travels, battles, deals, the end


def mb_states() -> list[Any]:
    steps = list(random_game(5, players=3))
    return [step.after for step in steps[:: max(1, len(steps) // 12)]]


@pytest.mark.parametrize(("kind_name", "states"), [("metal-adventures", ma_states),
                                                    ("metabaloids", mb_states)])
def test_a_boards_picture_is_cairosvgs_pixel_for_pixel(kind_name, states):
    kind = get_kind(kind_name)
    for state in states():
        for seat in (0, 1, None):
            assert most_off(kind.board_svg(state, seat)) == 0


def test_text_as_cairosvg_places_it_collapsed_spaces_middle_and_end_anchors_and_escaped_words():
    svg = ('<svg xmlns="http://www.w3.org/2000/svg" width="320" height="60" viewBox="0 0 320 60">'
           '<rect width="100%" height="100%" fill="#f7f8fa"/>'
           '<text x="10" y="20" font-size="13" font-weight="bold" fill="#2f5fb3">'
           '  Seat 1 &amp; Seat 2\t&lt;5₡&gt;   </text>'
           '<text x="160" y="40" font-size="11" text-anchor="middle">in the middle</text>'
           '<text x="310" y="55" font-size="10" text-anchor="end" font-family="serif, sans-serif">end</text>'
           '</svg>')

    assert most_off(svg) == 0


def test_shapes_as_cairosvg_draws_them_rounded_stroked_and_a_rect_of_no_width_not_at_all():
    svg = ('<svg xmlns="http://www.w3.org/2000/svg" width="720" height="90" viewBox="0 0 720 90" '
           'font-family="sans-serif"><rect width="100%" height="100%" fill="#fff"/>'
           '<rect x="10" y="10" width="148" height="48" rx="4" fill="none" stroke="#bbb"/>'
           '<rect x="170" y="10" width="0" height="10" rx="2" fill="#b33a2f"/>'
           '<rect x="200" y="10" width="60" height="30" fill="#e8f0e0" stroke="#222" stroke-width="2"/>'
           '<circle cx="300" cy="30" r="3.5" fill="#222"/><circle cx="330" cy="30" r="0" fill="#222"/>'
           '<rect x="400" y="20" width="50" height="16" rx="30" fill="#2f5fb3" stroke="#2f5fb3"/></svg>')

    assert most_off(svg) == 0
    drawn = flat_svg_image(svg, WIDTH)
    scale = WIDTH / 720
    assert drawn.getpixel((round(172 * scale), round(14 * scale))) == (255, 255, 255)  # no width: nothing


@pytest.mark.parametrize("svg", [
    '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><g><rect width="5" height="5"/></g>'
    '</svg>',
    '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="5" height="5" fill="red"/>'
    '</svg>',
    '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="5" height="5" '
    'opacity="0.5"/></svg>',
    '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><text x="1" y="8" font-size="8">a'
    '<tspan>b</tspan></text></svg>',
    '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><text x="1" y="8" font-size="8" '
    'font-weight="600">a</text></svg>',
    '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10" viewBox="0 0 20 20"></svg>',
    '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10" fill="#fff"></svg>',
    '<svg xmlns="http://www.w3.org/2000/svg" width="10em" height="10"></svg>',
    '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><style>rect{fill:red}</style></svg>',
    '<svg width="10" height="10"></svg>',
    'not an svg <',
])
def test_anything_beyond_the_flat_subset_is_left_to_cairosvg(svg):
    assert flat_svg_image(svg, WIDTH) is None


def test_the_letters_measured_are_forgotten_past_a_bound_and_the_picture_stays_cairosvgs(monkeypatch):
    import games.pictures as pictures

    monkeypatch.setattr(pictures, "LETTERS", 50)
    pictures._advances.clear()
    for round_ in range(5):  # 60 new letters each time, in one font: 300 without the bound
        many = "".join(chr(0x4E00 + 60 * round_ + i) for i in range(60))
        svg = ('<svg xmlns="http://www.w3.org/2000/svg" width="640" height="40" viewBox="0 0 640 40">'
               f'<text x="5" y="20" font-size="11">{many}</text></svg>')

        assert most_off(svg) == 0  # the same picture whether its letters were measured before or not
        # The bound is checked before each text: a text's letters come on top of it at most.
        assert 0 < max(len(letters) for letters in pictures._advances.values()) <= 50 + 60

"""The table as a picture (board.py, board_svg): each seat's line, its grid by columns with every size and
position, a safe column shaded, a marked card starred, and text escaped."""

from __future__ import annotations

from games.kinds.metabaloids.board import board_svg

from .helpers import position, seat_dict

PICTURE = [
    '<svg xmlns="http://www.w3.org/2000/svg" width="720" height="180" viewBox="0 0 720 180" '
    'font-family="sans-serif">',
    '<rect width="100%" height="100%" fill="#f7f8fa"/>',
    '<text x="10" y="24" font-size="14" font-weight="bold">p1 · deck A · hand 1 · draw 1 · lost 0</text>',
    '<rect x="7" y="29" width="234" height="72" fill="#e8f0e0"/>',
    '<rect x="10" y="32" width="228" height="30" rx="4" fill="#fff" stroke="#8a94a6"/>',
    '<text x="16" y="51" font-size="13">Wasp Drone 4/1 *</text>',
    '<rect x="246" y="32" width="228" height="30" rx="4" fill="#fff" stroke="#8a94a6"/>',
    '<text x="252" y="51" font-size="13">Sugar Ant 2/0</text>',
    '<rect x="246" y="66" width="228" height="30" rx="4" fill="#fff" stroke="#8a94a6"/>',
    '<text x="252" y="85" font-size="13">Glucose Mite 1/1</text>',
    '<text x="10" y="126" font-size="14" font-weight="bold">p2 · deck B&lt;&amp;&gt; · hand 0 · draw 0 · '
    'lost 1</text>',
    '<rect x="482" y="134" width="228" height="30" rx="4" fill="#fff" stroke="#8a94a6"/>',
    '<text x="488" y="153" font-size="13">Hermit Crab 1/4</text>',
    '</svg>',
]


def test_the_picture_draws_each_seat_and_its_grid_in_place() -> None:
    state = position(seat_dict(1, grid=[["wasp"], ["ant", "mite"]], safe=[1], hand=["ant"], draw=["mite"]),
                     seat_dict(2, "B", grid=[[], [], ["crab"]], lost=["frog"]))
    state.marked = ["p1-wasp-1"]
    state.seat(2).deck = "B<&>"  # a deck's name is the player's own words: escaped
    assert board_svg(state, None).replace("><", ">\n<").split("\n") == PICTURE

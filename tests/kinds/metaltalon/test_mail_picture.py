"""mail_picture.board_png: the mailed picture of a board, board_svg's picture for the seat (as cairosvg draws
it) with the ground (background, terrain, key) rasterised once per process and the ships and the legend
drawn over it for each position."""

from __future__ import annotations

import struct
from dataclasses import replace
from io import BytesIO
from typing import Any

import pytest
from PIL import Image, ImageChops, ImageStat

import games.pictures
from games.kinds.metaltalon import mail_picture
from games.kinds.metaltalon.board_svg import SEAT_COLOURS, board_svg, cell_centre, picture_size
from games.kinds.metaltalon.engine import Orders, Ship, new_game
from games.kinds.metaltalon.engine.board import load_board

FACTIONS = ["vamps", "warriors", "bankers", "clovers", "murphys", "rebels"]
WIDTH = 640


def game(edition: str = "token", players: int = 2, ships: tuple[Ship, ...] = ()) -> Any:
    state = new_game(players=players, edition=edition, factions=FACTIONS[:players], seed=1)
    return replace(state, ships=tuple(ships), next_ship=len(ships) + 1)


def crowded(edition: str, players: int) -> Any:
    """Ships of every seat over the board, big and small, one cell in nine; a pair shares a cell."""
    cells = load_board(game(edition, players).board).cells
    ships = [Ship(i + 1, i % players, cell, (1 + i % 4, i % 3, (i // 3) % 2))
             for i, cell in enumerate(cells[::9])]
    ships.append(Ship(len(ships) + 1, 0, ships[0].cell, (1, 0, 0)))
    return game(edition, players, tuple(ships))


def picture(png: bytes) -> Image.Image:
    return Image.open(BytesIO(png)).convert("RGB")


def svg_picture(state: Any, viewer: int | None) -> Image.Image:
    """board_svg's picture for the viewer as cairosvg draws it: what the mail attached before."""
    return picture(games.pictures.svg_png(board_svg(state, viewer=viewer), WIDTH))


def pixel(state: Any, cell: str, dx: float = 0.0, dy: float = 0.0) -> tuple[int, ...]:
    """Where (dx, dy) SVG units from the cell's centre falls in the picture."""
    x, y = cell_centre(state.board, cell)
    scale = WIDTH / picture_size(state.board)[0]
    return round((x + dx) * scale), round((y + dy) * scale)


@pytest.mark.parametrize(("edition", "players", "viewer"), [("token", 6, 2), ("metatalon", 4, 0),
                                                           ("web2002", 2, None)])
def test_the_picture_is_board_svgs_picture_for_the_seat_as_far_as_256_colours_allow(edition, players, viewer):
    state = crowded(edition, players)

    png = mail_picture.board_png(state, viewer, WIDTH)
    drawn, reference = picture(png), svg_picture(state, viewer)

    assert png[:8] == b"\x89PNG\r\n\x1a\n" and Image.open(BytesIO(png)).mode == "P"
    assert struct.unpack(">II", png[16:24]) == reference.size
    diff = ImageChops.difference(drawn, reference).convert("L")
    off = diff.histogram()
    # The same board, pieces and colours: nearly every pixel within a few levels of the SVG's (the 256
    # colours), the rest glyphs' edges.
    assert sum(off[33:]) / sum(off) < 0.002
    assert ImageStat.Stat(diff).mean[0] < 4


def test_a_ship_is_drawn_on_its_hex_in_its_seats_colour_and_gone_when_the_ship_is():
    with_ship = game("token", 2, (Ship(1, 1, "I9", (3, 0, 0)), Ship(2, 0, "D7", (1, 0, 0))))
    without = replace(with_ship, ships=with_ship.ships[1:])

    there, gone = (picture(mail_picture.board_png(s, 0, WIDTH)) for s in (with_ship, without))

    # The top of the disc (above its value, right of its seat's tab): B's colour, then the bare hex.
    top = pixel(with_ship, "I9", 0, -11.5)
    colour = SEAT_COLOURS[1][0]
    expected = tuple(int(colour[i:i + 2], 16) for i in (1, 3, 5))
    assert all(abs(a - b) <= 12 for a, b in zip(there.getpixel(top), expected, strict=True))
    assert any(abs(a - b) > 60 for a, b in zip(gone.getpixel(top), expected, strict=True))
    # Nothing else moved: the other ship's hex is the same in both.
    box = [*pixel(with_ship, "D7", -20, -20), *pixel(with_ship, "D7", 20, 20)]
    assert there.crop(box).tobytes() == gone.crop(box).tobytes()


def test_the_seats_own_ships_have_the_heavier_outline_and_only_its_own():
    state = game("token", 2, (Ship(1, 0, "I9", (3, 0, 0)), Ship(2, 1, "D7", (3, 0, 0))))

    as_a, as_b = (picture(mail_picture.board_png(state, seat, WIDTH)) for seat in (0, 1))

    def rim(image: Image.Image, cell: str) -> bytes:
        return image.crop([*pixel(state, cell, -16, -20), *pixel(state, cell, 16, 14)]).tobytes()

    assert rim(as_a, "I9") != rim(as_b, "I9") and rim(as_a, "D7") != rim(as_b, "D7")
    # Each seat's picture is board_svg's for that seat, not the other's.
    def off(drawn: Image.Image, viewer: int) -> float:
        return ImageStat.Stat(ImageChops.difference(drawn, svg_picture(state, viewer)).convert("L")).mean[0]

    assert off(as_a, 0) < off(as_a, 1) and off(as_b, 1) < off(as_b, 0)


def test_what_the_seat_may_not_see_changes_nothing_in_its_picture():
    """A rival's standing orders are hidden from the seat (kind.view): the picture does not depend on them."""
    state = crowded("token", 3)
    seats = list(state.seats)
    seats[1] = replace(seats[1], orders=Orders(damage="ews", murphy=None, clover=3))
    other_orders = replace(state, seats=tuple(seats), seed=state.seed + 1)

    assert mail_picture.board_png(state, 0, WIDTH) == mail_picture.board_png(other_orders, 0, WIDTH)


def test_the_ground_is_rasterised_once_per_board_and_seating_and_reused(monkeypatch):
    # A process alone: no site's cache to find a ground another worker drew (tests/mail/test_mail_picture.py).
    monkeypatch.setattr(mail_picture, "_shared_cache", lambda: None)
    mail_picture._grounds.clear()
    renders: list[str] = []
    real = games.pictures.svg_png

    def counted(svg: str, width: int) -> bytes:
        renders.append(svg)
        return real(svg, width)

    monkeypatch.setattr(games.pictures, "svg_png", counted)
    first = game("token", 3, (Ship(1, 0, "I9", (1, 0, 0)),))
    moved = replace(first, ships=(Ship(1, 0, "I10", (1, 0, 0)),))

    pictures = [mail_picture.board_png(first, seat, WIDTH) for seat in (0, 1, 2)]
    pictures.append(mail_picture.board_png(moved, 0, WIDTH))
    assert len(renders) == 1 and "<use" not in renders[0]  # the ground: no ship in it
    assert len(set(pictures)) == 4

    # A seat out: its territory loses its tint, a new ground.
    seats = list(first.seats)
    seats[2] = replace(seats[2], out=True)
    mail_picture.board_png(replace(first, seats=tuple(seats)), 0, WIDTH)
    assert len(renders) == 2

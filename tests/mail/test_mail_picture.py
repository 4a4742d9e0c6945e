"""The board picture a mail attaches (games/mail/position.py, board_png): the kind's own fast drawing when
it has one (MetalTalon: mail_picture.py), else the kind's board_svg through cairosvg in 256 colours; drawn
once per worker for each (game, version, seat)."""

from __future__ import annotations

import re
import struct
from io import BytesIO
from types import SimpleNamespace
from typing import Any

import pytest
from PIL import Image, ImageChops

import games.pictures
from games.kinds import get_kind
from games.kinds.metaltalon import mail_picture
from games.mail import position
from tests.kinds.metabaloids.random_games import SeededDice


def pos(kind: str, state: Any, seat: int, *, game_id: int = 1, version: int = 1) -> Any:
    """What board_png reads of a Position: the game, its version, the seat, the kind and the state."""
    return SimpleNamespace(game_id=game_id, _version=version, seat=seat, _kind=get_kind(kind), _state=state)


def size_and_mode(png: bytes) -> tuple[tuple[int, int], str]:
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    return struct.unpack(">II", png[16:24]), Image.open(BytesIO(png)).mode


@pytest.fixture(autouse=True)
def _no_pictures_kept() -> None:
    position._pictures.clear()


def test_metaltalon_draws_its_own_picture_once_per_game_version_and_seat(monkeypatch):
    kind = get_kind("metaltalon")
    state = kind.new_state({}, 3, SeededDice(1))
    drawn: list[tuple[int | None, int]] = []
    real = type(kind).board_png

    def counted(self: Any, state: Any, seat: int | None, width: int) -> bytes:
        drawn.append((seat, width))
        return real(self, state, seat, width)

    monkeypatch.setattr(type(kind), "board_png", counted)

    def not_through_cairosvg(svg: str, width: int) -> bytes:
        raise AssertionError("the whole SVG rendered by cairosvg")

    monkeypatch.setattr(position, "svg_png", not_through_cairosvg)

    first = position.board_png(pos("metaltalon", state, 0))
    again = position.board_png(pos("metaltalon", state, 0))
    other_seat = position.board_png(pos("metaltalon", state, 1))
    next_version = position.board_png(pos("metaltalon", state, 0, version=2))

    assert drawn == [(0, position.BOARD_WIDTH), (1, position.BOARD_WIDTH), (0, position.BOARD_WIDTH)]
    assert again is first and other_seat != first and next_version == first
    assert size_and_mode(first)[0][0] == position.BOARD_WIDTH and size_and_mode(first)[1] == "P"


@pytest.mark.parametrize("kind_name", ["metal-adventures", "metabaloids", "parley", "race"])
def test_a_kind_without_its_own_picture_draws_its_flat_board_svg_with_cairo_in_256_colours(kind_name,
                                                                                            monkeypatch):
    kind = get_kind(kind_name)
    assert getattr(kind, "board_png", None) is None
    state = kind.new_state({}, 2 if kind_name == "race" else 3, SeededDice(1))
    svg = kind.board_svg(state, 0)
    reference = position._on_white(games.pictures.svg_png(svg, position.BOARD_WIDTH))

    def not_through_cairosvg(svg: str, width: int) -> bytes:
        raise AssertionError("a flat SVG rendered by cairosvg")

    monkeypatch.setattr(position, "svg_png", not_through_cairosvg)
    png = position.board_png(pos(kind_name, state, 0))

    (width, _), mode = size_and_mode(png)
    assert width == position.BOARD_WIDTH and mode == "P"
    assert png == position._small(games.pictures.flat_svg_image(svg, position.BOARD_WIDTH))
    drawn = Image.open(BytesIO(png)).convert("RGB")
    assert drawn.size == reference.size
    # cairosvg's picture as far as 256 colours allow (fast octree: no pixel 33 or more off).
    assert ImageChops.difference(drawn, reference).convert("L").getextrema()[1] < 33


def test_a_board_svg_beyond_the_flat_drawing_goes_through_cairosvg(monkeypatch):
    kind = get_kind("race")
    state = kind.new_state({}, 2, SeededDice(1))
    group = '<g fill="red"><circle cx="9" cy="9" r="5"/></g>'
    grouped = kind.board_svg(state, 0).replace("<title>", f"{group}<title>")
    monkeypatch.setattr(type(kind), "board_svg", lambda self, state, seat: grouped)
    rendered: list[int] = []
    real = games.pictures.svg_png

    def counted(svg: str, width: int) -> bytes:
        rendered.append(width)
        return real(svg, width)

    monkeypatch.setattr(position, "svg_png", counted)

    png = position.board_png(pos("race", state, 0))

    assert rendered == [position.BOARD_WIDTH]
    assert png == position._small(position._on_white(real(grouped, position.BOARD_WIDTH)))
    # The group's red circle is there, as cairosvg draws it.
    scale = position.BOARD_WIDTH / float(re.search(r'width="([0-9.]+)"', grouped)[1])
    assert Image.open(BytesIO(png)).convert("RGB").getpixel((round(9 * scale), round(9 * scale)))[0] > 200


def test_a_metaltalon_ground_drawn_by_one_worker_is_read_by_the_others_from_the_sites_cache(monkeypatch):
    from django.core.cache import cache

    cache.clear()
    mail_picture._grounds.clear()
    renders: list[int] = []
    real = games.pictures.svg_png

    def counted(svg: str, width: int) -> bytes:
        renders.append(width)
        return real(svg, width)

    monkeypatch.setattr(games.pictures, "svg_png", counted)
    kind = get_kind("metaltalon")
    state = kind.new_state({}, 4, SeededDice(2))

    here = position.board_png(pos("metaltalon", state, 0))
    mail_picture._grounds.clear()  # another worker: nothing of this process's own
    position._pictures.clear()
    there = position.board_png(pos("metaltalon", state, 0))

    assert renders == [position.BOARD_WIDTH]  # drawn once, by the first
    assert there == here  # the same picture, byte for byte, from the ground the cache kept

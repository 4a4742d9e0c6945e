"""A lighter game page (docs/architecture.md, "The game page's weight"): MetalTalon's terrain, which no move
changes, is a picture of its own that the browser keeps, referenced by the page instead of inlined; text
answers, the cached pages included, are sent gzip-compressed to a browser that accepts it."""

from __future__ import annotations

import gzip
import re
from dataclasses import replace
from pathlib import Path

import pytest
from django.contrib.staticfiles import finders
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from games import page_cache
from games.kinds import get_kind
from games.kinds.metaltalon.board_svg import CELL_STYLE, TERRAIN_STYLE, terrain_ref, terrain_svg
from games.kinds.metaltalon.engine import load_board
from games.models import Game
from tests.kinds.metaltalon.engine.helpers import position
from tests.web.factories import active_seat, put, started_game

pytestmark = pytest.mark.django_db

TERRAIN = re.compile(r'<image class="terrain" href="([^"]+)"')


def game_page(client: Client, game: Game, query: str = "", gzip_ok: bool = False):
    return client.get(f"/games/{game.pk}/{query}",
                      headers={"Accept-Encoding": "gzip, deflate, br"} if gzip_ok else {})


def signed_in(game: Game) -> Client:
    client = Client()
    client.force_login(active_seat(game).user)
    return client


def board_of(page: str) -> str:
    return page[page.index('<div id="board"'):page.index("</svg>", page.index('<div id="board"'))]


def test_the_page_draws_its_board_over_the_terrain_picture_and_inlines_no_terrain():
    ships = ((0, "I9", (3, 1, 0)), (1, "K9", (1, 0, 0)))
    game = put(started_game(players=2), position(players=2, ships=ships))
    board = board_of(game_page(signed_in(game), game, "?ship=I9").content.decode())
    href = TERRAIN.search(board)
    assert href is not None and href.group(1).startswith("/metaltalon/terrain/token/")
    # What no move changes is not in the page: no drawn hex, cell name, base marker, border or edge label.
    assert 'class="hex"' not in board and 'class="cell-name"' not in board and "data-hex" not in board
    assert 'class="borders"' not in board and 'class="edge-labels"' not in board
    # Nor what every cell, ship and mark repeats: the board's style sheet is a file of the kind's styles.
    assert "<style" not in board and ".mt-ship" not in board and "{" not in board
    # What a move changes is: every cell with its details and the hex it is clicked by, the links of the
    # selected ship's moves (no JavaScript needed), the ships.
    cells = re.findall(r'<(?:g|a href="[^"]*") id="cell-(\w+)"(?: class="[^"]*")?><title>\1 ·[^<]*</title>'
                       r'<use href="#mt-h" ', board)
    assert set(cells) == set(load_board("token").cells)
    assert re.search(r'<a href="/games/\d+/play/\?command=move\+I9\+H9&amp;v=\d+" id="cell-H9"', board)
    pieces = board[board.index('<g class="pieces"'):]
    assert len(re.findall(r'<use href="#mt-s\d+" ', pieces)) == 2  # each ship placed on its cell


def test_the_terrain_picture_is_kept_by_the_browser_for_good_and_is_the_terrain_of_the_game():
    game = started_game(players=2)
    client = signed_in(game)
    href = TERRAIN.search(game_page(client, game).content.decode()).group(1)
    for reader in (client, Client()):  # a player or a visitor: the same public picture
        response = reader.get(href)
        assert response.status_code == 200 and response["Content-Type"].startswith("image/svg+xml")
        control = response["Cache-Control"]
        assert "max-age=31536000" in control and "immutable" in control and "no-cache" not in control
    assert "public" in Client().get(href)["Cache-Control"]
    state = get_kind("metaltalon").load(game.state)
    body = Client().get(href).content.decode()
    assert body.count('<polygon class="hex"') == len(load_board("token").cells)
    assert body == terrain_svg(state.board, tuple(sorted((s.home, s.index) for s in state.seats)))


def test_the_terrain_url_names_the_drawing_and_a_stale_one_leads_to_the_current():
    state = position(players=2, ships=())
    board, homes, digest = terrain_ref(state)
    current = f"/metaltalon/terrain/{board}/{homes}/{digest}.svg"
    stale = Client().get(f"/metaltalon/terrain/{board}/{homes}/0123456789abcdef.svg")
    assert stale.status_code == 302 and stale["Location"] == current
    assert Client().get(f"/metaltalon/terrain/nowhere/{homes}/{digest}.svg").status_code == 404
    assert Client().get(f"/metaltalon/terrain/{board}/9Z99/{digest}.svg").status_code == 404
    # A seat out of the game: its territory is no longer tinted, so the picture and its URL change.
    out = replace(state, seats=(replace(state.seats[0], out=True), *state.seats[1:]))
    assert terrain_ref(out)[1] != homes and terrain_ref(out)[2] != digest


def test_the_board_picture_download_and_the_mailed_board_are_whole():
    game = put(started_game(players=2), position(players=2, ships=((0, "I9", (3, 1, 0)),)))
    client = signed_in(game)
    picture = client.get(f"/games/{game.pk}/board.svg").content.decode()
    assert "<image" not in picture and picture.count("data-hex=") == len(load_board("token").cells)
    kind = get_kind("metaltalon")
    mailed = kind.board_svg(kind.load(game.state), 0)
    assert "<image" not in mailed and 'class="terrain"' in mailed
    # Each carries the board's style sheet, which the page loads as a file.
    sheet = (Path(finders.find("metaltalon/board-svg.css")).read_text())
    for drawing in (picture, mailed):
        assert f"<style>{CELL_STYLE}</style>" in drawing
    assert all(rule in sheet for rule in CELL_STYLE.removeprefix(TERRAIN_STYLE).split("}") if rule)


def test_a_browser_that_accepts_gzip_gets_the_page_compressed_the_cached_one_too():
    game = started_game(players=2)
    client = signed_in(game)
    plain = game_page(client, game).content  # sets the CSRF cookie: the next view is drawn and cached
    pages = []
    for attempt in ("drawn", "cached", "cached again"):
        response = game_page(client, game, gzip_ok=True)
        assert response["Content-Encoding"] == "gzip", attempt
        assert "Accept-Encoding" in response["Vary"] and "Cookie" in response["Vary"]
        assert int(response["Content-Length"]) == len(response.content) < len(plain) / 3
        pages.append(gzip.decompress(response.content))
    assert pages[0].startswith(b"<!DOCTYPE html>") and b'id="board"' in pages[0]
    assert pages[1] == pages[2] == pages[0]
    # A browser that does not accept it gets the same page plain.
    again = game_page(client, game)
    assert "Content-Encoding" not in again and again.content == pages[0]


def test_a_reader_without_gzip_is_sent_the_stored_page_decompressed_once_per_process(monkeypatch):
    """wrk, curl, a bot: the cached page is decompressed for the first such answer, then sent as kept."""
    game = started_game(players=2)
    client = signed_in(game)
    game_page(client, game)  # sets the CSRF cookie
    drawn = gzip.decompress(game_page(client, game, gzip_ok=True).content)
    page_cache._PLAIN.clear()
    decompressed: list[int] = []
    real = gzip.decompress
    monkeypatch.setattr(gzip, "decompress", lambda data: decompressed.append(1) or real(data))

    answers = [game_page(client, game) for _ in range(3)]

    assert [a.content for a in answers] == [drawn] * 3 and decompressed == [1]
    assert all(int(a["Content-Length"]) == len(drawn) and "Content-Encoding" not in a for a in answers)


def test_a_kept_page_is_sent_only_for_the_very_bytes_it_was_kept_for():
    """The gzip trailer (the page's CRC-32 and length) is where to look, never proof: another stored page
    with the same trailer is decompressed, not answered with the kept one."""
    mine, theirs = b"<p>the player's hidden hand: 7</p>", b"<p>the visitor's view of it: ?</p>"
    stored_mine, stored_theirs = gzip.compress(mine, mtime=0), gzip.compress(theirs, mtime=0)
    page_cache._PLAIN.clear()
    assert page_cache.plain(stored_mine) == mine
    forged = stored_theirs[:-8] + stored_mine[-8:]  # as if the two pages' trailers were the same
    page_cache._PLAIN[forged[-8:]] = (stored_mine, mine)

    with pytest.raises(gzip.BadGzipFile):  # decompressed, and its trailer found not to match: refused
        page_cache.plain(forged)
    assert page_cache.plain(stored_theirs) == theirs


def test_the_terrain_picture_is_sent_compressed_too():
    game = started_game(players=2)
    href = TERRAIN.search(game_page(signed_in(game), game).content.decode()).group(1)
    response = Client().get(href, headers={"Accept-Encoding": "gzip"})
    assert response["Content-Encoding"] == "gzip"
    assert gzip.decompress(response.content).startswith(b"<svg")


def test_the_fast_door_sends_its_cached_page_compressed():
    """games.fast_page answers before the middleware below it: the page comes compressed from the cache."""
    game = started_game(players=2)
    client = signed_in(game)
    game_page(client, game)
    drawn = gzip.decompress(game_page(client, game, gzip_ok=True).content)
    with CaptureQueriesContext(connection) as queries:
        response = game_page(client, game, gzip_ok=True)
    assert len(queries) == 0  # the door answered
    assert response["Content-Encoding"] == "gzip" and gzip.decompress(response.content) == drawn
    assert response["Vary"] == "Accept-Encoding, HX-Request, Cookie"


def test_the_templates_indentation_is_dropped_but_pre_and_textarea_keep_theirs():
    body = (b"<ul>\n    <li>a</li>\n\n    <li>b</li>\n</ul>\n  <pre class=x>  1 2\n    3\n</pre>\n"
            b"  <textarea>\n  typed\n</textarea>\n  <p>end</p>")
    assert page_cache.squeeze(body) == (b"<ul>\n<li>a</li>\n<li>b</li>\n</ul>\n<pre class=x>  1 2\n    3\n"
                                        b"</pre>\n<textarea>\n  typed\n</textarea>\n<p>end</p>")
    game = started_game(players=2)
    client = signed_in(game)
    page = game_page(client, game).content
    assert b"\n " not in page.split(b"<textarea")[0]  # none before the command box's text
    text_view = game_page(client, game, "?text=1").content.decode()
    board = text_view[text_view.index('<pre class="text-board"'):]
    assert "\n " in board[:board.index("</pre>")]  # the text board's own spaces stay

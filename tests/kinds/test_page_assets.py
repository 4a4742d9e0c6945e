"""A kind ships its own page script and styles (Kind.scripts, Kind.styles: docs/architecture.md, "Kinds"):
every page that shows its board (the game page, the replay, the home page's showcase) loads them after the
platform's own, deferred and from this site (the CSP), and no other kind's."""

from __future__ import annotations

import re
import sys
import types
from pathlib import Path

import pytest
from django.contrib.staticfiles import finders
from django.core.exceptions import ImproperlyConfigured
from django.test import Client
from django.urls import reverse

from games.kinds import get_kind
from games.kinds.race.kind import RaceKind
from games.models import Game
from tests.web.factories import finished_game, started_game

pytestmark = pytest.mark.django_db

MODULE = "kind_with_assets_made_by_a_test"
ROOT = Path(__file__).resolve().parents[2]
METALTALON_SCRIPT = '<script src="/static/metaltalon/board.js" defer></script>'
METALTALON_STYLE = '<link rel="stylesheet" href="/static/metaltalon/board.css">'
# What every cell, ship and mark of the board repeats (board_svg.py inlines it only in a picture).
BOARD_STYLE = '<link rel="stylesheet" href="/static/metaltalon/board-svg.css">'


def kind_module(monkeypatch, **attrs: object) -> None:
    """A kind that lives in no file of the site (tests/kinds/test_registry.py), importable by its name."""
    cls = type("CardsKind", (RaceKind,), {"name": "cards", "title": "Cards", **attrs})
    module = types.ModuleType(MODULE)
    module.KIND = cls()  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, MODULE, module)


@pytest.fixture
def cards(settings, monkeypatch):
    kind_module(monkeypatch, scripts=("cards/hand.js", "cards/drag.js"), styles=("cards/table.css",))
    settings.GAME_KINDS = {**settings.GAME_KINDS, "cards": f"{MODULE}.KIND"}
    settings.OFFERED_GAME_KINDS = ["metaltalon", "race", "cards"]
    return get_kind("cards")


def loaded_assets(html: str) -> dict[str, str]:
    """Every script and stylesheet of this site a page loads: its static path and its text."""
    paths = re.findall(r'(?:src|href)="/static/([^"]+\.(?:js|css))"', html)
    return {path: Path(finders.find(path)).read_text() for path in paths}


def pages_of(game: Game) -> list[str]:
    """The game page and, once the game is over, its replay, as a spectator sees them."""
    client = Client()
    urls = [reverse("games:game", args=[game.pk])]
    if game.is_over:
        urls.append(reverse("games:replay", args=[game.pk]))
    pages = []
    for url in urls:
        response = client.get(url)
        assert response.status_code == 200, url
        pages.append(response.content.decode())
    return pages


def test_a_metaltalon_games_pages_load_its_board_script_and_styles_after_the_platforms():
    playing = started_game(players=2)
    over, _, _ = finished_game()

    pages = pages_of(playing) + pages_of(over)

    assert len(pages) == 3
    for html in pages:
        assert html.count(METALTALON_SCRIPT) == 1 and html.count(METALTALON_STYLE) == 1
        assert html.count(BOARD_STYLE) == 1
    game_page = pages[0]
    assert game_page.index('href="/static/css/game.css"') < game_page.index(METALTALON_STYLE)
    assert game_page.index('src="/static/js/game.js"') < game_page.index(METALTALON_SCRIPT)


def test_a_race_games_pages_load_no_metaltalon_asset(settings):
    settings.OFFERED_GAME_KINDS = ["metaltalon", "race"]
    playing = started_game(players=2, kind="race")
    over, _, _ = finished_game(kind="race")

    pages = pages_of(playing) + pages_of(over)

    assert len(pages) == 3
    for html in pages:
        assert "/static/metaltalon/" not in html
        assert "Race to 10" in html
        for path, text in loaded_assets(html).items():  # nor MetalTalon's parts inside the platform's
            assert not any(part in text for part in ("launch-builder", "#board", ".chip")), path
    assert "js/game.js" in loaded_assets(pages[0])


def test_the_home_pages_showcase_loads_the_assets_of_the_kind_it_shows_only(settings):
    settings.OFFERED_GAME_KINDS = ["metaltalon", "race"]
    metaltalon_home = Client().get("/").content.decode()  # no game in play: an empty MetalTalon board
    race = started_game(players=2, kind="race", visibility="public")
    race_home = Client().get("/").content.decode()  # the public game that moved last

    assert METALTALON_SCRIPT in metaltalon_home and METALTALON_STYLE in metaltalon_home
    assert BOARD_STYLE in metaltalon_home
    assert f"Watch game {race.pk}" in race_home and "<svg" in race_home
    assert "/static/metaltalon/" not in race_home


def test_a_kind_named_in_a_test_gets_its_declared_assets_on_its_pages_and_no_other_kinds(cards):
    playing = started_game(players=2, kind="cards")
    over, _, _ = finished_game(kind="cards")
    assert (playing.kind, over.kind) == ("cards", "cards")

    pages = pages_of(playing) + pages_of(over)

    assert len(pages) == 3
    for html in pages:
        assert '<link rel="stylesheet" href="/static/cards/table.css">' in html
        hand = html.index('<script src="/static/cards/hand.js" defer></script>')
        assert hand < html.index('<script src="/static/cards/drag.js" defer></script>')  # in the kind's order
        assert "/static/metaltalon/" not in html


@pytest.mark.parametrize("attrs", [
    {"scripts": "cards/hand.js"},  # a string, not a tuple: one tag per letter
    {"scripts": ("https://cdn.example/hand.js",)},  # another site: the CSP would block it
    {"scripts": ("//cdn.example/hand.js",)},
    {"styles": ("/cards/table.css",)},
    {"styles": ("cards/../../secret.css",)},
    {"styles": ("cards/hand.js",)},  # a script named as a style
])
def test_a_kind_whose_assets_are_not_its_own_static_paths_is_refused_by_name(settings, monkeypatch, attrs):
    kind_module(monkeypatch, **attrs)
    settings.GAME_KINDS = {**settings.GAME_KINDS, "cards": f"{MODULE}.KIND"}

    with pytest.raises(ImproperlyConfigured, match=rf"{MODULE}\.KIND\.(scripts|styles) must be a tuple"):
        get_kind("cards")


def test_metaltalons_assets_are_files_of_its_package_and_the_platforms_name_none_of_its_parts():
    for path in get_kind("metaltalon").scripts + get_kind("metaltalon").styles:
        found = finders.find(path)
        assert found and Path(found).is_relative_to(ROOT / "games" / "kinds" / "metaltalon" / "static"), path
    for platform in ("static/js/game.js", "static/css/game.css"):
        text = (ROOT / platform).read_text()
        for part in ("#board", "launch", "chip", "turn-bar", "show-last", "mark-selected"):
            assert part not in text, (platform, part)

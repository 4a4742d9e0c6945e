"""A phone (390 px) and a desktop (1280 px) in headless Chromium: My games, the lobby and the archive fit the
screen (their tables as cards on a phone), and the header keeps every link within reach (a "Menu"
disclosure on a phone, the bar itself on a desktop). The screenshots (var/screenshots/) show home, sign-up,
My games and the lobby at both sizes."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Browser, expect

from games import actions
from games.actions import Actor
from tests.browser.shots import shoot
from tests.browser.test_play_browser import logged_in_page
from tests.web.factories import UserFactory, active_seat, finished_game, open_game, started_game

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 390, "height": 844}
WIDE = {"width": 1280, "height": 800}
EVERY_LINK = ("Lobby", "My games", "Archive", "Leaderboards", "Rules", "Profile and e-mail settings",
              "Your public page and ratings")


def player_with_games() -> Any:
    me = UserFactory(profile__display_name="Maximilian the Long-Named Admiral")
    for _ in range(2):
        game = started_game(players=2)
        seat = active_seat(game)
        seat.user = me
        seat.save()
    actions.create_game(Actor.player(me), kind="metaltalon", players=4)
    host = open_game(players=3)
    actions.invite_user(host, Actor.player(host.created_by), me.display_name)
    return me


@pytest.mark.parametrize("size", [PHONE, WIDE], ids=["phone", "desktop"])
def test_my_games_fits_the_screen(browser: Browser, live_server: Any, size):
    page = logged_in_page(browser, live_server, player_with_games(), viewport=size)
    page.goto(live_server.url + "/games/mine/")

    expect(page.locator("table.my-games tbody tr")).to_have_count(3)
    expect(page.locator("#invitations")).to_be_visible()
    assert page.evaluate("document.documentElement.scrollWidth") <= size["width"]
    shoot(page, "my-games")
    page.goto(live_server.url + "/")
    assert page.evaluate("document.documentElement.scrollWidth") <= size["width"]
    shoot(page, "home-with-invitation")


@pytest.mark.parametrize("size", [PHONE, WIDE], ids=["phone", "desktop"])
def test_the_lobby_and_the_archive_fit_the_screen(browser: Browser, live_server: Any, settings: Any, size):
    # An open Metal Adventures game: its options are the longest words of the lobby's table.
    settings.OFFERED_GAME_KINDS = ["metaltalon", "metal-adventures"]
    open_game(kind="metal-adventures", players=3)
    open_game(players=4)
    finished_game()
    page = logged_in_page(browser, live_server, UserFactory(), viewport=size)
    for path, rows in (("/games/", 2), ("/games/archive/", 1)):
        page.goto(live_server.url + path)
        expect(page.locator("table.games tbody tr")).to_have_count(rows)
        assert page.evaluate("document.documentElement.scrollWidth") <= size["width"], path
    page.goto(live_server.url + "/games/")
    expect(page.get_by_role("button", name="Join").first).to_be_visible()
    shoot(page, "lobby")


def test_on_a_phone_the_menu_holds_every_header_link(browser: Browser, live_server: Any):
    page = logged_in_page(browser, live_server, player_with_games(), viewport=PHONE)
    page.goto(live_server.url + "/")
    nav = page.get_by_role("navigation", name="Site")

    expect(nav.get_by_role("link", name="Archive", exact=True)).to_have_count(0)  # not in the bar
    expect(page.locator("#your-turn-count")).to_be_visible()
    expect(page.locator("#invitation-count")).to_have_text("1")
    page.get_by_text("Menu", exact=True).click()
    for name in EVERY_LINK:
        expect(nav.get_by_role("link", name=name, exact=True)).to_be_visible()
    expect(nav.get_by_role("button", name="Log out (Maximilian the Long-Named Admiral)")).to_be_visible()
    assert page.locator(".site-header").bounding_box()["height"] < 60
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    shoot(page, "header-menu")
    nav.get_by_role("link", name="Leaderboards", exact=True).click()
    expect(page).to_have_url(live_server.url + "/leaderboards/")


def test_on_a_desktop_the_bar_shows_every_link_and_no_menu(browser: Browser, live_server: Any):
    page = logged_in_page(browser, live_server, player_with_games(), viewport=WIDE)
    page.goto(live_server.url + "/")
    nav = page.get_by_role("navigation", name="Site")

    expect(page.get_by_text("Menu", exact=True)).to_be_hidden()
    for name in ("Lobby", "Next game", "Archive", "Leaderboards", "Rules"):
        expect(nav.get_by_role("link", name=name, exact=True)).to_be_visible()
    expect(page.locator("#my-games-link")).to_be_visible()
    expect(nav.get_by_role("link", name="Invitations: 1")).to_be_visible()


@pytest.mark.parametrize("size", [PHONE, WIDE], ids=["phone", "desktop"])
def test_a_visitor_reaches_every_page_from_the_header(browser: Browser, live_server: Any, size):
    page = browser.new_context(viewport=size).new_page()
    page.goto(live_server.url + "/")
    nav = page.get_by_role("navigation", name="Site")

    expect(nav.get_by_role("link", name="Sign up", exact=True)).to_be_visible()
    if size is PHONE:
        page.get_by_text("Menu", exact=True).click()
    for name in ("Lobby", "Archive", "Leaderboards", "Rules", "Log in"):
        expect(nav.get_by_role("link", name=name, exact=True)).to_be_visible()
    assert page.evaluate("document.documentElement.scrollWidth") <= size["width"]
    shoot(page, "home-visitor-menu")
    page.goto(live_server.url + "/accounts/signup/")
    shoot(page, "sign-up-page")

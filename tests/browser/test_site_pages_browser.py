"""The pages around the game in headless Chromium (issue 8): the home page for a new visitor and for a
returning player at desktop and phone sizes, and a game that ends on the other player's open page, whose
header, tab title and navigation badge follow without a reload."""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import Browser, expect

from games import actions
from games.actions import Actor
from games.kinds import offered_kinds
from tests.browser.shots import DESKTOP, PHONE, shoot
from tests.browser.test_play_browser import FOLLOW, logged_in_page
from tests.web.factories import UserFactory, active_seat, open_game, other_seat, started_game

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.mark.parametrize("size", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_a_new_visitor_sees_each_offered_game_a_live_board_and_the_way_in(browser: Browser, live_server: Any,
                                                                          size):
    game = started_game(players=2)
    page = browser.new_context(viewport=size).new_page()
    page.goto(live_server.url + "/")
    expect(page.get_by_role("link", name="Sign up to play")).to_be_visible()
    for kind in offered_kinds():  # each offered game a card, none wider than the screen
        card = page.locator(f'.offer[data-kind="{kind.name}"]')
        expect(card.get_by_role("heading", name=kind.title)).to_be_visible()
        expect(card.get_by_role("link", name=f"Rules of {kind.title}")).to_be_visible()
        box = card.bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= size["width"]
    board = page.locator(".showcase svg")
    expect(board).to_be_visible()
    assert board.bounding_box()["width"] <= size["width"]  # the picture fits the screen
    nav = page.get_by_role("navigation", name="Site")
    if size is PHONE:
        page.get_by_text("Menu", exact=True).click()  # a phone's bar keeps Log in and Sign up only
    for name in ("Lobby", "Rules", "Log in"):
        expect(nav.get_by_role("link", name=name, exact=True)).to_be_visible()
    assert page.locator(".site-header").bounding_box()["height"] < 60  # the top bar is one line
    shoot(page, "home-visitor")
    page.get_by_role("link", name=f"Watch game {game.pk}").first.click()
    expect(page).to_have_url(re.compile(rf"/games/{game.pk}/$"))
    expect(page.locator("#board")).to_be_visible()


@pytest.mark.parametrize("size", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_a_returning_player_finds_the_game_awaiting_them_first(browser: Browser, live_server: Any, size):
    me = UserFactory()
    game = started_game(players=2)
    seat = active_seat(game)
    seat.user = me
    seat.save()
    open_game(players=3)
    page = logged_in_page(browser, live_server, me, viewport=size)
    page.goto(live_server.url + "/")
    expect(page.get_by_role("heading", name=f"Welcome back, {me.display_name}")).to_be_visible()
    expect(page.get_by_role("link", name="New game")).to_be_visible()
    your_move = page.locator("section", has=page.get_by_role("heading", name="Your move"))
    awaiting = your_move.locator(".game-card")
    expect(awaiting).to_have_count(1)
    expect(awaiting).to_contain_text(f"against {other_seat(game).user.display_name}")
    expect(page.locator("#your-turn-count")).to_have_text("1")
    assert page.locator(".site-header").bounding_box()["height"] < 60  # the top bar is one line
    menu = ".account-menu summary" if size is DESKTOP else ".nav-menu summary"  # a phone's Menu has it all
    page.locator(menu).click()
    expect(page.get_by_role("button", name=re.compile("^Log out"))).to_be_visible()
    page.locator(menu).click()
    shoot(page, "home-player")
    awaiting.get_by_role("link", name=f"Game {game.pk}").click()
    expect(page.locator(".turn-banner")).to_contain_text("your turn")
    shoot(page, "game-mid-game")


@pytest.mark.parametrize("size", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_a_game_that_moves_on_and_ends_changes_header_title_badge_and_shows_the_summary(
        browser: Browser, live_server: Any, size):
    game = started_game(players=2)
    mover, waiting = active_seat(game), other_seat(game)
    page = logged_in_page(browser, live_server, mover.user, viewport=size)
    page.goto(live_server.url + f"/games/{game.pk}/")
    expect(page).to_have_title(re.compile(rf"^Your turn · Game {game.pk} · round 1"))
    expect(page.locator("#your-turn-count")).to_have_text("1")
    expect(page.locator("#game-status")).to_have_text("In play")

    actions.apply_command(game, Actor.player(mover.user), "end")  # from another tab: it is theirs now
    expect(page).to_have_title(re.compile(rf"^Game {game.pk} · round 1"), timeout=FOLLOW)  # turn 2 of round 1
    expect(page.locator("#your-turn-count")).to_have_count(0)

    actions.apply_command(game, Actor.player(waiting.user), "resign")
    expect(page.locator("#game-status")).to_have_text("Finished", timeout=FOLLOW)
    expect(page).to_have_title(f"Game {game.pk} · finished · MetalTalon")
    summary = page.locator("#summary")
    expect(summary).to_contain_text(f"Game over: {mover.user.display_name} wins")
    expect(summary.locator("svg")).to_have_count(2)
    summary.scroll_into_view_if_needed()
    shoot(page, "game-over")

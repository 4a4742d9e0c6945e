"""Two players in headless Chromium: create and join a game, keep factions, launch, move by clicking the
board and fire, end the turn, and the other player's open page follows without a reload."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.test import Client
from playwright.sync_api import Browser, Page, expect

from games.models import Game
from tests.web.factories import UserFactory

FOLLOW = 12_000  # ms: the page polls every few seconds


def logged_in_page(browser: Browser, live_server: Any, user: Any, **context: Any) -> Page:
    """A browser context of its own (own cookies) carrying the user's session."""
    client = Client()
    client.force_login(user)
    ctx = browser.new_context(**context)
    session = client.cookies["sessionid"].value
    ctx.add_cookies([{"name": "sessionid", "value": session, "url": live_server.url}])
    return ctx.new_page()


def answer_pending_roll(page: Page) -> None:
    """A Clovers shooter is asked to reroll or accept; accept keeps the test's flow the same. Waits for
    the shot's answer first: either the shot in the log, or the question."""
    accept = page.get_by_role("button", name=re.compile(r"^Accept \d"))
    fired = page.locator("#log li", has_text="fired at")
    expect(fired.or_(accept).first).to_be_visible()
    if accept.count():
        accept.click()


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_two_players_play_a_turn_by_clicking_and_the_other_page_follows(browser, live_server):
    ada, bo = UserFactory(), UserFactory()
    page_a = logged_in_page(browser, live_server, ada)
    page_b = logged_in_page(browser, live_server, bo)

    # Ada creates a two-player game; Bo joins it from the game page.
    page_a.goto(live_server.url + "/games/new/")
    page_a.locator("#id_players").select_option("2")
    # Ada's first game: the form ticks the beginner bot for her; she plays Bo instead.
    page_a.get_by_label("Players who join").check()
    page_a.get_by_role("button", name="Create the game").click()
    page_a.wait_for_url(re.compile(r"/games/\d+/$"))
    game_url = page_a.url
    game = Game.objects.get(pk=int(game_url.rstrip("/").rsplit("/", 1)[1]))
    page_b.goto(game_url)
    # The last seat starts the game and htmx sends Bo on to the game page: wait for that navigation
    # (a goto of our own would race it and be aborted).
    with page_b.expect_navigation(url=game_url):
        page_b.get_by_role("button", name="Join this game").click()

    # Ada's waiting room reloads itself once the game starts; both keep their dealt factions.
    for page in (page_a, page_b):
        keep = page.get_by_role("button", name="Keep this faction")
        expect(keep).to_be_visible(timeout=FOLLOW)
        keep.click()
        expect(page.get_by_role("button", name="Keep this faction")).to_have_count(0)
    game.refresh_from_db()
    expect(page_a.locator(".turn-banner")).to_contain_text("Round 1", timeout=FOLLOW)
    active_user = game.seats.get(index=game.state["active"]).user
    me, other = (page_a, page_b) if active_user == ada else (page_b, page_a)
    me.reload()
    expect(me.locator(".turn-banner")).to_contain_text("your turn")
    other.evaluate("window.__noReload = true")

    # Launch from the builder: the preview follows the inputs, then the ship appears on the home base.
    home = game.state["seats"][game.state["active"]]["home"]
    me.get_by_label(re.compile("^Engines")).fill("3")
    me.get_by_label(re.compile("^Weapons")).fill("1")
    expect(me.locator(".launch-preview")).to_contain_text("Worth 8")
    me.get_by_role("button", name="Launch", exact=True).click()
    expect(me.locator("#log")).to_contain_text("launched a ship")
    expect(me.get_by_role("heading", name=f"Ship at {home}")).to_be_visible()

    # Move by clicking a lit space on the board, then fire. On turn 1 the only target, the other home
    # base, is too far for any roll to reach: the board lights no crosshair and the shot waits behind
    # "cannot do damage", still a click away.
    reachable = me.locator("#board .cell.reachable").first
    expect(reachable).to_be_visible()
    destination = (reachable.get_attribute("id") or "").removeprefix("cell-")
    reachable.click()
    expect(me.locator("#log")).to_contain_text(f"to {destination}")
    expect(me.get_by_role("heading", name=f"Ship at {destination}")).to_be_visible()
    expect(me.locator("#board .cell.target")).to_have_count(0)
    me.get_by_text(re.compile(r"^Show 1 shot that cannot do damage")).click()
    me.locator("details.harmless .fire-btn").click()
    answer_pending_roll(me)
    expect(me.locator("#log")).to_contain_text("fired at")

    # End the turn (the only ship has acted, so no confirmation is needed).
    me.get_by_role("button", name="End turn", exact=True).click()
    expect(me.locator(".turn-banner")).to_contain_text("to play")

    # The other page follows along by itself: no reload, the moves in its log, and now it is their turn.
    expect(other.locator("#log")).to_contain_text("launched a ship", timeout=FOLLOW)
    expect(other.locator("#log")).to_contain_text("fired at", timeout=FOLLOW)
    expect(other.locator(".turn-banner")).to_contain_text("your turn", timeout=FOLLOW)
    assert other.evaluate("window.__noReload") is True
    expect(other.locator("#log .entry.fresh").first).to_be_visible()  # what arrived is lit for a moment
    game.refresh_from_db()
    commands = list(game.actions.order_by("seq").values_list("command", flat=True))
    assert commands[2:4] == ["launch 3e 1w", f"move {home} {destination}"]
    assert commands[4].startswith(f"fire {destination} ") and commands[-1] == "end"

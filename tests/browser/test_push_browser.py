"""Push in headless Chromium (games/push/, static/js/push.js): with the pulse cut off, a move typed by one
player (sent over that player's own push connection) reaches the other player's open page, in that
reader's words, and redraws the board; when the push server dies and comes back, the page reconnects on
its own and is caught up with a move made while it was away. Screenshots: var/screenshots/push-*.png."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from games import actions
from games.actions import Actor
from games.models import Action, Game
from tests.browser.push_server import PushServer
from tests.browser.shots import DESKTOP, PHONE, shoot
from tests.browser.test_play_browser import logged_in_page
from tests.web.factories import active_seat, other_seat, started_game

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

BACK = 15_000  # ms a page may take to open or reopen its connection (the extension's jittered retries)


def without_pulse(page: Page) -> list[str]:
    """Cuts the pulse off, so that whatever reaches the page came by push; returns the pulses tried."""
    tried: list[str] = []

    def refuse(route: Any) -> None:
        tried.append(route.request.url)
        route.abort()

    page.route("**/pulse/**", refuse)
    return tried


def test_a_move_reaches_the_other_page_by_push_in_its_readers_words(
        browser: Browser, live_server: Any, push_server: PushServer) -> None:
    game = started_game(players=2)
    mover, watcher = active_seat(game).user, other_seat(game).user
    url = f"{live_server.url}/games/{game.pk}/"
    writer = logged_in_page(browser, live_server, mover, viewport=DESKTOP)
    reader = logged_in_page(browser, live_server, watcher, viewport=PHONE)
    cut = [without_pulse(writer), without_pulse(reader)]
    writer.goto(url)
    reader.goto(url)
    for page in (writer, reader):
        expect(page.locator("body[data-push=open]")).to_have_count(1, timeout=BACK)
    shown = reader.locator("#live").get_attribute("data-version")

    writer.locator("#command-box summary").click()
    writer.locator("#command-text").fill("end")
    writer.locator("#command-box button[type=submit]").click()

    expect(writer.locator("#push-reply[data-ok='1']")).to_be_visible()
    expect(writer.locator("#command-text")).to_have_value("")
    game.refresh_from_db()
    expect(reader.locator("#live")).to_have_attribute("data-version", str(game.version))
    assert str(game.version) != shown
    # The reader is told it is their turn now, in their words ("you"), the mover in the mover's name.
    expect(reader.locator("#push-news")).to_contain_text("Your turn")
    expect(reader.locator("#push-news")).to_contain_text(mover.display_name)
    assert Action.objects.filter(game=game, command="end", source="web").count() == 1
    assert all(len(tried) <= 1 for tried in cut), "the pulse kept asking while push was open"
    shoot(reader, "push-news")
    shoot(writer, "push-reply")


def test_a_page_reconnects_after_its_push_server_died_and_is_caught_up(
        browser: Browser, live_server: Any, push_server: PushServer) -> None:
    game = started_game(players=2)
    mover, watcher = active_seat(game).user, other_seat(game).user
    reader = logged_in_page(browser, live_server, watcher, viewport=DESKTOP)
    without_pulse(reader)
    reader.goto(f"{live_server.url}/games/{game.pk}/")
    expect(reader.locator("body[data-push=open]")).to_have_count(1, timeout=BACK)

    push_server.stop()
    expect(reader.locator("body[data-push=open]")).to_have_count(0, timeout=BACK)
    actions.apply_command(game, Actor.player(mover), "end")  # made while the page has no connection
    game = Game.objects.get(pk=game.pk)
    push_server.start()

    expect(reader.locator("body[data-push=open]")).to_have_count(1, timeout=BACK)
    expect(reader.locator("#live")).to_have_attribute("data-version", str(game.version), timeout=BACK)
    expect(reader.locator("#push-news")).to_contain_text("Your turn")

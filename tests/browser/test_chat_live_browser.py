"""Chat beside the board, live, in headless Chromium (issue 8): two players with the game open, one writes,
and the other page shows the message within a few seconds, marked new and counted on the chat's heading,
without a reload; putting the focus in the chat marks it read; a move arrives the same way (the pulse,
games/pulse.py, asks every second). Screenshot: var/screenshots/game-chat-1366x900.png."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Browser, expect

from tests.browser.shots import DESKTOP, shoot
from tests.browser.test_play_browser import logged_in_page
from tests.web.factories import active_seat, other_seat, started_game

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

ARRIVES = 3_000  # ms: the pulse asks every second; a message or a move must show within ~3 s


def test_a_message_and_a_move_reach_the_other_open_page_within_seconds_marked_new(
        browser: Browser, live_server: Any) -> None:
    game = started_game(players=2)
    mover, watcher = active_seat(game).user, other_seat(game).user
    url = f"{live_server.url}/games/{game.pk}/"
    writer = logged_in_page(browser, live_server, mover, viewport=DESKTOP)
    reader = logged_in_page(browser, live_server, watcher, viewport=DESKTOP)
    writer.goto(url)
    reader.goto(url)
    reader.evaluate("window.__noReload = true")
    expect(reader.locator("#chat-unread")).to_have_text("")

    writer.get_by_role("textbox", name="Message").fill("Careful with that left flank")
    writer.get_by_role("button", name="Send", exact=True).click()
    expect(writer.locator("#chat-messages")).to_contain_text("Careful with that left flank")
    expect(writer.locator("#chat-messages li.new")).to_have_count(0)  # one's own words are never new

    arrived = reader.locator("#chat-messages li.new", has_text="Careful with that left flank")
    expect(arrived).to_be_visible(timeout=ARRIVES)
    expect(reader.locator("#chat-unread")).to_have_text("1 new message")
    expect(reader.get_by_role("heading", name="Chat 1 new message")).to_be_visible()
    chat = reader.locator(".chat-panel")
    board = reader.locator("#board")
    assert chat.bounding_box()["x"] > board.bounding_box()["x"] + board.bounding_box()["width"]  # beside it
    shoot(reader, "game-chat")

    reader.locator("#chat-messages").focus()  # reading it: the focus in the chat marks it read
    expect(reader.locator("#chat-unread")).to_have_text("")
    expect(reader.locator("#chat-messages li.new")).to_have_count(0)
    watcher_seat = other_seat(game)
    watcher_seat.refresh_from_db()
    assert watcher_seat.chat_read == game.chat.get().pk

    # A move by the other player comes the same way: the board and the log follow, no reload.
    writer.locator("#command-box summary").click()
    writer.locator("#command-text").fill("launch 3e")
    writer.locator("#command-box").get_by_role("button", name="Send").click()
    expect(writer.locator("#log")).to_contain_text("launched a ship")
    expect(reader.locator("#log")).to_contain_text("launched a ship", timeout=ARRIVES)
    assert reader.evaluate("window.__noReload") is True

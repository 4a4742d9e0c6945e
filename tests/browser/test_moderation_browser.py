"""Moderation in headless Chromium (issue 11): a player reports a chat message from the game page, a
moderator finds it on the dashboard and in the queue, hides it with a reason, and the players' pages no
longer show it; the game's log says a moderator hid a message. Screenshots in var/screenshots/:
moderation-dashboard-1366x900.png, moderation-hide-1366x900.png, moderation-game-1366x900.png."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Browser, expect

from games import actions
from games.actions import Actor
from games.models import AuditEntry, ChatMessage, Report
from tests.browser.shots import DESKTOP, shoot
from tests.browser.test_play_browser import logged_in_page
from tests.web.factories import ModeratorFactory, active_seat, other_seat, started_game

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

ARRIVES = 3_000  # ms: the players' open pages ask every second whether the chat changed


def test_a_moderator_hides_a_reported_message_and_the_players_pages_drop_it(browser: Browser,
                                                                             live_server: Any) -> None:
    game = started_game(players=2)
    author, reader = active_seat(game).user, other_seat(game).user
    message = actions.post_chat(game, Actor.player(author), "You are all worthless cowards")
    url = f"{live_server.url}/games/{game.pk}/"
    author_page = logged_in_page(browser, live_server, author, viewport=DESKTOP)
    reader_page = logged_in_page(browser, live_server, reader, viewport=DESKTOP)
    author_page.goto(url)
    reader_page.goto(url)
    expect(reader_page.locator("#chat-messages")).to_contain_text("worthless cowards")

    # The reader reports it from the game page.
    reader_page.locator(f"#msg-{message.pk}").get_by_role("link", name="report").click()
    reader_page.get_by_label("What is wrong with this message?").fill("insults everyone")
    reader_page.get_by_role("button", name="Report to the moderators").click()
    expect(reader_page.locator("#chat-report")).to_contain_text("the moderators will look at this")
    assert Report.objects.get().reason == "insults everyone"

    # The moderator sees it on the dashboard, opens the queue, and hides the message with a reason.
    desk = logged_in_page(browser, live_server, ModeratorFactory(), viewport=DESKTOP)
    desk.goto(f"{live_server.url}/admin/")
    desk.get_by_role("link", name="Moderation dashboard").click()
    reports = desk.locator("#open-reports")
    expect(reports).to_contain_text("Open reports (1)")
    expect(reports).to_contain_text("insults everyone")
    shoot(desk, "moderation-dashboard")
    reports.get_by_role("link", name="The whole queue").click()
    row = desk.locator("#result_list tbody tr", has_text="worthless cowards")
    row.locator("input.action-select").check()
    desk.locator("select[name=action]").select_option("hide_messages")
    desk.get_by_role("button", name="Run").click()
    expect(desk.locator(".moderation-rows")).to_contain_text("worthless cowards")
    desk.get_by_label("Reason").fill("insulting the other players")
    shoot(desk, "moderation-hide")
    desk.get_by_role("button", name="Hide").click()
    expect(desk.locator(".messagelist")).to_contain_text("Hide: done for 1 of 1.")

    assert ChatMessage.objects.get(pk=message.pk).hidden
    assert Report.objects.get().status == Report.Status.ACTIONED
    assert AuditEntry.objects.get(act="hide").reason == "insulting the other players"
    # The open pages drop it without a reload, and the log says why.
    expect(reader_page.locator("#chat-messages")).not_to_contain_text("worthless cowards", timeout=ARRIVES)
    expect(author_page.locator("#chat-messages")).not_to_contain_text("worthless cowards", timeout=ARRIVES)
    note = reader_page.locator("#log li.moderator-note")
    expect(note).to_contain_text("hid a chat message by", timeout=ARRIVES)
    expect(note).to_contain_text("Reason: insulting the other players")
    reader_page.reload()
    expect(reader_page.locator("#chat-messages")).not_to_contain_text("worthless cowards")
    shoot(reader_page, "moderation-game")

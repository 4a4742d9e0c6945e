"""The site under its Content-Security-Policy in headless Chromium (issue 14): no page breaks a rule (htmx
evaluates no script), the pulse runs while the tab is visible and stops while it is hidden, and a chat flood's
refusal (429) is shown where the message would have gone."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Browser, expect

from tests.browser.shots import DESKTOP
from tests.browser.test_play_browser import logged_in_page
from tests.web.factories import active_seat, started_game

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_no_page_breaks_the_policy_and_the_pulse_stops_on_a_hidden_tab(browser: Browser, live_server: Any,
                                                                       settings: Any) -> None:
    settings.CHAT_RATE_LIMIT = "2/minute"
    game = started_game(players=2)
    page = logged_in_page(browser, live_server, active_seat(game).user, viewport=DESKTOP)
    broken: list[str] = []
    page.on("console", lambda m: broken.append(m.text) if "Content Security Policy" in m.text else None)
    pulses: list[str] = []
    page.on("request", lambda r: pulses.append(r.url) if "/pulse/" in r.url else None)

    for path in ("/", "/games/", f"/games/{game.pk}/", f"/games/{game.pk}/chat/", "/profile/"):
        page.goto(live_server.url + path)
    page.goto(f"{live_server.url}/games/{game.pk}/")
    page.wait_for_timeout(2500)
    visible = len(pulses)
    page.evaluate("Object.defineProperty(document, 'visibilityState', {value: 'hidden', configurable: true})")
    page.wait_for_timeout(300)
    hidden_from = len(pulses)
    page.wait_for_timeout(2500)

    assert visible >= 2, pulses
    assert len(pulses) == hidden_from, "a hidden tab went on pulsing"
    # Each message is sent once the one before is shown: a click while the chat is being swapped would be
    # lost on a busy machine, and the flood would then be one message short of the limit.
    for i in range(3):
        page.get_by_role("textbox", name="Message").fill(f"message {i}")
        page.get_by_role("button", name="Send", exact=True).click()
        if i < 2:
            expect(page.locator("#chat-messages")).to_contain_text(f"message {i}")
            expect(page.get_by_role("textbox", name="Message")).to_have_value("")
    expect(page.locator("#chat")).to_contain_text("Too many chat messages in a short time")
    assert broken == []

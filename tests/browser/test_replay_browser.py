"""The replay in headless Chromium (issue 8): the arrow keys and the buttons step without reloading the
page, the slider shows its step as it moves with no Show button, and the slider follows the keys."""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import Browser, expect

from tests.web.factories import finished_game

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_the_replay_steps_by_keys_buttons_and_slider_without_a_reload(browser: Browser, live_server: Any):
    game, _, _ = finished_game(turns=3)
    last = game.actions.count()
    page = browser.new_page()
    page.goto(live_server.url + f"/games/{game.pk}/replay/")
    step_of = page.locator(".step-of")
    expect(step_of).to_have_text(f"Step {last} of {last}")
    page.evaluate("window.__stillHere = true")  # gone if the page reloads

    page.keyboard.press("ArrowLeft")
    expect(step_of).to_have_text(f"Step {last - 1} of {last}")
    expect(page).to_have_url(re.compile(rf"step={last - 1}$"))
    expect(page.locator("#step")).to_have_value(str(last - 1))  # the slider follows the keys
    page.keyboard.press("Home")
    expect(step_of).to_have_text(f"Step 0 of {last}")
    expect(page.locator(".replay-action")).to_contain_text("before any action")
    page.get_by_role("link", name="Next →").click()
    expect(step_of).to_have_text(f"Step 1 of {last}")
    expect(page.locator(".replay-action")).to_contain_text("keep")

    expect(page.get_by_role("button", name="Show")).to_be_hidden()
    page.locator("#step").fill("3")
    expect(step_of).to_have_text(f"Step 3 of {last}")
    page.keyboard.press("End")  # focus is on the slider: it moves itself, and the frame follows
    expect(step_of).to_have_text(f"Step {last} of {last}")
    assert page.evaluate("window.__stillHere") is True

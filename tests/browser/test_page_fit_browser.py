"""Pages a new player meets besides the game, by their geometry in headless Chromium at a 390 px phone and
a 1280 px desktop: the rules page opens on its title, the dev inbox fits a phone's width.
Screenshots: var/screenshots/rules-top-*.png, dev-inbox-*.png."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, expect

from tests.browser.shots import PHONE, shoot
from tests.browser.test_play_browser import logged_in_page
from tests.mail.test_dev_inbox_answer import _mailed_to
from tests.web.factories import active_seat, started_game

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
DESKTOP_1280 = {"width": 1280, "height": 800}


@pytest.mark.parametrize("size", [DESKTOP_1280, PHONE], ids=["desktop", "phone"])
def test_the_rules_page_opens_on_its_title_then_its_contents(browser: Browser, live_server: Any, size):
    page = browser.new_context(viewport=size).new_page()
    page.goto(live_server.url + "/rules/metaltalon/")
    title = page.get_by_role("heading", level=1)
    contents = page.get_by_role("navigation", name="Contents")
    expect(title).to_have_text("How MetalTalon is played on this site")
    expect(contents).to_be_visible()
    first_screen = shoot(page, "rules-top").with_name(f"rules-top-first-screen-{size['width']}.png")
    page.screenshot(path=str(first_screen))
    title_box, contents_box = title.bounding_box(), contents.bounding_box()
    assert title_box is not None and contents_box is not None
    assert title_box["y"] + title_box["height"] <= contents_box["y"]  # the title above the contents box
    expect(title).to_be_in_viewport()  # in the first screen
    # The order a screen reader or a page without styles reads: the title first.
    first = page.evaluate("() => document.querySelector('main :is(h1, nav.toc)').tagName")
    assert first == "H1"


@pytest.mark.parametrize("size", [DESKTOP_1280, PHONE], ids=["desktop", "phone"])
def test_the_dev_inbox_fits_a_phone_without_scrolling_sideways(browser: Browser, live_server: Any, settings,
                                                               tmp_path: Path, size):
    folder = tmp_path / "mail"
    settings.MAILERS = {"default": {"BACKEND": "django.core.mail.backends.filebased.EmailBackend",
                                    "OPTIONS": {"file_path": str(folder)}}}
    settings.DEBUG = True
    seat = active_seat(started_game())
    _mailed_to(seat, folder)
    page = logged_in_page(browser, live_server, seat.user, viewport=size)
    page.goto(live_server.url + "/dev/inbox/")
    expect(page.get_by_role("heading", name="Dev inbox")).to_be_visible()
    expect(page.locator("article.mail").first).to_be_visible()
    shoot(page, "dev-inbox")
    assert page.evaluate("document.documentElement.scrollWidth") <= size["width"]
    # A long address (a seat's reply-to) breaks inside its own line rather than push the page wider.
    for hint in page.locator("article.mail .hint").all():
        assert hint.evaluate("el => el.scrollWidth <= el.clientWidth")

"""The create-game form in headless Chromium: the clock's fields show only for the kind of clock chosen
(static/js/new-game.js); without scripts every field stays shown and the form still creates the game."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Browser, expect

from games.models import Game
from tests.browser.shots import PHONE
from tests.browser.test_play_browser import logged_in_page
from tests.web.factories import UserFactory

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

DEADLINE = "#id_deadline_hours"
BANK = ("#id_bank_hours", "#id_increment_hours", "#id_cap_hours")
ANY_CLOCK = ("#id_on_timeout", "#id_expel_after", "#id_reminders")


def test_the_clock_fields_follow_the_kind_of_clock_chosen(browser: Browser, live_server: Any):
    page = logged_in_page(browser, live_server, UserFactory(), viewport=PHONE)
    page.goto(live_server.url + "/games/new/")

    expect(page.locator(DEADLINE)).to_be_visible()  # the default: a deadline per turn
    for field in BANK:
        expect(page.locator(field)).to_be_hidden()

    page.get_by_label("A time bank per player").check()
    expect(page.locator(DEADLINE)).to_be_hidden()
    for field in (*BANK, *ANY_CLOCK):
        expect(page.locator(field)).to_be_visible()

    page.get_by_label("No clock").check()
    for field in (DEADLINE, *BANK, *ANY_CLOCK):
        expect(page.locator(field)).to_be_hidden()
    expect(page.get_by_label("No clock")).to_be_visible()


def test_without_scripts_every_clock_field_shows_and_the_form_works(browser: Browser, live_server: Any):
    me = UserFactory()
    page = logged_in_page(browser, live_server, me, java_script_enabled=False)
    page.goto(live_server.url + "/games/new/")

    for field in (DEADLINE, *BANK, *ANY_CLOCK):
        expect(page.locator(field)).to_be_visible()
    page.get_by_label("A time bank per player").check()
    page.locator("#id_bank_hours").fill("100")
    page.get_by_label("Players who join").check()
    page.get_by_role("button", name="Create the game").click()

    game = Game.objects.get(created_by=me)
    assert game.clock["mode"] == "bank" and game.clock["bank_hours"] == 100


def test_choosing_bots_disables_the_rated_choice_with_its_note(browser: Browser, live_server: Any):
    page = logged_in_page(browser, live_server, UserFactory())
    page.goto(live_server.url + "/games/new/")
    rated = page.get_by_label("Rated: the result moves the players' ratings")
    note = page.locator("#rated-bots-note")

    # A first game ticks the beginner bot: rated is out of the question from the start.
    expect(rated).to_be_disabled()
    expect(note).to_be_visible()
    expect(note).to_have_text("Games with bots are unrated.")

    page.get_by_label("Players who join").check()
    expect(rated).to_be_enabled()
    expect(note).to_be_hidden()
    page.get_by_label("Bots: Greedy bot", exact=False).check()
    expect(rated).to_be_disabled()
    expect(note).to_be_visible()


# Each <select>'s widest option in the select's own font, against the room the select gives its text: a
# choice wider than that is cut off in the closed select, where it cannot wrap.
WIDEST_OPTIONS = """() => {
  const canvas = document.createElement("canvas").getContext("2d");
  return [...document.querySelectorAll("#new-form select")].filter(s => s.offsetParent).map(s => {
    const style = getComputedStyle(s);
    canvas.font = style.font;
    const room = s.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - 24;
    const widest = Math.max(...[...s.options].map(o => canvas.measureText(o.text).width));
    return [s.name, widest <= room];
  });
}"""


def test_on_a_phone_every_metal_adventures_option_reads_whole_within_the_screen(
        browser: Browser, live_server: Any, settings: Any) -> None:
    settings.OFFERED_GAME_KINDS = ["metaltalon", "metal-adventures"]
    page = logged_in_page(browser, live_server, UserFactory(), viewport=PHONE)
    page.goto(live_server.url + "/games/new/?kind=metal-adventures")
    for words in ("Layered (a Pirate Hunter goes back among its own colour)", "Full (the whole Space deck)"):
        box = page.get_by_label(words).locator("xpath=ancestor::label").bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"], words
    assert [name for name, fits in page.evaluate(WIDEST_OPTIONS) if not fits] == []
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]

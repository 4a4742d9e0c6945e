"""Sign-up in headless Chromium: the player chooses the name others see, and the account takes the
browser's time zone (static/js/signup.js), or UTC without the script."""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import Browser, expect

from accounts.models import User
from accounts.zones import offered_zones
from tests.browser.shots import DESKTOP, PHONE, shoot

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PASSWORD = "Browser-pass-2026"


def sign_up(page, url: str, address: str, name: str) -> None:
    page.goto(url + "/accounts/signup/")
    page.get_by_label("Email").fill(address)
    page.get_by_label("Display name").fill(name)
    page.locator("#id_password1").fill(PASSWORD)
    page.locator("#id_password2").fill(PASSWORD)
    page.get_by_role("button", name=re.compile("Sign up", re.I)).click()
    expect(page.get_by_role("heading", name=re.compile("Verify Your Email Address", re.I))).to_be_visible()


def test_sign_up_keeps_the_chosen_name_and_the_browsers_time_zone_and_others_see_that_name(
        browser: Browser, live_server: Any, smtp_sink):
    page = browser.new_context(viewport=DESKTOP, timezone_id="Europe/Paris").new_page()

    sign_up(page, live_server.url, "jane.doe.1990@example.org", "Captain Jane")

    user = User.objects.select_related("profile").get(email="jane.doe.1990@example.org")
    assert user.profile.display_name == "Captain Jane"
    assert user.profile.time_zone == "Europe/Paris"
    # Another visitor reads the name the player chose, never a piece of the address.
    other = browser.new_context(viewport=DESKTOP).new_page()
    other.goto(live_server.url + user.get_absolute_url())
    expect(other.get_by_role("heading", name=re.compile("Captain Jane"))).to_be_visible()
    assert "jane.doe" not in other.content()


def test_without_scripts_sign_up_still_works_on_utc(browser: Browser, live_server: Any, smtp_sink):
    page = browser.new_context(viewport=PHONE, timezone_id="Asia/Tokyo", java_script_enabled=False).new_page()

    sign_up(page, live_server.url, "kai@example.org", "Kai")

    assert User.objects.get(email="kai@example.org").profile.time_zone == "UTC"


@pytest.mark.parametrize("size", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_the_sign_up_page_fits_the_screen_with_each_error_under_its_field(browser: Browser, live_server: Any,
                                                                          size):
    page = browser.new_context(viewport=size).new_page()
    page.goto(live_server.url + "/accounts/signup/")
    page.get_by_label("Email").fill("pat@example.org")
    page.get_by_label("Display name").fill("Pat")
    page.locator("#id_password1").fill(PASSWORD)
    page.locator("#id_password2").fill(PASSWORD + "x")
    page.get_by_role("button", name=re.compile("Sign up", re.I)).click()

    error = page.get_by_text("You must type the same password each time.")
    expect(error).to_be_visible()
    assert error.bounding_box()["y"] > page.locator("#id_password2").bounding_box()["y"]
    assert page.evaluate("document.documentElement.scrollWidth") <= size["width"]
    shoot(page, "sign-up")


def test_a_browser_that_names_a_legacy_zone_signs_up_on_the_listed_place_name(browser: Browser,
                                                                              live_server: Any, smtp_sink):
    # Chromium reports Asia/Kolkata by its old name, Asia/Calcutta, which the profile's list no longer offers.
    page = browser.new_context(viewport=PHONE, timezone_id="Asia/Kolkata").new_page()
    page.goto(live_server.url + "/accounts/signup/")
    assert page.evaluate("Intl.DateTimeFormat().resolvedOptions().timeZone") == "Asia/Calcutta"

    sign_up(page, live_server.url, "ravi@example.org", "Ravi")

    user = User.objects.select_related("profile").get(email="ravi@example.org")
    assert user.profile.time_zone == "Asia/Kolkata"
    assert user.profile.time_zone in offered_zones()

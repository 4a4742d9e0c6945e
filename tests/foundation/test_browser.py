"""Headless Debian Chromium through pytest-playwright: the layout, htmx and sign-up work in a browser."""

import re

import pytest
from playwright.sync_api import expect

from accounts.models import User

PHONE = {"width": 390, "height": 844}


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_on_a_phone_the_navigation_fits_and_htmx_is_loaded(page, live_server):
    page.set_viewport_size(PHONE)
    page.goto(live_server.url + "/")

    expect(page.get_by_role("link", name="Sign up").first).to_be_visible()
    assert page.evaluate("typeof window.htmx") == "object"
    assert page.evaluate("htmx.version").startswith("2.")
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_signing_up_in_the_browser_leads_to_the_verification_notice(page, live_server, smtp_sink):
    page.goto(live_server.url + "/accounts/signup/")
    page.get_by_label("Email").fill("maya@example.test")
    page.get_by_label("Display name").fill("Maya")
    page.locator("#id_password1").fill("Browser-pass-2026")
    page.locator("#id_password2").fill("Browser-pass-2026")
    page.get_by_role("button", name=re.compile("Sign Up", re.I)).click()

    expect(page.get_by_role("heading", name=re.compile("Verify Your Email Address", re.I))).to_be_visible()
    assert User.objects.filter(email="maya@example.test").exists()
    assert smtp_sink.to("maya@example.test")

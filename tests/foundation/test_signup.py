"""Sign-up asks for the name other players see (checked as the profile checks names), reads the browser's
time zone, and shows each field's errors under that field; no public name is ever made from an address."""

from __future__ import annotations

import re

import pytest
from allauth.account.models import EmailAddress

from accounts.models import Profile, User
from tests.foundation.test_accounts import PASSWORD, log_in, make_verified_user, sign_up


@pytest.fixture(autouse=True)
def _fresh_sign_up_limit() -> None:
    """allauth allows 20 sign-ups a minute from one address, and every test signs up from 127.0.0.1: each
    test starts from none, as one visitor would (the cache is this xdist worker's own: tests/parallel.py)."""
    from django.core.cache import cache

    cache.clear()


def profile_of(address: str) -> Profile:
    return Profile.objects.get(user__email=address)


def page(response) -> str:
    return response.content.decode()


# === The display name ===


@pytest.mark.django_db
def test_the_sign_up_page_asks_for_a_display_name_and_carries_a_hidden_time_zone(client):
    html = page(client.get("/accounts/signup/"))

    assert re.search(r'<input[^>]*name="display_name"', html)
    assert re.search(r'<input type="hidden" name="time_zone"[^>]*data-browser-time-zone', html)
    assert "/static/js/signup.js" in html


@pytest.mark.django_db
def test_sign_up_gives_the_chosen_name_never_the_address(client, smtp_sink):
    response = sign_up(client, "jane.doe.1990@example.org", display_name="  Captain   Jane ")

    assert response.status_code == 302
    assert profile_of("jane.doe.1990@example.org").display_name == "Captain Jane"
    assert User.objects.get(email="jane.doe.1990@example.org").display_name == "Captain Jane"


@pytest.mark.django_db
def test_sign_up_without_a_name_is_refused_and_makes_no_account(client, smtp_sink):
    response = sign_up(client, "nameless@example.org", display_name="   ")

    assert response.status_code == 200
    assert "This field is required." in page(response)
    assert not User.objects.filter(email="nameless@example.org").exists()


@pytest.mark.django_db
@pytest.mark.parametrize(("wanted", "message"), [
    ("ALICE", "That name is taken."),
    ("\u0410lice", "That name is too like “Alice”, another player&#x27;s name."),
    ("Moderator", "is kept for the site&#x27;s staff"),
    ("Al\u200bice", "Use visible characters only"),
])
def test_sign_up_refuses_a_name_the_profile_would_refuse(client, smtp_sink, wanted, message):
    sign_up(client, "alice@example.org", display_name="Alice")
    client.logout()

    response = sign_up(client, "eve@example.org", display_name=wanted)

    assert response.status_code == 200 and message in page(response)
    assert not User.objects.filter(email="eve@example.org").exists()


@pytest.mark.django_db
def test_a_name_taken_between_the_check_and_the_save_becomes_its_first_free_form(client, smtp_sink,
                                                                                    monkeypatch):
    from accounts import forms

    sign_up(client, "alice@example.org", display_name="Alice")
    client.logout()
    # The check ran before Alice took her name: only the database's unique key stands in the way.
    monkeypatch.setattr(forms, "name_problem", lambda name: None)

    response = sign_up(client, "eve@example.org", display_name="alice")

    assert response.status_code == 302
    assert profile_of("eve@example.org").display_name == "alice2"


@pytest.mark.django_db
def test_an_account_made_without_a_chosen_name_gets_a_neutral_one(client):
    user = User.objects.create_user(username="jdoe", email="jane.doe.1990@example.org", password=PASSWORD)
    staff = User.objects.create_superuser(username="root", email="boss.person@example.org", password=PASSWORD)

    assert user.display_name == f"Player {user.pk}"
    assert staff.display_name == f"Player {staff.pk}"
    assert "jane" not in user.display_name.lower() and "jdoe" not in user.display_name.lower()


@pytest.mark.django_db
def test_a_user_without_a_profile_is_named_neutrally_not_by_address():
    user = User(pk=41, username="jdoe", email="jane.doe.1990@example.org")

    assert user.display_name == "Player 41"


# === The time zone ===


@pytest.mark.django_db
@pytest.mark.parametrize(("sent", "kept"), [
    ({"time_zone": "Europe/Paris"}, "Europe/Paris"),
    ({"time_zone": "America/Argentina/Buenos_Aires"}, "America/Argentina/Buenos_Aires"),
    ({"time_zone": "Mars/Olympus_Mons"}, "UTC"),
    ({"time_zone": ""}, "UTC"),
    ({}, "UTC"),
])
def test_sign_up_keeps_the_browsers_time_zone_when_zoneinfo_knows_it(client, smtp_sink, sent, kept):
    assert sign_up(client, "tz@example.org", display_name="Zoned", **sent).status_code == 302

    assert profile_of("tz@example.org").time_zone == kept


# === Errors under their own field ===


def field_paragraph(html: str, name: str) -> str:
    """The HTML of one field's block: from its start to the next field's, or the form's end."""
    start = html.index(f'id="field-{name}"')
    ends = [i for i in (html.find('id="field-', start + 1), html.find("</form>", start)) if i != -1]
    return html[start:min(ends)]


@pytest.mark.django_db
def test_sign_up_shows_password_errors_under_the_password_fields_not_above_their_labels(client):
    response = client.post("/accounts/signup/", {"email": "pat@example.org", "display_name": "Pat",
                                                 "password1": "Hex-grid-Talon-42", "password2": "other-42"})
    html = page(response)

    mismatch = "You must type the same password each time."
    assert mismatch in field_paragraph(html, "password2")
    assert mismatch not in field_paragraph(html, "email")
    assert html.index(mismatch) > html.index('name="password2"')
    assert 'class="errorlist"' not in field_paragraph(html, "email")


@pytest.mark.django_db
def test_sign_up_shows_a_name_error_under_the_name_field(client):
    html = page(client.post("/accounts/signup/", {"email": "pat@example.org", "display_name": "?!",
                                                  "password1": PASSWORD, "password2": PASSWORD}))

    paragraph = field_paragraph(html, "display_name")
    assert "A name needs at least one letter or digit." in paragraph
    assert paragraph.index("A name needs") > paragraph.index('name="display_name"')


@pytest.mark.django_db
def test_log_in_shows_a_missing_password_under_the_password_field(client):
    make_verified_user("gus@example.org")

    html = page(client.post("/accounts/login/", {"login": "gus@example.org", "password": ""}))

    assert "This field is required." in field_paragraph(html, "password")
    assert "This field is required." not in field_paragraph(html, "login")
    assert html.index("This field is required.") > html.index('name="password"')


@pytest.mark.django_db
def test_a_wrong_password_is_said_once_above_the_form(client):
    make_verified_user("hal@example.org")

    html = page(log_in(client, "hal@example.org", "not-the-password"))

    assert html.count("not correct") == 1 and 'class="form-errors"' in html
    assert EmailAddress.objects.filter(email="hal@example.org").exists()

"""Password guessing is counted per client, per account and client, and per account from browsers that never
signed in to it; the admin signs in through the same counted login; a crowd of failures from elsewhere never
keeps a player out of a browser they have signed in from, nor out of a sign-in code (accounts/signin.py)."""

from __future__ import annotations

import itertools
import re
from typing import Any

import pytest
from django.core import mail
from django.test import Client
from django.urls import reverse

from accounts import signin
from tests.web.factories import StaffFactory, UserFactory

pytestmark = pytest.mark.django_db

PASSWORD = "pass-word-123"
TOO_MANY = "Too many failed login attempts"
UNDER_ATTACK = "many failed sign-ins from elsewhere"
_addresses = itertools.count(1)


@pytest.fixture(autouse=True)
def _behind_the_proxy(settings: Any) -> None:
    """Each client names its own address, as the proxy of docs/deploy.md does."""
    settings.TRUSTED_PROXY_COUNT = settings.ALLAUTH_TRUSTED_PROXY_COUNT = 1


def new_address() -> str:
    """An address no other test of the run has used, so counts never carry over between tests."""
    n = next(_addresses)
    return f"10.{n // 65536 % 256}.{n // 256 % 256}.{n % 256}"


def sign_in(client: Client, email: str, password: str, address: str, path: str | None = None) -> Any:
    return client.post(path or reverse("account_login"), {"login": email, "password": password},
                       headers={"X-Forwarded-For": address})


def sign_out(client: Client) -> None:
    """Sign out as the player does (Client.logout would also drop the browser's other cookies)."""
    client.post(reverse("account_logout"))


def signed_in_as(client: Client) -> str | None:
    return client.session.get("_auth_user_id")


# === the admin ===

def test_a_password_posted_to_the_admin_login_is_never_checked_and_leads_to_the_counted_login():
    admin = StaffFactory(is_superuser=True)
    client = Client()

    response = client.post("/admin/login/?next=/admin/games/",
                           {"username": admin.email, "password": PASSWORD},
                           headers={"X-Forwarded-For": new_address()})

    assert response.status_code == 302
    assert response["Location"] == "/accounts/login/?next=%2Fadmin%2Fgames%2F"
    assert signed_in_as(client) is None


def test_the_admin_is_reached_through_the_site_login_and_back():
    admin = StaffFactory(is_superuser=True)
    client = Client()

    to_login = client.get("/admin/")
    door = client.get(to_login["Location"])
    signed = sign_in(client, admin.email, PASSWORD, new_address(), door["Location"])

    assert to_login["Location"].startswith("/admin/login/")
    assert signed.status_code == 302 and signed["Location"] == "/admin/"
    assert client.get("/admin/").status_code == 200


def test_forty_wrong_admin_passwords_from_one_client_leave_the_right_one_refused():
    """The attack on the admin: guesses at the staff account, then the right password, from one client."""
    admin = StaffFactory(is_superuser=True)
    client, address = Client(), new_address()
    login = client.get("/admin/login/?next=/admin/")["Location"]

    answers = [sign_in(client, admin.email, f"guess-{i}", address, login) for i in range(40)]
    right = sign_in(client, admin.email, PASSWORD, address, login)

    assert TOO_MANY in answers[5].content.decode()
    # Past 30 posts a minute allauth refuses the login form itself (429) before any password is read.
    assert [a.status_code for a in answers[30:]] == [429] * 10
    assert right.status_code == 429 and signed_in_as(client) is None


def test_a_signed_in_player_who_is_not_staff_is_told_the_admin_is_not_theirs_without_a_loop():
    player = UserFactory()
    client = Client()
    client.force_login(player)

    answer = client.get("/admin/login/?next=/admin/")

    assert answer.status_code == 403
    assert "not one of the site's staff" in answer.content.decode()


def test_the_admin_login_door_sends_nobody_to_another_site():
    response = Client().get("/admin/login/?next=https://evil.example/")

    assert response["Location"] == "/accounts/login/?next=%2Fadmin%2F"


# === per client, and per account and client ===

def test_one_client_guessing_at_many_accounts_is_stopped_by_its_address():
    client, address = Client(), new_address()
    victim = UserFactory()
    for i in range(10):
        sign_in(client, f"nobody{i}-{address}@example.com", "wrong", address)

    right = sign_in(client, victim.email, PASSWORD, address)

    assert TOO_MANY in right.content.decode() and signed_in_as(client) is None


def test_wrong_passwords_from_five_addresses_do_not_lock_the_player_out_of_a_sixth():
    """The lockout: five failures for the player's address from five clients, then the right password
    from a sixth."""
    dave = UserFactory()
    for _ in range(5):
        sign_in(Client(), dave.email, "wrong", new_address())
    player = Client()

    answer = sign_in(player, dave.email, PASSWORD, new_address())

    assert answer.status_code == 302 and signed_in_as(player) == str(dave.pk)


def test_five_wrong_passwords_from_one_client_stop_that_client_only():
    dave = UserFactory()
    attacker, address = Client(), new_address()
    for _ in range(5):
        sign_in(attacker, dave.email, "wrong", address)
    player = Client()

    blocked = sign_in(attacker, dave.email, PASSWORD, address)
    allowed = sign_in(player, dave.email, PASSWORD, new_address())

    assert TOO_MANY in blocked.content.decode() and signed_in_as(attacker) is None
    assert allowed.status_code == 302 and signed_in_as(player) == str(dave.pk)


def test_a_right_password_does_not_count_as_a_failure():
    """Four failures, a success, a failure: five failures, so the next try is the one refused. (Fresh
    browsers each time: one that signed in is counted apart from its address from then on.)"""
    dave = UserFactory()
    address = new_address()
    for _ in range(4):
        sign_in(Client(), dave.email, "wrong", address)
    assert sign_in(Client(), dave.email, PASSWORD, address).status_code == 302

    fifth = sign_in(Client(), dave.email, "wrong", address)
    sixth = sign_in(Client(), dave.email, PASSWORD, address)

    assert TOO_MANY not in fifth.content.decode()
    assert TOO_MANY in sixth.content.decode()


# === per account, from browsers that never signed in to it ===

def _guess_from_a_crowd(email: str, guesses: int) -> None:
    for _ in range(guesses):
        sign_in(Client(), email, "wrong", new_address())


def test_a_crowd_of_guessers_gets_twenty_guesses_an_hour_at_one_account(settings):
    dave = UserFactory()
    _guess_from_a_crowd(dave.email, 20)
    stranger = Client()

    answer = sign_in(stranger, dave.email, PASSWORD, new_address())

    assert answer.status_code == 200 and UNDER_ATTACK in answer.content.decode()
    assert "Send me a sign-in code" in answer.content.decode()
    assert signed_in_as(stranger) is None


def test_a_browser_that_signed_in_before_is_not_kept_out_by_the_crowd():
    dave = UserFactory()
    own, address = Client(), new_address()
    sign_in(own, dave.email, PASSWORD, address)
    sign_out(own)
    assert signin.COOKIE in own.cookies
    _guess_from_a_crowd(dave.email, 25)

    answer = sign_in(own, dave.email, PASSWORD, address)

    assert answer.status_code == 302 and signed_in_as(own) == str(dave.pk)


def test_another_accounts_known_browser_proves_nothing_for_this_one():
    dave, eve = UserFactory(), UserFactory()
    eves_browser = Client()
    sign_in(eves_browser, eve.email, PASSWORD, new_address())
    sign_out(eves_browser)
    _guess_from_a_crowd(dave.email, 20)

    answer = sign_in(eves_browser, dave.email, PASSWORD, new_address())

    assert UNDER_ATTACK in answer.content.decode() and signed_in_as(eves_browser) is None


def test_a_forged_known_browser_cookie_proves_nothing():
    dave = UserFactory()
    _guess_from_a_crowd(dave.email, 20)
    forger = Client()
    forger.cookies[signin.COOKIE] = f'{{"nonce": "x", "users": [{dave.pk}]}}'

    answer = sign_in(forger, dave.email, PASSWORD, new_address())

    assert UNDER_ATTACK in answer.content.decode() and signed_in_as(forger) is None


def test_under_attack_the_player_signs_in_from_a_new_browser_with_a_mailed_code():
    dave = UserFactory()
    _guess_from_a_crowd(dave.email, 20)
    fresh, address = Client(), new_address()
    mail.outbox.clear()

    asked = fresh.post(reverse("account_request_login_code"), {"email": dave.email},
                       headers={"X-Forwarded-For": address})
    code = re.search(r"^\s*([A-Z0-9]{4}-[A-Z0-9]{4})\s*$", mail.outbox[-1].body, re.MULTILINE)
    assert asked.status_code == 302 and code, mail.outbox[-1].body
    confirmed = fresh.post(asked["Location"], {"code": code.group(1)}, headers={"X-Forwarded-For": address})

    assert confirmed.status_code == 302 and signed_in_as(fresh) == str(dave.pk)
    assert signin.COOKIE in fresh.cookies  # and from now on this browser is a known one


def test_under_attack_a_password_reset_signs_the_new_browser_in_and_it_is_known_from_then_on():
    dave = UserFactory()
    _guess_from_a_crowd(dave.email, 20)
    fresh, address = Client(), new_address()
    mail.outbox.clear()

    fresh.post(reverse("account_reset_password"), {"email": dave.email}, headers={"X-Forwarded-For": address})
    link = re.search(r"https?://[^/\s]+(/accounts/password/reset/key/\S+)", mail.outbox[-1].body)
    assert link, mail.outbox[-1].body
    form = fresh.get(link.group(1), headers={"X-Forwarded-For": address})
    new = "a-new-pass-word-456"
    done = fresh.post(form["Location"], {"password1": new, "password2": new},
                      headers={"X-Forwarded-For": address})
    assert done.status_code == 302 and signed_in_as(fresh) == str(dave.pk)
    sign_out(fresh)

    again = sign_in(fresh, dave.email, "a-new-pass-word-456", address)

    assert again.status_code == 302 and signed_in_as(fresh) == str(dave.pk)

"""Password sign-in limits that stop guessing without letting anyone lock a player out (docs/architecture.md,
Sign-in).

Three counts, each one of allauth's cache-backed rate limits (ACCOUNT_RATE_LIMITS in metaltalon/settings.py),
spent before the password is checked and given back when it was right:
- per client address (`login_failed`, per ip): one machine guessing at many accounts;
- per account and client (`login_failed`, per key, the key naming both): one machine guessing at one account;
- per account, from clients that have not proven themselves (`login_failed_account`): many machines
  guessing at one account.

A browser proves itself for an account by having signed in to it before: it keeps a signed cookie naming
the account (a "known browser"). Past the per-account count, a password sign-in from any other client is
refused in words that say how to get in anyway: from a browser that has signed in before, or with a code
mailed to the address (allauth's sign-in by code, which has limits of its own). So failures from anywhere
never keep a player out of their own browsers, and a crowd of guessers gets no more than the per-account
count of guesses.

The admin signs in here too (accounts/views.py, admin_login): Django's own admin form counts nothing.
"""

from __future__ import annotations

import hashlib
import secrets
from typing import Any

from allauth.account.utils import filter_users_by_email
from allauth.core.internal import ratelimit
from django.conf import settings
from django.core import signing
from django.http import HttpRequest, HttpResponseBase

COOKIE = "mt_known"
SALT = "accounts.signin.known-browser"
MAX_AGE = 365 * 24 * 3600
# The accounts one browser remembers (a shared family computer), newest first.
MAX_ACCOUNTS = 5
ACCOUNT_ACTION = "login_failed_account"


def login_of(credentials: dict[str, Any]) -> str:
    return str(credentials.get("email", credentials.get("username", ""))).strip().lower()


def known_browser(request: HttpRequest) -> dict[str, Any]:
    """The signed cookie's contents, {"nonce": str, "users": [pk, ...]}, or an empty dict."""
    raw = request.COOKIES.get(COOKIE)
    if not raw:
        return {}
    try:
        value = signing.loads(raw, salt=SALT, max_age=MAX_AGE)
    except signing.BadSignature:
        return {}
    if not isinstance(value, dict) or not isinstance(value.get("users"), list):
        return {}
    return value


def account_pks(login: str) -> set[int]:
    """The accounts a login names (an address of theirs, verified or not, as allauth's backend reads it)."""
    if not login:
        return set()
    return {user.pk for user in filter_users_by_email(login)}


def proven_for(request: HttpRequest, login: str) -> str | None:
    """This browser's nonce when it has signed in to the account `login` names before, else None."""
    known = known_browser(request)
    if not known:
        return None
    if account_pks(login) & set(known["users"]):
        return str(known.get("nonce", ""))
    return None


def pair_key(request: HttpRequest, login: str, nonce: str | None) -> str:
    """The per account and client key: the known browser, else the client's address."""
    client = f"browser:{nonce}" if nonce else f"ip:{ratelimit.get_ip(request)}"
    return f"{login}|{client}"


def account_key(login: str) -> str:
    return hashlib.sha256(login.encode()).hexdigest()


def spend_account_guess(request: HttpRequest, login: str) -> ratelimit.RateLimitUsage | None:
    """Count one guess at the account from a client that has not proven itself; None when over."""
    return ratelimit.consume(request, app="allauth.account", action=ACCOUNT_ACTION, key=account_key(login))


def remember_browser(request: HttpRequest, response: HttpResponseBase, user_pk: int) -> None:
    """Mark this browser as known for the account that has just signed in."""
    known = known_browser(request)
    nonce = str(known.get("nonce") or secrets.token_urlsafe(16))
    users = [user_pk] + [pk for pk in known.get("users", []) if pk != user_pk]
    value = signing.dumps({"nonce": nonce, "users": users[:MAX_ACCOUNTS]}, salt=SALT)
    response.set_cookie(COOKIE, value, max_age=MAX_AGE, httponly=True, samesite="Lax",
                        secure=settings.SESSION_COOKIE_SECURE)

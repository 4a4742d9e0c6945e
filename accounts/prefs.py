"""A signed-in user's time zone and display name, cached per user so a page view does not read the profile;
with them what games.fast_page needs to serve a cached page without loading the user: whether the account
is active, its session auth hash (changes with the password) and whether the user is a moderator.

The entry is dropped whenever the user or their profile is saved (accounts.signals), so an edit shows at once:
in every process, as the cache is shared (Redis, or files for the embedded default: metaltalon/settings.py).
"""

from __future__ import annotations

from dataclasses import dataclass

from django.core.cache import cache
from django.db import transaction
from django.http import HttpRequest

from accounts.models import User

PREFS_SECONDS = 3600
PREFS_VERSION = 2


@dataclass(frozen=True)
class Prefs:
    time_zone: str
    display_name: str
    active: bool = True
    session_hash: str = ""
    moderator: bool = False


def prefs_key(user_id: object) -> str:
    return f"prefs:{PREFS_VERSION}:{user_id}"


def prefs_for(user_id: object) -> Prefs | None:
    """The user's preferences (one query on a cache miss); None for a user that no longer exists."""
    key = prefs_key(user_id)
    cached = cache.get(key)
    if isinstance(cached, Prefs):
        return cached
    user = User.objects.filter(pk=user_id).select_related("profile").first()
    if user is None:
        return None
    profile = getattr(user, "profile", None)
    from games.moderators import is_moderator

    prefs = Prefs(time_zone=profile.time_zone if profile is not None else "", display_name=user.display_name,
                  active=user.is_active, session_hash=user.get_session_auth_hash(),
                  moderator=is_moderator(user))
    cache.set(key, prefs, PREFS_SECONDS)
    return prefs


def request_prefs(request: HttpRequest, user_id: object) -> Prefs | None:
    """prefs_for, read once per request (the time-zone middleware and the page cache both need them)."""
    memo: dict[str, Prefs | None] = request.__dict__.setdefault("_user_prefs", {})
    uid = str(user_id)  # the session holds the id as text, the user object as a number
    if uid not in memo:
        memo[uid] = prefs_for(user_id)
    return memo[uid]


def forget_prefs(user_id: object) -> None:
    """Drop the entry now and again once the transaction commits: a request that read the profile in
    between saw the old row and may have cached it."""
    key = prefs_key(user_id)
    cache.delete(key)
    transaction.on_commit(lambda: cache.delete(key))


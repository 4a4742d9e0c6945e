"""Who may keep a push connection open: the same answers the game page gives, asked again every
TICKET_SECONDS (games/pulse.py) while the connection lasts, as the pulse's ticket is renewed: a game made
private, a session ended by a password change or a sign-out elsewhere, an account closed."""

from __future__ import annotations

import time
from importlib import import_module
from typing import Any

from django.conf import settings
from django.contrib.auth import HASH_SESSION_KEY, SESSION_KEY, get_user_model
from django.core import signing
from django.utils.crypto import constant_time_compare

from games.models import Game
from games.queries import can_view


def may_view(game_id: int, user: Any) -> bool:
    """Whether `user` (None for a visitor) may see the game, as the game page decides (games.queries)."""
    game = Game.objects.filter(pk=game_id).first()
    return game is not None and can_view(game, user)


def ticket_age(ticket: str) -> float:
    """Seconds since a ticket pulse.ticket_ok accepted was signed ("<game>.<reader>:<time>:<signature>",
    django.core.signing.TimestampSigner)."""
    return max(0.0, time.time() - signing.b62_decode(ticket.rsplit(":", 2)[-2]))


def still_signed_in(session_key: str | None, user_id: int) -> bool:
    """Whether the session still names the user, as django.contrib.auth.get_user checks it: the session
    still exists, its user is the same and active, and its password hash is the user's current one."""
    return signed_in_user(session_key, user_id) is not None


def signed_in_user(session_key: str | None, user_id: int) -> Any:
    """The user the session still names, read afresh (still_signed_in's checks), or None. A command over
    the connection is played as this user, as the form's POST plays as the user its request loads: the
    user the connection loaded when it opened may have been suspended or signed out since."""
    if not session_key:
        return None
    session = import_module(settings.SESSION_ENGINE).SessionStore(session_key)
    if str(session.get(SESSION_KEY)) != str(user_id):
        return None
    user = get_user_model().objects.filter(pk=user_id, is_active=True).first()
    if user is None or not constant_time_compare(str(session.get(HASH_SESSION_KEY, "")),
                                                 user.get_session_auth_hash()):
        return None
    return user

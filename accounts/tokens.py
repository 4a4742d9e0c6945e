"""Personal API tokens (docs/api.md): made and revoked by their owner on the profile page, read by the
API's authentication. A token acts as its owner, through the same actions as the web and e-mail."""

from __future__ import annotations

import hashlib
import secrets
from datetime import timedelta
from typing import Any

from django.db import transaction
from django.utils import timezone

from accounts.models import ApiToken, User

PREFIX = "mt_"
MAX_TOKENS = 10  # live (not revoked) tokens per user
# Writing the last use on every request would make each API call a write: once a minute is enough to tell
# a token in use from a forgotten one.
TOUCH_EVERY = timedelta(minutes=1)


class TokenRefused(Exception):
    """Why a token cannot be made, in the owner's words."""


def _digest(secret: str) -> str:
    return hashlib.sha256(secret.encode()).hexdigest()


def issue(user: Any, name: str) -> tuple[ApiToken, str]:
    """A new token for `user`: the row and the secret, which is never shown again."""
    if "\x00" in name:  # PostgreSQL cannot store it
        raise TokenRefused("A token's name cannot hold a NUL character: name it in plain words.")
    name = " ".join(name.split())[:60]
    if not name:
        raise TokenRefused("Name the token, so you can tell it from others later (say, the script's name).")
    with transaction.atomic():
        # The owner's row, locked before counting: locking the tokens themselves would let requests made
        # at once each count the same rows (none are new to them yet) and all pass the cap.
        User.objects.select_for_update().get(pk=user.pk)
        if ApiToken.objects.filter(user=user, revoked_at=None).count() >= MAX_TOKENS:
            raise TokenRefused(f"You have {MAX_TOKENS} tokens already: revoke one you no longer use first.")
        secret = PREFIX + secrets.token_urlsafe(30)
        token = ApiToken.objects.create(user=user, name=name, digest=_digest(secret),
                                        prefix=secret[:len(PREFIX) + 4])
    return token, secret


def revoke(user: Any, token_id: int) -> bool:
    """Revoke one of the user's own tokens; False when they have no such live token."""
    return bool(ApiToken.objects.filter(pk=token_id, user=user, revoked_at=None)
                .update(revoked_at=timezone.now()))


def user_for(secret: str) -> Any:
    """The active user a live token belongs to, or None."""
    if not secret.startswith(PREFIX) or len(secret) > 100:
        return None
    token = (ApiToken.objects.select_related("user__profile")
             .filter(digest=_digest(secret), revoked_at=None, user__is_active=True).first())
    if token is None:
        return None
    now = timezone.now()
    if token.last_used_at is None or now - token.last_used_at > TOUCH_EVERY:
        ApiToken.objects.filter(pk=token.pk).update(last_used_at=now)
    return token.user

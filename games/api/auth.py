"""Who calls the API: a personal token (accounts/tokens.py) in `Authorization: Bearer`, counted against
the owner's rate limit before anything else happens."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.http import HttpRequest
from ninja.security import HttpBearer

from accounts.tokens import user_for
from games import rates


class RateLimited(Exception):
    def __init__(self, retry_after: int) -> None:
        super().__init__(retry_after)
        self.retry_after = retry_after


class TokenAuth(HttpBearer):
    def authenticate(self, request: HttpRequest, token: str) -> Any:
        user = user_for(token)
        if user is None:
            return None
        wait = rates.hit(settings.API_RATE_LIMIT, "api", str(user.pk))
        if wait:
            raise RateLimited(wait)
        request.user = user
        return user


def command_allowance(user: Any) -> int:
    """0 when the user may submit commands now, else the seconds to wait (API_COMMAND_RATE_LIMIT)."""
    return rates.hit(settings.API_COMMAND_RATE_LIMIT, "api-commands", str(user.pk))

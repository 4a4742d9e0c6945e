"""Response headers that depend on who asks."""

from __future__ import annotations

from collections.abc import Callable

from django.contrib.auth import SESSION_KEY
from django.http import HttpRequest, HttpResponse
from django.utils.cache import patch_cache_control

Handler = Callable[[HttpRequest], HttpResponse]


def private_when_signed_in(get_response: Handler) -> Handler:
    """A signed-in player's pages are theirs alone: `Cache-Control: private`, so that no shared cache (a
    proxy, a CDN) keeps one to hand to someone else. Read from the session, so a response that never
    looks at request.user (the pulse, an unchanged-game poll) does not load the user for it."""

    def middleware(request: HttpRequest) -> HttpResponse:
        response = get_response(request)
        session = getattr(request, "session", None)
        if session is not None and session.get(SESSION_KEY) is not None:
            patch_cache_control(response, private=True)
        return response

    return middleware

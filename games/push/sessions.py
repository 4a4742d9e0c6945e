"""The session of a push connection, read as channels' SessionMiddleware reads it, without that middleware's
wrapper around every message sent: the wrapper saves a session only with an HTTP response, yet it looked at
the session (a lazy object) before each message a page is told, an eighth of the push server's CPU for a move
told to 2,000 pages (bench/README.md, "The open seats reckoned once a move"). A push connection never writes
its session: signing in and out happen on the pages."""

from __future__ import annotations

from importlib import import_module
from typing import Any

from channels.auth import AuthMiddleware
from channels.sessions import CookieMiddleware
from django.conf import settings


class SessionRead:
    """ASGI middleware (under CookieMiddleware): the scope's session, the store for the session cookie."""

    def __init__(self, app: Any) -> None:
        self.app = app

    async def __call__(self, scope: Any, receive: Any, send: Any) -> Any:
        store = import_module(settings.SESSION_ENGINE).SessionStore
        session = store(scope["cookies"].get(settings.SESSION_COOKIE_NAME))
        return await self.app({**scope, "session": session}, receive, send)


def push_middleware(inner: Any) -> Any:
    """The cookies, the session (read only) and the user, as channels' AuthMiddlewareStack gives them."""
    return CookieMiddleware(SessionRead(AuthMiddleware(inner)))

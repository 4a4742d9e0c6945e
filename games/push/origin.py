"""Which pages may open a push connection: those of this site's own origin, by the rule Django's CSRF check
applies to the Origin of a form's POST (django.middleware.csrf.CsrfViewMiddleware). A command goes over the
connection without the form's CSRF token, so the Origin is all that stands between another page and the
reader's cookies; ALLOWED_HOSTS alone (channels' AllowedHostsOriginValidator) names host names only, and
would let in a page of any scheme and any port of them, or of every subdomain of a ".example.org" entry,
whose form POSTs the CSRF check refuses.

Allowed: an Origin that is the handshake's own (its scheme and Host, the host one of ALLOWED_HOSTS: the page
and the push served by the same site, through the proxy or by `make run`), or one of CSRF_TRUSTED_ORIGINS
(SITE_URL's: the page of a site whose push server listens apart, PUSH_URL)."""

from __future__ import annotations

from typing import Any
from urllib.parse import urlsplit

from channels.security.websocket import WebsocketDenier
from django.conf import settings
from django.http.request import split_domain_port, validate_host
from django.middleware.csrf import CsrfViewMiddleware
from django.utils.http import is_same_domain


def _header(scope: dict[str, Any], name: bytes) -> str | None:
    for key, value in scope.get("headers", []):
        if key == name:
            return value.decode("latin1")
    return None


def _secure(scope: dict[str, Any]) -> bool:
    """As HttpRequest.is_secure: the scheme, or behind a proxy the header SECURE_PROXY_SSL_HEADER names."""
    proxy = getattr(settings, "SECURE_PROXY_SSL_HEADER", None)
    if proxy:
        header, secure_value = proxy
        name = header.removeprefix("HTTP_").replace("_", "-").lower().encode("latin1")
        value = _header(scope, name)
        if value is not None:
            return value.split(",", 1)[0].strip() == secure_value
    return scope.get("scheme") in ("wss", "https")


def origin_allowed(scope: dict[str, Any]) -> bool:
    origin = _header(scope, b"origin")
    if not origin or origin == "null":
        return False
    host = _header(scope, b"host") or ""
    domain, _ = split_domain_port(host)
    if domain and validate_host(domain, settings.ALLOWED_HOSTS) and (
            origin == f"{'https' if _secure(scope) else 'http'}://{host}"):
        return True
    # CSRF_TRUSTED_ORIGINS read as the CSRF check reads them (exact, or "*." subdomains per scheme).
    trusted = CsrfViewMiddleware(lambda request: None)  # only its reading of CSRF_TRUSTED_ORIGINS
    if origin in trusted.allowed_origins_exact:
        return True
    try:
        parsed = urlsplit(origin)
        netloc = parsed.netloc.lower()
    except ValueError:
        return False
    return any(is_same_domain(netloc, pattern)
               for pattern in trusted.allowed_origin_subdomains.get(parsed.scheme, ()))


class SiteOriginValidator:
    """ASGI middleware: a WebSocket handshake from another origin is refused before anything reads it."""

    def __init__(self, application: Any) -> None:
        self.application = application

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> Any:
        if scope["type"] == "websocket" and not origin_allowed(scope):
            return await WebsocketDenier()(scope, receive, send)
        return await self.application(scope, receive, send)

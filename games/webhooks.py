"""Sending the webhooks' POSTs (docs/api.md, "Webhooks"): the body for each format, its signature, and one
attempt at delivering it. A URL whose host is a private, loopback or link-local address is refused unless
WEBHOOK_ALLOW_PRIVATE is set (tests, a site on a private network): players give the URLs, and the site
must not become their way into its own network. Redirects are not followed, for the same reason."""

from __future__ import annotations

import hashlib
import hmac
import ipaddress
import json
import socket
import time
import urllib.error
import urllib.request
from typing import Any
from urllib.parse import urlsplit

from django.conf import settings

from games.kinds import get_kind
from games.models import Game, Webhook

TIMEOUT_SECONDS = 5
SIGNATURE = "X-MetalTalon-Signature"
TIMESTAMP = "X-MetalTalon-Timestamp"


class NotSent(Exception):
    """The attempt failed; `final`: retrying cannot help (the URL is refused)."""

    def __init__(self, message: str, final: bool = False) -> None:
        super().__init__(message)
        self.final = final


def payload(hook: Webhook, game: Game, turn: int) -> dict[str, Any]:
    site = settings.SITE_URL.rstrip("/")
    title = get_kind(game.kind).title
    url = f"{site}{game.get_absolute_url()}"
    if hook.format == Webhook.Format.DISCORD:
        return {"content": f"Your turn in {title} game {game.pk} ({game.options_text}): {url}",
                "username": "MetalTalon", "allowed_mentions": {"parse": []}}
    return {"event": "your_turn", "game": game.pk, "kind": game.kind, "title": title, "turn": turn,
            "player": hook.user_id, "url": url, "api": f"{site}/api/games/{game.pk}"}


def signature(secret: str, timestamp: str, body: bytes) -> str:
    """HMAC-SHA256 over "<timestamp>.<body>", so a captured request cannot be replayed later as new."""
    mac = hmac.new(secret.encode(), timestamp.encode() + b"." + body, hashlib.sha256)
    return "sha256=" + mac.hexdigest()


def check_destination(url: str) -> None:
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise NotSent("the URL is not an http(s) address", final=True)
    if settings.WEBHOOK_ALLOW_PRIVATE:
        return
    try:
        addresses = {info[4][0] for info in socket.getaddrinfo(parts.hostname, parts.port or 443)}
    except OSError as exc:
        raise NotSent(f"the host does not resolve ({exc.strerror or exc})") from None
    for address in addresses:
        ip = ipaddress.ip_address(address.split("%", 1)[0])
        if not ip.is_global:
            raise NotSent(f"the host is a private address ({ip}): refused", final=True)


class _NoRedirects(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args: Any, **kwargs: Any) -> None:
        return None


_opener = urllib.request.build_opener(_NoRedirects)


def post(hook: Webhook, body: dict[str, Any], delivery_id: int) -> int:
    """One POST; the status code when it is 2xx, else NotSent."""
    check_destination(hook.url)
    data = json.dumps(body, separators=(",", ":")).encode()
    stamp = str(int(time.time()))
    request = urllib.request.Request(hook.url, data=data, method="POST", headers={
        "Content-Type": "application/json", "User-Agent": "MetalTalon-webhook/1",
        SIGNATURE: signature(hook.secret, stamp, data), TIMESTAMP: stamp,
        "X-MetalTalon-Delivery": str(delivery_id)})
    try:
        with _opener.open(request, timeout=TIMEOUT_SECONDS) as response:
            return int(response.status)
    except urllib.error.HTTPError as exc:
        raise NotSent(f"HTTP {exc.code}") from None
    except (urllib.error.URLError, OSError) as exc:
        reason = getattr(exc, "reason", exc)
        raise NotSent(f"no answer ({reason})"[:200]) from None

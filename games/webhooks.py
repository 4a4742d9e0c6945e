"""Sending the webhooks' POSTs (docs/api.md, "Webhooks"): the body for each format, its signature, and one
attempt at delivering it. A URL whose host resolves to any address that is not global (by Python's
ipaddress, looking through the IPv6 forms that carry an IPv4 address) is refused unless
WEBHOOK_ALLOW_PRIVATE is set (tests, a site on a private network): players give the URLs, and the site
must not become their way into its own network. The POST goes to the address that was checked, and
redirects are not followed, for the same reason. What the network answered is for the operator's log and
the delivery's row, never for the player's page: it would map the network for them."""

from __future__ import annotations

import hashlib
import hmac
import http.client
import ipaddress
import json
import socket
import ssl
import time
from datetime import datetime
from typing import Any
from urllib.parse import urlsplit

from django.conf import settings

from games.kinds import get_kind
from games.kinds.protocol import Prompt
from games.models import Game, Webhook

TIMEOUT_SECONDS = 5
SIGNATURE = "X-MetalTalon-Signature"
TIMESTAMP = "X-MetalTalon-Timestamp"


class NotSent(Exception):
    """The attempt failed; `final`: retrying cannot help (the URL is refused)."""

    def __init__(self, message: str, final: bool = False) -> None:
        super().__init__(message)
        self.final = final


def payload(hook: Webhook, game: Game, turn: int, prompt: Prompt,
            due: datetime | None = None) -> dict[str, Any]:
    """What a hook is told: the game, and what its player is asked there (the question as the kind words
    it for them: it names nothing hidden from that player)."""
    site = settings.SITE_URL.rstrip("/")
    title = get_kind(game.kind).title
    url = f"{site}{game.get_absolute_url()}"
    if hook.format == Webhook.Format.DISCORD:
        what = "Your turn" if prompt.own_turn else f"A question for you ({prompt.text})"
        return {"content": f"{what} in {title} game {game.pk} ({game.options_text}): {url}",
                "username": "MetalTalon", "allowed_mentions": {"parse": []}}
    return {"event": "your_turn" if prompt.own_turn else "question", "game": game.pk, "kind": game.kind,
            "title": title, "turn": turn, "prompt": prompt.key, "question": prompt.text,
            "own_turn": prompt.own_turn, "default": prompt.default,
            "due": due.isoformat() if due is not None else None, "player": hook.user_id, "url": url,
            "api": f"{site}/api/games/{game.pk}"}


def signature(secret: str, timestamp: str, body: bytes) -> str:
    """HMAC-SHA256 over "<timestamp>.<body>", so a captured request cannot be replayed later as new."""
    mac = hmac.new(secret.encode(), timestamp.encode() + b"." + body, hashlib.sha256)
    return "sha256=" + mac.hexdigest()


def check_destination(url: str) -> tuple[str, str, int, str]:
    """(scheme, host, port, address to connect to) for a URL the site may post to. The address is the one
    checked: the POST connects to it rather than looking the name up again, so a name that answers with a
    public address for the check and a private one for the POST (DNS rebinding) reaches nothing."""
    try:
        parts = urlsplit(url)
        port = parts.port or (443 if parts.scheme == "https" else 80)
    except ValueError:
        raise NotSent("the URL is not a valid address", final=True) from None
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise NotSent("the URL is not an http(s) address", final=True)
    if not settings.WEBHOOK_ALLOW_PRIVATE and port not in (80, 443):
        raise NotSent("the URL's port is not 80 or 443", final=True)
    try:
        infos = socket.getaddrinfo(parts.hostname, port, type=socket.SOCK_STREAM)
    except (OSError, UnicodeError) as exc:
        raise NotSent(f"the host does not resolve ({getattr(exc, 'strerror', None) or exc})") from None
    addresses = [str(info[4][0]) for info in infos]
    if not settings.WEBHOOK_ALLOW_PRIVATE:
        for address in addresses:
            if not public(ipaddress.ip_address(address.split("%", 1)[0])):
                # Not the address itself: the refusal is shown to the player, who may not learn what a name
                # resolves to inside the site's network.
                raise NotSent("its host is not a public address", final=True)
    return parts.scheme, parts.hostname, port, addresses[0]


Address = ipaddress.IPv4Address | ipaddress.IPv6Address
# IPv6 prefixes whose last 32 bits are an IPv4 address a gateway may reach: IPv4-compatible (deprecated,
# still routed by some stacks), SIIT's IPv4-translated, and NAT64's well-known prefix.
CARRY_IPV4 = tuple(ipaddress.ip_network(n) for n in ("::/96", "::ffff:0:0:0/96", "64:ff9b::/96"))


def _embedded_ipv4(ip: ipaddress.IPv6Address) -> ipaddress.IPv4Address | None:
    if ip.ipv4_mapped is not None:
        return ip.ipv4_mapped
    if ip.sixtofour is not None:
        return ip.sixtofour
    if any(ip in network for network in CARRY_IPV4):
        return ipaddress.IPv4Address(int(ip) & 0xFFFFFFFF)
    return None


def public(ip: Address) -> bool:
    """Global by ipaddress (so not private, loopback, link- or site-local, reserved, shared...), not
    multicast, and so is any IPv4 address the IPv6 one carries."""
    if not ip.is_global or ip.is_multicast:
        return False
    if isinstance(ip, ipaddress.IPv6Address):
        # ipaddress counts fec0::/10, deprecated site-local, as global.
        if ip.is_site_local:
            return False
        inner = _embedded_ipv4(ip)
        if inner is not None:
            return public(inner)
    return True


class _Pinned(http.client.HTTPConnection):
    """HTTP to the checked address; the Host header still names the host."""

    def __init__(self, host: str, port: int, address: str, timeout: float) -> None:
        super().__init__(host, port, timeout=timeout)
        self.address = address

    def connect(self) -> None:
        self.sock = socket.create_connection((self.address, self.port), self.timeout)


class _PinnedTLS(http.client.HTTPSConnection):
    """HTTPS to the checked address, the certificate still checked against the host's name."""

    def __init__(self, host: str, port: int, address: str, timeout: float) -> None:
        super().__init__(host, port, timeout=timeout, context=ssl.create_default_context())
        self.address = address

    def connect(self) -> None:
        sock = socket.create_connection((self.address, self.port), self.timeout)
        self.sock = self._context.wrap_socket(sock, server_hostname=self.host)  # type: ignore[attr-defined]


def post(hook: Webhook, body: dict[str, Any], delivery_id: int) -> int:
    """One POST; the status code when it is 2xx, else NotSent. A redirect is an answer like any other (not
    followed). Each network step waits at most TIMEOUT_SECONDS; the caller's claim outlasts a slow one."""
    scheme, host, port, address = check_destination(hook.url)
    parts = urlsplit(hook.url)
    path = (parts.path or "/") + (f"?{parts.query}" if parts.query else "")
    data = json.dumps(body, separators=(",", ":")).encode()
    stamp = str(int(time.time()))
    kind = _PinnedTLS if scheme == "https" else _Pinned
    connection = kind(host, port, address, TIMEOUT_SECONDS)
    try:
        connection.request("POST", path, body=data, headers={
            "Content-Type": "application/json", "User-Agent": "MetalTalon-webhook/1",
            SIGNATURE: signature(hook.secret, stamp, data), TIMESTAMP: stamp,
            "X-MetalTalon-Delivery": str(delivery_id)})
        status = connection.getresponse().status
    except (OSError, http.client.HTTPException, ValueError) as exc:
        raise NotSent(f"no answer ({exc})"[:200]) from None
    finally:
        connection.close()
    if not 200 <= status < 300:
        raise NotSent(f"HTTP {status}")
    return status

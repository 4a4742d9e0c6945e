"""The addresses and headers that tie a mail to its seat, its game's thread and its recipient's opt-out
(docs/architecture.md, Notices).

A reply goes to `play+<seat id>.<mac>@MAIL_DOMAIN`: the MAC is an HMAC of the seat id under a key derived
from SECRET_KEY, so the address names its seat without a lookup and cannot be made up for another seat.
The inbound side (games/mail/inbound.py) reads it back with `seat_from_address`.
"""

from __future__ import annotations

import hmac
import re
from email.utils import make_msgid, parseaddr

from django.conf import settings
from django.utils.crypto import salted_hmac

from games.mail.unsubscribe import unsubscribe_url
from games.models import Game, Seat

# 20 hex digits = 80 bits: far past guessing by mail, short enough for a local part (64 characters at most).
MAC_LENGTH = 20
_SEAT_SALT = "games.mail.addresses.seat"
# Lower case only: some servers fold the local part's case, and the MAC is compared as lower-case hex.
_LOCAL = re.compile(rf"play\+(?P<seat>[1-9][0-9]{{0,18}})\.(?P<mac>[0-9a-f]{{{MAC_LENGTH}}})")


def _seat_mac(seat_id: int) -> str:
    return salted_hmac(_SEAT_SALT, str(seat_id), algorithm="sha256").hexdigest()[:MAC_LENGTH]


def seat_address(seat: Seat) -> str:
    """The Reply-To of every mail to this seat's player."""
    return f"play+{seat.pk}.{_seat_mac(seat.pk)}@{settings.MAIL_DOMAIN}"


def seat_from_address(address: str) -> int | None:
    """The seat id an address was made for, or None for anything forged, altered or malformed. Accepts a
    bare address or a header value with a display name."""
    _, bare = parseaddr(address)
    local, at, domain = bare.lower().rpartition("@")
    if not at or domain != settings.MAIL_DOMAIN.lower():
        return None
    match = _LOCAL.fullmatch(local)
    if match is None:
        return None
    seat_id = int(match["seat"])
    # Constant time: a timing difference must not let a forger find the MAC a digit at a time.
    if not hmac.compare_digest(match["mac"], _seat_mac(seat_id)):
        return None
    return seat_id


# === Threading: every mail of a game to one player answers one root that is never sent ===


def thread_root(game: Game, user_id: int) -> str:
    """The stable Message-ID all of this player's mails of the game refer to, so clients thread them."""
    return f"<game-{game.pk}.{user_id}@{settings.MAIL_DOMAIN}>"


def new_message_id(prompt: str | None = None) -> str:
    """Our own domain, not the machine's name (Django's default): it says who sent it and leaks no host.
    A mail that shows a position carries the key of what it asks the seat (".t14", ".t7-a1"; ".t-" when
    it asks nothing), so a reply to it can be told from a reply to an older question's mail
    (`prompt_replied_to`). MetalTalon's keys are its turn numbers, as the ".t14" of mails sent before."""
    return make_msgid(idstring=None if prompt is None else f"t{prompt}", domain=settings.MAIL_DOMAIN)


def prompt_replied_to(references: str) -> str | None:
    """The prompt key of the newest mail of ours that a reply answers (its In-Reply-To, else the last of
    its References), or None when it answers none that carries one."""
    ids = re.findall(r"<([^<>@\s]+)@([^<>\s]+)>", references)
    for local, domain in reversed(ids):
        if domain.lower() != settings.MAIL_DOMAIN.lower():
            continue
        match = re.search(r"\.t([A-Za-z0-9][A-Za-z0-9-]{0,39}|-)$", local)
        if match:
            return match[1]
    return None


def user_headers(user_id: int) -> dict[str, str]:
    """The headers of a notice about no one game (the daily digest): its own Message-ID, no thread, the
    one-click opt-out."""
    return {"Message-ID": new_message_id(None), "List-Unsubscribe": f"<{unsubscribe_url(user_id)}>",
            "List-Unsubscribe-Post": "List-Unsubscribe=One-Click", "Auto-Submitted": "auto-generated"}


def notice_headers(game: Game, user_id: int, *, prompt: str | None = None,
                   answering: str = "") -> dict[str, str]:
    """The headers every notice carries besides Reply-To: its own Message-ID (with the prompt it shows,
    if any) threaded under the game's root (and under the player's mail it answers, if any), and the
    one-click opt-out (RFC 8058: the POST to the link is the whole act)."""
    root = thread_root(game, user_id)
    return {
        "Message-ID": new_message_id(prompt),
        "In-Reply-To": answering or root,
        "References": f"{root} {answering}" if answering else root,
        "List-Unsubscribe": f"<{unsubscribe_url(user_id)}>",
        "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
        # Sent by a program: well-behaved auto-responders (RFC 3834) do not answer it.
        "Auto-Submitted": "auto-generated",
    }

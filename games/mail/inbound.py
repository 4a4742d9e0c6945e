"""One way in for every mailed reply, whichever door it came through (docs/architecture.md, "Playing by
e-mail"): `receive_mail(raw bytes)` behind anymail's inbound webhook (games/views/inbound.py), the
SMTP/LMTP listener (`manage.py mailserver`) and the MTA pipe (`manage.py receive_mail`).

It trusts nothing in the mail until checked, in this order, each failure changing nothing:
1. automatic mail (auto-replies, bounces, lists): dropped unanswered, so two robots never talk forever;
2. the signed seat address (games/mail/addresses.py): anything forged or altered is dropped;
3. the sender: one of the seat's player's verified addresses, else dropped (answering a stranger would
   make the site a mail cannon and tell them the address is live);
4. the receiving server's Authentication-Results, where configured: SPF or DKIM must pass;
5. a rate limit per sender address.
Only then is the mail answered, even when it is refused (too big, no text, game over), and its commands
played by games.actions.mail as the seat's player.
"""

from __future__ import annotations

import email.policy
import functools
import hashlib
import logging
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from email.message import EmailMessage
from email.parser import BytesParser
from email.utils import getaddresses, parseaddr
from typing import Any

import authres
import limits
import limits.storage
from allauth.account.models import EmailAddress
from django.conf import settings

from games.actions.mail import UNDO, Mailed, play_mail
from games.kinds import Kind, get_kind
from games.mail.addresses import seat_from_address, turn_replied_to
from games.mail.replies import written_text
from games.models import Seat

logger = logging.getLogger(__name__)

# Words a reply may hold besides the kind's commands: `help` and `board` ask, `undo` is played in order.
ASKS = ("help", "board")
# More lines than any turn needs: a reply that goes on is not read past this.
MAX_LINES = 60


@dataclass(frozen=True)
class Received:
    """What became of a mail: "played", "refused", "nothing", "rejected" (each answered), "duplicate"
    (already received) or "dropped" (not answered; `reason` says why, for the log and the SMTP door)."""

    status: str
    reason: str = ""
    inbound_id: int | None = None


def receive_mail(raw: bytes, *, recipients: Sequence[str] = (), envelope_from: str | None = None) -> Received:
    """Read one mail as delivered (`raw`), with the envelope's recipients and sender when the door knows
    them (an MTA's RCPT TO names the seat address even when the headers do not, e.g. a Bcc)."""
    oversized = len(raw) > settings.MAIL_MAX_BYTES
    # An oversized mail is read no further than its headers: enough to answer its sender.
    message = BytesParser(policy=email.policy.default).parsebytes(raw, headersonly=oversized)
    assert isinstance(message, EmailMessage)
    why = _automatic(message, envelope_from)
    if why:
        return _dropped(why)
    seat = _seat(message, recipients)
    if seat is None:
        return _dropped("no seat address of ours, or a forged one")
    sender = parseaddr(str(message.get("From", "")))[1]
    if not _players_address(seat, sender):
        return _dropped(f"{sender or 'no sender'} is not the player of seat {seat.pk}")
    if not _authenticated(message):
        return _dropped("the receiving server's SPF and DKIM checks did not pass")
    if not _within_rate(sender):
        return _dropped(f"{sender} sent more than {settings.MAIL_RATE_LIMIT}")
    mailed = _read(message, raw, get_kind(seat.game.kind), oversized)
    row = play_mail(seat, mailed)
    if row is None:
        return Received("duplicate", "this Message-ID was received before")
    return Received(row.outcome, inbound_id=row.pk)


def _dropped(reason: str) -> Received:
    logger.info("inbound mail dropped: %s", reason)
    return Received("dropped", reason)


# === 1. Robots ===


def _automatic(message: EmailMessage, envelope_from: str | None) -> str:
    """Why the mail is automatic (RFC 3834 and the older conventions), or "" for a person's mail."""
    if envelope_from is not None and envelope_from.strip("<> ") == "":
        return "empty envelope sender (a bounce)"
    return_path = message.get("Return-Path")
    if return_path is not None and str(return_path).strip("<> ") == "":
        return "empty Return-Path (a bounce)"
    auto = str(message.get("Auto-Submitted", "no")).split(";")[0].strip().lower()
    if auto != "no":
        return f"Auto-Submitted: {auto}"
    if str(message.get("Precedence", "")).strip().lower() in {"bulk", "junk", "list", "auto_reply"}:
        return "Precedence: " + str(message["Precedence"]).strip()
    for header in ("X-Autoreply", "X-Autorespond", "X-Auto-Reply", "List-Id"):
        if message.get(header) is not None:
            return f"{header} header"
    if message.get_content_type() == "multipart/report":
        return "a delivery or read report"
    sender = parseaddr(str(message.get("From", "")))[1].lower()
    if not sender:
        return "no sender"
    if sender.split("@")[0] in {"mailer-daemon", "postmaster"}:
        return f"from {sender}"
    return ""


# === 2 and 3. The seat and its player ===


def _candidates(message: EmailMessage, recipients: Sequence[str]) -> Iterable[str]:
    yield from recipients
    for header in ("Delivered-To", "X-Original-To", "To", "Cc"):
        for _, address in getaddresses([str(v) for v in message.get_all(header, [])]):
            yield address


def _seat(message: EmailMessage, recipients: Sequence[str]) -> Seat | None:
    for address in _candidates(message, recipients):
        seat_id = seat_from_address(address)
        if seat_id is not None:
            return (Seat.objects.select_related("game", "user")
                    .filter(pk=seat_id, user__isnull=False, user__is_active=True).first())
    return None


def _players_address(seat: Seat, sender: str) -> bool:
    return bool(sender) and EmailAddress.objects.filter(user_id=seat.user_id, email__iexact=sender,
                                                        verified=True).exists()


# === 4. What the receiving server found ===


def _authenticated(message: EmailMessage) -> bool:
    mode = settings.MAIL_AUTH_RESULTS
    if mode == "off":
        return True
    results = _our_auth_results(message)
    if results is None:
        return mode != "required"
    return any(r.method in {"spf", "dkim"} and r.result == "pass" for r in results)


def _our_auth_results(message: EmailMessage) -> list[Any] | None:
    """The results in the Authentication-Results our own server added: the one naming MAIL_AUTHSERV_ID,
    or else the topmost (servers prepend, so any below it may come from the sender). None when there is
    none; no results when it cannot be read (it then proves nothing)."""
    values = [str(v) for v in message.get_all("Authentication-Results", [])]
    wanted = settings.MAIL_AUTHSERV_ID.lower()
    for value in values if wanted else values[:1]:
        try:
            header = authres.AuthenticationResultsHeader.parse_value(value)
        except authres.AuthResError:
            return []
        if not wanted or str(header.authserv_id).lower() == wanted:
            return list(header.results)
    return None


# === 5. Rate ===


@functools.cache
def _limiter() -> limits.strategies.MovingWindowRateLimiter:
    # Redis when the site has it, so every web process and listener counts together; else this process.
    url = settings.REDIS_URL or "memory://"
    return limits.strategies.MovingWindowRateLimiter(limits.storage.storage_from_string(url))


def _within_rate(sender: str) -> bool:
    limiter = _limiter()
    return all(limiter.hit(rate, "inbound-mail", sender.lower())
               for rate in limits.parse_many(settings.MAIL_RATE_LIMIT))


def reset_rate_limits() -> None:
    """Forget every count (tests, and an operator after a flood)."""
    _limiter().storage.reset()


# === Reading the commands ===


def _read(message: EmailMessage, raw: bytes, kind: Kind, oversized: bool) -> Mailed:
    message_id = str(message.get("Message-ID", "")).strip()
    # Without a Message-ID, the same bytes delivered twice are still the same mail.
    key = hashlib.sha256(message_id.encode() if message_id else raw).hexdigest()
    answered = str(message.get("In-Reply-To", "")) or str(message.get("References", ""))
    base = {"key": key, "message_id": message_id, "size": len(raw), "turn": turn_replied_to(answered),
            "sender": parseaddr(str(message.get("From", "")))[1],
            "subject": " ".join(str(message.get("Subject", "")).split())[:200]}
    if oversized:
        limit = settings.MAIL_MAX_BYTES // 1_000_000 or 1
        return Mailed(**base, rejected=f"Your mail is {len(raw) / 1e6:.1f} MB; replies of at most "
                                       f"{limit} MB are read. Send the commands alone, without attachments.")
    text = written_text(message)
    if not text.strip():
        return Mailed(**base, rejected="No commands found: write them as plain text at the top of your "
                                       "reply, one per line (or separated by ;), or write help.")
    commands, asked, ignored = read_commands(text, kind)
    return Mailed(**base, commands=commands, asked=asked, ignored=ignored)


def read_commands(text: str, kind: Kind) -> tuple[list[str], list[str], str]:
    """The commands of a reply's text in order, the asks (`help`, `board`), and the first line not read
    as either (people write "thanks!" or "good luck" under their commands): reading stops there."""
    commands: list[str] = []
    asked: list[str] = []
    for n, line in enumerate(text.splitlines()):
        if not line.strip():
            continue
        if n >= MAX_LINES:
            return commands, asked, line.strip()
        for part in (p.strip() for p in line.split(";")):
            if not part:
                continue
            word = part.lower()
            if word in ASKS:
                asked.append(word)
            elif word == UNDO or kind.is_command(part):
                commands.append(part)
            else:
                return commands, asked, part
    return commands, asked, ""

"""One way in for every mailed reply, whichever door it came through (docs/architecture.md, "Playing by
e-mail"): `receive_mail(raw bytes)` behind anymail's inbound webhook (games/mail/webhook.py), the
SMTP/LMTP listener (`manage.py mailserver`) and the MTA pipe (`manage.py receive_mail`).

It trusts nothing in the mail until checked, in this order, each failure changing nothing:
1. automatic mail (auto-replies, bounces, lists): dropped unanswered, so two robots never talk forever;
2. the signed seat address (games/mail/addresses.py): anything forged or altered is dropped;
3. the sender: one of the seat's player's verified addresses, else not played (answering a stranger would
   make the site a mail cannon and tell them the address is live: only a known player's verified address
   is told why, games/mail/not_played.py, as is a known player's reply to our From address);
4. the receiving server's Authentication-Results, where configured: SPF or DKIM must pass;
5. a rate limit per sender address (past it, not played, and told when to send again, once an hour).
Only then is the mail answered, even when it is refused (too big, no text, game over), and its commands
played by games.actions.mail as the seat's player.
"""

from __future__ import annotations

import email.policy
import logging
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from email.message import EmailMessage
from email.parser import BytesParser
from email.utils import getaddresses
from typing import Any

import authres
from allauth.account.models import EmailAddress
from django.conf import settings

from games import rates
from games.actions.mail import Mailed, play_mail
from games.kinds import Kind, get_kind
from games.mail import not_played
from games.mail.addresses import prompt_replied_to, seat_from_address
from games.mail.message_ids import normal_message_id, reply_key
from games.mail.reading import read_commands
from games.mail.replies import written_text
from games.mail.site_address import is_site_address, receive_site_mail, site_player
from games.models import Seat

logger = logging.getLogger(__name__)

# No client writes a header line this long (unfolded) nor a header block this big; parsing one takes
# seconds (the email package is superlinear on them), so such a mail is dropped before it is parsed.
MAX_HEADER = 32_000
MAX_HEADERS = 256_000
# What the email package and the reply parser raise on a mail they cannot read (nesting past the recursion
# limit, broken encodings): the mail is dropped, never retried.
UNREADABLE = (RecursionError, ValueError, TypeError, LookupError)


@dataclass(frozen=True)
class Received:
    """What became of a mail: "played", "refused", "nothing", "rejected" (each answered), "unplayed" (a
    known player's mail not played, answered with how to put it right: games/mail/not_played.py),
    "duplicate" (already received) or "dropped" (not answered; `reason` says why, for the log and the
    SMTP door)."""

    status: str
    reason: str = ""
    inbound_id: int | None = None


def receive_mail(raw: bytes, *, recipients: Sequence[str] = (), envelope_from: str | None = None) -> Received:
    """Read one mail as delivered (`raw`), with the envelope's recipients and sender when the door knows
    them (an MTA's RCPT TO names the seat address even when the headers do not, e.g. a Bcc). Never raises
    for anything in the mail itself: a mail the doors were asked to retry would come back forever."""
    if _headers_too_big(raw):
        return _dropped("a header too long to be a person's mail")
    oversized = len(raw) > mail_size_limit()
    try:
        # An oversized mail is read no further than its headers: enough to answer its sender.
        message = BytesParser(policy=email.policy.default).parsebytes(raw, headersonly=oversized)
        assert isinstance(message, EmailMessage)
        why = _automatic(message, envelope_from)
        sender = _sender(message)
    except (*UNREADABLE, AssertionError) as exc:
        return _dropped(f"unreadable ({type(exc).__name__})")
    if why:
        return _dropped(why)
    seat = _seat(message, recipients)
    if seat is None and any(is_site_address(a) for a in _candidates(message, recipients)):
        return _site_mail(message, sender, oversized)
    if seat is None:
        # A known player's reply to our From address is told where replies go (games/mail/not_played.py).
        noreply = not_played.to_noreply(message, sender, len(raw)) if sender and _authenticated(
            message, sender) else ""
        if noreply:
            return _unplayed(noreply, "a reply to our From address")
        return _dropped("no seat address of ours, or a forged one")
    if not _players_address(seat, sender):
        why = f"{sender or 'no single sender'} is not the player of seat {seat.pk}"
        if sender and _authenticated(message, sender):
            return _unplayed(not_played.not_the_players(message, seat, sender, len(raw)), why)
        return _dropped(why)
    if not _authenticated(message, sender):
        return _dropped("the receiving server's SPF and DKIM checks did not pass for the sender's domain")
    wait = _rate_wait(sender)
    if wait:
        return _unplayed(not_played.over_rate(message, seat, sender, wait, len(raw)),
                         f"{sender} sent more than {settings.MAIL_RATE_LIMIT}")
    try:
        mailed = _read(message, raw, seat, sender, get_kind(seat.game.kind), oversized)
    except UNREADABLE as exc:
        return _dropped(f"unreadable ({type(exc).__name__})")
    row = play_mail(seat, mailed)
    if row is None:
        return Received("duplicate", "this Message-ID was received before")
    return Received(row.outcome, inbound_id=row.pk)


def _headers_too_big(raw: bytes) -> bool:
    end = raw.find(b"\n\n")
    crlf = raw.find(b"\r\n\r\n")
    block = raw[:min(e for e in (end, crlf, len(raw)) if e >= 0)]
    if len(block) > MAX_HEADERS:
        return True
    unfolded = block.replace(b"\r\n", b"\n").replace(b"\n ", b" ").replace(b"\n\t", b" ")
    return any(len(line) > MAX_HEADER for line in unfolded.split(b"\n"))


def _clean(text: str) -> str:
    """No NUL reaches the database (PostgreSQL refuses it in text), and no control character a log."""
    return text.replace("\x00", "")


def _unplayed(answered: str, reason: str) -> Received:
    """A known player's mail not played: "unplayed" when its answer is owed, else dropped (a stranger's,
    or one answered within the hour already)."""
    if answered == "answered":
        logger.info("inbound mail not played, answered: %s", _clean(reason)[:200])
        return Received("unplayed", reason[:200])
    return _dropped(f"{reason}{'; ' + answered if answered else ''}")


def _dropped(reason: str) -> Received:
    # Cut: a reason may quote a header, and a robot's header can be as long as it likes.
    reason = _clean(reason)[:200]
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
    sender = _sender(message).lower()
    if not sender:
        return "no single sender"
    if sender.split("@")[0] in {"mailer-daemon", "postmaster"}:
        return f"from {sender}"
    return ""


# === 2 and 3. The seat and its player ===


def _sender(message: EmailMessage) -> str:
    """The one address in From, or "" when there is none, several, or a header the parser had to guess
    at: the From a DMARC check reads must be the one that is judged here."""
    header = message.get("From")
    if header is None or getattr(header, "defects", ()):
        return ""
    addresses = getattr(header, "addresses", ())
    if len(addresses) != 1 or not addresses[0].addr_spec or "@" not in addresses[0].addr_spec:
        return ""
    return _clean(str(addresses[0].addr_spec))


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


def _site_mail(message: EmailMessage, sender: str, oversized: bool) -> Received:
    """A mail to the site's own address (games/mail/site_address.py): the same checks of its sender, then
    its commands (new, join, rematch, games, help) are done and answered."""
    user = site_player(sender)
    if user is None:
        return _dropped(f"{sender or 'no single sender'} is no player's verified address")
    if not _authenticated(message, sender):
        return _dropped("the receiving server's SPF and DKIM checks did not pass for the sender's domain")
    if _rate_wait(sender):  # past the limit the site's address answers nothing: no mail cannon
        return _dropped(f"{sender} sent more than {settings.MAIL_RATE_LIMIT}")
    try:
        too_big = oversized or _text_size(message) > settings.MAIL_MAX_BYTES
        text = "" if too_big else _clean(written_text(message))
    except UNREADABLE as exc:
        return _dropped(f"unreadable ({type(exc).__name__})")
    message_id = _clean(str(message.get("Message-ID", "")).strip())[:300]
    subject = _clean(" ".join(str(message.get("Subject", "")).split()))[:200]
    rejected = ("Your mail is too big to be read: send the commands alone, without attachments."
                if too_big else "")
    status = receive_site_mail(user, sender, message_id, subject, text, rejected)
    return Received(status, "this Message-ID was received before" if status == "duplicate" else "")


# === 4. What the receiving server found ===


def _authenticated(message: EmailMessage, sender: str) -> bool:
    mode = settings.MAIL_AUTH_RESULTS
    if mode == "off":
        return True
    results = _our_auth_results(message)
    if results is None:
        return mode != "required"
    domain = sender.rpartition("@")[2].lower()
    return any(_passes_for(result, domain) for result in results)


def _passes_for(result: Any, domain: str) -> bool:
    """A pass that vouches for the From's domain (DMARC's relaxed alignment): DMARC itself, or SPF for an
    envelope sender, or DKIM for a signing domain, of that domain or one sharing it. A pass for the
    attacker's own domain says nothing about a From naming the player's."""
    if result.result != "pass":
        return False
    method = result.method
    if method == "dmarc":
        return True
    props = {f"{p.type}.{p.name}".lower(): str(p.value).lower() for p in getattr(result, "properties", [])}
    if method == "spf":
        vouched = props.get("smtp.mailfrom", "").rpartition("@")[2] or props.get("smtp.helo", "")
    elif method == "dkim":
        vouched = props.get("header.d", "") or props.get("header.i", "").rpartition("@")[2]
    else:
        return False
    return bool(vouched) and (vouched == domain or vouched.endswith("." + domain)
                              or domain.endswith("." + vouched))


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


def _rate_wait(sender: str) -> int:
    """0 when the sender is within MAIL_RATE_LIMIT (this mail counted), else the seconds until it is."""
    return rates.hit(settings.MAIL_RATE_LIMIT, "inbound-mail", sender.lower())


def reset_rate_limits() -> None:
    """Forget every count (tests, and an operator after a flood)."""
    rates.reset()


# === Reading the commands ===


def mail_size_limit() -> int:
    """The biggest mail read: twice MAIL_MAX_BYTES. What is read is the text the player wrote, which
    MAIL_MAX_BYTES bounds; attachments are passed over, so a phone photo sent along with the commands
    (a few MB) does not keep them from being played."""
    return 2 * settings.MAIL_MAX_BYTES


def _mb(size: int) -> str:
    """A size in megabytes, as a mail client shows it: "2.5", "4" (never "0": "0.02")."""
    return f"{size / 1e6:.2g}" if size < 1e6 else f"{size / 1e6:.1f}".removesuffix(".0")


def _text_size(message: EmailMessage) -> int:
    """The size of the part read as the player's text (as sent, encoded), 0 when there is none."""
    part = message.get_body(preferencelist=("plain", "html"))
    return len(str(part.get_payload())) if part is not None else 0


def _read(message: EmailMessage, raw: bytes, seat: Seat, sender: str, kind: Kind, oversized: bool) -> Mailed:
    message_id = _clean(str(message.get("Message-ID", "")).strip())[:300]
    subject = _clean(" ".join(str(message.get("Subject", "")).split()))[:200]
    text_size = 0 if oversized else _text_size(message)
    too_long = text_size > settings.MAIL_MAX_BYTES
    text = "" if oversized or too_long else _clean(written_text(message))
    # Per seat: one mail to two of a player's seats is two replies. Without a Message-ID, what the player
    # wrote identifies it (the raw bytes differ from hop to hop).
    # A Message-ID counts in its normal form (games/mail/message_ids.py): the same id re-cased is a replay.
    identity = normal_message_id(message_id) or "\n".join([str(message.get("From", "")),
                                                            str(message.get("Date", "")), subject, text])
    key = reply_key(seat.pk, identity)
    # The newest of ours it answers: In-Reply-To, else the last of References.
    answered = f"{message.get('References', '')} {message.get('In-Reply-To', '')}"
    base = {"key": key, "message_id": message_id, "size": len(raw), "prompt": prompt_replied_to(answered),
            "sender": sender, "subject": subject}
    if oversized:
        return Mailed(**base, rejected=(
            f"Your mail is {_mb(len(raw))} MB with its attachments; replies of at most "
            f"{_mb(mail_size_limit())} MB are read. Send the commands alone, without attachments."))
    if too_long:
        return Mailed(**base, rejected=(
            f"The text of your mail is {_mb(text_size)} MB; at most {_mb(settings.MAIL_MAX_BYTES)} MB of "
            "text is read. Send the commands alone, without the quoted mails below them."))
    if not text.strip():
        return Mailed(**base, rejected="No commands found: write them as plain text at the top of your "
                                       "reply, one per line (or separated by ;), or write help.")
    read = read_commands(text, kind)
    return Mailed(**base, commands=read.commands, asked=read.asked, ignored=read.ignored[:200],
                  stop=read.stop, meant=read.meant[:200])


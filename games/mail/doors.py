"""The doors a mailed reply comes in by, each handing the mail as delivered to
games.mail.inbound.receive_mail (docs/architecture.md, "Playing by e-mail"):

- anymail's inbound webhook (games/mail/webhook.py): answers 200 for every mail it handled, dropped ones
  included; an error answers 500 and the ESP posts again later;
- the SMTP/LMTP listener (`manage.py mailserver`, `MailHandler` below): 250 for every mail handled,
  451 when something failed (the sending server tries again later), 550 for a recipient not on
  MAIL_DOMAIN (it relays nothing);
- the MTA pipe (`manage.py receive_mail < message.eml`): exit 0 for every mail handled, 75 (EX_TEMPFAIL)
  when something failed, so the MTA keeps the mail and tries again.

A dropped mail (a robot's, a forger's, a stranger's) is accepted like any other: refusing it would make the
sending server bounce it to its sender, who is likely forged (backscatter), and would tell a prober which
addresses are live. Every failure, not only the database's, asks to be tried again: the mail waits in the
sender's queue (days) while the operator reads the log, instead of being lost or bounced.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Sequence
from email.utils import parseaddr
from typing import Any

from django.conf import settings
from django.db import close_old_connections, connections

from games.mail.inbound import Received, mail_size_limit, receive_mail

logger = logging.getLogger(__name__)

# sysexits.h: what an MTA's pipe transport understands.
EX_OK = 0
EX_TEMPFAIL = 75

SMTP_ACCEPTED = "250 2.0.0 OK: message accepted"
SMTP_TRY_LATER = "451 4.3.0 Temporary failure here: please try again later"


def describe(received: Received) -> str:
    """One line for the operator's log: the outcome, and why for a dropped mail."""
    if received.reason:
        return f"{received.status}: {received.reason}"
    if received.inbound_id is not None:
        return f"{received.status} (inbound mail {received.inbound_id})"
    return received.status


def receive_in_thread(raw: bytes, recipients: Sequence[str], envelope_from: str | None) -> Received:
    """receive_mail for a door that runs it in a worker thread of a long-lived process: the thread's
    database connection is checked before (a server restart leaves it broken) and closed after, so no
    connection outlives its mail in a thread nobody else will clean up."""
    close_old_connections()
    try:
        return receive_mail(raw, recipients=recipients, envelope_from=envelope_from)
    finally:
        connections.close_all()


def on_mail_domain(address: str) -> bool:
    _, bare = parseaddr(address)
    local, at, domain = bare.rpartition("@")
    return bool(local and at) and domain.rstrip(".").lower() == settings.MAIL_DOMAIN.lower()


# === The SMTP/LMTP listener (aiosmtpd): imported only by the door that needs it ===


class MailHandler:
    """aiosmtpd handler: takes mail for MAIL_DOMAIN only and hands each message to receive_mail in a
    thread (the ORM is synchronous; the server's event loop keeps serving other connections meanwhile).

    In LMTP a message gets one reply per accepted recipient. It is read once for all of them
    (receive_mail picks the seat address among the recipients, and the same message twice would be a
    duplicate anyway), so every recipient gets the same reply."""

    def __init__(self, *, lmtp: bool = False) -> None:
        self.lmtp = lmtp

    async def handle_RCPT(self, server: Any, session: Any, envelope: Any, address: str,
                          rcpt_options: list[str]) -> str:
        if not on_mail_domain(address):
            return (f"550 5.7.1 <{address}>: relaying denied, this server takes mail for "
                    f"@{settings.MAIL_DOMAIN} only")
        envelope.rcpt_tos.append(address)
        return "250 2.1.5 OK"

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:
        recipients = list(envelope.rcpt_tos)
        try:
            received = await asyncio.to_thread(receive_in_thread, envelope.original_content, recipients,
                                               envelope.mail_from)
        except Exception:
            logger.exception("inbound mail from %s to %s failed; asked the sender to try again",
                             envelope.mail_from, recipients)
            status = SMTP_TRY_LATER
        else:
            logger.info("inbound mail from %s to %s: %s", envelope.mail_from, recipients, describe(received))
            # The same words for every handled mail: a prober learns nothing of what became of it.
            status = SMTP_ACCEPTED
        if self.lmtp:
            return "\r\n".join([status] * len(recipients))
        return status


def smtp_size_limit() -> int:
    """The listener takes every mail receive_mail reads (its text and attachments up to twice
    MAIL_MAX_BYTES); a bigger one is refused at the SMTP level, and the sender's server says why."""
    return mail_size_limit()


def start_listener(host: str, port: int, *, lmtp: bool = False) -> Any:
    """Start the listener on its own thread and event loop; returns the started aiosmtpd Controller
    (call .stop() on it). Raises if the address cannot be bound."""
    from aiosmtpd.controller import Controller
    from aiosmtpd.lmtp import LMTP
    from aiosmtpd.smtp import SMTP

    server_class = LMTP if lmtp else SMTP

    class MailController(Controller):  # type: ignore[misc]
        def factory(self) -> SMTP:
            return server_class(self.handler, **self.SMTP_kwargs)

    controller = MailController(MailHandler(lmtp=lmtp), hostname=host, port=port,
                                server_hostname=settings.MAIL_DOMAIN, ident="MetalTalon",
                                data_size_limit=smtp_size_limit())
    controller.start()
    return controller

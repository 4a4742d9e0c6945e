"""Read back the mail the file backend wrote to var/mail, for the dev-only inbox page, and write the reply
a player's mail client would send to one of them (the inbox's Answer form)."""

from __future__ import annotations

import email
import email.policy
from dataclasses import dataclass
from email.message import EmailMessage
from email.utils import formatdate, make_msgid, parseaddr
from pathlib import Path

# Django's file backend ends every message with a line of 79 dashes.
SEPARATOR = b"\n" + b"-" * 79 + b"\n"


@dataclass(frozen=True)
class StoredMail:
    file: str
    subject: str
    sender: str
    to: str
    date: str
    text: str
    reply_to: str = ""
    message_id: str = ""
    references: str = ""


def _body_text(message: EmailMessage) -> str:
    part = message.get_body(("plain", "html"))
    return part.get_content() if part is not None else ""


def read_mailbox(folder: Path, limit: int = 50) -> list[StoredMail]:
    """The newest messages first."""
    if not folder.is_dir():
        return []
    found: list[StoredMail] = []
    files = sorted(folder.glob("*.log"), key=lambda p: p.stat().st_mtime, reverse=True)
    for path in files:
        chunks = [c for c in path.read_bytes().split(SEPARATOR) if c.strip()]
        for chunk in reversed(chunks):
            message = email.message_from_bytes(chunk.lstrip(b"\n"), policy=email.policy.default)
            assert isinstance(message, EmailMessage)
            found.append(StoredMail(file=path.name, subject=str(message["Subject"] or ""),
                                    sender=str(message["From"] or ""), to=str(message["To"] or ""),
                                    date=str(message["Date"] or ""), text=_body_text(message),
                                    reply_to=str(message["Reply-To"] or ""),
                                    message_id=str(message["Message-ID"] or "").strip(),
                                    references=str(message["References"] or "").strip()))
            if len(found) >= limit:
                return found
    return found


def answer(mail: StoredMail, text: str) -> bytes:
    """The reply its recipient's mail client would send: from the mail's To, to its Reply-To, threaded
    under it, with the typed text on top and the mail quoted below."""
    reply = EmailMessage()
    reply["From"] = mail.to
    reply["To"] = mail.reply_to
    reply["Subject"] = mail.subject if mail.subject.lower().startswith("re:") else f"Re: {mail.subject}"
    reply["Date"] = formatdate(localtime=True)
    reply["Message-ID"] = make_msgid(domain=parseaddr(mail.to)[1].rpartition("@")[2] or None)
    if mail.message_id:
        reply["In-Reply-To"] = mail.message_id
        reply["References"] = f"{mail.references} {mail.message_id}".strip()
    quoted = "\n".join(f"> {line}" if line.strip() else ">" for line in mail.text.splitlines())
    typed = "\n".join(text.strip().splitlines())
    reply.set_content(f"{typed}\n\nOn {mail.date}, {mail.sender} wrote:\n{quoted}\n")
    return reply.as_bytes()

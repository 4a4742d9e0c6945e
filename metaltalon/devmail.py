"""Read back the mail the file backend wrote to var/mail, for the dev-only inbox page."""

from __future__ import annotations

import email
import email.policy
from dataclasses import dataclass
from email.message import EmailMessage
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
                                    date=str(message["Date"] or ""), text=_body_text(message)))
            if len(found) >= limit:
                return found
    return found

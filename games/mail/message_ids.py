"""The key a mailed reply is known by, so that a message delivered twice plays once (games/actions/mail.py).

A Message-ID is compared in one normal form: the id between its angle brackets, without whitespace (a
folded header, a relay that re-spaces it) and lower-cased. RFC 5322 lets the part before the @ differ by
case, but no client makes two messages whose ids differ only so, while a relay or an attacker replaying a
reply can change the case of the domain: the lower-cased form refuses that replay. The migration
games/migrations/0016_inbound_mail_normal_keys.py gave the rows stored before it their key in this form.
"""

from __future__ import annotations

import hashlib
import re

_BRACKETED = re.compile(r"<([^<>]*)>")


def normal_message_id(value: str) -> str:
    """"<Abc.1@Client.EXAMPLE>" (or the same unbracketed, spaced or folded) -> "abc.1@client.example"."""
    found = _BRACKETED.search(value)
    inner = found.group(1) if found else value
    return "".join(inner.split()).lower()


def reply_key(seat_id: int, identity: str) -> str:
    """SHA-256 of the seat and what identifies the mail: one mail to two of a player's seats is two
    replies."""
    return hashlib.sha256(f"{seat_id}\n{identity}".encode("utf-8", "surrogatepass")).hexdigest()

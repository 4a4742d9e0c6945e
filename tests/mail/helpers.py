"""Replies as a player's mail client sends them to the site, for the inbound tests."""

from __future__ import annotations

import itertools
from email.message import EmailMessage
from email.utils import make_msgid

from games.kinds import get_kind
from games.mail.addresses import seat_address
from games.models import Seat

_count = itertools.count()


def reply(seat: Seat, body: str, *, sender: str | None = None, to: str | None = None,
          message_id: str | None = None, headers: dict[str, str] | None = None,
          subject: str = "Re: MetalTalon game: your turn") -> bytes:
    """A plain-text reply from the seat's player to the seat's signed address, quoting the notice."""
    assert seat.user is not None
    message = EmailMessage()
    message["From"] = sender or f"{seat.user.display_name} <{seat.user.email}>"
    message["To"] = to or seat_address(seat)
    message["Subject"] = subject
    message["Message-ID"] = message_id or make_msgid(idstring=str(next(_count)), domain="client.example")
    for name, value in (headers or {}).items():
        message[name] = value
    message.set_content(f"{body}\n\nOn Sun, 22 Nov 2026 at 15:10, MetalTalon wrote:\n> It is your turn.\n"
                        "> Reply with your commands.\n")
    return message.as_bytes()


def addressed(seat: Seat, message_id: str) -> EmailMessage:
    """A bare mail from the seat's player to the seat's address, for a test to give its own shape."""
    assert seat.user is not None
    message = EmailMessage()
    message["From"] = seat.user.email
    message["To"] = seat_address(seat)
    message["Message-ID"] = message_id
    return message


def legal(seat: Seat, verb: str) -> str:
    """The first command of `verb` the seat may give now (as the game stands in the database)."""
    game = seat.game
    game.refresh_from_db()
    kind = get_kind(game.kind)
    return next(c for c in kind.legal_commands(kind.load(game.state), seat.index) if c.startswith(verb))

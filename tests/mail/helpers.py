"""Replies as a player's mail client sends them to the site, for the inbound tests; and what the tests of a
whole game played by mail share (tests/mail/test_ma_mail_game.py, tests/mail/test_mb_mail_game.py): the
settings that let a game's worth of mails through, the newest mail a player got and its words, and a reply
to it."""

from __future__ import annotations

import itertools
from email import message_from_bytes, policy
from email.message import EmailMessage
from email.utils import make_msgid
from typing import Any

import pytest
from django.core import mail as django_mail

from games.kinds import get_kind
from games.mail import position
from games.mail.addresses import seat_address
from games.mail.inbound import Received, receive_mail
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


# === A whole game by mail ===

def quick_mail_game(settings: Any, monkeypatch: pytest.MonkeyPatch, kind: str) -> None:
    """`kind` offered, and a game's worth of mails let through as fast as the test can send them. Every mail
    carries the board as a picture as well; drawing it (tests/web/test_mail_position.py) costs milliseconds
    for MetalTalon but a third of a second for a kind drawn through cairosvg, a minute over a game's mails.
    What these tests read is the text."""
    settings.OFFERED_GAME_KINDS = ["metaltalon", kind]
    settings.MAIL_RATE_LIMIT = "100000/hour"
    settings.GAME_COMMAND_RATE_LIMIT = settings.COMMAND_RATE_LIMIT = "100000/minute"
    monkeypatch.setattr(position, "board_png", lambda pos: b"\x89PNG\r\n\x1a\n")


class Unforeseen(Exception):
    """The command rolls a die or takes a card from a pile: its outcome is not known before it is played."""


class NoDice:
    """Dice for trying a command ahead: any roll or draw raises Unforeseen."""

    def roll(self, sides: int) -> int:
        raise Unforeseen

    def draw(self, n: int) -> int:
        raise Unforeseen


def newest_mail_to(address: str) -> EmailMessage:
    """The newest mail sent to `address`, as its player's mail client reads it."""
    for sent in reversed(django_mail.outbox):
        if address in sent.to:
            message = message_from_bytes(sent.message().as_bytes(), policy=policy.default)
            assert isinstance(message, EmailMessage)
            return message
    raise AssertionError(f"{address} was never mailed, so has nothing to answer")


def flat(text: str) -> str:
    return " ".join(text.split())  # the words, whatever the lines they are wrapped over


def text_of(message: EmailMessage) -> str:
    """A mail's plain text, in flat words."""
    part = message.get_body(preferencelist=("plain",))
    assert part is not None
    return flat(part.get_content())


def words_of(sent: Any) -> str:
    """Everything a sent mail says in words: its subject, its text and its HTML."""
    html = " ".join(str(content) for content, _ in sent.alternatives)
    return f"{sent.subject}\n{sent.body}\n{html}"


def answer_mail(seat: Seat, newest: EmailMessage, commands: list[str]) -> tuple[Received, bytes]:
    """The seat's player replies to `newest` with these commands, one per line, as a mail client answers
    (under "Re: " its subject, in its thread); every reply is answered once, to the player, under it.
    Gives what the site made of the reply, and the reply as sent."""
    assert seat.user is not None
    outbox = len(django_mail.outbox)
    message_id = make_msgid(domain="client.example")
    subject = str(newest["Subject"])
    subject = subject if subject.startswith("Re: ") else f"Re: {subject}"
    raw = reply(seat, "\n".join(commands), subject=subject, message_id=message_id,
                headers={"In-Reply-To": newest["Message-ID"], "References": newest["Message-ID"]})
    got = receive_mail(raw)
    answers = [m for m in django_mail.outbox[outbox:] if m.extra_headers.get("In-Reply-To") == message_id]
    assert len(answers) == 1 and answers[0].to == [seat.user.email], "every reply is answered once"
    return got, raw

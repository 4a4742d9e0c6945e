"""The whole loop over real SMTP on loopback: the site mails the turn through its SMTP backend to a server
(the sink), the player's client answers it to the site's own listener (manage.py mailserver's handler),
the commands are played, and the answer and the opponent's turn mail arrive at the sink."""

from __future__ import annotations

import smtplib
import time
from email.message import EmailMessage
from typing import Any

import pytest

from games.mail.addresses import seat_address
from games.models import Action
from tests.conftest import SmtpSink
from tests.mail.helpers import legal, reply
from tests.web.factories import active_seat, other_seat, started_game

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.services]


def _arrived(sink: SmtpSink, address: str, after: int, timeout: float = 20) -> list[EmailMessage]:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        mails = sink.to(address)[after:]
        if mails:
            return mails
        time.sleep(0.05)
    raise AssertionError(f"no mail to {address} within {timeout} s")


def test_a_turn_mail_answered_over_smtp_is_played_and_answered_over_smtp(
        smtp_sink: SmtpSink, listener: Any, celery_eager: None) -> None:
    game = started_game()
    seat, opponent = active_seat(game), other_seat(game)
    me = seat.user.email
    notice = smtp_sink.to(me)[-1]  # the game's start, sent through SMTP when the seats kept
    assert notice["Reply-To"] == seat_address(seat)
    launch = legal(seat, "launch")
    raw = reply(seat, f"{launch}\nend", to=str(notice["Reply-To"]),
                headers={"In-Reply-To": notice["Message-ID"], "References": notice["Message-ID"]})
    mine, theirs = len(smtp_sink.to(me)), len(smtp_sink.to(opponent.user.email))
    with smtplib.SMTP("127.0.0.1", listener(), timeout=30) as smtp:
        assert smtp.sendmail(me, [str(notice["Reply-To"])], raw.replace(b"\n", b"\r\n")) == {}
    assert list(Action.objects.filter(game=game).order_by("-seq").values_list("command", "source")[:2]) == [
        ("end", "email"), (launch, "email")]
    answer = _arrived(smtp_sink, me, mine)[0]
    assert answer["In-Reply-To"] == raw_message_id(raw)
    text = answer.get_body(("plain",)).get_content()
    assert "Played:" in text and launch in text and "Waiting for" in text
    turn_mail = _arrived(smtp_sink, opponent.user.email, theirs)[0]
    assert "it is your turn" in str(turn_mail["Subject"])
    assert launch in turn_mail.get_body(("plain",)).get_content(), "the opponent reads what was played"


def raw_message_id(raw: bytes) -> str:
    from email import message_from_bytes, policy

    return str(message_from_bytes(raw, policy=policy.default)["Message-ID"])

"""The dev inbox (DEBUG only) answers a mail that replies to a seat's address as its recipient's mail client
would, and the answer goes in through receive_mail like any mailed reply: the whole loop with `make run`."""

from __future__ import annotations

import email
import email.policy
from pathlib import Path
from typing import Any

import pytest
from django.test import Client
from django.utils.html import escape

from accounts.models import TurnMail
from games.mail import outbound
from games.mail.addresses import seat_address
from games.models import Action, Notification, Seat
from metaltalon.devmail import StoredMail, answer, read_mailbox
from tests.web.factories import active_seat, started_game

# No worker here: the tests send the notices themselves.
pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("queued")]


@pytest.fixture
def inbox(settings: Any, tmp_path: Path) -> Path:
    """The embedded default: mail written to a folder, the dev inbox on."""
    folder = tmp_path / "mail"
    settings.MAILERS = {"default": {"BACKEND": "django.core.mail.backends.filebased.EmailBackend",
                                    "OPTIONS": {"file_path": str(folder)}}}
    settings.DEBUG = True
    return folder


def _mailed_to(seat: Seat, folder: Path) -> StoredMail:
    """Send the notices owed, as the worker would, and find the newest one replying to the seat."""
    assert seat.user is not None
    seat.user.profile.turn_mail = TurnMail.EVERY
    seat.user.profile.save()
    for pk in Notification.objects.filter(sent_at__isnull=True).values_list("pk", flat=True):
        outbound.deliver(pk)
    return next(m for m in read_mailbox(folder) if m.reply_to == seat_address(seat))


def test_answering_a_mail_in_the_dev_inbox_plays_it_as_a_mailed_reply(client: Client, inbox: Path) -> None:
    seat = active_seat(started_game())
    mail = _mailed_to(seat, inbox)

    page = client.get("/dev/inbox/").content.decode()
    assert 'action="/dev/inbox/answer/"' in page and f'value="{escape(mail.message_id)}"' in page

    answered = client.post("/dev/inbox/answer/", {"message_id": mail.message_id, "text": "end"}, follow=True)
    assert answered.redirect_chain == [("/dev/inbox/", 302)]
    assert "Played" in answered.content.decode()
    assert Action.objects.filter(game=seat.game, command="end", source="email", actor=seat.user).exists()
    assert Notification.objects.filter(kind=Notification.Kind.REPLY, user=seat.user).exists()


def test_a_refused_answer_says_why_and_changes_nothing(client: Client, inbox: Path) -> None:
    seat = active_seat(started_game())
    mail = _mailed_to(seat, inbox)
    answered = client.post("/dev/inbox/answer/", {"message_id": mail.message_id, "text": "move A1 A1"},
                           follow=True)
    assert "Refused: move A1 A1" in answered.content.decode()
    assert not Action.objects.filter(game=seat.game, source="email").exists()


def test_the_answer_is_the_reply_a_mail_client_writes(inbox: Path) -> None:
    seat = active_seat(started_game())
    mail = _mailed_to(seat, inbox)
    written = email.message_from_bytes(answer(mail, "launch 3e\r\nend\r\n"), policy=email.policy.default)
    assert (written["From"], written["To"]) == (mail.to, mail.reply_to)
    assert written["Subject"] == f"Re: {mail.subject}"
    assert written["In-Reply-To"] == mail.message_id and written["References"].endswith(mail.message_id)
    body = written.get_content()
    assert body.startswith("launch 3e\nend\n\nOn ")
    first_line = mail.text.splitlines()[0]
    assert f"> {first_line}\n" in body


def test_only_with_debug_on_and_only_by_a_form_post(client: Client, inbox: Path, settings: Any) -> None:
    seat = active_seat(started_game())
    mail = _mailed_to(seat, inbox)
    data = {"message_id": mail.message_id, "text": "end"}
    assert Client(enforce_csrf_checks=True).post("/dev/inbox/answer/", data).status_code == 403
    assert client.get("/dev/inbox/answer/", data).status_code == 405
    settings.DEBUG = False
    assert client.post("/dev/inbox/answer/", data).status_code == 404
    assert not Action.objects.filter(game=seat.game, source="email").exists()

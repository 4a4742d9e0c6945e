"""What the mails say about the mail's own rules agrees with what happens: `undo`'s reach in the notice is
the kind's (as `help` says it), an answer to a stale mail never asks a player who is not awaited for
commands, and the rules page says how a mailed reply is played (in order, up to the first refusal)."""

from __future__ import annotations

from typing import Any

import pytest
from django.core import mail as django_mail
from django.template.loader import render_to_string
from django.test import Client

from games.actions.actor import Actor
from games.actions.commands import apply_command
from games.kinds import words
from games.mail.addresses import new_message_id
from games.mail.inbound import receive_mail
from games.mail.position import position
from games.models import InboundMail, Seat
from games.prompts import asked
from tests.mail.helpers import reply
from tests.web.factories import active_seat, started_game

pytestmark = [pytest.mark.django_db]


def _answer_to(seat: Seat) -> str:
    assert seat.user is not None
    sent = next(m for m in reversed(django_mail.outbox) if seat.user.email in m.to)
    return " ".join(str(sent.body).split())


def test_the_notices_undo_says_what_the_kinds_undo_takes_back() -> None:
    game = started_game()
    seat = active_seat(game)
    text = render_to_string("games/mail/_position.txt", {"position": position(game, seat)})
    undo_since = words(game.kind).undo_since
    assert f'"undo" (take back your moves of this turn {undo_since}).' in " ".join(text.split())
    assert "your last action" not in text


def test_a_stale_mail_from_a_player_not_awaited_is_not_told_to_reply_with_commands(
        mailoutbox: list[Any], celery_eager: None, django_capture_on_commit_callbacks: Any) -> None:
    game = started_game()
    seat = active_seat(game)
    assert seat.user is not None
    old_notice = new_message_id(asked(game)[seat.index].key)
    apply_command(game, Actor.player(seat.user), "end")
    with django_capture_on_commit_callbacks(execute=True):
        got = receive_mail(reply(seat, "end", headers={"In-Reply-To": old_notice}))
    assert InboundMail.objects.get(pk=got.inbound_id).outcome == InboundMail.Outcome.REJECTED
    answer = _answer_to(seat)
    assert "is not waiting for you now, so its commands were not played" in answer
    assert "reply to this mail with your commands" not in answer.lower()


def test_the_rules_page_says_a_mailed_reply_plays_up_to_the_first_refusal(client: Client) -> None:
    page = " ".join(client.get("/rules/metaltalon/").content.decode().split())
    assert "By e-mail each line is an instruction of its own" in page
    assert "the ones before it stand" in page

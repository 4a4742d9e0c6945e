"""A mailed standing order that is already standing changes nothing (games/actions/mail.py): like the web's
orders form it is not logged, nobody is told, and the answer says it was already standing."""

from __future__ import annotations

from typing import Any

import pytest
from django.core import mail as django_mail

from games.mail.inbound import receive_mail
from games.models import Action, InboundMail, Notification
from tests.mail.helpers import reply
from tests.web.factories import active_seat, started_game

pytestmark = [pytest.mark.django_db]


def test_forty_copies_of_one_standing_order_are_logged_once(mailoutbox: list[Any], celery_eager: None,
                                                           django_capture_on_commit_callbacks: Any) -> None:
    game = started_game()
    seat = active_seat(game)
    before = Action.objects.filter(game=game).count()
    with django_capture_on_commit_callbacks(execute=True):
        got = receive_mail(reply(seat, "; ".join(["order damage ews"] * 40)))
    report = InboundMail.objects.get(pk=got.inbound_id).report
    assert [p["command"] for p in report["played"]] == ["order damage ews"]
    assert report["unchanged"] == ["order damage ews"]
    assert Action.objects.filter(game=game).count() == before + 1
    sent = next(m for m in reversed(django_mail.outbox) if seat.user.email in m.to)
    answer = " ".join(str(sent.body).split())
    assert "Already standing, so nothing changed and nobody was told: order damage ews" in answer


def test_an_order_already_standing_alone_plays_nothing_and_tells_nobody(queued: list[int]) -> None:
    game = started_game()
    seat = active_seat(game)
    receive_mail(reply(seat, "order damage ews"))
    actions = Action.objects.filter(game=game).count()
    notices = Notification.objects.exclude(user=seat.user).count()
    got = receive_mail(reply(seat, "order damage ews"))
    row = InboundMail.objects.get(pk=got.inbound_id)
    assert row.outcome == InboundMail.Outcome.NOTHING
    assert row.report["unchanged"] == ["order damage ews"] and row.report["played"] == []
    assert Action.objects.filter(game=game).count() == actions
    assert Notification.objects.exclude(user=seat.user).count() == notices


def test_a_standing_order_that_changes_the_orders_is_played_and_logged(queued: list[int]) -> None:
    game = started_game()
    seat = active_seat(game)
    receive_mail(reply(seat, "order damage ews"))
    actions = Action.objects.filter(game=game).count()
    got = receive_mail(reply(seat, "order damage swe"))
    assert InboundMail.objects.get(pk=got.inbound_id).outcome == InboundMail.Outcome.PLAYED
    assert Action.objects.filter(game=game).count() == actions + 1

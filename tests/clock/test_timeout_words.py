"""The reminder mail says what the clock does when a setup choice's time runs out in the kind's words
(Kind.setup_timeout, games.kinds.Words): MetalTalon's `keep`, nothing of it for another kind."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from django.core import mail

from games.actions.clock import due_ids, fire_due
from games.mail.outbound import deliver
from games.models import Game, Notification
from tests.web.factories import started_game

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("no_vacation_days")]

T0 = datetime(2026, 10, 23, 10, 0, tzinfo=UTC)


def reminder_at_the_last_call(clock, game: Game) -> str:
    """The reminder mail of the seat to act, twelve hours before its 72 run out."""
    clock.move_to(T0 + timedelta(hours=60))
    for pk in due_ids(datetime.now(UTC), 500, 300):
        fire_due(pk)
    mail.outbox.clear()
    for row in Notification.objects.filter(kind="reminder").order_by("pk"):
        deliver(row.pk)
    assert mail.outbox
    return str(mail.outbox[-1].body)


def test_a_race_seats_setup_reminder_says_the_clock_chooses_for_it_without_metaltalons_keep(clock, queued):
    game = started_game(players=2, kind="race", clock={"hours": 72})
    game.status = Game.Status.SETUP  # the race has no setup phase; a card game's deal will
    game.save()

    body = reminder_at_the_last_call(clock, game)

    assert "If it runs out, the clock makes your choice for you." in body
    assert "(keep)" not in body


def test_a_metaltalon_seats_setup_reminder_still_says_the_clock_keeps_its_faction(clock, queued):
    game = started_game(players=2, keep=False, clock={"hours": 72})
    assert game.status == Game.Status.SETUP

    body = reminder_at_the_last_call(clock, game)

    assert "If it runs out, the clock makes your choice for you (keep)." in body

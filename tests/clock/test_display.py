"""Deadlines as players read them (games/deadlines.py): in their own time zone, across daylight-saving
changes, on the game page, in "my games" and in the reminder mail."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from django.core import mail

from accounts.models import Profile
from games.actions.clock import due_ids, fire_due
from games.deadlines import seat_deadline
from games.mail.outbound import deliver
from games.models import Notification
from tests.web.factories import active_seat, other_seat, started_game

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("no_vacation_days")]

# Friday 23 October 2026, 12:00 in Paris (CEST, UTC+2); Paris goes back to CET (UTC+1) on Sunday 25th.
T0 = datetime(2026, 10, 23, 10, 0, tzinfo=UTC)


def test_a_three_day_deadline_across_the_autumn_change_is_72_real_hours_shown_in_winter_time(clock, queued):
    game = started_game(players=2, clock={"hours": 72})
    seat = active_seat(game)
    deadline = seat_deadline(game, seat)
    assert deadline.due == T0 + timedelta(hours=72)
    assert deadline.when("Europe/Paris") == "Mon 26 Oct 2026, 11:00 Europe/Paris"  # 12:00 + 72 h - 1 h
    assert deadline.when("America/New_York") == "Mon 26 Oct 2026, 06:00 America/New_York"  # still EDT
    assert deadline.when("Not/AZone") == "Mon 26 Oct 2026, 10:00 UTC"


def test_the_game_page_shows_the_deadline_in_the_viewers_zone_with_a_live_countdown(clock, queued, client):
    game = started_game(players=2, clock={"hours": 72})
    seat = active_seat(game)
    Profile.objects.filter(user=seat.user).update(time_zone="Europe/Paris")
    client.force_login(seat.user)
    clock.shift(timedelta(hours=1))
    html = client.get(game.get_absolute_url()).content.decode()
    assert '<time datetime="2026-10-26T11:00:00+01:00" data-countdown>2 days 23 h left</time>' in html
    assert "(until Mon 26 Oct, 11:00 CET)" in html
    assert "js/countdown.js" in html
    assert "3 days per turn" in html


def test_the_other_player_sees_whose_time_runs_and_how_long_is_left(clock, queued, client):
    game = started_game(players=2, clock={"hours": 24})
    client.force_login(other_seat(game).user)
    clock.shift(timedelta(hours=20))
    html = client.get(game.get_absolute_url()).content.decode()
    assert "data-countdown>4 h 0 min left</time>" in html


def test_my_games_lists_each_deadline_with_its_countdown(clock, queued, client):
    game = started_game(players=2, clock={"hours": 24})
    client.force_login(active_seat(game).user)
    html = client.get("/games/mine/").content.decode()
    assert 'data-countdown>24 h 0 min left</time>' in html


def test_the_reminder_mail_says_how_long_is_left_until_when_in_the_players_zone_and_what_then(clock, queued):
    game = started_game(players=2, clock={"hours": 72})
    seat = active_seat(game)
    Profile.objects.filter(user=seat.user).update(time_zone="Europe/Paris")
    clock.move_to(T0 + timedelta(hours=60))  # the last call
    for pk in due_ids(datetime.now(UTC), 500, 300):
        fire_due(pk)
    mail.outbox.clear()
    for row in Notification.objects.filter(kind="reminder").order_by("pk"):
        deliver(row.pk)
    assert [m.subject for m in mail.outbox] == [f"MetalTalon game {game.pk}: 12 h 0 min left to play"] * 2
    body = mail.outbox[-1].body
    assert "your time is running out: 12 h 0 min left (until Mon 26 Oct 2026, 11:00 Europe/Paris)" in body
    assert "If it runs out, the clock ends your turn for you." in body
    assert "== Your commands now" in body  # a reply with commands plays them, as for a turn mail


def test_a_reminder_for_a_turn_already_played_is_dropped_unsent(clock, queued):
    from games import actions
    from games.actions import Actor

    game = started_game(players=2, clock={"hours": 72})
    seat = active_seat(game)
    clock.move_to(T0 + timedelta(hours=36))
    for pk in due_ids(datetime.now(UTC), 500, 300):
        fire_due(pk)
    actions.apply_command(game, Actor.player(seat.user), "end")
    mail.outbox.clear()
    (row,) = Notification.objects.filter(kind="reminder")
    assert deliver(row.pk).value == "dropped"
    assert mail.outbox == []


def test_a_reminder_that_reaches_the_sender_after_the_deadline_is_dropped_unsent(clock, queued):
    game = started_game(players=2, clock={"hours": 72})
    clock.move_to(T0 + timedelta(hours=36))
    for pk in due_ids(datetime.now(UTC), 500, 300):
        fire_due(pk)
    clock.move_to(T0 + timedelta(hours=72, seconds=1))  # the worker lagged: the timeout is due first
    mail.outbox.clear()
    (row,) = Notification.objects.filter(game=game, kind="reminder")
    assert deliver(row.pk).value == "dropped"
    assert mail.outbox == []

"""The daily digest (games/actions/digest.py): one mail a day at the player's hour in their zone, listing
the games that await them, instead of a mail each turn."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from django.core import mail
from django.urls import reverse

from accounts.models import Profile
from games.actions.digest import owe_digest
from games.mail.outbound import deliver
from games.models import Notification, Seat
from games.tasks import scan_clock
from tests.web.factories import UserFactory, active_seat, started_game

pytestmark = pytest.mark.django_db

# Saturday 24 October 2026, 07:30 in Paris (CEST); Paris goes back to CET the next night.
T0 = datetime(2026, 10, 24, 5, 30, tzinfo=UTC)


def digest_reader(client, hour: int = 8):
    """A player in Paris who turned the digest on at `hour` on their profile."""
    user = UserFactory()
    client.force_login(user)
    response = client.post(reverse("profile"), {
        "display_name": user.profile.display_name, "time_zone": "Europe/Paris", "turn_mail": "away",
        "daily_digest": "on", "digest_hour": str(hour), "auto_vacation": "on"})
    assert response.status_code == 302
    return user


def waiting_for(user, games: int) -> list:
    made = []
    for _ in range(games):
        game = started_game(players=2, clock={"hours": 72})
        Seat.objects.filter(pk=active_seat(game).pk).update(user=user)
        made.append(game)
    return made


def test_turning_the_digest_on_sets_its_next_moment_at_the_hour_in_the_players_zone(clock, client):
    user = digest_reader(client, hour=8)
    assert Profile.objects.get(user=user).digest_next_at == datetime(2026, 10, 24, 6, 0, tzinfo=UTC)


def test_at_the_hour_the_scan_owes_one_digest_listing_the_games_that_await_the_player(clock, client, queued,
                                                                                     celery_eager):
    user = digest_reader(client)
    games = waiting_for(user, 2)
    clock.move_to(datetime(2026, 10, 24, 6, 0, tzinfo=UTC))
    scan_clock()
    (row,) = Notification.objects.filter(kind="digest")
    assert (row.user_id, row.game_id, row.key) == (user.pk, None, 20261024)
    assert owe_digest(user.pk) is None  # a task run twice: nothing more is owed today
    mail.outbox.clear()
    assert deliver(row.pk).value == "sent"
    (sent,) = mail.outbox
    assert sent.subject == "2 games await your move"
    for game in games:
        assert f"MetalTalon game {game.pk}" in sent.body
    assert "until Tue 27 Oct 2026, 06:30 Europe/Paris" in sent.body  # 72 h on, after the change to CET
    assert "/games/next/" in sent.body
    assert "Reply-To" not in sent.extra_headers and sent.reply_to == []


def test_the_next_digest_follows_the_wall_clock_across_the_change_to_winter_time(clock, client, queued,
                                                                               celery_eager):
    user = digest_reader(client)
    waiting_for(user, 1)
    clock.move_to(datetime(2026, 10, 24, 6, 0, tzinfo=UTC))
    scan_clock()
    # Sunday 08:00 in Paris is 07:00 UTC: the clocks went back an hour in the night.
    assert Profile.objects.get(user=user).digest_next_at == datetime(2026, 10, 25, 7, 0, tzinfo=UTC)
    clock.move_to(datetime(2026, 10, 25, 6, 59, tzinfo=UTC))
    scan_clock()
    assert Notification.objects.filter(kind="digest").count() == 1
    clock.move_to(datetime(2026, 10, 25, 7, 0, tzinfo=UTC))
    scan_clock()
    keys = Notification.objects.filter(kind="digest").values_list("key", flat=True)
    assert list(keys) == [20261024, 20261025]


def test_a_day_with_no_game_waiting_mails_nothing_and_moves_on_to_tomorrow(clock, client, celery_eager):
    user = digest_reader(client)
    clock.move_to(datetime(2026, 10, 24, 6, 0, tzinfo=UTC))
    scan_clock()
    assert not Notification.objects.filter(kind="digest").exists()
    assert Profile.objects.get(user=user).digest_next_at == datetime(2026, 10, 25, 7, 0, tzinfo=UTC)


def test_a_digest_reader_gets_no_mail_each_turn(clock, client, queued):
    user = digest_reader(client)
    game = waiting_for(user, 1)[0]
    from games import actions
    from games.actions import Actor

    actions.apply_command(game, Actor.player(user), "end")
    other = active_seat(game)
    actions.apply_command(game, Actor.player(other.user), "end")
    clock.shift(timedelta(hours=1))
    turn = Notification.objects.get(kind="turn", user=user)
    mail.outbox.clear()
    assert deliver(turn.pk).value == "dropped" and mail.outbox == []


def test_turning_the_digest_off_stops_it(clock, client):
    user = digest_reader(client)
    client.post(reverse("profile"), {"display_name": user.profile.display_name, "time_zone": "Europe/Paris",
                                     "turn_mail": "away", "digest_hour": "8"})
    profile = Profile.objects.get(user=user)
    assert not profile.daily_digest and profile.digest_next_at is None

"""A player's notices that fall due together go as one mail (docs/architecture.md, Notices): several games
that ask something of the same player in the same sweep (games against bots answered within a minute)
are one mail listing each game's position and the address that plays it, not a mail per game in the same
second. And a game's start mail waits as a turn notice does: nobody on the game's page is mailed that it
started (games/actions/notify.py, notify_started)."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from accounts.models import User
from games import actions
from games.actions import Actor
from games.mail.addresses import seat_address
from games.models import Game, Notification
from games.tasks import sweep_notifications
from tests.web.factories import UserFactory, active_seat, full_game

pytestmark = pytest.mark.django_db(transaction=True)

DELAY = 300


@pytest.fixture
def delayed(settings, monkeypatch: pytest.MonkeyPatch) -> None:
    settings.NOTICE_DELAY_SECONDS = DELAY
    monkeypatch.setattr("games.tasks.queue_notifications", lambda ids: None)  # the sweep sends


def _time_passes() -> None:
    Notification.objects.filter(sent_at__isnull=True).update(due_at=timezone.now() - timedelta(seconds=1))


def _games_awaiting(player: User, count: int) -> list[Game]:
    """`count` MetalTalon games in play, each just handed to `player` by the opponent who ended a turn."""
    games = []
    for _ in range(count):
        game = full_game(2, users=[UserFactory(), player])
        for seat in game.seats.order_by("index"):
            actions.apply_command(game, Actor.player(seat.user), "keep")
        game.refresh_from_db()
        Notification.objects.filter(game=game).update(sent_at=timezone.now())  # the start is told
        if active_seat(game).user == player:
            actions.apply_command(game, Actor.player(player), "end")
            Notification.objects.filter(game=game).update(sent_at=timezone.now())
        actions.apply_command(game, Actor.player(active_seat(game).user), "end")
        game.refresh_from_db()
        assert active_seat(game).user == player
        games.append(game)
    return games


def test_turn_notices_of_three_games_due_together_are_one_mail_with_each_game_and_its_address(
        delayed, celery_eager, mailoutbox):
    player = UserFactory()
    games = _games_awaiting(player, 3)
    mailoutbox.clear()
    _time_passes()

    assert sweep_notifications.apply().get() == 1

    (mail,) = [m for m in mailoutbox if m.to == [player.email]]
    titles = [f"MetalTalon game {g.pk}" for g in games]
    assert mail.subject == f"3 of your games await you: {titles[0]}, {titles[1]} and {titles[2]}"
    assert mail.reply_to == []  # a reply could mean any of the three: it reaches none
    for game in games:
        address = seat_address(game.seats.get(user=player))
        assert f"==== MetalTalon game {game.pk}: it is your turn ====" in mail.body
        assert f"Write your commands for this game to {address}" in mail.body
        assert f"mailto:{address}" in mail.alternatives[0][0]
    assert "cid:" not in mail.alternatives[0][0]  # no board pictures: one light mail
    told = [Notification.objects.filter(game=g, user=player, kind="turn").latest("pk") for g in games]
    assert all(n.sent_at is not None and not n.dropped for n in told)


def test_a_notice_no_longer_due_is_left_out_and_a_lone_one_left_is_its_own_mail(delayed, celery_eager,
                                                                                   mailoutbox):
    player = UserFactory()
    played, waiting = _games_awaiting(player, 2)
    actions.apply_command(played, Actor.player(player), "end")  # answered on the site meanwhile
    mailoutbox.clear()
    _time_passes()

    assert sweep_notifications.apply().get() == 1

    (mail,) = [m for m in mailoutbox if m.to == [player.email]]
    assert mail.subject == f"MetalTalon game {waiting.pk}: it is your turn"
    assert mail.reply_to == [seat_address(waiting.seats.get(user=player))]
    assert Notification.objects.filter(game=played, user=player, kind="turn").latest("pk").dropped


def test_notices_due_at_different_sweeps_are_separate_mails(delayed, celery_eager, mailoutbox):
    player = UserFactory()
    first, second = _games_awaiting(player, 2)
    Notification.objects.filter(game=second, sent_at__isnull=True).update(
        due_at=timezone.now() + timedelta(seconds=DELAY))
    Notification.objects.filter(game=first, sent_at__isnull=True).update(due_at=timezone.now())
    mailoutbox.clear()

    sweep_notifications.apply()
    _time_passes()
    sweep_notifications.apply()

    assert [m.subject for m in mailoutbox if m.to == [player.email]] == [
        f"MetalTalon game {first.pk}: it is your turn", f"MetalTalon game {second.pk}: it is your turn"]


def test_the_start_mail_waits_and_is_dropped_for_a_player_on_the_game_page(delayed, celery_eager,
                                                                            mailoutbox):
    host, guest = UserFactory(), UserFactory()
    game = full_game(2, users=[host, guest])
    browser = Client()
    browser.force_login(host)
    assert browser.get(reverse("games:pulse", args=[game.pk])).status_code in (200, 204)

    started = Notification.objects.filter(game=game, kind="started")
    assert started.count() == 2 and all(n.due_at > timezone.now() for n in started)
    assert sweep_notifications.apply().get() == 0  # not yet due
    _time_passes()
    sweep_notifications.apply()

    assert [m.to for m in mailoutbox] == [[guest.email]]
    assert started.get(user=host).dropped


def test_a_player_who_takes_every_turn_mail_gets_the_start_mail_even_on_the_page(delayed, celery_eager,
                                                                                mailoutbox):
    host, guest = UserFactory(), UserFactory()
    host.profile.turn_mail = "every"
    host.profile.save(update_fields=["turn_mail"])
    game = full_game(2, users=[host, guest])
    browser = Client()
    browser.force_login(host)
    browser.get(reverse("games:pulse", args=[game.pk]))
    _time_passes()

    sweep_notifications.apply()

    assert sorted(m.to[0] for m in mailoutbox) == sorted([host.email, guest.email])

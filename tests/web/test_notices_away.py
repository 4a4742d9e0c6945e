"""Turn notices go to players who are away (docs/architecture.md, Notices): a turn notice waits
NOTICE_DELAY_SECONDS, the sweep sends it once due, and with "only when I am away" it is dropped if the
player acted or had the game page open (the pulse notes it) since it was written."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from accounts.models import User
from games import actions, pulse
from games.actions import Actor
from games.models import Game, Notification
from games.tasks import send_notification, sweep_notifications
from tests.web.factories import active_seat, other_seat, started_game

pytestmark = pytest.mark.django_db(transaction=True)

DELAY = 300


@pytest.fixture
def delayed(settings, monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Notices wait DELAY seconds; returns the ids handed to Celery on commit (no worker takes them)."""
    settings.NOTICE_DELAY_SECONDS = DELAY
    ids: list[int] = []
    monkeypatch.setattr("games.tasks.queue_notifications", ids.extend)
    return ids


def _game(turn_mail: str = "away") -> Game:
    """A game in play whose setup notices are done; the player not to act chose `turn_mail`."""
    game = started_game(players=2)
    Notification.objects.filter(game=game).update(sent_at=timezone.now())
    waiting = other_seat(game).user
    waiting.profile.turn_mail = turn_mail
    waiting.profile.save(update_fields=["turn_mail"])
    return game


def _end_turn(game: Game) -> Notification:
    """The player to act ends their turn; returns the turn notice owed to the next one."""
    active, waiting = active_seat(game), other_seat(game)
    actions.apply_command(game, Actor.player(active.user), "end")
    return Notification.objects.get(game=game, user=waiting.user, kind="turn", sent_at__isnull=True)


def _time_passes(notice: Notification) -> None:
    """The notice's delay is over (as if NOTICE_DELAY_SECONDS went by)."""
    Notification.objects.filter(pk=notice.pk).update(due_at=timezone.now() - timedelta(seconds=1))


def _assert_the_sweep_drops(notice: Notification, mailoutbox: list[Any]) -> None:
    """Once due, the sweep mails nothing and marks the notice dropped."""
    _time_passes(notice)
    assert sweep_notifications.apply().get() == 0
    assert mailoutbox == []
    notice.refresh_from_db()
    assert notice.dropped


def _on_the_page(game: Game, user: User) -> None:
    """The player's open game page pulses."""
    browser = Client()
    browser.force_login(user)
    assert browser.get(reverse("games:pulse", args=[game.pk])).status_code in (200, 204)


def test_a_turn_notice_is_not_sent_before_it_is_due_and_the_sweep_sends_it_after(delayed, celery_eager,
                                                                                  mailoutbox):
    game = _game()
    notice = _end_turn(game)
    mailoutbox.clear()

    assert notice.due_at >= notice.created_at + timedelta(seconds=DELAY - 1)
    assert notice.pk not in delayed  # not queued on commit: the sweep sends it once due
    assert send_notification.apply((notice.pk,)).get() == "skipped"
    assert sweep_notifications.apply().get() == 0
    assert mailoutbox == []

    _time_passes(notice)
    assert sweep_notifications.apply().get() == 1

    assert [m.to for m in mailoutbox] == [[notice.user.email]]
    notice.refresh_from_db()
    assert notice.sent_at is not None and not notice.dropped


def test_a_player_with_the_game_page_open_gets_no_turn_mail(delayed, celery_eager, mailoutbox):
    game = _game()
    notice = _end_turn(game)
    mailoutbox.clear()

    _on_the_page(game, notice.user)
    _time_passes(notice)
    assert sweep_notifications.apply().get() == 0

    assert mailoutbox == []
    notice.refresh_from_db()
    assert notice.sent_at is not None and notice.dropped


def test_a_page_open_only_before_the_notice_does_not_stop_it(delayed, celery_eager, mailoutbox):
    game = _game()
    waiting = other_seat(game).user
    _on_the_page(game, waiting)  # looked in, then left before the opponent moved
    Notification.objects.filter(game=game).update(sent_at=timezone.now())
    notice = _end_turn(game)
    mailoutbox.clear()

    _time_passes(notice)
    assert sweep_notifications.apply().get() == 1

    assert [m.to for m in mailoutbox] == [[waiting.email]]


def test_a_player_who_acted_since_the_notice_gets_no_turn_mail(delayed, celery_eager, mailoutbox):
    game = _game()
    notice = _end_turn(game)
    actions.apply_command(game, Actor.player(notice.user), "launch 1e")  # a move within their turn
    notice.refresh_from_db()
    assert notice.sent_at is None
    mailoutbox.clear()

    _assert_the_sweep_drops(notice, mailoutbox)


def test_a_player_who_is_away_gets_exactly_one_turn_mail_per_turn(delayed, celery_eager, mailoutbox):
    game = _game()
    away = other_seat(game).user
    mailoutbox.clear()

    for _turn in range(2):
        notice = _end_turn(game)  # the opponent ends: `away` is awaited
        _time_passes(notice)
        sweep_notifications.apply()
        sweep_notifications.apply()  # a second sweep, and the task, find it sent
        assert send_notification.apply((notice.pk,)).get() == "skipped"
        # `away` plays their turn (their own opponent's notice is due later and not sent here).
        actions.apply_command(game, Actor.player(away), "end")
        game.refresh_from_db()

    turns = Notification.objects.filter(game=game, user=away, kind="turn", dropped=False,
                                        sent_at__isnull=False, key__gt=0)
    assert [m.to for m in mailoutbox].count([away.email]) == 2
    assert turns.count() == 2 and len(set(turns.values_list("key", flat=True))) == 2


def test_every_turn_mails_even_with_the_game_page_open(delayed, celery_eager, mailoutbox):
    game = _game("every")
    notice = _end_turn(game)
    mailoutbox.clear()

    _on_the_page(game, notice.user)
    _time_passes(notice)
    assert sweep_notifications.apply().get() == 1

    assert [m.to for m in mailoutbox] == [[notice.user.email]]


def test_never_mails_no_turn_notice(delayed, celery_eager, mailoutbox):
    game = _game("never")
    waiting = other_seat(game).user
    mailoutbox.clear()

    actions.apply_command(game, Actor.player(active_seat(game).user), "end")

    assert not Notification.objects.filter(game=game, user=waiting, sent_at__isnull=True).exists()
    Notification.objects.filter(game=game).update(due_at=timezone.now() - timedelta(seconds=1))
    sweep_notifications.apply()
    assert mailoutbox == []


def test_a_notice_owed_before_the_player_chose_never_is_dropped(delayed, celery_eager, mailoutbox):
    game = _game()
    notice = _end_turn(game)
    notice.user.profile.turn_mail = "never"
    notice.user.profile.save(update_fields=["turn_mail"])
    mailoutbox.clear()

    _assert_the_sweep_drops(notice, mailoutbox)


def test_the_pulse_notes_an_open_page_at_most_twice_a_minute(monkeypatch):
    game = _game()
    user = other_seat(game).user
    clock = [1_000_000.0]
    monkeypatch.setattr(pulse.time, "time", lambda: clock[0])
    writes: list[str] = []
    real_set = pulse.cache.set
    monkeypatch.setattr(pulse.cache, "set", lambda key, *a, **k: (writes.append(key), real_set(key, *a, **k)))

    for _second in range(45):
        pulse.read(game.pk, str(user.pk))
        clock[0] += 1

    assert [key for key in writes if "game-seen" in key] == [pulse.seen_key(game.pk, user.pk)] * 2
    seen = pulse.last_seen(game.pk, user.pk)
    assert seen is not None and seen.timestamp() == 1_000_030.0

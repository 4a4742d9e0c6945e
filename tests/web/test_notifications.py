"""Reliable notices (docs/architecture.md, Notices): a row written with the move, one mail per row however
often it is sent, SMTP failures retried, a broker that is down never failing the move, and the sweep
sending whatever is left."""

from __future__ import annotations

import time
from datetime import timedelta

import pytest
from celery.exceptions import Retry
from django.db import IntegrityError, transaction
from django.utils import timezone

from games import actions
from games.actions import Actor
from games.actions.notify import notify_turn
from games.kinds import get_kind
from games.mail import outbound
from games.models import Game, Notification
from games.tasks import send_notification, sweep_notifications
from tests.conftest import free_port
from tests.web.factories import active_seat, other_seat, quiet_game, started_game

pytestmark = pytest.mark.django_db(transaction=True)


def _end_turn() -> tuple[Game, Notification]:
    game = quiet_game()
    actions.apply_command(game, Actor.player(active_seat(game).user), "end")
    game.refresh_from_db()
    return game, Notification.objects.get(game=game, kind="turn", sent_at__isnull=True)


def test_the_notice_row_is_written_with_the_move(queued):
    game = started_game(players=2)
    active, waiting = active_seat(game), other_seat(game)
    queued.clear()

    actions.apply_command(game, Actor.player(active.user), "end")

    notice = Notification.objects.get(pk__in=queued)
    game.refresh_from_db()
    assert (notice.user, notice.seat, notice.kind) == (waiting.user, waiting, "turn")
    assert notice.key == get_kind(game.kind).load(game.state).turn
    assert notice.sent_at is None and notice.attempts == 0


def test_a_move_rolled_back_owes_no_notice(queued):
    game = started_game(players=2)
    before = Notification.objects.count()
    queued.clear()

    with pytest.raises(RuntimeError), transaction.atomic():
        actions.apply_command(game, Actor.player(active_seat(game).user), "end")
        raise RuntimeError("the caller failed after the command")

    assert Notification.objects.count() == before
    assert queued == []


def test_a_notice_is_mailed_once_however_often_its_task_runs(queued, celery_eager, mailoutbox):
    game, notice = _end_turn()
    mailoutbox.clear()

    results = [send_notification.apply((notice.pk,)).get() for _ in range(3)]
    swept = sweep_notifications.apply().get()

    assert results == ["sent", "skipped", "skipped"] and swept == 0
    assert len(mailoutbox) == 1
    notice.refresh_from_db()
    assert notice.sent_at is not None and not notice.dropped and notice.attempts == 1


def test_the_sweep_racing_the_task_mid_send_mails_once(queued, celery_eager, mailoutbox, monkeypatch):
    game, notice = _end_turn()
    mailoutbox.clear()
    compose = outbound.compose
    during: list[object] = []

    def compose_while_others_try(row: Notification) -> object:
        # The task holds the row: the sweep and a duplicated task arrive now.
        during.extend([sweep_notifications.apply().get(), send_notification.apply((row.pk,)).get()])
        return compose(row)

    monkeypatch.setattr(outbound, "compose", compose_while_others_try)

    assert send_notification.apply((notice.pk,)).get() == "sent"

    assert during == [0, "skipped"]
    assert len(mailoutbox) == 1


def test_an_smtp_failure_leaves_the_notice_unsent_with_its_error_until_a_later_run_sends_it(
        queued, celery_eager, smtp_sink, settings):
    game, notice = _end_turn()
    sink = settings.MAILERS
    settings.MAILERS = {"default": {"BACKEND": "django.core.mail.backends.smtp.EmailBackend",
                                    "OPTIONS": {"host": "127.0.0.1", "port": free_port(), "timeout": 2}}}

    with pytest.raises(Retry) as retry:
        send_notification.apply((notice.pk,))

    assert retry.value.when == 31  # after the row's first back-off (30 s)

    notice.refresh_from_db()
    assert notice.sent_at is None and notice.attempts == 1
    assert "Connection refused" in notice.last_error
    assert notice.claimed_until is not None and notice.claimed_until > timezone.now()  # its back-off
    assert sweep_notifications.apply().get() == 0
    assert smtp_sink.messages == []

    settings.MAILERS = sink
    Notification.objects.filter(pk=notice.pk).update(claimed_until=timezone.now())  # the back-off is over
    assert sweep_notifications.apply().get() == 1

    [mail] = smtp_sink.messages
    assert "your turn" in mail["Subject"] and mail["To"] == notice.user.email
    notice.refresh_from_db()
    assert notice.sent_at is not None and notice.attempts == 2


@pytest.fixture
def broker_down():
    """The project's Celery app publishing for real (not eager) to a broker nobody listens on."""
    from metaltalon.celery import app

    before = app.conf.broker_url, app.conf.task_always_eager
    app.conf.broker_url = f"redis://127.0.0.1:{free_port()}/0"
    app.conf.task_always_eager = False
    try:
        yield
    finally:
        app.conf.broker_url, app.conf.task_always_eager = before


def test_moves_queue_their_notices_over_one_kept_broker_connection(monkeypatch):
    """Each move's notice is published to the broker (the test Redis, on a queue of its own that no worker
    reads) over the connection the first one opened, not a new one per move."""
    import redis

    from games import tasks
    from metaltalon.celery import app
    from tests.conftest import redis_url

    queue = f"test-kept-{free_port()}"
    before = app.conf.broker_url, app.conf.task_always_eager, app.conf.task_default_queue
    opened = []
    real = app.connection_for_write
    monkeypatch.setattr(app, "connection_for_write", lambda **kw: opened.append(kw) or real(**kw))
    game = quiet_game()
    told = Notification.objects.count()
    tasks._drop_connection()
    opened.clear()  # the game's start published its own
    app.conf.broker_url, app.conf.task_always_eager, app.conf.task_default_queue = redis_url(), False, queue
    try:
        for _ in range(3):
            actions.apply_command(game, Actor.player(active_seat(game).user), "end")
            game.refresh_from_db()
    finally:
        app.conf.broker_url, app.conf.task_always_eager, app.conf.task_default_queue = before
        tasks._drop_connection()

    assert Notification.objects.count() == told + 3
    assert redis.Redis.from_url(redis_url()).llen(queue) == 3  # all three published
    # One connection opened for the three moves' publishes (celery's own producer pool may open another).
    assert sum("transport_options" in kw for kw in opened) == 1


def test_with_the_broker_down_the_move_answers_at_once_and_the_sweep_sends_its_notice_later(
        broker_down, mailoutbox):
    game = quiet_game()
    active, waiting = active_seat(game), other_seat(game)
    mailoutbox.clear()

    started = time.monotonic()
    applied = actions.apply_command(game, Actor.player(active.user), "end")
    took = time.monotonic() - started

    assert took < 2 and applied.game.version == game.version + 1
    notice = Notification.objects.get(user=waiting.user, sent_at__isnull=True)
    assert mailoutbox == []

    assert sweep_notifications.apply().get() == 1  # beat's sweep, once a worker runs again
    assert [m.to for m in mailoutbox] == [[waiting.user.email]]
    notice.refresh_from_db()
    assert notice.sent_at is not None


def test_a_notice_whose_sender_died_is_sent_by_the_sweep_once_its_lease_expires(queued, celery_eager,
                                                                                mailoutbox):
    game, notice = _end_turn()
    mailoutbox.clear()
    # A worker claimed it and was killed mid-send: the lease still runs, then expires.
    Notification.objects.filter(pk=notice.pk).update(attempts=1,
                                                     claimed_until=timezone.now() + timedelta(minutes=4))

    assert sweep_notifications.apply().get() == 0

    Notification.objects.filter(pk=notice.pk).update(claimed_until=timezone.now() - timedelta(seconds=1))
    assert sweep_notifications.apply().get() == 1
    assert len(mailoutbox) == 1
    notice.refresh_from_db()
    assert notice.sent_at is not None and notice.attempts == 2


def test_a_player_gets_one_turn_notice_per_prompt(queued):
    game, notice = _end_turn()
    kind = get_kind(game.kind)

    with transaction.atomic():
        assert notify_turn(game, kind, kind.load(game.state)) == []  # awaited again, same turn: no new row
    assert Notification.objects.filter(game=game, user=notice.user, key=notice.key).count() == 1
    assert notice.prompt == str(notice.key)  # MetalTalon asks each turn's question once: its number

    with pytest.raises(IntegrityError), transaction.atomic():
        Notification.objects.create(game=game, user=notice.user, seat=notice.seat, kind="turn",
                                    key=notice.key, prompt=notice.prompt)


@pytest.mark.services
def test_a_real_worker_mails_the_moves_notice_through_smtp_once(start_celery_worker, smtp_sink):
    from metaltalon.celery import app
    from tests.conftest import redis_url

    url = redis_url()
    worker = start_celery_worker(url, url, REDIS_URL=url, EMAIL_URL=f"smtp://127.0.0.1:{smtp_sink.port}")
    game = quiet_game()
    active, waiting = active_seat(game), other_seat(game)
    before = app.conf.broker_url, app.conf.task_default_queue
    assert not app.conf.task_always_eager
    # The site publishes as in production: to Redis, on the test worker's private queue.
    app.conf.broker_url, app.conf.task_default_queue = url, worker.queue
    try:
        actions.apply_command(game, Actor.player(active.user), "end")
    finally:
        app.conf.broker_url, app.conf.task_default_queue = before

    deadline = time.monotonic() + 20
    while not smtp_sink.messages and time.monotonic() < deadline:
        time.sleep(0.1)
    time.sleep(0.5)  # room for a duplicate, were there one
    [mail] = smtp_sink.to(waiting.user.email)
    assert "your turn" in mail["Subject"]
    notice = Notification.objects.get(game=game, user=waiting.user, sent_at__isnull=False, key__gt=1)
    assert notice.attempts == 1 and not notice.dropped

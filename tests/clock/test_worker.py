"""The clock run by real processes over Redis (docs/clock.md): celery beat's scan and a worker remind a
player by mail and then time them out; a worker killed with SIGKILL in the middle of a reminder's task
still yields exactly one reminder mail."""

from __future__ import annotations

import functools
import subprocess
import time
import uuid
from collections.abc import Callable, Iterator
from datetime import timedelta
from pathlib import Path

import pytest
from django.db import connection, transaction
from django.db.models import F
from django.utils import timezone

from games.actions.clock import due_ids
from games.models import ClockDue, Game, Notification, Seat
from tests.conftest import BIN, REPO, WorkerProcess, redis_url
from tests.mail.test_send_killed import StallingSink, _wait, stalling_sink  # noqa: F401  (a fixture)
from tests.web.factories import active_seat, started_game

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.services]


@pytest.fixture(autouse=True)
def _quiet(settings, monkeypatch):
    """Players without vacation days (a timeout times out), and the test process queues no mail of its
    own: only the worker sends."""
    settings.VACATION_START_DAYS = 0
    monkeypatch.setattr("games.tasks.queue_notifications", lambda ids: None)


# The mail tests' wait, with room for a worker's start and beat's first scan on a loaded machine (both
# boot Django; with other work on the two cores that has taken over 40 s). A liveness wait, not a timing.
wait_for = functools.partial(_wait, timeout=90)


def hour_game_nearly_out(seconds_left: int = 4) -> tuple[Game, Seat]:
    """A game with a one-hour deadline whose seat to act began its turn an hour ago, less `seconds_left`:
    its half-time reminder is past due and its timeout that many seconds away. The start mails are out."""
    game = started_game(players=2, clock={"hours": 1})
    seat = active_seat(game)
    back = timedelta(hours=1) - timedelta(seconds=seconds_left)
    Seat.objects.filter(pk=seat.pk).update(clock_since=F("clock_since") - back)
    ClockDue.objects.filter(seat=seat, done_at=None).update(due_at=F("due_at") - back)
    Notification.objects.filter(game=game).update(sent_at=timezone.now())
    return game, seat


@pytest.fixture
def beat(tmp_path: Path) -> Iterator[Callable[[WorkerProcess], subprocess.Popen[bytes]]]:
    started: list[subprocess.Popen[bytes]] = []

    def start(worker: WorkerProcess) -> subprocess.Popen[bytes]:
        log = (tmp_path / "beat.log").open("wb")
        process = subprocess.Popen([str(BIN / "celery"), "-A", "metaltalon", "beat", "--loglevel", "INFO",
                                    "--schedule", str(tmp_path / "beat-schedule")],
                                   cwd=REPO, env=worker.env, stdout=log, stderr=subprocess.STDOUT)
        started.append(process)
        return process

    yield start
    for process in started:
        process.terminate()
        process.wait(timeout=15)


def test_beat_and_a_worker_over_redis_send_the_reminder_then_time_the_seat_out(start_celery_worker, beat,
                                                                              smtp_sink, tmp_path):
    url = redis_url()
    worker = start_celery_worker(url, url, REDIS_URL=url, EMAIL_URL=f"smtp://127.0.0.1:{smtp_sink.port}",
                                 CLOCK_SCAN_SECONDS="1",
                                 CELERY_TASK_DEFAULT_QUEUE=f"clock-{uuid.uuid4().hex[:8]}")
    beat(worker)
    # Beat logs each task it sends: the scan runs once it has sent one.
    log = tmp_path / "beat.log"
    wait_for(lambda: "games.tasks.scan_clock" in log.read_text(errors="replace"), "beat's first scan")
    # The seat's time runs out 15 s from now, once beat and the worker are up however long they took to
    # start: the reminder is due at once, the timeout after it (were both due together, the timeout could
    # come first and the reminder would rightly not be mailed).
    game, seat = hour_game_nearly_out(seconds_left=15)
    wait_for(lambda: bool(smtp_sink.to(seat.user.email)), "the reminder mail")
    wait_for(lambda: game.actions.filter(source="timeout").exists(), "the timeout")
    time.sleep(2)  # room for a duplicate, were there one
    [mail] = smtp_sink.to(seat.user.email)
    assert mail["Subject"] == f"MetalTalon game {game.pk}: 1 min left to play"
    assert [(a.command, a.seat) for a in game.actions.filter(source="timeout")] == [("end", seat.index)]
    seat.refresh_from_db()
    assert not seat.awaiting and seat.timeouts == 1
    assert set(ClockDue.objects.filter(seat=seat, turn=ClockDue.objects.filter(seat=seat).latest("pk").turn)
               .values_list("outcome", flat=True)) == {"reminded", "timed out"}


@pytest.mark.chaos
def test_a_worker_killed_in_the_middle_of_a_reminder_task_still_yields_exactly_one_reminder(
        start_celery_worker, stalling_sink):  # noqa: F811  (the fixture imported above)
    game, seat = hour_game_nearly_out()
    Seat.objects.filter(pk=seat.pk).update(clock_since=F("clock_since") + timedelta(minutes=10))
    ClockDue.objects.filter(seat=seat, kind="timeout", done_at=None).update(
        due_at=F("due_at") + timedelta(minutes=10))  # only the reminder is due in this test
    url = redis_url()
    # Every worker here consumes one queue, where the scan queues its tasks too.
    env = {"REDIS_URL": url, "EMAIL_URL": f"smtp://127.0.0.1:{stalling_sink.port}",
           "NOTICE_LEASE_SECONDS": "3", "CELERY_TASK_DEFAULT_QUEUE": f"clock-{uuid.uuid4().hex[:8]}"}
    first = start_celery_worker(url, url, **env)
    (due,) = due_ids(timezone.now(), 500, 3)  # the scan queued it, holding it three seconds
    # Kill one: the task is in the middle of its transaction, waiting for the game's row lock we hold.
    with transaction.atomic():
        Game.objects.select_for_update().get(pk=game.pk)
        app = first.producer()
        try:
            app.send_task("games.tasks.fire_clock", args=(due,), queue=first.queue)
        finally:
            app.close()
        wait_for(lambda: "fire_clock" in first.log.read_text().split(" ready.")[-1] and _waiting_for_lock(),
                 "the task waits for the game's lock")
        assert first.process is not None
        first.process.kill()
        first.process.wait(timeout=10)
    assert not Notification.objects.filter(kind="reminder").exists()
    assert ClockDue.objects.get(pk=due).done_at is None
    # A new worker: the scan queues the row again once its hold has run out; the reminder is owed once,
    # and its mail goes out on the commit. Kill two: the SMTP server stalls at RCPT TO when the worker dies.
    second = start_celery_worker(url, url, **env)
    time.sleep(3.5)
    assert second.send("games.tasks.scan_clock") == 1
    wait_for(lambda: bool(stalling_sink.rcpt_seen), "the worker reached RCPT TO")
    assert second.process is not None
    second.process.kill()
    second.process.wait(timeout=10)
    assert ClockDue.objects.get(pk=due).done_at is not None
    (row,) = Notification.objects.filter(kind="reminder")
    assert row.sent_at is None and stalling_sink.messages == []
    third = start_celery_worker(url, url, **env)
    time.sleep(3.5)  # the dead sender's lease runs out; the sweep sends it
    assert third.send("games.tasks.sweep_notifications") == 1
    assert third.send("games.tasks.sweep_notifications") == 0
    assert third.send("games.tasks.scan_clock") == 0
    # The first task, should the broker hand it out again: nothing more is owed (it keeps no result).
    app = third.producer()
    try:
        app.send_task("games.tasks.fire_clock", args=(due,), queue=third.queue)
    finally:
        app.close()
    wait_for(lambda: "fire_clock" in third.log.read_text() and ": 'done'" in third.log.read_text(),
             "the late task ran and found the reminder done")
    assert [str(m["To"]) for m in stalling_sink.messages] == [seat.user.email]
    assert "left to play" in str(stalling_sink.messages[0]["Subject"])
    assert Notification.objects.filter(kind="reminder").count() == 1


def _waiting_for_lock() -> bool:
    """Another connection waits for a row lock (the worker's SELECT ... FOR UPDATE on the game)."""
    if connection.vendor != "postgresql":
        return True
    with connection.cursor() as cursor:
        # Inside a transaction the statistics are read once and kept: read them afresh each time.
        cursor.execute("SELECT pg_stat_clear_snapshot()")
        cursor.execute("SELECT count(*) FROM pg_stat_activity WHERE wait_event_type = 'Lock' "
                       "AND pid <> pg_backend_pid()")
        return bool(cursor.fetchone()[0])

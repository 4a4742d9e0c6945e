"""Celery tasks. They take ids, re-read the database, and do nothing when the work is already done.

The clock (docs/clock.md): `scan_clock` (celery beat, every minute) reads the index of due times (the
pending ClockDue rows, the vacations whose days ran out, the digests whose hour has come and the
suspensions whose time is up, never all games) and queues one task per due item; `fire_clock` carries out
one reminder or timeout, `end_vacation` one vacation, `send_digest` one player's daily digest,
`end_suspension` one suspension (docs/moderation.md). Each is idempotent: the row's `done_at` (the
profile's cleared vacation, its next digest moment) is written in the transaction that does the work.

Notices (docs/architecture.md, Notices): `queue_notifications` hands new rows to the workers after the
move's commit without ever failing or stalling the move; `send_notification` sends one row;
`sweep_notifications` (celery beat, every minute) sends whatever is still unsent, so a notice whose task
was never queued (broker down), was lost or whose worker died waits minutes at most.
"""

from __future__ import annotations

import logging
import os
import threading
import time
from typing import Any

from celery import current_app, shared_task
from django.conf import settings
from django.core.cache import cache
from django.db import OperationalError
from django.utils import timezone

from games.actions import bots, clock, digest, sanctions, vacation
from games.actions import webhooks as webhook_actions
from games.actions.actor import Actor
from games.actions.errors import Invalid
from games.actions.notify import due_notifications
from games.mail.outbound import Delivery, SendFailed, deliver

logger = logging.getLogger(__name__)

# A sweep that meets this many failures stops: SMTP is most likely down, and each try may wait for its
# timeout. The failed rows rest for their back-off; the next sweep takes the others.
SWEEP_FAILURES = 3
# Seconds after which a sweep starts no new send, well inside its soft time limit: the rest waits a minute.
SWEEP_BUDGET = 180


# A publish from a request gives up on a broker that has not answered in this long (a stalled Redis takes
# the connection and never answers: kombu's own default is to wait for ever), and after a failure this
# process publishes nothing for BROKER_REST_SECONDS: the beat's sweeps send what was not queued.
PUBLISH_TIMEOUT = 0.5
BROKER_REST_SECONDS = 5.0
_broker_down_until = 0.0


def queue_on_commit(task: Any, calls: list[tuple[Any, ...]], what: str) -> None:
    """Queue one task per argument tuple. Called on commit inside the request, so it never raises and
    never waits long: its own broker connection tries once (kombu's default keeps retrying; with a Redis
    result backend Celery would also wait ~19 s for the result store, hence the tasks ignore results),
    waits PUBLISH_TIMEOUT at most for each answer, publishes without retries and gives up at the first
    failure. A sweep does whatever was not queued."""
    global _broker_down_until
    if time.monotonic() < _broker_down_until:
        logger.info("not queueing %s: the broker failed less than %s s ago; the sweep will",
                    what, BROKER_REST_SECONDS)
        return
    try:
        connection = _held_connection()
        for args in calls:
            task.apply_async(args, retry=False, connection=connection)
    except Exception:
        _drop_connection()
        _broker_down_until = time.monotonic() + BROKER_REST_SECONDS
        logger.warning("could not queue %s; the sweep will", what, exc_info=True)


# One broker connection per thread and process, kept between publishes: opening one per move (its TCP
# connection, the Redis handshake, the queue's declaration again) was a quarter of a move's time
# (bench/README.md, "The command round trip"). Kept per process id (a fork must not share a parent's socket)
# and per broker address (the tests point the app at another broker); dropped after any failure.
_held = threading.local()


def _held_connection() -> Any:
    key = (os.getpid(), current_app.conf.broker_url)
    if getattr(_held, "key", None) != key:
        _drop_connection()
        options = {"max_retries": 0, "socket_timeout": PUBLISH_TIMEOUT,
                   "socket_connect_timeout": PUBLISH_TIMEOUT}
        _held.connection, _held.key = current_app.connection_for_write(transport_options=options), key
    return _held.connection


def _drop_connection() -> None:
    connection, _held.connection, _held.key = getattr(_held, "connection", None), None, None
    if connection is not None:
        try:
            connection.release()
        except Exception:  # a broken connection may fail to close: it is dropped either way
            logger.debug("closing a failed broker connection failed", exc_info=True)


def queue_notifications(ids: list[int]) -> None:
    queue_on_commit(send_notification, [(pk,) for pk in ids], f"notifications {ids}")


@shared_task(bind=True, soft_time_limit=60, time_limit=90, max_retries=8, ignore_result=True)
def send_notification(self: Any, notification_id: int) -> str:
    """Send one owed notice; a no-op when it is already sent, dropped or held by another sender."""
    try:
        return deliver(notification_id).value
    except SendFailed as exc:
        # Retry when the row's rest is over; should the retry itself be lost, the sweep takes the row.
        raise self.retry(exc=exc, countdown=exc.retry_in.total_seconds() + 1) from exc


@shared_task(soft_time_limit=240, time_limit=270)
def sweep_notifications(limit: int = 200) -> int:
    """Send every notice still unsent and not held (oldest first). Returns the number of mails sent."""
    sent = failures = 0
    stop_at = time.monotonic() + SWEEP_BUDGET
    for pk in due_notifications(limit):
        if time.monotonic() > stop_at:
            break
        try:
            sent += deliver(pk) is Delivery.SENT
        except SendFailed as exc:
            logger.warning("notification %s not sent: %s", pk, exc)
            failures += 1
            if failures >= SWEEP_FAILURES:
                break
    return sent


def queue_webhooks(ids: list[int]) -> None:
    queue_on_commit(send_webhook, [(pk,) for pk in ids], f"webhooks {ids}")


@shared_task(bind=True, soft_time_limit=30, time_limit=45, max_retries=len(webhook_actions.BACKOFF),
             ignore_result=True)
def send_webhook(self: Any, delivery_id: int) -> None:
    """One attempt at a webhook delivery; a failure comes back after the delivery's own wait (the sweep
    takes it should this retry be lost)."""
    wait = webhook_actions.deliver(delivery_id)
    if wait is not None:
        raise self.retry(countdown=wait + 1)


def queue_webhook_test(hook_id: int) -> None:
    queue_on_commit(send_webhook_test, [(hook_id,)], f"webhook test {hook_id}")


@shared_task(soft_time_limit=30, time_limit=45, ignore_result=True)
def send_webhook_test(hook_id: int) -> None:
    """The profile page's "Send a test": one attempt, its outcome on the hook (games/actions/webhooks.py)."""
    webhook_actions.send_test(hook_id)


@shared_task(soft_time_limit=100, time_limit=120, ignore_result=True)
def sweep_webhooks(limit: int = 100) -> int:
    """Attempt every delivery that is due (new ones a lost task left, retries whose wait is over)."""
    tried = 0
    stop_at = time.monotonic() + 60  # each POST may take a while: leave the rest to the next sweep
    for pk in webhook_actions.due_deliveries(limit):
        if time.monotonic() > stop_at:
            break
        webhook_actions.deliver(pk)
        tried += 1
    return tried


def queue_bots(game_id: int) -> None:
    """The beat's sweep_bots wakes a game whose wake-up was lost."""
    queue_on_commit(bot_move, [(game_id,)], f"the bots of game {game_id}")


# One task per game plays its bots at a time (a second finds the lease held and leaves it the work). The
# lease outlives the task's hard limit, so a worker killed mid-task frees it within minutes.
BOT_LEASE_SECONDS = 150


@shared_task(soft_time_limit=100, time_limit=120, ignore_result=True)
def bot_move(game_id: int) -> int:
    """Play the bots a game awaits (games/actions/bots.py); returns how many commands they played."""
    key = f"bots:game:{game_id}"
    played = 0
    while cache.add(key, 1, timeout=BOT_LEASE_SECONDS):
        try:
            run = bots.play_bots(game_id)
        finally:
            cache.delete(key)
        played += run.played
        if run.more:  # a long run of bots' turns goes on in a fresh task
            queue_bots(game_id)
            break
        # A bot newly awaited while the lease was held was woken into a task that found it held and left:
        # look again now that it is free, so that wake-up is not lost.
        if not run.played or not bots.awaits_bot(game_id):
            break
    return played


@shared_task(soft_time_limit=50, time_limit=60)
def sweep_bots(limit: int = 200) -> int:
    """Wake every game that has waited longer than BOT_IDLE_SECONDS for a bot. Returns how many."""
    ids = bots.bots_due(timezone.now(), limit, settings.BOT_IDLE_SECONDS)
    for game_id in ids:
        bot_move.delay(game_id)
    return len(ids)


@shared_task(soft_time_limit=50, time_limit=60)
def scan_clock() -> int:
    """Queue a task for every reminder, timeout and vacation end that is due: a few queries per batch,
    whatever the number of games. Returns how many were queued."""
    now = timezone.now()
    queued = 0
    with current_app.producer_or_acquire() as producer:
        while True:
            ids = clock.due_ids(now, settings.CLOCK_BATCH, settings.CLOCK_HOLD_SECONDS)
            for pk in ids:
                fire_clock.apply_async((pk,), producer=producer)
            queued += len(ids)
            if len(ids) < settings.CLOCK_BATCH:
                break
    for user_id in vacation.vacations_due(now, settings.CLOCK_BATCH):
        end_vacation.delay(user_id)
        queued += 1
    for user_id in digest.digests_due(now, settings.CLOCK_BATCH):
        send_digest.delay(user_id)
        queued += 1
    for user_id in sanctions.suspensions_due(now, settings.CLOCK_BATCH):
        end_suspension.delay(user_id)
        queued += 1
    return queued


# The clock's tasks: a database hiccup retries after 1, 2, 4 ... seconds up to 5 minutes (Celery's own
# back-off); should the retries run out, the scan queues the item again.
CLOCK_TASK = {"autoretry_for": (OperationalError,), "max_retries": 8, "retry_backoff": 1,
              "retry_backoff_max": 300, "retry_jitter": False, "ignore_result": True}


@shared_task(**CLOCK_TASK)
def fire_clock(due_id: int) -> str:
    """One reminder or timeout; a no-op once done."""
    return clock.fire_due(due_id).value


@shared_task(**CLOCK_TASK)
def end_vacation(user_id: int) -> str:
    """A vacation whose days ran out ends; a no-op if the player came back first."""
    from accounts.models import User

    user = User.objects.filter(pk=user_id).first()
    if user is None:
        return "gone"
    try:
        vacation.end_vacation(Actor.clock(), user)
    except Invalid as exc:
        return exc.code
    return "ended"


@shared_task(**CLOCK_TASK)
def end_suspension(user_id: int) -> str:
    """A suspension whose time is up ends (games/actions/sanctions.py); a no-op if lifted meanwhile."""
    return "ended" if sanctions.end_suspension(user_id) else "not due"


@shared_task(**CLOCK_TASK)
def send_digest(user_id: int) -> str:
    """The day's digest for one player, if due (the mail itself goes out as any notice does)."""
    return "owed" if digest.owe_digest(user_id) is not None else "nothing"

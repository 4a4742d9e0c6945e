"""A worker killed with SIGKILL in the middle of sending a notice, and a worker started again: the player
gets exactly one mail (docs/architecture.md, Notices). The kill comes while the SMTP server is still
taking the recipients, so no mail was accepted; the row's lease runs out, and the next worker's sweep
sends it once."""

from __future__ import annotations

import asyncio
import signal
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

import pytest
from aiosmtpd.controller import Controller
from django.utils import timezone

from games.models import Notification
from tests.conftest import SmtpSink, WorkerProcess, free_port, redis_url
from tests.web.factories import other_seat, started_game

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.services, pytest.mark.chaos]

LEASE_SECONDS = 3


@dataclass
class StallingSink(SmtpSink):
    """An SMTP server that stalls the first sender at RCPT TO for a long while (a slow or hung relay)."""

    rcpt_seen: list[str] = field(default_factory=list)

    async def handle_RCPT(self, server: Any, session: Any, envelope: Any, address: str,
                          rcpt_options: Any) -> str:
        self.rcpt_seen.append(address)
        if len(self.rcpt_seen) == 1:
            await asyncio.sleep(60)
        envelope.rcpt_tos.append(address)
        return "250 OK"


@pytest.fixture
def stalling_sink() -> Iterator[StallingSink]:
    sink = StallingSink(port=free_port())
    controller = Controller(sink, hostname="127.0.0.1", port=sink.port)
    controller.start()
    try:
        yield sink
    finally:
        controller.stop()


def _wait(condition: Callable[[], bool], what: str, timeout: float = 30) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if condition():
            return
        time.sleep(0.05)
    raise AssertionError(f"{what}: not within {timeout} s")


def test_a_worker_killed_mid_send_and_restarted_sends_exactly_one_mail(
        start_celery_worker: Callable[..., WorkerProcess], stalling_sink: StallingSink,
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("games.tasks.queue_notifications", lambda ids: None)
    game = started_game()
    # The seat the game does not wait for: the awaited one's start mail, late, gives way to its turn notice
    # (games/mail/outbound.py), and this test needs a mail that is sent.
    seat = other_seat(game)
    # And one that takes every mail: the seat chose its faction since the start, and "only when I am away"
    # would drop a start mail to a player who has acted since.
    seat.user.profile.turn_mail = "every"
    seat.user.profile.save(update_fields=["turn_mail"])
    # Every notice of the start is out but one: this seat's start mail is owed again.
    Notification.objects.filter(game=game).update(sent_at=timezone.now())
    row = Notification.objects.get(game=game, user=seat.user, kind=Notification.Kind.STARTED)
    Notification.objects.filter(pk=row.pk).update(sent_at=None)
    url = redis_url()
    env = {"REDIS_URL": url, "EMAIL_URL": f"smtp://127.0.0.1:{stalling_sink.port}",
           "NOTICE_LEASE_SECONDS": str(LEASE_SECONDS)}
    first = start_celery_worker(url, url, **env)
    app = first.producer()
    try:
        app.send_task("games.tasks.send_notification", args=(row.pk,), queue=first.queue)
    finally:
        app.close()
    _wait(lambda: bool(stalling_sink.rcpt_seen), "the worker reached RCPT TO")
    assert first.process is not None
    first.process.send_signal(signal.SIGKILL)
    first.process.wait(timeout=10)
    row.refresh_from_db()
    assert row.sent_at is None and row.attempts == 1 and row.claimed_until is not None
    assert stalling_sink.messages == []
    # A new worker; beat's sweep reaches it once the dead sender's lease has run out.
    second = start_celery_worker(url, url, **env)
    time.sleep(LEASE_SECONDS + 0.5)
    assert second.send("games.tasks.sweep_notifications") == 1
    assert second.send("games.tasks.sweep_notifications") == 0
    # The killed task itself, should the broker hand it out again (send tasks keep no result: wait).
    app = second.producer()
    try:
        app.send_task("games.tasks.send_notification", args=(row.pk,), queue=second.queue)
    finally:
        app.close()
    _wait(lambda: "succeeded" in second.log.read_text() and ": 'skipped'" in second.log.read_text(),
          "the late task ran and found the notice sent")
    assert [str(m["To"]) for m in stalling_sink.messages] == [seat.user.email]
    row.refresh_from_db()
    assert row.sent_at is not None and row.attempts == 2

"""Clock benchmark: 10,000 games whose deadline has passed, found by the beat's scan, queued and timed out.

    python bench/clock_bench.py        # `make bench` runs it; prints figures, asserts nothing

1. Seed: one 2-player game with a one-hour deadline is made through games.actions (its seats, state,
   clock and due rows are what the site writes), then cloned with bulk inserts into BENCH_CLOCK_GAMES
   games (10,000) whose seat to act is an hour and a minute into its turn: every timeout is due.
2. The scan, in-process, as the beat runs it: games.actions.clock.due_ids in batches of CLOCK_BATCH (500)
   with its queries counted, each batch's fire_clock tasks published to Redis on a private queue.
   Time and SQL queries per batch: the scan reads the index of due rows, never all games.
3. One timeout in-process (games.actions.clock.fire_due on a sample of games before the rest is queued):
   time and queries per timeout (the clock's `end` played through apply_command as the clock's Actor).
4. A real Celery worker (`celery -A metaltalon worker`, prefork, BENCH_CONCURRENCY 2) started on the queue:
   the time until every timeout is done, timeouts/s, and a check that each game was timed out once.

Environment: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/metaltalon_clock_bench,
created if missing), BENCH_REDIS_URL (default redis://127.0.0.1:6379/5: cache and Celery broker),
BENCH_CLOCK_GAMES (10000), BENCH_CONCURRENCY (2). Speed is reported, never asserted.
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import time
from datetime import timedelta
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import web_bench as wb  # noqa: E402 (the folder is put on the path just above)

DB_URL = os.environ.get("BENCH_DATABASE_URL", "postgres://postgres@127.0.0.1:5432/metaltalon_clock_bench")
REDIS = os.environ.get("BENCH_REDIS_URL", "redis://127.0.0.1:6379/5")
GAMES = int(os.environ.get("BENCH_CLOCK_GAMES", "10000"))
CONCURRENCY = os.environ.get("BENCH_CONCURRENCY", "2")
QUEUE = "metaltalon-clock-bench"
SAMPLE = 100
TARGETS = {"queries_per_batch": 4}
ENV = {"DATABASE_URL": DB_URL, "REDIS_URL": REDIS, "CELERY_BROKER_URL": REDIS, "CELERY_RESULT_BACKEND": REDIS,
       "CELERY_TASK_DEFAULT_QUEUE": QUEUE, "DJANGO_SETTINGS_MODULE": "metaltalon.settings", "DEBUG": "false",
       "SECRET_KEY": "bench-" + "k3y-" * 12 + "Zq9", "VACATION_START_DAYS": "0", "LOG_LEVEL": "WARNING",
       **{name: wb.BENCH_ENV[name] for name in
          ("COMMAND_RATE_LIMIT", "GAME_COMMAND_RATE_LIMIT", "COMMAND_CHARS_RATE_LIMIT")}}


def setup() -> None:
    os.environ.update(ENV)
    wb.DB_URL = DB_URL
    wb.ensure_database()
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0, interactive=False)


def purge_queue() -> None:
    import redis

    client = redis.Redis.from_url(REDIS)
    client.delete(QUEUE)
    client.delete(f"_kombu.binding.{QUEUE}")


def seed() -> list[int]:
    """GAMES games, each with its timeout an hour and a minute overdue: the ids of their due rows."""
    from django.db import transaction
    from django.utils import timezone

    from accounts.models import User
    from games import actions
    from games.actions import Actor
    from games.models import ClockDue, Game, Notification, Seat, new_secret

    users = []
    for name in ("clock-bench-a", "clock-bench-b"):
        user = User.objects.filter(username=name).first() or User.objects.create_user(
            username=name, email=f"{name}@bench.invalid", password="x-bench-x")
        users.append(user)
    Game.objects.filter(created_by=users[0]).delete()
    model = actions.create_game(Actor.player(users[0]), players=2, clock={"hours": 1, "reminders": False})
    actions.join_game(model, Actor.player(users[1]))
    model.refresh_from_db()
    for seat in model.seats.order_by("index"):
        actions.apply_command(model, Actor.player(seat.user), "keep")
    model.refresh_from_db()
    seats = list(model.seats.order_by("index"))
    started = timezone.now() - timedelta(hours=1, minutes=1)
    with transaction.atomic():
        games = Game.objects.bulk_create([
            Game(created_by=users[0], kind=model.kind, options=model.options, players=2, clock=model.clock,
                 status=model.status, state=model.state, version=model.version, invite_code=new_secret(),
                 started_at=started, turn_started_at=started) for _ in range(GAMES)], batch_size=1000)
        rows = []
        for game in games:
            for s in seats:
                on = s.awaiting
                rows.append(Seat(game=game, user_id=s.user_id, index=s.index, faction=s.faction,
                                 status=s.status, awaiting=on, prompt=s.prompt, reply_token=new_secret(),
                                 awaited_since=started if on else None, clock_prompt=s.clock_prompt,
                                 clock_allowed=s.clock_allowed, clock_left=s.clock_allowed if on else None,
                                 clock_since=started if on else None))
        made = Seat.objects.bulk_create(rows, batch_size=2000)
        dues = ClockDue.objects.bulk_create([
            ClockDue(game_id=seat.game_id, seat=seat, prompt=seat.clock_prompt or "", turn=0,
                     kind=ClockDue.Kind.TIMEOUT,
                     due_at=started + timedelta(hours=1)) for seat in made if seat.awaiting], batch_size=2000)
    Notification.objects.filter(game__created_by=users[0]).update(sent_at=timezone.now())
    model.delete()
    return [d.pk for d in dues]


def scan(sample: set[int]) -> dict[str, Any]:
    """The beat's scan over every due row, batch by batch, publishing the tasks (the sample's excepted,
    which this process times out itself first)."""
    from celery import current_app
    from django.conf import settings
    from django.db import connection
    from django.test.utils import CaptureQueriesContext
    from django.utils import timezone

    from games.actions.clock import due_ids
    from games.tasks import fire_clock

    current_app.conf.task_default_queue = QUEUE
    batch_ms, batch_queries, publish_ms, total = [], [], [], 0
    now = timezone.now()
    with current_app.producer_or_acquire() as producer:
        while True:
            with CaptureQueriesContext(connection) as queries:
                t0 = time.perf_counter()
                ids = due_ids(now, settings.CLOCK_BATCH, settings.CLOCK_HOLD_SECONDS)
                batch_ms.append((time.perf_counter() - t0) * 1000)
            batch_queries.append(len(queries))
            t0 = time.perf_counter()
            for pk in ids:
                if pk not in sample:
                    fire_clock.apply_async((pk,), producer=producer)
            publish_ms.append((time.perf_counter() - t0) * 1000)
            total += len(ids)
            if len(ids) < settings.CLOCK_BATCH:
                break
    return {"rows": total, "batches": len(batch_ms), "batch_ms": batch_ms, "queries": batch_queries,
            "publish_ms": publish_ms}


def fire_sample(ids: list[int]) -> dict[str, float]:
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from games.actions.clock import fire_due

    times, counts = [], []
    for pk in ids:
        with CaptureQueriesContext(connection) as queries:
            t0 = time.perf_counter()
            outcome = fire_due(pk)
            times.append((time.perf_counter() - t0) * 1000)
        assert outcome.value == "timed out", outcome
        counts.append(len(queries))
    return {"p50_ms": statistics.median(times), "p95_ms": sorted(times)[int(len(times) * 0.95)],
            "queries": statistics.median(counts)}


def drain(ids: list[int]) -> dict[str, float]:
    """A real worker on the queue: seconds until every timeout is done."""
    from games.models import ClockDue

    log = ROOT / "var" / "clock-bench-worker.log"
    log.parent.mkdir(exist_ok=True)
    worker = subprocess.Popen([str(Path(sys.executable).parent / "celery"), "-A", "metaltalon", "worker",
                               "--queues", QUEUE, "--concurrency", CONCURRENCY, "--loglevel", "WARNING",
                               "--without-mingle", "--without-gossip", "--without-heartbeat"],
                              cwd=ROOT, env={**os.environ, **ENV}, stdout=log.open("wb"),
                              stderr=subprocess.STDOUT)
    try:
        t0 = time.perf_counter()
        pending = ClockDue.objects.filter(pk__in=ids, done_at__isnull=True)
        while pending.exists():
            if worker.poll() is not None:
                raise RuntimeError(f"the worker exited: {log.read_text()[-2000:]}")
            time.sleep(0.5)
        seconds = time.perf_counter() - t0
    finally:
        worker.terminate()
        worker.wait(timeout=30)
    return {"seconds": seconds, "per_s": len(ids) / seconds}


def main() -> None:
    setup()
    from django.db import connection
    from django.db.models import Count

    from games.models import Action, ClockDue

    purge_queue()
    t0 = time.perf_counter()
    ids = seed()
    seeded = time.perf_counter() - t0
    sample = ids[:SAMPLE]
    load = os.getloadavg()[0]
    scanned = scan(set(sample))
    fired = fire_sample(sample)
    drained = drain(ids[SAMPLE:])
    outcomes = dict(ClockDue.objects.filter(pk__in=ids).values_list("outcome").annotate(n=Count("pk")))
    timeouts = Action.objects.filter(game__clock_dues__pk__in=ids, source="timeout").count()
    purge_queue()
    q = scanned["queries"]
    print(f"clock bench: {GAMES} games with due deadlines, PostgreSQL ({connection.settings_dict['NAME']}), "
          f"Redis broker; load average {load:.2f} at the start; seeded in {seeded:.1f} s")
    print(f"  scan: {scanned['rows']} due rows in {scanned['batches']} batches of up to 500: "
          f"{statistics.median(scanned['batch_ms']):.1f} ms p50, {max(scanned['batch_ms']):.1f} ms max per "
          f"batch; SQL queries per batch {min(q)}-{max(q)} (target <= {TARGETS['queries_per_batch']}); "
          f"publishing {statistics.median(scanned['publish_ms']):.0f} ms per batch of 500 tasks")
    print(f"  one timeout in-process (sample of {SAMPLE}): {fired['p50_ms']:.1f} ms p50, "
          f"{fired['p95_ms']:.1f} ms p95, {fired['queries']:.0f} queries")
    print(f"  worker (concurrency {CONCURRENCY}): {len(ids) - SAMPLE} timeouts in {drained['seconds']:.1f} "
          f"s, {drained['per_s']:.0f}/s")
    print(f"  outcomes: {outcomes}; timeout actions logged: {timeouts} for {len(ids)} games")


if __name__ == "__main__":
    main()

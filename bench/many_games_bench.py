"""Many games: the site's pages at 100,000 games beside the same pages at 1,000.

    python bench/many_games_bench.py   # `make bench` runs it; prints figures, asserts nothing

1. Two databases, seeded once each and kept (bench/many_seed.py: template games played through
   games.actions, cloned with COPY; a marker user says the seeding finished, a database without it is
   dropped and seeded again): BENCH_MANY_SMALL (1,000) and BENCH_MANY_GAMES (100,000) games, 78% finished,
   20% in play, 2,000 players, none in more than 50 games in play; the veteran (`many0`) is in 50 games in
   play and one finished game in twenty.
2. In a child process per database (Django talks to one database), through Django's test client, in
   process: every page BENCH_MANY_REQUESTS (20) times after one untimed request, p50 / p95 and the SQL
   queries of a request: the lobby, My games and the home page as the veteran, the archive (its first
   page, a later page, searched by the veteran's name and by a faction), the leaderboard, the game page
   (cold: each request a game of the veteran's not yet drawn; warm: the same game again; a finished game),
   the moderators' dashboard; then the clock's scan (one batch of games.actions.clock.due_ids, rolled
   back) and the digest (the veteran's digest mail composed over their games in play).
3. The ratio of each p50 at the large size to the small one's, beside the target (1.5x), and whether the
   query count stayed the same.
   Both children stay up and are asked page by page in turn (the small size's page, then the large
   one's), BENCH_MANY_ROUNDS (3) rounds, and each page's round with the lowest p50 is kept: the machine's
   load of the moment weighs on both sizes alike (run one after the other, its noise moved a ratio by
   more than the target).
4. Notices, at the large size: BENCH_MANY_NOTICES (600; 10000 for a minute's worth) turn notices owed
   at once to the awaited seats of games in play (as the actions write them), one send_notification task
   each published to Redis, sent by two real Celery worker processes (prefork, concurrency 1 each)
   through the file mail backend (a folder under var/, emptied each run): notices handled a minute
   beside the target (10,000), and how many mails they made (a player's turn notices due together go out
   as one mail; a player who takes the daily digest gets none). The rows are deleted afterwards.
   BENCH_MANY_PARTS=pages skips this part.

Environment: BENCH_DATABASE_SERVER (default postgres://postgres@127.0.0.1:5432; databases
metaltalon_many1k and metaltalon_many100k, BENCH_MANY_DB_PREFIX + the size), BENCH_REDIS_URL (default
redis://127.0.0.1:6379/14: the cache, and the notices' broker), BENCH_MANY_GAMES (the large size: 10000
for a quick run), BENCH_MANY_SMALL, BENCH_MANY_REQUESTS, BENCH_MANY_ROUNDS,
BENCH_MANY_RESEED=1 (seed again), BENCH_MANY_NOTICES, BENCH_MANY_PARTS. Speed is reported, never
asserted.
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import web_bench as wb  # noqa: E402 (the folder is put on the path just above)

SERVER = os.environ.get("BENCH_DATABASE_SERVER", "postgres://postgres@127.0.0.1:5432")
PREFIX = os.environ.get("BENCH_MANY_DB_PREFIX", "metaltalon_many")
REDIS = os.environ.get("BENCH_REDIS_URL", "redis://127.0.0.1:6379/14")
SMALL = int(os.environ.get("BENCH_MANY_SMALL", "1000"))
LARGE = int(os.environ.get("BENCH_MANY_GAMES", "100000"))
REQUESTS = int(os.environ.get("BENCH_MANY_REQUESTS", "20"))
ROUNDS = int(os.environ.get("BENCH_MANY_ROUNDS", "3"))
# The rate is the figure (10,000 a minute is the target); 600 keeps `make bench` within minutes (a notice
# costs a worker 0.2-1 s: its board's PNG), BENCH_MANY_NOTICES=10000 sends a whole minute's worth.
NOTICES = int(os.environ.get("BENCH_MANY_NOTICES", "600"))
PARTS = os.environ.get("BENCH_MANY_PARTS", "pages,notices")
TARGET_RATIO = 1.5
TARGET_NOTICES = 10000  # a minute
QUEUE = "metaltalon-many-bench"
MAIL_DIR = ROOT / "var" / "many-bench-mail"
NOTICE_REPEAT = 9999  # the bench's own notices: no notice the seeding cloned has this repeat
# The clock scan's batch here: as many due rows at both sizes (1,000 games have about 80 due), so the two
# batches compare; clock_bench.py measures the site's own batch of 500.
SCAN_BATCH = 50


def db_url(games: int) -> str:
    size = f"{games // 1000}k" if games % 1000 == 0 else str(games)
    return f"{SERVER}/{PREFIX}{size}"


# === THE CHILD: one database ===


def _seeded(url: str, games: int) -> bool:
    """Whether the database holds a finished seeding of `games`; one without the marker is dropped (a
    seeding cut short), so it is made afresh."""
    import psycopg
    from many_seed import marker

    name = url.rsplit("/", 1)[1]
    admin = url.rsplit("/", 1)[0] + "/postgres"
    with psycopg.connect(admin, autocommit=True) as conn:
        exists = conn.execute("SELECT 1 FROM pg_database WHERE datname = %s", (name,)).fetchone()
    if exists and not os.environ.get("BENCH_MANY_RESEED"):
        with psycopg.connect(url, autocommit=True) as conn:
            try:
                found = conn.execute("SELECT 1 FROM accounts_user WHERE username = %s", (marker(games),))
                if found.fetchone():
                    return True
            except psycopg.errors.UndefinedTable:
                pass
    if exists:
        with psycopg.connect(admin, autocommit=True) as conn:
            conn.execute(f'DROP DATABASE "{name}" WITH (FORCE)')
    return False


def child_setup(games: int) -> bool:
    url = db_url(games)
    seeded = _seeded(url, games)
    wb.BENCH_ENV.update({"DATABASE_URL": url, "REDIS_URL": REDIS, "LOG_LEVEL": "WARNING"})
    wb.DB_URL = url
    wb.setup()
    import games.tasks

    # No broker while seeding and timing: the notices the template games owe are not queued from here.
    games.tasks.queue_notifications = lambda ids: None
    return seeded


def _timed(client: Any, urls: list[str], expect: int = 200) -> dict[str, Any]:
    """Each URL requested once (the list's length is the number of requests), time and queries each."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    times, counts = [], []
    for url in urls:
        with CaptureQueriesContext(connection) as queries:
            t0 = time.perf_counter()
            response = client.get(url)
            times.append((time.perf_counter() - t0) * 1000)
        if response.status_code != expect:
            raise RuntimeError(f"{url}: {response.status_code}")
        counts.append(len(queries))
    return _figures(times, counts)


def _figures(times: list[float], counts: list[int]) -> dict[str, Any]:
    ordered = sorted(times)
    return {"p50": statistics.median(times), "p95": ordered[min(len(ordered) - 1, int(len(ordered) * 0.95))],
            "queries": max(counts), "queries_min": min(counts), "n": len(times)}


def _page(client: Any, url: str) -> dict[str, Any]:
    _timed(client, [url])
    return _timed(client, [url] * REQUESTS)


def _moderator() -> Any:
    from django.contrib.auth.models import Group

    from accounts.models import User
    from games.moderators import GROUP

    user = User.objects.filter(username="many-moderator").first() or User.objects.create_user(
        username="many-moderator", email="many-moderator@bench.invalid", password="x-bench-x", is_staff=True)
    user.groups.add(Group.objects.get(name=GROUP))
    return user


PAGES = ["lobby", "my games", "home", "archive", "archive, page 20", "archive, by player",
         "archive, by faction", "leaderboard", "game page, cold", "game page, warm",
         "finished game page, cold", "moderators' dashboard", "clock scan (a batch)",
         "digest (the veteran's)"]


def _forget_cached(games: int) -> None:
    """This child's cache entries dropped (its own key prefix: the two children share the Redis database),
    so that the next page is drawn from nothing; the sessions fall back to the database."""
    import redis

    client = redis.Redis.from_url(REDIS)
    keys = list(client.scan_iter(match=f"many{games}:*", count=1000))
    if keys:
        client.delete(*keys)


def measures(games: int) -> dict[str, Any]:
    """Each page's measurement by name, over the same players, games and clients every round."""
    from django.test import Client
    from many_seed import VETERAN

    from accounts.models import User
    from games.models import Game, Seat

    veteran = User.objects.select_related("profile").get(username=VETERAN)
    client = Client()
    client.force_login(veteran)
    anonymous = Client()
    moderator = Client()
    moderator.force_login(_moderator())
    name = veteran.profile.display_name
    faction = (Seat.objects.filter(game__status="finished", game__kind="metaltalon").exclude(faction="")
               .values_list("faction", flat=True).first())
    board = anonymous.get("/leaderboards/")["Location"]
    mine = list(Game.objects.filter(status="active", seats__user=veteran, kind="metaltalon")
                .order_by("pk").values_list("pk", flat=True)[:REQUESTS + 1])
    done = list(Game.objects.filter(status="finished", visibility="public", kind="metaltalon")
                .order_by("pk").values_list("pk", flat=True)[:REQUESTS])

    def cold(who: Any, urls: list[str]) -> dict[str, Any]:
        _forget_cached(games)
        return _timed(who, urls)

    return {
        "lobby": lambda: _page(client, "/games/"),
        "my games": lambda: _page(client, "/games/mine/"),
        "home": lambda: _page(client, "/"),
        "archive": lambda: _page(anonymous, "/games/archive/"),
        "archive, page 20": lambda: _page(anonymous, "/games/archive/?page=20"),
        "archive, by player": lambda: _page(anonymous, f"/games/archive/?player={name}"),
        "archive, by faction": lambda: _page(anonymous, f"/games/archive/?faction={faction}"),
        "leaderboard": lambda: _page(anonymous, board),
        "game page, cold": lambda: cold(client, [f"/games/{pk}/" for pk in mine[1:]]),
        "game page, warm": lambda: _page(client, f"/games/{mine[0]}/"),
        "finished game page, cold": lambda: cold(anonymous, [f"/games/{pk}/" for pk in done]),
        "moderators' dashboard": lambda: _page(moderator, "/admin/moderation/"),
        "clock scan (a batch)": clock_scan,
        "digest (the veteran's)": lambda: digest(veteran),
    }


class _RolledBack(Exception):
    pass


def clock_scan() -> dict[str, Any]:
    """One batch of SCAN_BATCH due rows of the beat's scan (games.tasks.scan_clock's call), rolled back so
    every request finds the same due rows."""
    from django.conf import settings
    from django.db import connection, transaction
    from django.test.utils import CaptureQueriesContext
    from django.utils import timezone

    from games.actions.clock import due_ids

    times, counts, found = [], [], 0
    for _ in range(REQUESTS + 1):
        try:
            with transaction.atomic(), CaptureQueriesContext(connection) as queries:
                t0 = time.perf_counter()
                found = len(due_ids(timezone.now(), SCAN_BATCH, settings.CLOCK_HOLD_SECONDS))
                times.append((time.perf_counter() - t0) * 1000)
                counts.append(len(queries))
                raise _RolledBack
        except _RolledBack:
            pass
    return {**_figures(times[1:], counts[1:]), "found": found}


def digest(veteran: Any) -> dict[str, Any]:
    """The veteran's digest mail composed (games.mail.outbound.compose of its Notification), over every
    game in play that awaits them; the scan's question for digests due beside it."""
    from django.db import connection, transaction
    from django.test.utils import CaptureQueriesContext
    from django.utils import timezone

    from games.actions.digest import digests_due
    from games.mail.outbound import compose
    from games.models import Notification
    from games.queries import awaiting_seats

    veteran.profile.daily_digest = True
    veteran.profile.save(update_fields=["daily_digest"])
    times, counts = [], []
    for i in range(REQUESTS + 1):
        try:
            with transaction.atomic():
                row = Notification.objects.create(game=None, user=veteran, kind=Notification.Kind.DIGEST,
                                                  key=99990000 + i)
                row = Notification.objects.select_related("user__profile").get(pk=row.pk)
                with CaptureQueriesContext(connection) as queries:
                    t0 = time.perf_counter()
                    mail = compose(row)
                    digests_due(timezone.now(), 500)
                    times.append((time.perf_counter() - t0) * 1000)
                counts.append(len(queries))
                assert mail is not None
                raise _RolledBack
        except _RolledBack:
            pass
    return {**_figures(times[1:], counts[1:]), "games": awaiting_seats(veteran.pk).count()}


def child(games: int) -> None:
    """Seed if need be, then answer the parent: a page's name on stdin, its figures on stdout."""
    t0 = time.perf_counter()
    seeded = child_setup(games)
    from django.core.cache import caches

    # Its own key prefix: the two children share the bench's Redis database, and their ids overlap.
    caches["default"].key_prefix = f"many{games}"
    info: dict[str, Any] = {"games": games}
    if not seeded:
        import many_seed

        print(f"Seeding {games:,} games into {db_url(games)} (once; kept for later runs)", flush=True)
        info["seeding"] = many_seed.seed(games, log=lambda s: print(s, flush=True))
        info["seeding"]["total_s"] = time.perf_counter() - t0
        print(f"  seeded in {info['seeding']['total_s']:.0f} s: {info['seeding']['written']}", flush=True)
    from games.models import Game

    info["counted"] = {s: Game.objects.filter(status=s).count() for s in ("finished", "active", "open")}
    _forget_cached(games)
    measure = measures(games)
    print("RESULT " + json.dumps(info, default=str), flush=True)
    for line in sys.stdin:
        name = line.strip()
        if name not in measure:
            break
        print("RESULT " + json.dumps({"load": os.getloadavg()[0], **measure[name]()}), flush=True)


# === THE NOTICES: a child of its own (its Celery app talks to Redis) ===


def notices(games: int) -> None:
    import shutil

    url = db_url(games)
    env = {"CELERY_BROKER_URL": REDIS, "CELERY_RESULT_BACKEND": REDIS, "EMAIL_URL": f"file://{MAIL_DIR}"}
    wb.BENCH_ENV.update({"DATABASE_URL": url, "REDIS_URL": REDIS, "LOG_LEVEL": "WARNING", **env})
    wb.DB_URL = url
    os.environ.update(wb.BENCH_ENV)
    import django

    django.setup()
    import redis
    from celery import current_app
    from django.utils import timezone

    from games.models import Notification, Seat
    from games.tasks import send_notification

    client = redis.Redis.from_url(REDIS)
    client.delete(QUEUE, f"_kombu.binding.{QUEUE}")
    shutil.rmtree(MAIL_DIR, ignore_errors=True)
    MAIL_DIR.mkdir(parents=True)
    Notification.objects.filter(repeat=NOTICE_REPEAT).delete()
    seats = list(Seat.objects.filter(awaiting=True, game__status="active", user__isnull=False)
                 .exclude(prompt="").order_by("pk")
                 .values_list("pk", "game_id", "user_id", "prompt")[:NOTICES])
    now = timezone.now()
    rows = Notification.objects.bulk_create([
        Notification(game_id=game, user_id=user, seat_id=seat, kind=Notification.Kind.TURN, key=0,
                     prompt=prompt, repeat=NOTICE_REPEAT, due_at=now)
        for seat, game, user, prompt in seats], batch_size=2000)
    ids = [row.pk for row in rows]
    log = ROOT / "var" / "many-bench-workers.log"
    workers = [subprocess.Popen([str(Path(sys.executable).parent / "celery"), "-A", "metaltalon", "worker",
                                 "--queues", QUEUE, "--concurrency", "1", "--loglevel", "WARNING",
                                 "--without-mingle", "--without-gossip", "--without-heartbeat",
                                 "-n", f"many{i}@%h"],
                                cwd=ROOT, env={**os.environ}, stdout=log.open("ab"), stderr=subprocess.STDOUT)
               for i in range(2)]
    try:
        # Published before a worker has bound the queue, a task is dropped (kombu's Redis transport routes
        # by the bindings the consumers write): wait for them first.
        ready_by = time.monotonic() + 120
        while not client.exists(f"_kombu.binding.{QUEUE}"):
            if time.monotonic() > ready_by or any(w.poll() is not None for w in workers):
                raise RuntimeError(f"the workers did not start: {log.read_text()[-2000:]}")
            time.sleep(0.2)
        t0 = time.perf_counter()
        with current_app.producer_or_acquire() as producer:
            for pk in ids:
                send_notification.apply_async((pk,), producer=producer, queue=QUEUE)
        published = time.perf_counter() - t0
        pending = Notification.objects.filter(pk__in=ids, sent_at__isnull=True)
        left, moved_at = pending.count(), time.monotonic()
        while left:
            if any(w.poll() is not None for w in workers):
                raise RuntimeError(f"a worker exited: {log.read_text()[-2000:]}")
            if time.monotonic() - moved_at > 120:
                raise RuntimeError(f"no notice sent for 2 minutes, {left} left: {log.read_text()[-2000:]}")
            time.sleep(0.5)
            now_left = pending.count()
            if now_left < left:
                left, moved_at = now_left, time.monotonic()
        seconds = time.perf_counter() - t0
    finally:
        for w in workers:
            w.terminate()
        for w in workers:
            w.wait(timeout=60)
    handled = Notification.objects.filter(pk__in=ids)
    info = {"notices": len(ids), "seconds": seconds, "publish_s": published,
            "sent": handled.filter(dropped=False).count(), "dropped": handled.filter(dropped=True).count(),
            "mails": len(list(MAIL_DIR.iterdir())), "load": os.getloadavg()[0]}
    handled.delete()
    client.delete(QUEUE)
    print("RESULT " + json.dumps(info), flush=True)


# === THE PARENT ===


class Child:
    """A child process on one database, asked page after page."""

    def __init__(self, games: int, mode: str = "--child") -> None:
        self.games = games
        self.process = subprocess.Popen([sys.executable, __file__, mode, str(games)], cwd=ROOT,
                                        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        self.info = self.answer()

    def answer(self) -> dict[str, Any]:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            if line.startswith("RESULT "):
                return dict(json.loads(line[len("RESULT "):]))
            print(line, end="", flush=True)
        raise RuntimeError(f"the bench's child for {self.games} games failed ({self.process.wait()})")

    def ask(self, name: str) -> dict[str, Any]:
        assert self.process.stdin is not None
        self.process.stdin.write(name + "\n")
        self.process.stdin.flush()
        return self.answer()

    def close(self) -> None:
        if self.process.stdin is not None:
            self.process.stdin.close()
        self.process.wait(timeout=60)


def interleaved() -> tuple[dict[str, Any], dict[str, Any]]:
    """Both sizes page by page in turn, ROUNDS times: the small one's page, then the large one's, so the
    machine's load of the moment weighs on both alike. Each page's round with the lowest p50 is kept."""
    import redis

    redis.Redis.from_url(REDIS).flushdb()  # the bench's own Redis database
    small, large = Child(SMALL), Child(LARGE)
    out = ({**small.info, "pages": {}, "load": 0.0}, {**large.info, "pages": {}, "load": 0.0})
    try:
        for _ in range(ROUNDS):
            for name in PAGES:
                for child_, result in zip((small, large), out, strict=True):
                    figures = child_.ask(name)
                    result["load"] = max(result["load"], figures["load"])
                    kept = result["pages"].get(name)
                    if kept is None or figures["p50"] < kept["p50"]:
                        result["pages"][name] = figures
    finally:
        small.close()
        large.close()
    return out


def run_child(games: int, mode: str) -> dict[str, Any]:
    child_ = Child(games, mode)
    child_.close()
    return child_.info


def report(small: dict[str, Any], large: dict[str, Any]) -> None:
    print(f"many games bench: {small['games']:,} games beside {large['games']:,} (in play "
          f"{small['counted']['active']:,} / {large['counted']['active']:,}), in-process, {REQUESTS} "
          f"requests each, the two sizes in turn page by page, the best p50 of {ROUNDS} rounds; load average "
          f"up to {small['load']:.2f} / {large['load']:.2f}")
    print("Target: every page at the large size within 1.5x of its time at the small one, with a bounded "
          "number of queries (the same at both sizes).")
    head = (f"  {'page':<28} {'p50 ms':>8} {'p95':>8} {'q':>4} | {'p50 ms':>8} {'p95':>8} {'q':>4} | "
            f"{'ratio':>6}  target")
    print(f"  {'':<28} {small['games']:>21,} games | {large['games']:>21,} games |")
    print(head)
    for name, a in small["pages"].items():
        b = large["pages"][name]
        ratio = b["p50"] / a["p50"] if a["p50"] else float("inf")
        same = b["queries"] <= a["queries"]
        verdict = "met" if ratio <= TARGET_RATIO and same else "MISSED"
        why = "" if same else f" (queries {a['queries']} -> {b['queries']})"
        print(f"  {name:<28} {a['p50']:>8.1f} {a['p95']:>8.1f} {a['queries']:>4} | {b['p50']:>8.1f} "
              f"{b['p95']:>8.1f} {b['queries']:>4} | {ratio:>5.2f}x  <= {TARGET_RATIO}x: {verdict}{why}")


def main() -> None:
    if len(sys.argv) > 2 and sys.argv[1] == "--child":
        child(int(sys.argv[2]))
        return
    if len(sys.argv) > 2 and sys.argv[1] == "--notices":
        notices(int(sys.argv[2]))
        return
    if "pages" in PARTS:
        report(*interleaved())
    if "notices" in PARTS:
        if "pages" not in PARTS:
            run_child(LARGE, "--child")  # the pages' child seeds the database when it is not seeded yet
        n = run_child(LARGE, "--notices")
        per_minute = n["notices"] / n["seconds"] * 60
        verdict = "met" if per_minute >= TARGET_NOTICES else "MISSED"
        print(f"Notices at {LARGE:,} games: {n['notices']:,} turn notices through two Celery workers "
              f"(concurrency 1 each, file backend) in {n['seconds']:.0f} s "
              f"(publishing {n['publish_s']:.1f} s): "
              f"{per_minute:,.0f} a minute (target >= {TARGET_NOTICES:,}: {verdict}); {n['sent']:,} sent in "
              f"{n['mails']:,} mails, {n['dropped']:,} dropped (digest takers, stale); load average "
              f"{n['load']:.2f} at the end")


if __name__ == "__main__":
    main()

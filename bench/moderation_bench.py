"""Moderation benchmark: the dashboard over many games, a rollback deep into a long game, and what a
moderator's line costs the game page.

    python bench/moderation_bench.py   # `make bench` runs it; prints figures, asserts nothing

1. Seed: one 2-player game made through games.actions, cloned with bulk inserts into BENCH_MOD_GAMES
   (5,000) games in play; one in ten has waited four days for a move against a 72-hour deadline
   (stalled), one in fifty was paused eight days ago, one seat in twenty has timed out 3 times, and 200
   reports are open.
2. The dashboard (/admin/moderation/) as a moderator sees it, through Django's test client: time and SQL
   queries per rendering, over 10 renderings.
3. A long game: BENCH_MOD_ACTIONS (1,000) commands played through apply_command, then rolled back as a
   moderator half way, and (after one more move) by one action: time and queries of each.
4. The game page of a game with a moderator's line and of one without: SQL queries of each rendering
   (the page looks for moderator lines only in a game a moderator touched).

Environment: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/metaltalon_mod_bench, created
if missing), BENCH_REDIS_URL (default redis://127.0.0.1:6379/6), BENCH_MOD_GAMES, BENCH_MOD_ACTIONS.
"""

from __future__ import annotations

import os
import statistics
import sys
import time
from datetime import timedelta
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import web_bench as wb  # noqa: E402 (the folder is put on the path just above)

DB_URL = os.environ.get("BENCH_DATABASE_URL", "postgres://postgres@127.0.0.1:5432/metaltalon_mod_bench")
REDIS = os.environ.get("BENCH_REDIS_URL", "redis://127.0.0.1:6379/6")
GAMES = int(os.environ.get("BENCH_MOD_GAMES", "5000"))
ACTIONS = int(os.environ.get("BENCH_MOD_ACTIONS", "1000"))
def setup() -> None:
    """As web_bench.setup (DEBUG off, migrated, static files collected), on this bench's own database."""
    wb.BENCH_ENV.update({"DATABASE_URL": DB_URL, "REDIS_URL": REDIS, "LOG_LEVEL": "WARNING"})
    wb.DB_URL = DB_URL
    wb.setup()
    # No broker needed: the notices' tasks are not queued from here.
    import games.tasks

    games.tasks.queue_notifications = lambda ids: None


def user(name: str, **extra: Any) -> Any:
    from accounts.models import User

    found = User.objects.filter(username=name).first()
    return found or User.objects.create_user(username=name, email=f"{name}@bench.invalid",
                                             password="x-bench-x", **extra)


def started(players: list[Any]) -> Any:
    from games import actions
    from games.actions import Actor

    game = actions.create_game(Actor.player(players[0]), players=2)
    actions.join_game(game, Actor.player(players[1]))
    game.refresh_from_db()
    for seat in game.seats.order_by("index"):
        actions.apply_command(game, Actor.player(seat.user), "keep")
    game.refresh_from_db()
    return game


def seed(moderator: Any) -> None:
    from django.db import transaction
    from django.utils import timezone

    from games import actions
    from games.actions import Actor
    from games.models import Game, Report, Seat, new_secret

    a, b = user("mod-bench-a"), user("mod-bench-b")
    Game.objects.filter(created_by=a).delete()
    model = started([a, b])
    seats = list(model.seats.order_by("index"))
    now = timezone.now()
    with transaction.atomic():
        games = Game.objects.bulk_create([
            Game(created_by=a, kind=model.kind, options=model.options, players=2, clock=model.clock,
                 status=model.status, state=model.state, version=model.version, invite_code=new_secret(),
                 started_at=now, turn_started_at=now,
                 paused_at=now - timedelta(days=8) if i % 50 == 0 else None) for i in range(GAMES)],
            batch_size=1000)
        rows = []
        for i, game in enumerate(games):
            waited = now - (timedelta(days=4) if i % 10 == 0 else timedelta(hours=2))
            for s in seats:
                rows.append(Seat(game=game, user_id=s.user_id, index=s.index, faction=s.faction,
                                 status=s.status, awaiting=s.awaiting, reply_token=new_secret(),
                                 awaited_since=waited if s.awaiting else None,
                                 timeouts_total=3 if i % 20 == 0 and s.index == 1 else 0))
        Seat.objects.bulk_create(rows, batch_size=2000)
        Report.objects.bulk_create([Report(about="game", game=g, reporter=b, target=f"game:{g.pk}",
                                           reason="bench report") for g in games[:200]])
    model.delete()
    actions.pause_game(games[1], Actor.moderator(moderator, "bench"))  # a moderator's line somewhere


def dashboard(moderator: Any) -> dict[str, float]:
    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext

    client = Client()
    client.force_login(moderator)
    times, counts = [], []
    for _ in range(10):
        with CaptureQueriesContext(connection) as queries:
            t0 = time.perf_counter()
            response = client.get("/admin/moderation/")
            times.append((time.perf_counter() - t0) * 1000)
        assert response.status_code == 200, response.status_code
        counts.append(len(queries))
    return {"p50_ms": statistics.median(times), "max_ms": max(times), "queries": statistics.median(counts)}


def long_game(moderator: Any) -> dict[str, Any]:
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from games import actions
    from games.actions import Actor
    from games.kinds import get_kind

    a, b = user("mod-bench-c"), user("mod-bench-d")
    game = started([a, b])
    kind = get_kind(game.kind)
    players = {s.index: s.user for s in game.seats.all()}
    t0 = time.perf_counter()
    while game.actions.count() < ACTIONS:
        state = kind.load(game.state)
        seat = kind.to_act(state)[0]
        actions.apply_command(game, Actor.player(players[seat]), "end")
        game.refresh_from_db()
    play_s = time.perf_counter() - t0
    out: dict[str, Any] = {"actions": game.actions.count(), "play_s": play_s}
    for label in ("half", "one back"):
        # Half way back into the log, then (after one more move) just the newest action back.
        standing = list(game.actions.filter(undone=False).order_by("-seq").values_list("seq", flat=True))
        seq = standing[len(standing) // 2] if label == "half" else standing[1]
        with CaptureQueriesContext(connection) as queries:
            t0 = time.perf_counter()
            actions.rollback_game(game, Actor.moderator(moderator, "bench"), seq)
            ms = (time.perf_counter() - t0) * 1000
        out[label] = {"to": seq, "ms": ms, "queries": len(queries)}
        game.refresh_from_db()
        state = kind.load(game.state)
        actions.apply_command(game, Actor.player(players[kind.to_act(state)[0]]), "end")
        game.refresh_from_db()
    return out


def page_queries(moderator: Any) -> dict[str, int]:
    from django.core.cache import cache
    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext

    from games import actions
    from games.actions import Actor

    out = {}
    for label, touched in (("untouched", False), ("with a moderator's line", True)):
        game = started([user("mod-bench-e"), user("mod-bench-f")])
        if touched:
            actions.pause_game(game, Actor.moderator(moderator, "bench"))
            actions.resume_game(game, Actor.moderator(moderator, "bench"))
        client = Client()
        client.force_login(game.seats.first().user)
        client.get(f"/games/{game.pk}/")  # the CSRF cookie
        cache.clear()
        with CaptureQueriesContext(connection) as queries:
            assert client.get(f"/games/{game.pk}/").status_code == 200
        out[label] = len(queries)
    return out


def main() -> None:
    setup()
    from django.contrib.auth.models import Group

    from games.moderators import GROUP

    moderator = user("mod-bench-moderator", is_staff=True)
    moderator.groups.add(Group.objects.get(name=GROUP))
    t0 = time.perf_counter()
    seed(moderator)
    print(f"Seeded {GAMES} games in play in {time.perf_counter() - t0:.1f} s "
          f"({GAMES // 10} stalled, {GAMES // 50} paused a week ago, 200 open reports)")
    d = dashboard(moderator)
    print(f"Dashboard: {d['p50_ms']:.0f} ms median (max {d['max_ms']:.0f} ms), "
          f"{d['queries']:.0f} SQL queries")
    g = long_game(moderator)
    print(f"Long game: {g['actions']} actions played in {g['play_s']:.1f} s")
    for label in ("half", "one back"):
        r = g[label]
        print(f"  rollback to action {r['to']} ({label}): {r['ms']:.0f} ms, {r['queries']} SQL queries")
    p = page_queries(moderator)
    print("Game page SQL queries: " + ", ".join(f"{k} {v}" for k, v in p.items()))


if __name__ == "__main__":
    main()

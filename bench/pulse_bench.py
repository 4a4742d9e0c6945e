"""Pulse benchmark: the cheap question every open game page asks every second (games/pulse.py).

    python bench/pulse_bench.py            # `make bench` runs it; prints figures, asserts nothing

For each setup it prints the server time and query count of one pulse in-process (Django test client),
then gunicorn under wrk for the pulse while nothing changes (204), beside the version poll it replaced
(304, one query), at 4 and 32 connections:

1. production-like: PostgreSQL and the Redis cache (BENCH_DATABASE_URL, BENCH_REDIS_URL, as web_bench.py);
2. the embedded default of `make run`: SQLite and the file cache, in a child process on a scratch folder.

Every open page asks once a second, so N open pages cost N requests a second: the req/s figure is how many
open pages the machine follows. Environment as web_bench.py (BENCH_SECONDS, BENCH_WORKERS, WRK, ...).
"""

from __future__ import annotations

import html
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any
from urllib.parse import parse_qsl

sys.path.insert(0, str(Path(__file__).resolve().parent))

import web_bench as wb  # noqa: E402 (the folder is put on the path just above)

REPEAT = 300
ACTIONS = 20


def embedded_env(folder: Path) -> dict[str, str]:
    """`make run`'s defaults: SQLite in a file and the file-based cache (no REDIS_URL)."""
    return {"DATABASE_URL": f"sqlite:///{folder / 'pulse-bench.sqlite3'}", "REDIS_URL": "",
            "VAR_DIR": str(folder / "var")}


# === IN-PROCESS ===


def open_page(client: Any, game: Any) -> dict[str, str]:
    """What pulse.js sends: the pulse's address (with its ticket) and the version and chat token shown."""
    page = client.get(f"/games/{game.pk}/").content.decode()
    url = html.unescape(re.search(r'<div id="pulse" hx-get="([^"]+)"', page)[1])
    path, _, query = url.partition("?")
    return {"path": path, **dict(parse_qsl(query)),
            "v": re.search(r'<div id="live" class="live" data-version="(\d+)"', page)[1],
            "c": re.search(r'data-chat="([^"]*)"', page)[1]}


def timed(client: Any, shown: dict[str, str]) -> tuple[float, int, int]:
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    params = {k: v for k, v in shown.items() if k != "path"}
    with CaptureQueriesContext(connection) as queries:
        started = time.perf_counter()
        response = client.get(shown["path"], params, headers={"HX-Request": "true"})
        elapsed = (time.perf_counter() - started) * 1000
    return elapsed, len(queries), response.status_code


def in_process(game: Any) -> dict[str, Any]:
    from games import pulse

    client, _seat = wb.active_client(game)
    shown = open_page(client, game)
    for _ in range(50):  # the version is cached from the first; the rest warm the process up
        timed(client, shown)
    quiet = [timed(client, shown) for _ in range(REPEAT)]
    moved = []
    for _ in range(REPEAT // 6):  # just after a save: the version is read from the database once
        pulse.game_changed(game.pk)
        moved.append(timed(client, shown))
    times = [t for t, _, _ in quiet]
    return {"p50": statistics.median(times), "p99": wb.pct(times, 0.99),
            "queries": max(q for _, q, _ in quiet), "status": {s for _, _, s in quiet},
            "moved_p50": statistics.median(t for t, _, _ in moved),
            "moved_queries": max(q for _, q, _ in moved)}


# === GUNICORN + WRK ===


def under_load(game: Any) -> list[tuple[str, int, dict[str, Any]]]:
    from urllib.parse import urlencode

    if wb.wrk_missing():
        return []
    client, _seat = wb.active_client(game)
    shown = open_page(client, game)
    cookies = wb.session_cookies(client)
    game.refresh_from_db()
    results = []
    with wb.served() as (base, folder):
        script = wb.wrk_lua(folder, cookies, {"HX-Request": "true"})
        query = urlencode({k: v for k, v in shown.items() if k != "path"})
        pulse_url = f"{base}{shown['path']}?{query}"
        poll_url = f"{base}/games/{game.pk}/poll/?v={game.version}"
        wb.run_wrk(pulse_url, 8, script, seconds=2)  # workers import, connect and warm up first
        wb.run_wrk(poll_url, 8, script, seconds=1)
        for name, url in (("pulse, unchanged (204)", pulse_url), ("version poll (304)", poll_url)):
            for connections in (4, 32):
                results.append((name, connections, wb.run_wrk(url, connections, script)))
    return results


# === REPORT ===


def report(label: str) -> None:
    from django.conf import settings
    from django.db import connection

    game = wb.seeded(ACTIONS)
    cache = settings.CACHES["default"]["BACKEND"].rsplit(".", 1)[-1]
    sessions = settings.SESSION_ENGINE.rsplit(".", 1)[-1]
    print(f"{label}: {connection.vendor}, cache {cache}, sessions {sessions}, {os.cpu_count()} cores, "
          f"load average {os.getloadavg()[0]:.1f}")
    f = in_process(game)
    print(f"  one pulse in-process over {REPEAT}: p50 {f['p50']:.2f} ms, p99 {f['p99']:.2f} ms, "
          f"{f['queries']} queries, status {','.join(map(str, sorted(f['status'])))}; just after a move: "
          f"p50 {f['moved_p50']:.2f} ms, {f['moved_queries']} query")
    threads = f" x {wb.THREADS} threads" if wb.WORKER_CLASS == "gthread" else ""
    print(f"  gunicorn ({wb.WORKERS} {wb.WORKER_CLASS} workers{threads}) + wrk on loopback, "
          f"{wb.SECONDS} s each")
    print(f"  {'what':<24} {'conns':>5} {'req/s':>9} {'p99 ms':>8} {'errors':>7}")
    for name, connections, r in under_load(game):
        print(f"  {name:<24} {connections:>5} {r['rps']:>9.0f} {r['p99']:>8.1f} {r['errors']:>7}")
    print(f"  load average {os.getloadavg()[0]:.1f} after (wrk shares the cores with gunicorn)")


def main() -> None:
    if "--embedded" in sys.argv:
        folder = Path(sys.argv[sys.argv.index("--embedded") + 1])
        wb.BENCH_ENV.update(embedded_env(folder))
        wb.DB_URL = wb.BENCH_ENV["DATABASE_URL"]
        wb.setup()
        report("Embedded default (make run)")
        return
    wb.setup()
    report("Production-like")
    print()
    with tempfile.TemporaryDirectory() as tmp:
        # A process of its own: Django's settings (database, cache) are read once per process.
        subprocess.run([sys.executable, __file__, "--embedded", tmp], check=True)


if __name__ == "__main__":
    main()

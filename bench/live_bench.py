"""Live updates: BENCH_LIVE_PAGES (2,000) open game pages on one 2-core box, each pulsing once a second, and
how soon all of them learn of a move.

    python bench/live_bench.py            # `make bench` runs it

The site runs under gunicorn as in web_bench.py (PostgreSQL, Redis, DEBUG off, BENCH_WORKERS sync workers).
The pages are simulated in one asyncio process on the same box: each holds a signed-in session (spread over
BENCH_LIVE_USERS players) and asks `/games/<id>/pulse/` once a second, at its own phase, as static/js/pulse.js
does, over a fresh connection each time (gunicorn's sync workers close every connection). After a warm-up
the bench plays a move in the game; each page that gets the pulse's 200 with `game-moved` fetches the new
`live` region (the version poll) like the page would, and notes how long after the move's commit it knew.

Printed: the pulses answered per second and their latency, errors, the delivery delay of the move (p50, p99,
max, the share within 2 s: the target), gunicorn's CPU (its workers' user + system time over the run) and
memory (resident, all workers), and the connections open at the busiest moment.
"""

from __future__ import annotations

import asyncio
import os
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any
from urllib.parse import urlencode, urlsplit

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import web_bench  # noqa: E402  (the production-like environment, the seeded games, gunicorn)

PAGES = int(os.environ.get("BENCH_LIVE_PAGES", "2000"))
USERS = int(os.environ.get("BENCH_LIVE_USERS", "20"))
WARMUP = float(os.environ.get("BENCH_LIVE_WARMUP", "10"))
MEASURE = float(os.environ.get("BENCH_LIVE_SECONDS", "10"))
TARGET_SECONDS = 2.0


class Page:
    """One open game page: its cookies, its pulse address (ticket), the version and chat token it shows."""

    def __init__(self, cookie: str, ticket: str, version: int, chat: str) -> None:
        self.cookie, self.ticket, self.version, self.chat = cookie, ticket, version, chat
        self.knew_at: float | None = None


class Stats:
    def __init__(self) -> None:
        self.latencies: list[float] = []
        self.answered = 0
        self.errors = 0
        self.in_flight = 0
        self.most_in_flight = 0


async def get(host: str, port: int, path: str, cookie: str, gzip: bool = False,
              extra: str = "") -> tuple[int, dict[str, str]]:
    """One htmx GET; `gzip`: saying, as a browser does, that a compressed answer is welcome; `extra`: more
    header lines, each ended by CRLF."""
    reader, writer = await asyncio.open_connection(host, port)
    accept = ("Accept-Encoding: gzip, deflate, br\r\n" if gzip else "") + extra
    try:
        writer.write((f"GET {path} HTTP/1.1\r\nHost: {host}:{port}\r\nCookie: {cookie}\r\n{accept}"
                      "HX-Request: true\r\nConnection: close\r\n\r\n").encode())
        await writer.drain()
        head = await reader.readuntil(b"\r\n\r\n")
        lines = head.decode("latin-1").split("\r\n")
        status = int(lines[0].split()[1])
        headers = {k.lower(): v.strip() for k, _, v in (line.partition(":") for line in lines[1:] if line)}
        length = int(headers.get("content-length", "0") or 0)
        if length:
            await reader.readexactly(length)
        else:
            await reader.read()
        return status, headers
    finally:
        writer.close()


async def page_loop(page: Page, game_id: int, base: tuple[str, int], stats: Stats, stop: float,
                    moved_at: list[float], measuring: list[bool]) -> None:
    host, port = base
    await asyncio.sleep(random.random())  # every page at its own phase within the second
    while time.monotonic() < stop:
        started = time.monotonic()
        query = urlencode({"t": page.ticket, "v": page.version, "c": page.chat})
        stats.in_flight += 1
        stats.most_in_flight = max(stats.most_in_flight, stats.in_flight)
        try:
            status, headers = await get(host, port, f"/games/{game_id}/pulse/?{query}", page.cookie)
            if measuring[0]:
                stats.answered += 1
                stats.latencies.append((time.monotonic() - started) * 1000)
            if status == 200 and "game-moved" in headers.get("hx-trigger", ""):
                if page.knew_at is None and moved_at:
                    page.knew_at = time.monotonic()
                version = int(headers["hx-trigger"].split('"version": ')[1].split("}")[0])
                await get(host, port, f"/games/{game_id}/poll/?v={page.version}", page.cookie)
                page.version = version
            elif status not in (200, 204):
                stats.errors += 1
        except (OSError, asyncio.IncompleteReadError, ValueError, IndexError):
            stats.errors += 1
        finally:
            stats.in_flight -= 1
        await asyncio.sleep(max(0.0, 1.0 - (time.monotonic() - started)))


def cpu_seconds(pids: list[int]) -> float:
    total = 0.0
    for pid in pids:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
            total += (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
        except (OSError, IndexError):
            pass
    return total


def rss_mb(pids: list[int]) -> float:
    total = 0
    for pid in pids:
        try:
            for line in Path(f"/proc/{pid}/status").read_text().splitlines():
                if line.startswith("VmRSS:"):
                    total += int(line.split()[1])
        except OSError:
            pass
    return total / 1024


def worker_pids(master: int) -> list[int]:
    children = Path(f"/proc/{master}/task/{master}/children")
    return [master, *(int(p) for p in children.read_text().split())] if children.exists() else [master]


def sessions(game: Any) -> list[tuple[str, str]]:
    """(cookie header, pulse ticket) for USERS signed-in players who have the page open."""
    from django.test import Client
    from web_seed import bench_users

    from games import pulse

    out = []
    for user in bench_users(USERS, "live"):
        client = Client()
        client.force_login(user)
        client.get(f"/games/{game.pk}/")
        out.append((web_bench.session_cookies(client), pulse.ticket(game.pk, str(user.pk))))
    return out


def play_a_move(game: Any) -> None:
    from games import actions
    from games.actions import Actor

    _client, seat = web_bench.active_client(game)
    actions.apply_command(game, Actor.player(seat.user), "end")


async def drive(game: Any, root: str, pages: list[Page], master: int) -> dict[str, Any]:
    parts = urlsplit(root)
    base = (parts.hostname or "127.0.0.1", parts.port or 80)
    stats, moved_at, measuring = Stats(), [], [False]
    stop = time.monotonic() + WARMUP + MEASURE + 5
    loops = [asyncio.create_task(page_loop(p, game.pk, base, stats, stop, moved_at, measuring))
             for p in pages]
    await asyncio.sleep(WARMUP)
    pids = worker_pids(master)
    cpu_before, wall_before = cpu_seconds(pids), time.monotonic()
    measuring[0] = True
    await asyncio.sleep(MEASURE / 2)
    loop = asyncio.get_running_loop()
    await loop.run_in_executor(None, play_a_move, game)
    moved_at.append(time.monotonic())
    await asyncio.sleep(MEASURE / 2)
    measuring[0] = False
    cpu = (cpu_seconds(pids) - cpu_before) / (time.monotonic() - wall_before)
    memory = rss_mb(pids)
    await asyncio.gather(*loops, return_exceptions=True)
    delays = sorted((p.knew_at - moved_at[0]) for p in pages if p.knew_at is not None)
    return {"stats": stats, "delays": delays, "cpu": cpu, "memory": memory, "workers": len(pids) - 1}


def main() -> None:
    web_bench.setup()
    print(f"Live pages: {PAGES} open game pages pulsing once a second, {USERS} players, gunicorn "
          f"{web_bench.WORKERS} {web_bench.WORKER_CLASS} workers, {os.cpu_count()} cores, load average "
          f"{os.getloadavg()[0]:.1f} at the start")
    game = web_bench.seeded(web_bench.SIZES[-1])
    who = sessions(game)
    from games import pulse

    game.refresh_from_db()
    chat = pulse.read(game.pk).chat
    pages = [Page(who[i % len(who)][0], who[i % len(who)][1], game.version, chat) for i in range(PAGES)]
    with web_bench.served() as (root, _folder):
        master = web_bench.LAST_SERVER["pid"]
        result = asyncio.run(drive(game, root, pages, master))
    stats, delays = result["stats"], result["delays"]
    lat = stats.latencies or [float("nan")]
    within = sum(d <= TARGET_SECONDS for d in delays) / PAGES
    print(f"  pulses answered: {stats.answered / MEASURE:.0f}/s (of {PAGES}/s asked), latency p50 "
          f"{statistics.median(lat):.1f} ms, p99 {web_bench.pct(lat, 0.99):.1f} ms; errors {stats.errors}")
    if delays:
        print(f"  a move reached {len(delays)} of {PAGES} pages: p50 "
              f"{statistics.median(delays) * 1000:.0f} ms, p99 {web_bench.pct(delays, 0.99) * 1000:.0f} ms, "
              f"max {delays[-1] * 1000:.0f} ms; "
              f"{within:.1%} within {TARGET_SECONDS:.0f} s   target: all within {TARGET_SECONDS:.0f} s: "
              f"{'met' if within == 1.0 else 'missed'}")
    else:
        print("  the move reached no page")
    print(f"  gunicorn ({result['workers']} workers): {result['cpu']:.0%} of one core, "
          f"{result['memory']:.0f} MB resident; at most {stats.most_in_flight} requests open at once "
          "(connections close after each)")


if __name__ == "__main__":
    main()

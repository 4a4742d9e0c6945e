"""Push: BENCH_PUSH_PAGES (2,000) open game pages following one game over WebSocket connections on one 2-core
box, how soon a move reaches all of them, what the push server costs idle, and a command's round trip.

    python bench/push_bench.py            # `make bench` runs it

Production-like as web_bench.py (PostgreSQL, Redis, DEBUG off): the push server is uvicorn serving
metaltalon.asgi:application as docs/deploy.md runs it, with the Redis publish/subscribe channel layer, first
as one process, then as two processes on two ports with the pages split between them (a move's message then
reaches each through Redis). The pages are simulated in one separate asyncio process (the `websockets`
library; `--pages FILE` runs this script as that process): each opens /push/games/<id>/?t=<ticket> with its
session cookie (BENCH_LIVE_USERS players, the game's six seats and one page in ten a visitor) and this site's
Origin, says hello with the version and chat token it shows, as static/js/push.js does, and notes when each
#push-news fragment arrives.

1. Idle: the push server's CPU (user + system of its processes) over BENCH_PUSH_IDLE (10) seconds with every
   page open and nothing happening, as a share of one core, its resident memory and the Redis connections
   it holds.
2. A move: `end` by the seat to act (games.actions.apply_command in this process, as gunicorn or the worker
   plays one), BENCH_PUSH_MOVES (5) times; the delay from the commit (when games/push/publish.py's message
   leaves) until each page holds the new version's #push-news: p50, p99, max, pages reached, and the CPU
   time the push server and the pages' process spent on the move. With one process, one more move after
   which every page fetches its `live` region through the version poll (gunicorn, 4 sync workers, as
   web_bench.py), as the page does on "game-moved": when each page would have its board, and the seats'
   pages apart (BENCH_PUSH_POLL=0 skips it).
3. A command over the connection: `end` typed by the seat to act of a fresh 2-player game, BENCH_PUSH_COMMANDS
   (200) times, the two players' pages on one push server and nothing else open: the round trip the client
   sees (send to #push-reply, loopback). Then the server's own time: games.push.play.play (what the
   consumer runs for a command) called in this process over the same game, interleaved with the same
   command as the form's POST (Django's test client, a redirect), each p50 / p95 and queries.

Each figure is printed beside its target and beside the pulse's (bench/live_bench.py, bench/README.md).
Environment: as web_bench.py (BENCH_DATABASE_URL, BENCH_REDIS_URL), BENCH_PUSH_PAGES, BENCH_LIVE_USERS (20),
BENCH_PUSH_MOVES, BENCH_PUSH_COMMANDS, BENCH_PUSH_IDLE, BENCH_PUSH_POLL, BENCH_PUSH_PROCESSES ("1,2"),
BENCH_PUSH_SPREAD (0: seconds over which the pages without a seat would spread their board's fetch; the page
fetches at once). Speed is reported, never asserted.
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import re
import secrets
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import live_bench  # noqa: E402  (the /proc CPU and memory readings, the raw HTTP GET)
import web_bench  # noqa: E402  (the production-like environment, the seeded games, gunicorn)

PAGES = int(os.environ.get("BENCH_PUSH_PAGES", "2000"))
USERS = live_bench.USERS
MOVES = int(os.environ.get("BENCH_PUSH_MOVES", "5"))
COMMANDS = int(os.environ.get("BENCH_PUSH_COMMANDS", "200"))
IDLE = float(os.environ.get("BENCH_PUSH_IDLE", "10"))
POLL = os.environ.get("BENCH_PUSH_POLL", "1") != "0"
PROCESSES = tuple(int(n) for n in os.environ.get("BENCH_PUSH_PROCESSES", "1,2").split(","))
# After a move, a page without a seat waits up to this long at random before it fetches its board: a spread
# static/js/push.js does not do (0, every board at once, as the page fetches it), measured to see whether
# it would serve the seats' pages first (bench/README.md, "push_bench.py": not clearly, so not done).
SPREAD = float(os.environ.get("BENCH_PUSH_SPREAD", "0"))
VISITOR_EVERY = 10  # one page in ten is a visitor's
# The site's own origin (SITE_URL, one of CSRF_TRUSTED_ORIGINS): the pages are served apart from the push
# server, whose Origin check (games/push/origin.py) lets in its own host and port or a trusted origin.
ORIGIN = web_bench.BENCH_ENV["SITE_URL"]
WAIT = 20.0  # seconds the bench waits for a move to reach every page before counting the ones it reached

TARGETS = {"idle_cpu": 0.10, "move_p99": 1.0, "play_p50_ms": 5.0}
# bench/live_bench.py, 2026-11-24 on this kind of machine (bench/README.md): the same 2,000 pages pulsing.
PULSE = {"reach": "p50 1.7 s, p99 3.2 s, max 3.2 s", "cpu": "145% of one core, 464 MB resident (gunicorn, "
         "4 sync workers, answering 925 pulses a second)"}
# bench/README.md, "The command round trip": the form's POST of a move, server time p50, before any push.
FORM_BEFORE_MS = 12

NEWS = re.compile(r'id="push-news"[^>]*?data-version="(\d+)"')
REPLY = re.compile(r'id="push-reply"[^>]*?data-ok="([01])"')


# === THE PAGES (a process of their own: python bench/push_bench.py --pages FILE) ===


class Pages:
    """Every simulated page's connection, and when each version's #push-news reached each."""

    def __init__(self, spec: dict[str, Any]) -> None:
        self.spec = spec
        self.sockets: list[Any] = []
        self.news: dict[int, list[float]] = {}  # version -> monotonic arrival times
        self.boards: dict[int, list[float]] = {}  # version -> when the page's poll answered
        self.seated: dict[int, list[float]] = {}  # the same, the seats' pages only
        self.arrivals: dict[int, list[tuple[int, float]]] = {}  # version -> (page, when its news came)
        # version -> (page, when its poll was sent, answered, the answer's status)
        self.polls: dict[int, list[tuple[int, float, float, int]]] = {}
        self.shown: list[int] = [p["version"] for p in spec["pages"]]
        self.other = 0  # messages other than #push-news (a chat token at hello, say)
        self.errors = 0
        self.closed = 0
        self.why_closed: Counter[str] = Counter()
        self.tasks: set[asyncio.Task[None]] = set()
        self.poll_base: tuple[str, int] | None = None

    async def open(self, index: int, page: dict[str, Any], gate: asyncio.Semaphore) -> None:
        from websockets.asyncio.client import connect

        headers = {"Cookie": page["cookie"]} if page["cookie"] else {}
        async with gate:
            try:
                socket = await connect(page["url"], origin=ORIGIN, additional_headers=headers,  # type: ignore[arg-type]
                                       ping_interval=None, max_size=2**20, open_timeout=60)
            except (OSError, TimeoutError, Exception):  # noqa: BLE001 - counted, the bench goes on
                self.errors += 1
                return
            await socket.send(json.dumps({"type": "hello", "version": str(page["version"]),
                                          "chat": page["chat"], "visible": True}))
        self.sockets.append(socket)
        self.keep(self.listen(index, page, socket))

    def keep(self, work: Any) -> None:
        """A task held until it is done: the event loop keeps only a weak reference to a task, and one that
        nothing else held was collected mid-flight (a hundred of 2,000 boards' polls never answered)."""
        task = asyncio.get_running_loop().create_task(work)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    async def listen(self, index: int, page: dict[str, Any], socket: Any) -> None:
        try:
            async for message in socket:
                now = time.monotonic()
                found = NEWS.search(message)
                if found is None:
                    self.other += 1
                    continue
                version = int(found[1])
                self.news.setdefault(version, []).append(now)
                self.arrivals.setdefault(version, []).append((index, now))
                if self.poll_base is not None:
                    self.keep(self.poll(index, page, self.shown[index], version))
                self.shown[index] = max(self.shown[index], version)
        except Exception as exc:  # noqa: BLE001 - a dropped connection is counted, with why
            self.why_closed[repr(exc)[:120]] += 1
        else:
            self.why_closed[f"closed by the server: {socket.close_code} {socket.close_reason!r}"] += 1
        self.closed += 1

    async def poll(self, index: int, page: dict[str, Any], shown: int, version: int) -> None:
        """The `live` region fetched as the page fetches it on "game-moved" (templates/games/game.html)."""
        assert self.poll_base is not None
        host, port = self.poll_base
        if SPREAD and not page["seated"]:
            await asyncio.sleep(random.uniform(0, SPREAD))
        status, sent = 0, time.monotonic()
        try:
            # X-Bench-Poll: the page, for gunicorn's probe (bench/storm_probe.py) to note its own times by.
            status, _ = await live_bench.get(host, port, f"/games/{self.spec['game']}/poll/?v={shown}",
                                             page["cookie"], gzip=True, extra=f"X-Bench-Poll: {index}\r\n")
            if status == 200:
                self.boards.setdefault(version, []).append(time.monotonic())
                if page["seated"]:
                    self.seated.setdefault(version, []).append(time.monotonic())
            else:
                self.errors += 1
                print(f"poll: {status}", file=sys.stderr)
        except Exception as exc:  # noqa: BLE001 - counted, the bench goes on
            self.errors += 1
            print(f"poll: {exc!r}", file=sys.stderr)
        self.polls.setdefault(version, []).append((index, sent, time.monotonic(), status))

    async def wait(self, version: int, boards: bool, timeout: float) -> list[float]:
        wanted = self.boards if boards else self.news
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline and len(wanted.get(version, [])) < len(self.sockets) - self.closed:
            await asyncio.sleep(0.05)
        return wanted.get(version, [])


async def pages_main(spec_file: str) -> None:
    spec = json.loads(Path(spec_file).read_text())
    pages = Pages(spec)
    gate = asyncio.Semaphore(50)  # handshakes at once: a browser's tabs do not all open in one instant
    await asyncio.gather(*(pages.open(i, p, gate) for i, p in enumerate(spec["pages"])))
    await asyncio.sleep(2)  # the hellos answered (a page that showed the current version is sent nothing)
    loop = asyncio.get_running_loop()
    reader = asyncio.StreamReader()
    await loop.connect_read_pipe(lambda: asyncio.StreamReaderProtocol(reader), sys.stdin)

    def say(**fields: Any) -> None:
        print(json.dumps(fields), flush=True)

    say(open=len(pages.sockets), errors=pages.errors, other=pages.other)
    while line := await reader.readline():
        order = json.loads(line)
        if order["cmd"] == "wait":
            times = await pages.wait(order["version"], order.get("boards", False), order["timeout"])
            say(times=times, seated=pages.seated.get(order["version"], []),
                arrivals=pages.arrivals.get(order["version"], []),
                polls=pages.polls.get(order["version"], []),
                open=len(pages.sockets) - pages.closed, errors=pages.errors, why_closed=pages.why_closed)
        elif order["cmd"] == "poll":
            pages.poll_base = (order["host"], order["port"])
            say(ok=True)
        elif order["cmd"] == "quit":
            break
    for socket in pages.sockets:
        await socket.close()


# === THE PUSH SERVERS ===


@contextmanager
def push_servers(count: int) -> Iterator[tuple[list[int], list[int]]]:
    """`count` uvicorn processes, each on its own loopback port, as docs/deploy.md starts one: their ports
    and pids; stopped on the way out."""
    uvicorn = shutil.which("uvicorn", path=str(Path(sys.executable).parent)) or "uvicorn"
    processes, ports = [], []
    with tempfile.TemporaryDirectory() as tmp:
        try:
            for n in range(count):
                port = web_bench.free_port()
                log = Path(tmp) / f"uvicorn-{n}.log"
                processes.append(subprocess.Popen(
                    [uvicorn, "metaltalon.asgi:application", "--host", "127.0.0.1", "--port", str(port),
                     "--no-server-header", "--no-access-log", "--lifespan", "off", "--log-level", "warning"],
                    cwd=ROOT, env={**os.environ, **web_bench.BENCH_ENV}, stdout=log.open("wb"),
                    stderr=subprocess.STDOUT))
                ports.append(port)
            for process, port, n in zip(processes, ports, range(count), strict=True):
                wait_for_port(port, process, Path(tmp) / f"uvicorn-{n}.log")
            yield ports, [p.pid for p in processes]
        finally:
            for process in processes:
                process.send_signal(signal.SIGTERM)
            for process in processes:
                try:
                    process.wait(timeout=15)
                except subprocess.TimeoutExpired:
                    process.kill()


def wait_for_port(port: int, process: subprocess.Popen[bytes], log: Path) -> None:
    import socket

    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.5):
                return
        except OSError:
            if process.poll() is not None:
                raise RuntimeError(f"uvicorn exited:\n{log.read_text()[-2000:]}") from None
            time.sleep(0.2)
    raise RuntimeError("uvicorn did not start within 30 s")


def redis_connections(pids: list[int]) -> int:
    """The TCP connections these processes hold open to Redis's port (their sockets' inodes, looked up in
    the box's connection table)."""
    from urllib.parse import urlsplit

    port = urlsplit(web_bench.REDIS).port or 6379
    inodes = set()
    for pid in pids:
        try:
            for fd in Path(f"/proc/{pid}/fd").iterdir():
                link = os.readlink(fd)
                if link.startswith("socket:["):
                    inodes.add(link[8:-1])
        except OSError:
            pass
    count = 0
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        for line in Path(table).read_text().splitlines()[1:]:
            fields = line.split()
            if int(fields[2].rsplit(":", 1)[1], 16) == port and fields[9] in inodes:
                count += 1
    return count


# === THE MOVES ===


def long_game() -> Any:
    """A 6-player game of about 2,000 logged actions, as live_bench.py's, but the bench's own: each run plays
    a dozen moves in it, and web_bench.py's game of that size must keep its length."""
    from web_seed import seeded_game

    from games.models import Game

    prefix = f"push{web_bench.SIZES[-1]}x"
    for game in Game.objects.filter(created_by__username=f"{prefix}0", status="active").order_by("-pk"):
        if game.actions.count() >= web_bench.SIZES[-1]:
            return game
    print(f"  seeding a 6-player game with {web_bench.SIZES[-1]} actions through the actions ...", flush=True)
    return seeded_game(6, web_bench.SIZES[-1], seed=web_bench.SIZES[-1], prefix=prefix)

COMMITS: dict[int, float] = {}  # version -> monotonic time its message left (just after the commit)


def time_commits() -> None:
    """Note when each move's message leaves this process: games/push/publish.py sends it on commit."""
    from games.push import publish

    real = publish._send

    def timed(game_id: int, message: dict[str, Any]) -> None:
        if message.get("type") == "game.moved":
            COMMITS[int(message["version"])] = time.monotonic()
        real(game_id, message)

    publish._send = timed  # type: ignore[assignment]


def play_end(game: Any) -> int:
    """`end` by the seat to act, as a player's POST plays it; the game's new version."""
    from games import actions
    from games.actions import Actor

    _client, seat = web_bench.active_client(game)
    actions.apply_command(game, Actor.player(seat.user), "end")
    game.refresh_from_db()
    return int(game.version)


def page_specs(game: Any, ports: list[int]) -> list[dict[str, Any]]:
    """PAGES pages of the game: the players' (the six seats, USERS more signed-in readers) and, one in ten,
    a visitor's; page i on push server i mod the number of servers."""
    from django.test import Client
    from web_seed import bench_users

    from games import pulse

    game.refresh_from_db()
    seats = [s.user for s in game.seats.select_related("user").order_by("index")]
    users = seats + bench_users(USERS, "live")
    readers: list[tuple[str, str]] = []
    for user in users:
        client = Client()
        client.force_login(user)
        readers.append((f"sessionid={client.cookies['sessionid'].value}", str(user.pk)))
    chat = pulse.read(game.pk).chat
    specs = []
    for i in range(PAGES):
        cookie, reader = ("", "0") if i % VISITOR_EVERY == VISITOR_EVERY - 1 else readers[i % len(readers)]
        # Each page's browser holds the CSRF cookie its first view of the page set (a secret of its own).
        cookie = "; ".join(c for c in (cookie, f"csrftoken={secrets.token_hex(16)}") if c)
        seated = i % VISITOR_EVERY != VISITOR_EVERY - 1 and i % len(readers) < len(seats)
        seat = i % len(readers) if seated else None
        ticket = pulse.ticket(game.pk, reader)
        url = f"ws://127.0.0.1:{ports[i % len(ports)]}/push/games/{game.pk}/?t={ticket}"
        specs.append({"url": url, "cookie": cookie, "version": game.version, "chat": chat, "seated": seated,
                      "seat": seat})
    return specs


class PagesProcess:
    def __init__(self, game: Any, ports: list[int], folder: Path) -> None:
        spec = folder / "pages.json"
        self.pages = page_specs(game, ports)
        spec.write_text(json.dumps({"game": game.pk, "pages": self.pages}))
        self.process = subprocess.Popen([sys.executable, __file__, "--pages", str(spec)], cwd=ROOT,
                                        stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        stderr=(folder / "pages.log").open("wb"), text=True)
        self.log = folder / "pages.log"

    def read(self) -> dict[str, Any]:
        assert self.process.stdout is not None
        line = self.process.stdout.readline()
        if not line:
            raise RuntimeError(f"the pages' process stopped:\n{self.log.read_text()[-3000:]}")
        return dict(json.loads(line))

    def ask(self, **order: Any) -> dict[str, Any]:
        assert self.process.stdin is not None
        self.process.stdin.write(json.dumps(order) + "\n")
        self.process.stdin.flush()
        return self.read()

    def quit(self) -> None:
        try:
            assert self.process.stdin is not None
            self.process.stdin.write(json.dumps({"cmd": "quit"}) + "\n")
            self.process.stdin.flush()
            self.process.wait(timeout=30)
        except (OSError, subprocess.TimeoutExpired):
            self.process.kill()


def measure_setup(game: Any, count: int) -> dict[str, Any]:
    """PAGES pages on `count` push servers: idle CPU and memory, MOVES moves' delivery, and (one server)
    the board's delay through the poll."""
    out: dict[str, Any] = {"count": count, "delays": [], "move_cpu": [], "boards": None}
    with push_servers(count) as (ports, pids), tempfile.TemporaryDirectory() as tmp:
        started = time.monotonic()
        pages = PagesProcess(game, ports, Path(tmp))
        try:
            ready = pages.read()
            out.update(open=ready["open"], open_errors=ready["errors"], hello_other=ready["other"])
            out["open_seconds"] = time.monotonic() - started
            time.sleep(2)
            cpu, wall = live_bench.cpu_seconds(pids), time.monotonic()
            time.sleep(IDLE)
            out["idle_cpu"] = (live_bench.cpu_seconds(pids) - cpu) / (time.monotonic() - wall)
            out["rss"] = live_bench.rss_mb(pids)
            out["redis"] = redis_connections(pids)
            # The first move after a start compiles templates and opens connections: printed apart.
            version = play_end(game)
            got = pages.ask(cmd="wait", version=version, timeout=WAIT)
            out["cold"] = sorted(t - COMMITS[version] for t in got["times"])
            time.sleep(1)
            for _ in range(MOVES):
                cpu, client = live_bench.cpu_seconds(pids), live_bench.cpu_seconds([pages.process.pid])
                version = play_end(game)
                got = pages.ask(cmd="wait", version=version, timeout=WAIT)
                out["move_cpu"].append(live_bench.cpu_seconds(pids) - cpu)
                out.setdefault("client_cpu", []).append(live_bench.cpu_seconds([pages.process.pid]) - client)
                out["delays"].append(sorted(t - COMMITS[version] for t in got["times"]))
                out["still_open"] = got["open"]
                time.sleep(1)
            if POLL and count == 1:
                out["boards"] = boards_after_a_move(game, pages)
        finally:
            pages.quit()
    return out


def boards_after_a_move(game: Any, pages: PagesProcess) -> dict[str, Any]:
    """One more move, after which every page fetches its `live` region through the version poll."""
    from urllib.parse import urlsplit

    from web_seed import to_act

    probe = Path(tempfile.mkdtemp()) / "probe.jsonl"
    # gunicorn's probe (bench/storm_probe.py): each poll's time in a worker, in single flight and drawing.
    env = {"GUNICORN_CMD_ARGS": f"--config {ROOT / 'bench' / 'storm_probe.py'}",
           "BENCH_STORM_PROBE": str(probe)}
    with web_bench.served(env=env) as (root, _folder):
        parts = urlsplit(root)
        host, port = parts.hostname or "127.0.0.1", parts.port or 80
        # Every worker's first request imports and connects: not part of the figure.
        asyncio.run(_warm(host, port, game.pk))
        pages.ask(cmd="poll", host=host, port=port)
        version = play_end(game)
        news = pages.ask(cmd="wait", version=version, timeout=WAIT)
        boards = pages.ask(cmd="wait", version=version, boards=True, timeout=3 * WAIT)
    game.refresh_from_db()
    awaited = set(to_act(game))
    commit = COMMITS[version]
    served = {}
    if probe.exists():
        for line in probe.read_text().splitlines():
            row = json.loads(line)
            served[row["poll"]] = row
        shutil.rmtree(probe.parent, ignore_errors=True)
    # Each page's class: the awaited seat(s), the other seats, the rest (spectators and visitors).
    def kind(index: int) -> str:
        seat = pages.pages[index]["seat"]
        return "spectators" if seat is None else "awaited" if seat in awaited else "other seats"

    classes: dict[str, dict[str, list[float]]] = {}
    for index, at in boards["arrivals"]:
        classes.setdefault(kind(index), {}).setdefault("news", []).append(at - commit)
    for index, sent, answered, status in boards["polls"]:
        figures = classes.setdefault(kind(index), {})
        figures.setdefault("sent", []).append(sent - commit)
        if status == 200:
            figures.setdefault("board", []).append(answered - commit)
        row = served.get(index)
        if row is not None:
            figures.setdefault("queued", []).append(row["start"] - sent)
            figures.setdefault("served", []).append(row["end"] - row["start"])
            if row["waited"] is not None:
                figures.setdefault("flight_wait", []).append(row["waited"])
                if row["drew"]:
                    figures.setdefault("drew", []).append(row["drew"])
            else:
                figures.setdefault("fast", []).append(row["end"] - row["start"])
    return {"news": sorted(t - commit for t in news["times"]),
            "boards": sorted(t - commit for t in boards["times"]), "errors": boards["errors"],
            "seated": sorted(t - commit for t in boards["seated"]), "open": boards["open"],
            "why_closed": boards["why_closed"], "classes": classes}


async def _warm(host: str, port: int, game_id: int) -> None:
    await asyncio.gather(*(live_bench.get(host, port, f"/games/{game_id}/poll/?v=0", "") for _ in range(16)))


# === A COMMAND'S ROUND TRIP ===


def command_game() -> Any:
    """A fresh 2-player game between bench users, past its setup, with `end` the seat to act's to play."""
    import random

    from web_seed import chooser, seeded_game, to_act

    from games import actions
    from games.actions import Actor
    from games.kinds import get_kind

    game = seeded_game(2, 4, seed=int(time.time()) % 1000, prefix="pushcmd")
    kind = get_kind(game.kind)
    choose = chooser(kind, random.Random(3))

    by_seat = {s.index: s.user for s in game.seats.select_related("user")}
    for _ in range(40):  # the setup's choices, until `end` is a legal command
        seat = to_act(game)[0]
        state = kind.load(game.state)
        if "end" in kind.legal_commands(state, seat):
            break
        actions.apply_command(game, Actor.player(by_seat[seat]), choose(state, seat))
        game.refresh_from_db()
    return game


async def socket_round_trips(game_id: int, port: int, players: dict[int, tuple[str, str]], first: int,
                             version: int, n: int) -> dict[str, Any]:
    """n commands `end` over the connection, by whichever seat is to act (they alternate): client-observed
    time from the send to the #push-reply; the next is sent once the move's #push-news came."""
    from websockets.asyncio.client import connect

    sockets, replies = {}, {seat: asyncio.Queue() for seat in players}  # type: ignore[var-annotated]
    latest = [version]
    moved = asyncio.Event()

    async def listen(seat: int, socket: Any) -> None:
        async for message in socket:
            if (found := NEWS.search(message)) is not None and int(found[1]) > latest[0]:
                latest[0] = int(found[1])
                moved.set()
            if (answer := REPLY.search(message)) is not None:
                await replies[seat].put(answer[1] == "1")

    tasks = []
    for seat, (cookie, ticket) in players.items():
        sockets[seat] = await connect(f"ws://127.0.0.1:{port}/push/games/{game_id}/?t={ticket}",
                                      origin=ORIGIN, additional_headers={"Cookie": cookie},  # type: ignore[arg-type]
                                      ping_interval=None)
        await sockets[seat].send(json.dumps({"type": "hello", "version": str(version), "chat": "",
                                             "visible": True}))
        tasks.append(asyncio.create_task(listen(seat, sockets[seat])))
    await asyncio.sleep(1)
    times, refused, seat = [], 0, first
    for _ in range(n):
        moved.clear()
        shown = latest[0]
        started = time.perf_counter()
        await sockets[seat].send(json.dumps({"type": "command", "command": "end",
                                             "expected_version": str(shown)}))
        ok = await asyncio.wait_for(replies[seat].get(), 30)
        times.append((time.perf_counter() - started) * 1000)
        if not ok:
            refused += 1
            break
        while latest[0] <= shown:
            await asyncio.wait_for(moved.wait(), 30)
            moved.clear()
        seat = 1 - seat
    for task in tasks:
        task.cancel()
    for socket in sockets.values():
        await socket.close()
    return {"times": times, "refused": refused}


def command_figures(port: int) -> dict[str, Any]:
    from django.test import Client
    from web_seed import to_act

    from games import pulse

    game = command_game()
    players = {}
    for seat in game.seats.select_related("user"):
        client = Client()
        client.force_login(seat.user)
        players[seat.index] = (f"sessionid={client.cookies['sessionid'].value}",
                               pulse.ticket(game.pk, str(seat.user_id)))
    over_socket = asyncio.run(socket_round_trips(game.pk, port, players, to_act(game)[0], game.version,
                                                 COMMANDS))
    return {"socket": over_socket, **in_process_commands(game)}


def in_process_commands(game: Any) -> dict[str, Any]:
    """games.push.play.play (what the consumer runs for a command) and the form's POST of the same `end`,
    alternating, by the seat to act: server time and queries."""
    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext
    from web_seed import to_act

    from games.push.play import play

    seats = {s.index: s for s in game.seats.select_related("user")}
    clients = {}
    for index, seat in seats.items():
        clients[index] = Client()
        clients[index].force_login(seat.user)
        clients[index].get(f"/games/{game.pk}/")
    figures: dict[str, list[tuple[float, int]]] = {"push": [], "form": []}
    refused = 0
    for i in range(COMMANDS * 2):
        game.refresh_from_db()
        seat = seats[to_act(game)[0]]
        with CaptureQueriesContext(connection) as queries:
            started = time.perf_counter()
            if i % 2 == 0:
                ok = play(game.pk, seat.user, "end", str(game.version)).ok
            else:
                response = clients[seat.index].post(f"/games/{game.pk}/play/",
                                                    {"command": "end", "expected_version": game.version})
                ok = response.status_code == 302
            elapsed = (time.perf_counter() - started) * 1000
        refused += not ok
        figures["push" if i % 2 == 0 else "form"].append((elapsed, len(queries)))
    return {"inprocess": figures, "inprocess_refused": refused}


# === REPORT ===


def spread(values: list[float]) -> str:
    if not values:
        return "none"
    p50, p99 = statistics.median(values) * 1000, web_bench.pct(values, 0.99) * 1000
    return f"p50 {p50:.0f} ms, p99 {p99:.0f} ms, max {max(values) * 1000:.0f} ms"


def print_setup(r: dict[str, Any]) -> None:
    count = r["count"]
    print(f"  uvicorn x {count}: {r['open']} of {PAGES} pages open in {r['open_seconds']:.0f} s "
          f"({r['open_errors']} refused; {r['hello_other']} other messages at hello)")
    met = "met" if r["idle_cpu"] < TARGETS["idle_cpu"] else "missed"
    print(f"    idle, {IDLE:.0f} s: {r['idle_cpu']:.1%} of one core, {r['rss']:.0f} MB resident, "
          f"{r['redis']} Redis connections   "
          f"target: < {TARGETS['idle_cpu']:.0%} of a core: {met}; the pulse: {PULSE['cpu']}")
    print(f"    the first move after the start (cold): reached {len(r['cold'])}, {spread(r['cold'])}")
    every = [d for delays in r["delays"] for d in delays]
    reached = [len(d) for d in r["delays"]]
    for n, delays in enumerate(r["delays"], 1):
        print(f"    move {n}: reached {len(delays)} of {r['open']} pages, {spread(delays)}; CPU: push server "
              f"{r['move_cpu'][n - 1] * 1000:.0f} ms, the pages' process "
              f"{r['client_cpu'][n - 1] * 1000:.0f} ms")
    p99 = web_bench.pct(every, 0.99) if every else float("inf")
    all_reached = all(n == r["open"] for n in reached) and r["open"] == PAGES
    met = "met" if p99 <= TARGETS["move_p99"] and all_reached else "missed"
    print(f"    all {len(r['delays'])} moves: {len(every)} deliveries, {spread(every)}   target: every page, "
          f"p99 <= {TARGETS['move_p99']:.0f} s: {met}; the pulse: {PULSE['reach']}")
    if r["boards"] is not None:
        b = r["boards"]
        print(f"    a move, then each page's poll (gunicorn, {web_bench.WORKERS} sync workers): the news "
              f"{spread(b['news'])}; the board ({len(b['boards'])} of {b['open']} pages open, {b['errors']} "
              f"errors, spectators spread over {SPREAD:g} s) {spread(b['boards'])}; the seats' pages "
              f"({len(b['seated'])}) {spread(b['seated'])}")
        for name, figures in sorted(b["classes"].items()):
            print(f"      {name} ({len(figures.get('news', []))} pages):")
            for what, words in (("news", "the news came"), ("board", "the board came"),
                                ("queued", "poll waited for a worker"), ("served", "poll in a worker"),
                                ("fast", "of which answered early (games.fast_page)"),
                                ("flight_wait", "of which took the view: waited in single_flight"),
                                ("drew", "of which drew the region")):
                values = figures.get(what, [])
                print(f"        {words:<48} {len(values):>5}: {spread(values)}")
        for why, count in sorted(b["why_closed"].items(), key=lambda item: -item[1]):
            print(f"      {count} pages' connections closed: {why}")


def print_commands(c: dict[str, Any]) -> None:
    times = c["socket"]["times"]
    print(f"  over the connection (client, loopback; {len(times)} commands `end`, "
          f"{c['socket']['refused']} refused): p50 {statistics.median(times):.1f} ms, "
          f"p95 {web_bench.pct(times, 0.95):.1f} ms, max {max(times):.1f} ms")
    push, form = c["inprocess"]["push"], c["inprocess"]["form"]
    refused = c["inprocess_refused"]
    for name, rows in (("games.push.play.play", push), ("the form's POST (redirect)", form)):
        ms = [t for t, _ in rows]
        queries = sorted({q for _, q in rows})
        target = ""
        if rows is push:
            met = "met" if statistics.median(ms) <= TARGETS["play_p50_ms"] else "missed"
            target = f"   target: p50 <= {TARGETS['play_p50_ms']:.0f} ms: {met}"
        print(f"  {name:<27} server time, in-process, {len(rows)} calls: p50 {statistics.median(ms):.1f} ms, "
              f"p95 {web_bench.pct(ms, 0.95):.1f} ms, queries {queries[0]}-{queries[-1]}{target}")
    print(f"  ({refused} refused in-process; the form's POST p50 measured before: {FORM_BEFORE_MS} ms, "
          "bench/README.md)")


def main() -> None:
    web_bench.setup()
    time_commits()
    print(f"Push: {PAGES} open game pages over WebSocket, {USERS} + 6 players and visitors, uvicorn with the "
          f"Redis pub/sub layer, {os.cpu_count()} cores, load average {os.getloadavg()[0]:.1f} at the start")
    game = long_game()
    for count in PROCESSES:
        print_setup(measure_setup(game, count))
    print(f"A command over the connection, a 2-player game (load average {os.getloadavg()[0]:.1f})")
    with push_servers(1) as (ports, _pids):
        print_commands(command_figures(ports[0]))
    print(f"  load average {os.getloadavg()[0]:.1f} at the end (the pages' process shares the 2 cores)")


if __name__ == "__main__":
    if len(sys.argv) == 3 and sys.argv[1] == "--pages":
        asyncio.run(pages_main(sys.argv[2]))
    else:
        main()

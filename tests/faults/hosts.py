"""Two app hosts on one machine (docs/deploy.md, "Two hosts"): each a network namespace of its own, joined to
the root namespace by a veth pair, running what a real app host runs (gunicorn serving metaltalon.wsgi,
uvicorn serving metaltalon.asgi for the push connections, a Celery worker), all of them reaching the one
PostgreSQL, the one Redis and the SMTP server of the root namespace over the veth address, as two machines
reach a database host. A haproxy in the root namespace spreads the players over both and stops sending to a
host whose ports stop answering. `kill()` is a host's death: SIGKILL to every process in its namespace.

Needs root (`ip netns`), haproxy and socat (the Makefile's DEBIAN_TEST_PACKAGES). PostgreSQL, Redis and the
test's SMTP sink listen on 127.0.0.1 only, which a namespace cannot reach: a socat per service and host,
listening on the root side of that host's veth, carries the connections to them.

Used by tests/faults/test_two_hosts.py (the chaos test) and bench/hosts_bench.py (the figures); the traffic
both drive is `Traffic` below.
"""

from __future__ import annotations

import asyncio
import contextlib
import html
import http.client
import ipaddress
import json
import os
import random
import re
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from email.message import EmailMessage
from pathlib import Path
from typing import Any
from urllib.parse import urlencode, urlsplit, urlunsplit

from tests.conftest import SmtpSink

REPO = Path(__file__).resolve().parent.parent.parent
BIN = Path(sys.executable).parent
WEB_PORT, PUSH_PORT = 8000, 8101


def missing_tools() -> list[str]:
    """What this machine lacks to run two hosts (empty when it can)."""
    lacking = [tool for tool in ("ip", "haproxy", "socat") if shutil.which(tool) is None
               and not Path(f"/usr/sbin/{tool}").exists()]
    if os.geteuid() != 0:
        lacking.append("root (ip netns)")
    return lacking


def _tool(name: str) -> str:
    return shutil.which(name) or f"/usr/sbin/{name}"


def _run(*args: str, check: bool = True) -> subprocess.CompletedProcess[str]:
    return subprocess.run([_tool(args[0]), *args[1:]], check=check, capture_output=True, text=True)


def free_port(host: str = "127.0.0.1") -> int:
    with socket.socket() as probe:
        probe.bind((host, 0))
        return int(probe.getsockname()[1])


def _wait_port(host: str, port: int, timeout: float, what: str, alive: Callable[[], bool]) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if not alive():
            raise RuntimeError(f"{what} exited before listening")
        try:
            with socket.create_connection((host, port), timeout=0.5):
                return
        except OSError:
            time.sleep(0.1)
    raise RuntimeError(f"{what} not listening on {host}:{port} after {timeout} s")


def _subnet() -> ipaddress.IPv4Network:
    """A /29 of 10.0.0.0/8 that no interface of the machine uses (two /30s: one per host)."""
    lines = _run("ip", "-4", "-o", "addr").stdout.splitlines()
    used = [ipaddress.ip_interface(word).network for line in lines for word in line.split()[3:4]]
    while True:
        net = ipaddress.ip_network(f"10.{random.randint(200, 250)}.{random.randint(0, 255)}."
                                   f"{8 * random.randint(0, 31)}/29")
        if not any(net.overlaps(other) for other in used):
            return net


@dataclass
class Host:
    """One app host: its namespace, its veth pair and addresses, its processes and their logs."""

    name: str  # "a" or "b": haproxy's server name too
    netns: str
    veth: str  # the root namespace's end
    peer: str  # the namespace's end
    root_ip: str  # where the host reaches PostgreSQL, Redis and SMTP
    ip: str  # where haproxy reaches the host
    logs: Path
    processes: list[subprocess.Popen[bytes]] = field(default_factory=list)
    dead: bool = False

    def pids(self) -> list[int]:
        """Every process in the namespace (gunicorn's workers and Celery's children too)."""
        found = _run("ip", "netns", "pids", self.netns, check=False).stdout.split()
        return [int(pid) for pid in found if pid.isdigit()]


class TwoHosts:
    """Two app hosts, the forwarders to the shared services and the proxy in front. `start()` brings them
    up; `close()` (always called: the fixture's finally, the bench's) kills everything and removes the
    namespaces and links, whatever state a failure left them in."""

    def __init__(self, database_url: str, redis_url: str, smtp_port: int, env: dict[str, str],
                 folder: Path, gunicorn_workers: int = 2) -> None:
        self.token = secrets.token_hex(3)
        self.database_url, self.redis_url, self.smtp_port = database_url, redis_url, smtp_port
        self.extra_env, self.folder, self.gunicorn_workers = env, folder, gunicorn_workers
        self.queue = f"hosts-{self.token}"
        self.hosts: list[Host] = []
        self.helpers: list[subprocess.Popen[bytes]] = []  # forwarders and haproxy, in the root namespace
        self.proxy_port = free_port()
        self.proxy_stats_port = free_port()

    @property
    def site(self) -> str:
        return f"http://127.0.0.1:{self.proxy_port}"

    # === UP ===

    def start(self) -> None:
        self.folder.mkdir(parents=True, exist_ok=True)
        net = _subnet()
        for index, name in enumerate("ab"):
            base = net.network_address + 4 * index
            host = Host(name=name, netns=f"mth-{self.token}-{name}", veth=f"mth{self.token}{name}",
                        peer=f"mth{self.token}{name}n", root_ip=str(base + 1), ip=str(base + 2),
                        logs=self.folder / f"host-{name}")
            host.logs.mkdir(exist_ok=True)
            self.hosts.append(host)
            self._network(host)
            self._forwarders(host)
        for host in self.hosts:
            self._processes(host)
        for host in self.hosts:
            self._ready(host)
        self._proxy()

    def _network(self, host: Host) -> None:
        _run("ip", "netns", "add", host.netns)
        _run("ip", "link", "add", host.veth, "type", "veth", "peer", "name", host.peer)
        _run("ip", "link", "set", host.peer, "netns", host.netns)
        _run("ip", "addr", "add", f"{host.root_ip}/30", "dev", host.veth)
        _run("ip", "link", "set", host.veth, "up")
        inside = ("ip", "netns", "exec", host.netns, _tool("ip"))
        _run(*inside, "addr", "add", f"{host.ip}/30", "dev", host.peer)
        _run(*inside, "link", "set", host.peer, "up")
        _run(*inside, "link", "set", "lo", "up")

    def _forwarders(self, host: Host) -> None:
        pg, redis = urlsplit(self.database_url), urlsplit(self.redis_url)
        for port, target in ((pg.port or 5432, f"{pg.hostname}:{pg.port or 5432}"),
                             (redis.port or 6379, f"{redis.hostname}:{redis.port or 6379}"),
                             (self.smtp_port, f"127.0.0.1:{self.smtp_port}")):
            proc = subprocess.Popen([_tool("socat"), f"TCP-LISTEN:{port},bind={host.root_ip},reuseaddr,fork",
                                     f"TCP:{target}"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            self.helpers.append(proc)
            _wait_port(host.root_ip, port, 10, "socat", lambda p=proc: p.poll() is None)

    def host_env(self, host: Host) -> dict[str, str]:
        """The environment file of docs/deploy.md, as this host sees the shared services."""
        def moved(url: str) -> str:
            parts = urlsplit(url)
            netloc = parts.netloc.replace(parts.hostname or "", host.root_ip, 1)
            return urlunsplit(parts._replace(netloc=netloc))

        env = {**os.environ, **self.extra_env,
               "DATABASE_URL": moved(self.database_url), "REDIS_URL": moved(self.redis_url),
               "EMAIL_URL": f"smtp://{host.root_ip}:{self.smtp_port}", "SITE_URL": self.site,
               "CELERY_TASK_DEFAULT_QUEUE": self.queue, "VAR_DIR": str(host.logs / "var"),
               "PUSH_PREFIX": f"push-{self.token}", "RATE_LIMIT_PREFIX": f"{self.queue}-",
               "LOG_LEVEL": "WARNING", "PYTHONUNBUFFERED": "1"}
        for name in ("CELERY_BROKER_URL", "CELERY_RESULT_BACKEND", "CELERY_TASK_ALWAYS_EAGER"):
            env.pop(name, None)
        return env

    def _processes(self, host: Host) -> None:
        env = self.host_env(host)
        inside = [_tool("ip"), "netns", "exec", host.netns]
        commands = {
            "web": [str(BIN / "gunicorn"), "metaltalon.wsgi", "--bind", f"0.0.0.0:{WEB_PORT}",
                    "--workers", str(self.gunicorn_workers), "--preload", "--no-control-socket"],
            "push": [str(BIN / "uvicorn"), "metaltalon.asgi:application", "--host", "0.0.0.0",
                     "--port", str(PUSH_PORT), "--no-server-header", "--no-access-log", "--lifespan", "off"],
            "worker": [str(BIN / "celery"), "-A", "metaltalon", "worker", "--pool", "solo",
                       "--loglevel", "INFO", "--queues", self.queue,
                       "--hostname", f"{self.queue}-{host.name}@%h",
                       "--without-mingle", "--without-gossip", "--without-heartbeat"],
        }
        for role, command in commands.items():
            with (host.logs / f"{role}.log").open("wb") as log:
                host.processes.append(subprocess.Popen(inside + command, cwd=REPO, env=env, stdout=log,
                                                       stderr=subprocess.STDOUT))

    def _ready(self, host: Host, timeout: float = 60) -> None:
        web, push, worker = host.processes
        _wait_port(host.ip, WEB_PORT, timeout, f"host {host.name}'s gunicorn", lambda: web.poll() is None)
        _wait_port(host.ip, PUSH_PORT, timeout, f"host {host.name}'s uvicorn", lambda: push.poll() is None)
        log = host.logs / "worker.log"
        deadline = time.monotonic() + timeout
        while " ready." not in log.read_text(errors="replace"):
            if worker.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"host {host.name}'s worker not ready:\n{log.read_text()[-3000:]}")
            time.sleep(0.1)

    def _proxy(self) -> None:
        """haproxy: round robin over both hosts, per request for the pages and per connection for push.
        A server is out the moment a connection to it fails (observe layer4, on-error mark-down), or when
        its port refuses two checks in a row (every 0.5 s), and the request whose connection it refused
        is sent to the other (retries + redispatch, after haproxy's turn-around wait of up to 1 s): a
        POST whose connection was made is never sent twice. The push response names its host (X-Host),
        which the test reads to know which pages were on the dead one."""
        servers = {role: "\n".join(f"    server {h.name} {h.ip}:{port} check inter 500 fall 2 rise 2"
                                   " observe layer4 error-limit 1 on-error mark-down" for h in self.hosts)
                   for role, port in (("web", WEB_PORT), ("push", PUSH_PORT))}
        config = f"""global
    maxconn 4000

defaults
    mode http
    timeout connect 2s
    timeout client 60s
    timeout server 60s
    timeout tunnel 1h
    retries 3
    option redispatch 1

frontend site
    bind 127.0.0.1:{self.proxy_port}
    use_backend push if {{ path_beg /push/ }}
    default_backend web

backend web
    balance roundrobin
{servers["web"]}

backend push
    balance roundrobin
    http-response set-header X-Host %[srv_name]
{servers["push"]}
"""
        path = self.folder / "haproxy.cfg"
        path.write_text(config)
        _run("haproxy", "-c", "-f", str(path))
        with (self.folder / "haproxy.log").open("wb") as log:
            proc = subprocess.Popen([_tool("haproxy"), "-db", "-f", str(path)], stdout=log,
                                    stderr=subprocess.STDOUT)
        self.helpers.append(proc)
        _wait_port("127.0.0.1", self.proxy_port, 10, "haproxy", lambda: proc.poll() is None)

    # === DOWN ===

    def kill(self, name: str) -> None:
        """The host dies: every process in its namespace gets SIGKILL at once, nothing flushed or said.
        Its kernel still answers (the veth stays up), so connections to it are refused, as a host whose
        processes crashed; its open connections are reset."""
        host = self.host(name)
        host.dead = True
        for _ in range(3):  # a process forked meanwhile (gunicorn replacing a worker) goes too
            pids = host.pids()
            if not pids:
                break
            for pid in pids:
                with contextlib.suppress(ProcessLookupError):
                    os.kill(pid, signal.SIGKILL)
            time.sleep(0.05)
        for proc in host.processes:
            proc.wait(timeout=10)  # `ip netns exec` ran each as itself: reaped here

    def host(self, name: str) -> Host:
        return next(h for h in self.hosts if h.name == name)

    def close(self) -> None:
        for host in self.hosts:
            if host.pids() or any(p.poll() is None for p in host.processes):
                self.kill(host.name)
        for proc in self.helpers:
            if proc.poll() is None:
                proc.kill()
                proc.wait(timeout=10)
        for host in self.hosts:
            _run("ip", "link", "del", host.veth, check=False)
            _run("ip", "netns", "del", host.netns, check=False)

    def send_task(self, name: str, *args: Any, timeout: float = 60) -> Any:
        """A task by name to the hosts' queue (whichever worker is alive takes it), as beat would send it."""
        from celery import Celery

        app = Celery("hosts-producer", set_as_current=False)
        app.conf.update(broker_url=self.redis_url, result_backend=self.redis_url,
                        broker_connection_retry_on_startup=True)
        try:
            return app.send_task(name, args=args, queue=self.queue).get(timeout=timeout)
        finally:
            app.close()


# === THE MAIL SERVER: which mails a killed sender left half-sent ===


@dataclass
class Sink(SmtpSink):
    """The SMTP sink, telling a mail whose sender said QUIT after it from one whose sender died first. The
    second is docs/architecture.md's one gap left (Notices): a worker killed after the server accepted
    the mail and before its row was marked sent, whose row the sweep then sends again or drops. The
    site's SMTP backend says QUIT right after the mail and marks the row sent right after that."""

    sessions: list[int] = field(default_factory=list)  # the session of each of `messages`
    quit: set[int] = field(default_factory=set)

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:
        self.sessions.append(id(session))
        return await super().handle_DATA(server, session, envelope)

    async def handle_QUIT(self, server: Any, session: Any, envelope: Any) -> str:
        self.quit.add(id(session))
        return "221 Bye"

    def whole(self) -> list[EmailMessage]:
        return [m for m, s in zip(self.messages, self.sessions, strict=True) if s in self.quit]

    def cut(self) -> list[EmailMessage]:
        """The mails whose sender never said QUIT: it died in between."""
        return [m for m, s in zip(self.messages, self.sessions, strict=True) if s not in self.quit]


# === TRAFFIC: players posting moves through the proxy, open pages following them over push ===

NEWS = re.compile(r'<div id="push-news"[^>]*data-version="(\d+)"')
CSRF = "a" * 32  # any 32-letter secret: Django compares the cookie with the form's field


@dataclass
class Player:
    user_id: int
    session: str  # the session cookie's value (made by the test's force_login)

    def cookie(self) -> str:
        return f"sessionid={self.session}; csrftoken={CSRF}" if self.session else f"csrftoken={CSRF}"


@dataclass
class Page:
    """An open game page: its push address, the version it shows, what it was told and where it was served."""

    game_id: int
    player: Player
    url: str
    shown: int
    chat: str
    began: float = 0.0  # when the page first tried to open its connection (monotonic)
    opened: list[tuple[float, str]] = field(default_factory=list)  # (monotonic, host) per connection
    dropped: list[float] = field(default_factory=list)
    told: list[tuple[float, int]] = field(default_factory=list)  # (monotonic, version) per push news

    def hosts(self) -> list[str]:
        return [host for _, host in self.opened]


@dataclass
class Mover:
    """One game's moves: posted in turn by the seat to act, each as a player would post the command form,
    posted again with the same form when the answer was lost (a 502 from the proxy, a reset)."""

    game_id: int
    posts: int = 0  # every try sent
    accepted: int = 0  # moves the players saw accepted
    lost_answers: int = 0  # tries whose answer never came (their host died under them)
    refused: list[int] = field(default_factory=list)  # answers other than 302/409 that were not lost ones
    versions: list[int] = field(default_factory=list)  # the version each accepted move was posted against


def request(site: str, method: str, path: str, cookie: str, body: dict[str, Any] | None = None,
            timeout: float = 20) -> tuple[int, str]:
    """One request over a fresh connection (as a browser's after a reset): its status and body."""
    parts = urlsplit(site)
    conn = http.client.HTTPConnection(parts.hostname or "127.0.0.1", parts.port, timeout=timeout)
    try:
        headers = {"Cookie": cookie, "Host": parts.netloc}
        data = None
        if body is not None:
            data = urlencode(body)
            headers["Content-Type"] = "application/x-www-form-urlencoded"
        conn.request(method, path, body=data, headers=headers)
        answer = conn.getresponse()
        return answer.status, answer.read().decode("utf-8", "replace")
    finally:
        conn.close()


def open_page(site: str, game_id: int, player: Player) -> Page:
    """What static/js/push.js reads from the game page: the connection's address, the version, the chat."""
    status, page = request(site, "GET", f"/games/{game_id}/", player.cookie())
    assert status == 200, (status, page[:500])
    address = html.unescape(re.search(r'ws-connect="([^"]+)"', page)[1])  # type: ignore[index]
    version = int(re.search(r'<div id="live" class="live" data-version="(\d+)"', page)[1])  # type: ignore[index]
    chat = re.search(r'data-chat="([^"]*)"', page)[1]  # type: ignore[index]
    url = address if address.startswith("ws") else "ws" + site.removeprefix("http") + address
    return Page(game_id=game_id, player=player, url=url, shown=version, chat=chat)


async def follow(page: Page, site: str, stop: asyncio.Event) -> None:
    """The page's push connection as htmx's ws extension keeps it (static/vendor/htmx-ext-ws.min.js):
    on a drop it opens it again after a full-jitter wait (up to 1 s, 2 s, 4 s, ... as the tries fail), and
    on opening says hello with the version it shows (static/js/push.js), so it is caught up at once. The
    page says it is not visible (a background tab), so the turn notices it owes go out by mail."""
    from websockets.asyncio.client import connect

    tries = 0
    page.began = time.monotonic()
    while not stop.is_set():
        try:
            async with connect(page.url, additional_headers={"Cookie": page.player.cookie(), "Origin": site},
                               open_timeout=5, ping_interval=None) as ws:
                page.opened.append((time.monotonic(), ws.response.headers.get("X-Host", "?")))
                tries = 0
                await ws.send(json.dumps({"type": "hello", "version": str(page.shown), "chat": page.chat,
                                          "visible": False}))
                while not stop.is_set():
                    try:
                        message = await asyncio.wait_for(ws.recv(), timeout=0.5)
                    except TimeoutError:
                        continue
                    news = NEWS.search(str(message))
                    if news is not None:
                        page.told.append((time.monotonic(), int(news[1])))
                        page.shown = max(page.shown, int(news[1]))  # the page redraws its live region
                    if "data-gone" in str(message):
                        raise AssertionError(f"page of game {page.game_id} sent away: {message}")
                return
        except AssertionError:
            raise
        except Exception:  # noqa: BLE001 - refused, reset, closed, a 502: a drop, as the browser sees it
            pass
        page.dropped.append(time.monotonic())
        await asyncio.sleep((2 ** min(tries, 6)) * random.random())
        tries += 1


def move(site: str, mover: Mover, players: dict[int, Player],
         seat_and_version: Callable[[int], tuple[int, int]], turns: int, pace: float = 0.0) -> None:
    """`turns` moves of one game, each by the user `seat_and_version` names for it as it stands now."""
    for _ in range(turns):
        user_id, version = seat_and_version(mover.game_id)
        form = {"command": "end", "expected_version": str(version), "csrfmiddlewaretoken": CSRF}
        lost = False
        give_up = time.monotonic() + 60
        while True:
            if time.monotonic() > give_up:
                raise AssertionError(f"game {mover.game_id}: the site never answered a move")
            mover.posts += 1
            try:
                status, _ = request(site, "POST", f"/games/{mover.game_id}/play/", players[user_id].cookie(),
                                    form)
            except (OSError, http.client.HTTPException):
                status = 0
            if status == 302 or (status == 409 and lost):
                # A 409 after a lost answer: the version moved, and only this seat could move it.
                mover.accepted += 1
                mover.versions.append(version)
                break
            if status in (0, 502, 503, 504):
                lost = True
                mover.lost_answers += 1
                time.sleep(0.1)
                continue
            mover.refused.append(status)
            break
        if pace:
            time.sleep(pace)


@dataclass
class Outcome:
    kill_at: float
    movers: list[Mover]
    pages: list[Page]
    accepted_at_kill: dict[int, int]  # game id -> moves accepted when the host was killed

    def on_dead(self, name: str) -> list[Page]:
        """The pages whose connection was served by host `name` when it died."""
        return [p for p in self.pages if [host for t, host in p.opened if t < self.kill_at][-1:] == [name]]

    def first_open(self) -> list[float]:
        """Seconds each page took to open its first connection, all of them at once, both hosts up."""
        return [p.opened[0][0] - p.began for p in self.pages if p.opened]

    def back_after(self, page: Page) -> float | None:
        """Seconds from the kill until the page's connection was open again (None: it never was)."""
        after = [t for t, _ in page.opened if t > self.kill_at]
        return after[0] - self.kill_at if after else None


class Traffic:
    """Movers (a thread per game) and pages (one asyncio loop in a thread for them all), with a host
    killed once the moves accepted reach `kill_after`. Each player of `games` has a page open on their
    game, and so has each of `watchers` (spectators: Player(0, "") for a visitor)."""

    def __init__(self, hosts: TwoHosts, games: dict[int, list[Player]],
                 seat_and_version: Callable[[int], tuple[int, int]], close_db: Callable[[], None],
                 watchers: dict[int, list[Player]] | None = None) -> None:
        self.hosts, self.games, self.watchers = hosts, games, watchers or {}
        self.seat_and_version, self.close_db = seat_and_version, close_db
        self.pages: list[Page] = []

    def run(self, turns: int, kill: str, kill_after: int, settle: Callable[[list[Page]], bool],
            settle_timeout: float = 20) -> Outcome:
        site = self.hosts.site
        self.pages = [open_page(site, gid, p) for group in (self.games, self.watchers)
                      for gid, players in group.items() for p in players]
        loop = asyncio.new_event_loop()
        stop = asyncio.Event()
        followers: list[asyncio.Future[None]] = []

        def pages_loop() -> None:
            asyncio.set_event_loop(loop)

            async def main() -> None:
                followers.extend(asyncio.ensure_future(follow(p, site, stop)) for p in self.pages)
                await asyncio.gather(*followers, return_exceptions=True)

            loop.run_until_complete(main())

        thread = threading.Thread(target=pages_loop, daemon=True)
        thread.start()
        deadline = time.monotonic() + 20
        while not all(p.opened for p in self.pages):
            if time.monotonic() > deadline:
                raise AssertionError("the pages did not all open their push connection")
            time.sleep(0.05)

        movers = [Mover(gid) for gid in self.games]
        players = {p.user_id: p for ps in self.games.values() for p in ps}
        errors: list[BaseException] = []

        def drive(mover: Mover) -> None:
            try:
                move(site, mover, players, self.seat_and_version, turns, pace=0.05)
            except BaseException as exc:  # noqa: BLE001 - handed to the test's thread
                errors.append(exc)
            finally:
                self.close_db()

        threads = [threading.Thread(target=drive, args=(m,)) for m in movers]
        for t in threads:
            t.start()
        while sum(m.accepted for m in movers) < kill_after and any(t.is_alive() for t in threads):
            time.sleep(0.01)
        kill_at = time.monotonic()
        accepted_at_kill = {m.game_id: m.accepted for m in movers}
        self.hosts.kill(kill)
        for t in threads:
            t.join(timeout=120)
        deadline = time.monotonic() + settle_timeout
        while not settle(self.pages) and time.monotonic() < deadline:
            time.sleep(0.1)
        loop.call_soon_threadsafe(stop.set)
        thread.join(timeout=10)
        if errors:
            raise errors[0]
        for f in followers:
            if f.done() and not f.cancelled() and f.exception() is not None:
                raise f.exception()  # type: ignore[misc]
        return Outcome(kill_at=kill_at, movers=movers, pages=self.pages, accepted_at_kill=accepted_at_kill)

"""Shared fixtures: headless Debian Chromium, an SMTP sink, real Celery worker processes, cache isolation."""

from __future__ import annotations

import email
import email.policy
import os
import signal
import socket
import subprocess
import sys
import time
import uuid
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from email.message import EmailMessage
from pathlib import Path
from typing import Any

import pytest
from aiosmtpd.controller import Controller

# The sync Playwright API runs an asyncio loop in the main thread; without this, ORM calls in a browser
# test body raise SynchronousOnlyOperation.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

REPO = Path(__file__).resolve().parent.parent
BIN = Path(sys.executable).parent

# Debian's Chromium, never a downloaded browser (README.md, "Tests": `make test` installs it).
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic"]


# What a browser test waits for before it fails: Playwright's 5 s default was once too short for a click's
# answer on a 2-core machine running the whole suite beside other work (the answer came, later). The
# assertion is the same; only the patience grows.
BROWSER_PATIENCE_MS = 15_000


@pytest.fixture(scope="session", autouse=True)
def _browser_patience() -> None:
    try:
        from playwright.sync_api import expect
    except ImportError:  # the rules' own tests run without the browser's package
        return
    expect.set_options(timeout=BROWSER_PATIENCE_MS)


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any]) -> dict[str, Any]:
    return {**browser_type_launch_args, "executable_path": CHROMIUM, "args": CHROMIUM_ARGS}


@pytest.fixture(autouse=True)
def _close_browser_pages(request: pytest.FixtureRequest) -> Iterator[None]:
    """A browser test's pages poll the live server every second; closing them when the test ends keeps
    them from calling it while the next test holds the database."""
    yield
    if "browser" in request.fixturenames:
        for context in list(request.getfixturevalue("browser").contexts):
            context.close()


@pytest.fixture(scope="session", autouse=True)
def _test_run_settings(pytestconfig: pytest.Config,
                       tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """Each run gets its own cache namespace, so rate limits and cached pages never leak between runs
    (the Redis cache outlives the process), and on the embedded defaults (no REDIS_URL) a cache folder of
    its own, which a test's cache.clear() empties without touching another xdist worker's entries;
    passwords hash fast (hashing strength is Django's concern); turn notices are due at once (tests about
    the delay set NOTICE_DELAY_SECONDS themselves).

    Without pytest-django (`pytest tests/kinds/metaltalon/engine -p no:django`: the engine is pure Python,
    and so are its tests) there are no settings to change."""
    if not pytestconfig.pluginmanager.has_plugin("django"):
        yield
        return
    from django.conf import settings
    from django.test import override_settings

    run = f"test-{uuid.uuid4().hex[:8]}"
    caches = {alias: {**conf, "KEY_PREFIX": run, **_own_cache_folder(conf, tmp_path_factory)}
              for alias, conf in settings.CACHES.items()}
    with override_settings(CACHES=caches, RATE_LIMIT_PREFIX=f"{run}-",
                           PASSWORD_HASHERS=["django.contrib.auth.hashers.MD5PasswordHasher"],
                           NOTICE_DELAY_SECONDS=0):
        yield


def _own_cache_folder(conf: dict[str, Any], tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    if conf["BACKEND"] != "django.core.cache.backends.filebased.FileBasedCache":
        return {}
    return {"LOCATION": str(tmp_path_factory.mktemp("cache"))}


@pytest.fixture(autouse=True)
def _redis_trusted_again(request: pytest.FixtureRequest) -> Iterator[None]:
    """A test that made Redis fail (tests/faults, a broker nobody listens on) leaves the rate limits and the
    request's publish resting for seconds (games/rates.py, games/tasks.py): the next test starts with both
    trying Redis again, as a process would once the rest is over."""
    yield
    if request.config.pluginmanager.has_plugin("django"):
        from games import rates, tasks

        rates._down_until = 0.0
        tasks._broker_down_until = 0.0


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_setupnodes(config: pytest.Config, specs: list[Any]) -> None:
    """Under pytest-xdist (`make test`: `-n 2`), each worker starts with a Redis database of its own
    (tests/parallel.py): set in its environment before its Django settings are read."""
    from tests.parallel import worker_environment

    for index, spec in enumerate(specs):
        spec.env.update(worker_environment(dict(os.environ), index))


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


# === SMTP sink: the site's own SMTP backend delivers to a real server on loopback ===


@dataclass
class SmtpSink:
    port: int
    messages: list[EmailMessage] = field(default_factory=list)
    envelopes: list[tuple[str, list[str]]] = field(default_factory=list)

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:
        message = email.message_from_bytes(envelope.content, policy=email.policy.default)
        assert isinstance(message, EmailMessage)
        self.messages.append(message)
        self.envelopes.append((envelope.mail_from, list(envelope.rcpt_tos)))
        return "250 OK"

    def to(self, address: str) -> list[EmailMessage]:
        return [m for m in self.messages if address in str(m["To"])]


@pytest.fixture
def smtp_sink(settings: Any) -> Iterator[SmtpSink]:
    """A real SMTP server; MAILERS points the default alias at it for the test."""
    sink = SmtpSink(port=free_port())
    # aiosmtpd's Controller(port=0) fails its own readiness check, hence the explicit free port.
    controller = Controller(sink, hostname="127.0.0.1", port=sink.port)
    controller.start()
    settings.MAILERS = {"default": {"BACKEND": "django.core.mail.backends.smtp.EmailBackend",
                                    "OPTIONS": {"host": "127.0.0.1", "port": sink.port, "timeout": 5}}}
    try:
        yield sink
    finally:
        controller.stop()


# === Celery: real worker processes, not eager mode ===


@dataclass
class WorkerProcess:
    """A `celery -A metaltalon worker` subprocess consuming one private queue."""

    broker_url: str
    result_backend: str
    queue: str
    env: dict[str, str]
    log: Path
    process: subprocess.Popen[bytes] | None = None

    def producer(self) -> Any:
        """A Celery app on the same broker and result backend, for sending tasks by name."""
        from celery import Celery

        app = Celery("metaltalon-test-producer", set_as_current=False)
        app.conf.update(broker_url=self.broker_url, result_backend=self.result_backend,
                        broker_transport_options=_fs_transport_options(self.env),
                        broker_connection_retry_on_startup=True)
        return app

    def send(self, task_name: str, *args: Any, timeout: float = 30) -> Any:
        app = self.producer()
        try:
            return app.send_task(task_name, args=args, queue=self.queue).get(timeout=timeout)
        finally:
            app.close()


def _fs_transport_options(env: dict[str, str]) -> dict[str, Any]:
    if not env.get("CELERY_BROKER_URL", "").startswith("filesystem"):
        return {}
    root = Path(env["CELERY_FS_DIR"])
    return {"data_folder_in": str(root / "queue"), "data_folder_out": str(root / "queue"),
            "control_folder": str(root / "control"), "processed_folder": str(root / "processed"),
            "store_processed": False, "polling_interval": 0.1}


def _database_url_for_worker() -> str:
    """The database the test process is using right now (the test database), as a URL."""
    from django.db import connection

    conf = connection.settings_dict
    if connection.vendor == "sqlite":
        return f"sqlite:///{conf['NAME']}"
    user = conf.get("USER") or ""
    password = f":{conf['PASSWORD']}" if conf.get("PASSWORD") else ""
    auth = f"{user}{password}@" if user else ""
    return f"postgres://{auth}{conf.get('HOST') or '127.0.0.1'}:{conf.get('PORT') or 5432}/{conf['NAME']}"


def _start_worker(worker: WorkerProcess, ready_timeout: float = 45) -> None:
    command = [str(BIN / "celery"), "-A", "metaltalon", "worker", "--pool", "solo", "--loglevel", "INFO",
               "--queues", worker.queue, "--hostname", f"{worker.queue}@%h", "--without-mingle",
               "--without-gossip", "--without-heartbeat"]
    with worker.log.open("wb") as log:
        worker.process = subprocess.Popen(command, cwd=REPO, env=worker.env, stdout=log,
                                          stderr=subprocess.STDOUT)
    deadline = time.monotonic() + ready_timeout
    while time.monotonic() < deadline:
        if worker.process.poll() is not None:
            raise RuntimeError(f"celery worker exited early:\n{worker.log.read_text()[-3000:]}")
        if " ready." in worker.log.read_text():
            return
        time.sleep(0.1)
    _stop_worker(worker)
    raise RuntimeError(f"celery worker not ready after {ready_timeout}s:\n{worker.log.read_text()[-3000:]}")


def _stop_worker(worker: WorkerProcess) -> None:
    if worker.process is None or worker.process.poll() is not None:
        return
    # Cold shutdown: the test is over, nothing in flight is worth the warm shutdown's seconds.
    worker.process.send_signal(signal.SIGQUIT)
    try:
        worker.process.wait(timeout=15)
    except subprocess.TimeoutExpired:
        worker.process.kill()
        worker.process.wait(timeout=5)


@pytest.fixture
def start_celery_worker(tmp_path: Path) -> Iterator[Callable[..., WorkerProcess]]:
    """Factory: start_celery_worker(broker_url, result_backend, **env) -> a ready WorkerProcess.

    The worker runs the project's own app (`-A metaltalon`) with DATABASE_URL set to the test database,
    so tasks see rows committed by a `transaction=True` test. It consumes a private queue: send with
    `worker.send(name, *args)` or `task.apply_async(..., queue=worker.queue)`.
    """
    started: list[WorkerProcess] = []

    def start(broker_url: str, result_backend: str, **extra_env: str) -> WorkerProcess:
        env = {**os.environ, "DATABASE_URL": _database_url_for_worker(), "CELERY_BROKER_URL": broker_url,
               "CELERY_RESULT_BACKEND": result_backend, "VAR_DIR": str(tmp_path / "var"), **extra_env}
        env.pop("CELERY_TASK_ALWAYS_EAGER", None)
        # A worker given its own default queue (beat and the tasks' own tasks publish there) consumes it.
        queue = extra_env.get("CELERY_TASK_DEFAULT_QUEUE") or f"test-{uuid.uuid4().hex[:10]}"
        worker = WorkerProcess(broker_url, result_backend, queue, env, tmp_path / f"{queue}.log")
        started.append(worker)
        _start_worker(worker)
        return worker

    yield start
    for worker in started:
        _stop_worker(worker)


def redis_url() -> str:
    """Redis from REDIS_URL; the local server otherwise (make test provides one, or says how)."""
    return os.environ.get("REDIS_URL") or "redis://127.0.0.1:6379/0"


@pytest.fixture
def redis_worker(start_celery_worker: Callable[..., WorkerProcess]) -> WorkerProcess:
    url = redis_url()
    return start_celery_worker(url, url, REDIS_URL=url)


@pytest.fixture
def filesystem_worker(start_celery_worker: Callable[..., WorkerProcess], tmp_path: Path) -> WorkerProcess:
    """A worker on the embedded default: kombu's filesystem transport in a private folder."""
    root = tmp_path / "celery"
    for folder in ("queue", "control", "processed", "results"):
        (root / folder).mkdir(parents=True)
    return start_celery_worker("filesystem://", f"file://{root / 'results'}", CELERY_FS_DIR=str(root),
                               REDIS_URL="")


@pytest.fixture
def queued(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The notice ids handed to Celery on commit, which no worker takes: the test reads the rows or runs
    the sends itself."""
    ids: list[int] = []
    monkeypatch.setattr("games.tasks.queue_notifications", ids.extend)
    return ids


@pytest.fixture
def slow_engine(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each command the kind plays takes 0.2 s, so the submissions really overlap in their transactions."""
    from games.kinds import get_kind

    kind = get_kind("metaltalon")
    real = kind.play

    def slow_play(*args: Any, **kwargs: Any) -> Any:
        time.sleep(0.2)
        return real(*args, **kwargs)

    monkeypatch.setattr(kind, "play", slow_play)


@pytest.fixture
def bot_choices(monkeypatch: pytest.MonkeyPatch) -> list[tuple[Any, int]]:
    """Every (state, seat) the generic random bot (games/bots) chooses from from now on, in order: what a
    test reads to prove a bot saw only its own seat's view (Kind.bot_state)."""
    from games.bots import RandomBot

    seen: list[tuple[Any, int]] = []
    real = RandomBot.choose

    def watched(self: RandomBot, state: Any, seat: int) -> str:
        seen.append((state, seat))
        return real(self, state, seat)

    monkeypatch.setattr(RandomBot, "choose", watched)
    return seen


@pytest.fixture
def celery_eager() -> Iterator[None]:
    """Run .delay()/.apply_async() inline for tests that only need the task's effect."""
    from metaltalon.celery import app

    before = app.conf.task_always_eager, app.conf.task_eager_propagates
    app.conf.task_always_eager = app.conf.task_eager_propagates = True
    try:
        yield
    finally:
        app.conf.task_always_eager, app.conf.task_eager_propagates = before


class LiveDice:
    """Controls the dice live games draw from (games.dice.new_dice), for tests that need known rolls. A
    test sets them; no channel can (the site always draws from the OS's randomness)."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self._monkeypatch = monkeypatch
        self.made: list[Any] = []

    def seed(self, seed: int) -> None:
        """Every submission from now on draws from random.Random(seed), the same values each time."""
        import random

        from games import dice

        def make() -> Any:
            made = dice.SecretDice(random.Random(seed))
            self.made.append(made)
            return made

        self._monkeypatch.setattr(dice, "new_dice", make)

    def script(self, *values: int) -> None:
        """The next rolls and draws give these values in order (a roll's value as the die shows it, a
        draw's index); after them, the OS's randomness again."""
        from games import dice

        queue = list(values)

        class ScriptedDice(dice.SecretDice):
            def roll(self, sides: int) -> int:
                if not queue:
                    return super().roll(sides)
                value = queue.pop(0)
                self.draws.append(["roll", sides, value])
                return value

            def draw(self, n: int) -> int:
                if not queue:
                    return super().draw(n)
                value = queue.pop(0)
                self.draws.append(["draw", n, value])
                return value

        def make() -> Any:
            made = ScriptedDice()
            self.made.append(made)
            return made

        self._monkeypatch.setattr(dice, "new_dice", make)


@pytest.fixture
def live_dice(monkeypatch: pytest.MonkeyPatch) -> LiveDice:
    return LiveDice(monkeypatch)


@pytest.fixture
def clock(request: pytest.FixtureRequest) -> Iterator[Any]:
    """Time stands at the test module's T0 until the test moves it (`clock.shift(timedelta(...))`)."""
    import time_machine

    with time_machine.travel(request.module.T0, tick=False) as traveller:
        yield traveller

"""A push server for browser tests: uvicorn serving metaltalon.asgi in a thread of the test process (the test
database is visible to it), on a port of its own beside the live server, which serves the pages. The pages
are told its address (PUSH_URL) and the Content-Security-Policy lets them reach it, as docs/deploy.md's
"push server listening apart". It can be stopped and started again on the same port, as a host dies and
comes back."""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Iterator
from typing import Any

import pytest
import uvicorn
from asgiref.sync import SyncToAsync
from django.db import connections

from metaltalon.asgi import application


class PushServer:
    def __init__(self) -> None:
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            self.port = probe.getsockname()[1]
        self.server: uvicorn.Server | None = None
        self.thread: threading.Thread | None = None

    @property
    def url(self) -> str:
        return f"ws://localhost:{self.port}"

    def start(self) -> None:
        config = uvicorn.Config(application, host="127.0.0.1", port=self.port, log_level="warning",
                                lifespan="off", ws_ping_interval=None)
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, daemon=True)
        self.thread.start()
        deadline = time.monotonic() + 10
        while not self.server.started:
            if time.monotonic() > deadline or not self.thread.is_alive():
                raise RuntimeError("the push server did not start")
            time.sleep(0.02)

    def stop(self) -> None:
        """Stops it as a dying host does: every open connection is dropped."""
        if self.server is not None and self.thread is not None:
            self.server.should_exit = True
            self.server.force_exit = True
            self.thread.join(timeout=10)
            self.server = None


@pytest.fixture
def push_server(settings: Any, live_server: Any) -> Iterator[PushServer]:
    server = PushServer()
    settings.PUSH = True
    settings.PUSH_URL = server.url
    # The pages' origin, as SITE_URL's is on a site whose push server listens apart (games/push/origin.py).
    settings.CSRF_TRUSTED_ORIGINS = [*settings.CSRF_TRUSTED_ORIGINS, live_server.url]
    settings.SECURE_CSP = {**settings.SECURE_CSP,
                           "connect-src": [*settings.SECURE_CSP["connect-src"], server.url]}
    server.start()
    yield server
    server.stop()
    # The server read the database from asgiref's one thread for such work: close that thread's connection,
    # or the test database could not be dropped at the end.
    SyncToAsync.single_thread_executor.submit(connections.close_all).result()

"""A webhook receiver on loopback, shared by the webhook tests of this folder."""

from __future__ import annotations

import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import pytest


class Receiver:
    """An HTTP server on 127.0.0.1 that records each POST and answers with the next scripted status."""

    def __init__(self) -> None:
        self.posts: list[dict[str, Any]] = []
        self.statuses: list[int] = []
        receiver = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:  # noqa: N802 (the standard library's name)
                body = self.rfile.read(int(self.headers["Content-Length"]))
                receiver.posts.append({"headers": self.headers, "body": body})  # case-insensitive
                self.send_response(receiver.statuses.pop(0) if receiver.statuses else 204)
                self.end_headers()

            def log_message(self, *args: Any) -> None:
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_port}/hook"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()


@pytest.fixture
def receiver(settings):
    settings.WEBHOOK_ALLOW_PRIVATE = True
    r = Receiver()
    yield r
    r.server.shutdown()

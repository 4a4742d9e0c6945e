"""A Redis server of the test's own, to stop and start again (tests/faults)."""

from __future__ import annotations

import shutil
import socket
import subprocess
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import free_port


def replayed(game: Any) -> Any:
    """The game's state as its log replays it from the first snapshot (with the dice each action drew)."""
    from games.history import log_actions, replay
    from games.kinds import get_kind

    kind = get_kind(game.kind)
    start = game.snapshots.get(seq=0).state
    return kind.dump(replay(kind, kind.load(start), log_actions(game)))


@dataclass
class OwnRedis:
    port: int
    folder: Path
    process: subprocess.Popen[bytes] | None = field(default=None)

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> None:
        binary = shutil.which("redis-server") or "/usr/bin/redis-server"
        self.process = subprocess.Popen(
            [binary, "--port", str(self.port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no",
             "--dir", str(self.folder)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=0.2) as conn:
                    conn.sendall(b"PING\r\n")
                    if conn.recv(16).startswith(b"+PONG"):
                        return
            except OSError:
                time.sleep(0.05)
        raise RuntimeError(f"redis-server did not start on port {self.port}")

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.kill()  # as a crash would: nothing flushed, nothing said
            self.process.wait(timeout=10)
        self.process = None


@pytest.fixture
def own_redis(tmp_path: Path) -> Iterator[OwnRedis]:
    server = OwnRedis(port=free_port(), folder=tmp_path)
    server.start()
    try:
        yield server
    finally:
        server.stop()

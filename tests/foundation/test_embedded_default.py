"""The embedded default, as `make run` starts it: SQLite, filesystem broker, mail to a folder."""

from __future__ import annotations

import os
import signal
import subprocess
import time
import urllib.request
from pathlib import Path

import pytest

from accounts.demo import DEMO_LOGINS
from tests.conftest import WorkerProcess, free_port
from tests.foundation.helpers import BIN, REPO, clean_env, manage


def _get(url: str) -> tuple[int, str]:
    with urllib.request.urlopen(url, timeout=5) as response:
        return response.status, response.read().decode()


def _wait_for(url: str, process: subprocess.Popen[bytes], log: Path, timeout: float = 40) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        assert process.poll() is None, log.read_text()[-3000:]
        try:
            _get(url)
            return
        except OSError:
            time.sleep(0.2)
    raise AssertionError(f"{url} never answered:\n{log.read_text()[-3000:]}")


@pytest.mark.services
def test_the_embedded_default_migrates_from_scratch_and_serves_the_site(tmp_path):
    var = tmp_path / "var"
    port = free_port()
    # Where gunicorn would open its control socket (tests/foundation/test_control_socket.py).
    user_home = tmp_path / "home"
    user_home.mkdir()
    env = clean_env(VAR_DIR=str(var), PATH=f"{BIN}:{os.environ['PATH']}", HOME=str(user_home))

    migrated = manage("migrate", "--noinput", env=env)
    assert migrated.returncode == 0, migrated.stderr
    assert (var / "metaltalon.sqlite3").is_file()
    demo = manage("demo_setup", env=env)
    assert "alice@metaltalon.localhost" in demo.stdout

    log = tmp_path / "honcho.log"
    with log.open("wb") as out:
        honcho = subprocess.Popen([str(BIN / "honcho"), "start", "--port", str(port)], cwd=REPO, env=env,
                                  stdout=out, stderr=subprocess.STDOUT, start_new_session=True)
    try:
        _wait_for(f"http://127.0.0.1:{port}/", honcho, log)
        status, home = _get(f"http://127.0.0.1:{port}/")
        assert status == 200 and "MetalTalon" in home
        # No control socket under HOME: another `make run` on the machine would share it.
        assert not (user_home / ".gunicorn").exists()
        assert _get(f"http://127.0.0.1:{port}/static/vendor/htmx.min.js")[0] == 200
        assert _get(f"http://127.0.0.1:{port}/accounts/login/")[0] == 200

        # The Procfile's worker consumes the filesystem queue under var/celery.
        fs = var / "celery"
        worker = WorkerProcess("filesystem://", f"file://{fs / 'results'}", "celery",
                               {"CELERY_BROKER_URL": "filesystem://", "CELERY_FS_DIR": str(fs)}, log)
        assert worker.send("metaltalon.describe_worker", timeout=40)["users"] == len(DEMO_LOGINS)

        # Ctrl-C: honcho passes SIGTERM on and SIGKILLs whatever still runs 5 s after the first process
        # stopped (honcho's KILL_WAIT, which it offers no option to raise). Every process stops in time.
        honcho.send_signal(signal.SIGINT)
        honcho.wait(timeout=30)
        stopping = log.read_text().split("SIGINT received", 1)[1]
        assert "SIGKILL" not in stopping, stopping[-3000:]
        assert all(f"{name}.1 stopped" in stopping for name in ("web", "worker", "beat", "mail")), stopping
    finally:
        if honcho.poll() is None:
            os.killpg(honcho.pid, signal.SIGTERM)
            honcho.wait(timeout=30)

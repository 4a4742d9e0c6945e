"""A gunicorn config module (gunicorn -c bench/storm_probe.py) that notes, for each request the bench marks
with an X-Bench-Poll header, when a worker took it up and let it go, and how long it spent in
games.page_cache.single_flight waiting for another request's drawing and drawing itself: push_bench.py's
fetch storm splits each page's wait for its board with it (in the listen queue, served, of which waited in
single flight or drew). One JSON line per request, appended to the file BENCH_STORM_PROBE names; times are
time.monotonic(), the box's own clock, so they compare with the pages' process's.

Bench-only: nothing of the site imports it.
"""

from __future__ import annotations

import json
import os
import threading
import time
from typing import Any

_local = threading.local()
_patched: list[bool] = []


def _patch() -> None:
    """Wrap single_flight once the app is loaded (the first request): games.views.play calls it through
    the module, so the wrapper is what it calls."""
    from games import page_cache

    real = page_cache.single_flight

    def timed(key: str, draw: Any, seconds: int) -> Any:
        started, drew = time.monotonic(), [0.0]

        def drawing() -> Any:
            at = time.monotonic()
            try:
                return draw()
            finally:
                drew[0] = time.monotonic() - at

        try:
            return real(key, drawing, seconds)
        finally:
            _local.flight = (time.monotonic() - started - drew[0], drew[0])

    page_cache.single_flight = timed  # type: ignore[assignment]
    _patched.append(True)


def pre_request(worker: Any, req: Any) -> None:
    if not _patched:
        _patch()
    _local.started = time.monotonic()
    _local.flight = None


def post_request(worker: Any, req: Any, environ: Any, resp: Any) -> None:
    mark = next((value for name, value in req.headers if name == "X-BENCH-POLL"), None)
    if mark is None:
        return
    flight = getattr(_local, "flight", None)
    line = {"poll": int(mark), "start": _local.started, "end": time.monotonic(),
            "status": resp.status_code, "pid": os.getpid(),
            "waited": flight[0] if flight else None, "drew": flight[1] if flight else None}
    with open(os.environ["BENCH_STORM_PROBE"], "a") as out:
        out.write(json.dumps(line) + "\n")

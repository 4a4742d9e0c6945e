"""One reading for many readers: a push server holds many pages of the same game, and a move would otherwise
read the database once per page. A reading is keyed by everything it depends on (the game's version among
them), so a kept one is never stale; the first page to ask starts it and the others await the same one.

One cache client for all the pages, too (SharedCaches): Django keeps its cache objects per async context
(asgiref's Local), so each page's connection would otherwise build its own at its first cache read (its
hello), open a Redis connection of its own, and hold it for as long as the page stays open: 2,000 open
pages, 2,000 Redis connections from one push server (bench/push_bench.py).
"""

from __future__ import annotations

import asyncio
import weakref
from collections.abc import Callable, Hashable
from typing import Any

from channels.db import database_sync_to_async
from django.core.cache import caches
from django.core.signals import setting_changed
from django.dispatch import receiver

# Readings of versions long gone are dropped wholesale past this many (a key names its version, so a
# dropped one is only read again, never read wrong).
MAX_KEPT = 5_000
# Per event loop: a future belongs to the loop that made it (a test's loops come and go).
_loops: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, dict[Hashable, asyncio.Future[Any]]] = (
    weakref.WeakKeyDictionary())


def _kept() -> dict[Hashable, asyncio.Future[Any]]:
    return _loops.setdefault(asyncio.get_running_loop(), {})


async def read(key: Hashable, reading: Callable[[], Any], *, keep: bool = True) -> Any:
    """`reading()` run once in a thread for `key`, its result shared by every caller with the same key:
    kept for later callers, or with `keep=False` only for those that asked while it was being read (a
    large result: the pages of a move all ask within the same moment)."""
    kept = _kept()
    future = kept.get(key)
    if future is None:
        if len(kept) >= MAX_KEPT:
            kept.clear()
        future = asyncio.ensure_future(database_sync_to_async(reading)())
        kept[key] = future
        if not keep:
            future.add_done_callback(lambda done: kept.pop(key) if kept.get(key) is done else None)
    try:
        return await asyncio.shield(future)
    except Exception:
        kept.pop(key, None)  # a failed reading is tried again by the next caller
        raise


# This process's cache objects, one per alias, shared by every page's connection (their client is
# thread-safe: metaltalon/cache.py).
_caches: dict[str, Any] = {}


def bind_caches() -> None:
    """The current context (a page's connection) reads and writes through this process's cache objects."""
    for alias in caches:
        shared = _caches.get(alias)
        if shared is None:
            shared = _caches.setdefault(alias, caches.create_connection(alias))
        caches[alias] = shared


@receiver(setting_changed)
def _caches_changed(setting: str, **kwargs: Any) -> None:
    if setting == "CACHES":  # a test's own caches: the next connection binds them afresh
        _caches.clear()


class SharedCaches:
    """ASGI middleware: every connection under it uses this process's cache objects (bind_caches)."""

    def __init__(self, app: Any) -> None:
        self.app = app

    async def __call__(self, scope: Any, receive: Any, send: Any) -> Any:
        bind_caches()
        return await self.app(scope, receive, send)

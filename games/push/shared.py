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
# Large readings (a game's state) are kept apart, the oldest dropped past this many: enough for the moves of
# the games being followed while their pages are told, never thousands of states.
MAX_LARGE = 32
# Per event loop: a future belongs to the loop that made it (a test's loops come and go).
Kept = dict[Hashable, asyncio.Future[Any]]
_loops: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, tuple[Kept, Kept]] = weakref.WeakKeyDictionary()


def _kept(large: bool) -> Kept:
    # get() before setdefault(): every page told of a move asks three times, and setdefault makes a weak
    # reference with a callback each time (a sixth of the push server's CPU for a move to 2,000 pages).
    loop = asyncio.get_running_loop()
    kept = _loops.get(loop)
    if kept is None:
        kept = _loops.setdefault(loop, ({}, {}))
    return kept[large]


async def read(key: Hashable, reading: Callable[[], Any], *, large: bool = False) -> Any:
    """`reading()` run once in a thread for `key`, its result shared by every caller with the same key."""
    kept = _kept(large)
    future = kept.get(key)
    if future is None:
        if len(kept) >= (MAX_LARGE if large else MAX_KEPT):
            if large:
                del kept[next(iter(kept))]
            else:
                kept.clear()
        future = asyncio.ensure_future(database_sync_to_async(reading)())
        kept[key] = future
    elif future.done() and not future.cancelled() and future.exception() is None:
        return future.result()  # read already: what every page after the first finds, without a shield
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

"""One reading for many readers: a push server holds many pages of the same game, and a move would otherwise
read the database once per page. A reading is keyed by everything it depends on (the game's version among
them), so a kept one is never stale; the first page to ask starts it and the others await the same one."""

from __future__ import annotations

import asyncio
import weakref
from collections.abc import Callable, Hashable
from typing import Any

from channels.db import database_sync_to_async

# Readings of versions long gone are dropped wholesale past this many (a key names its version, so a
# dropped one is only read again, never read wrong).
MAX_KEPT = 5_000
# Per event loop: a future belongs to the loop that made it (a test's loops come and go).
_loops: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, dict[Hashable, asyncio.Future[Any]]] = (
    weakref.WeakKeyDictionary())


def _kept() -> dict[Hashable, asyncio.Future[Any]]:
    return _loops.setdefault(asyncio.get_running_loop(), {})


async def read(key: Hashable, reading: Callable[[], Any]) -> Any:
    """`reading()` run once in a thread for `key`, its result shared by every caller with the same key."""
    kept = _kept()
    future = kept.get(key)
    if future is None:
        if len(kept) >= MAX_KEPT:
            kept.clear()
        future = asyncio.ensure_future(database_sync_to_async(reading)())
        kept[key] = future
    try:
        return await asyncio.shield(future)
    except Exception:
        kept.pop(key, None)  # a failed reading is tried again by the next caller
        raise

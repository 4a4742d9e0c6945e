"""Telling the push servers that a game or its chat changed: one small message per change, sent once the
transaction commits, whatever path made it (games.signals calls these for every save).

The message names the game and its new version (or that its chat changed), nothing more: each push server
reads what its own readers may be told (games/push/news.py). A lost message costs at most a delay: every
push server also checks the games its pages follow every PUSH_CHECK_SECONDS (games/push/watch.py), so Redis
being away for a moment, or the embedded default's in-memory layer (which reaches only its own process),
never leaves a page behind for long.
"""

from __future__ import annotations

import asyncio
import logging
import os
import secrets
import threading
import time
from collections.abc import Coroutine
from typing import Any

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from channels_redis.pubsub import RedisPubSubChannelLayer
from django.core.cache import cache
from django.db import transaction

from metaltalon.cache import RETRY_SECONDS, SOCKET_TIMEOUT

logger = logging.getLogger(__name__)

# The most a commit waits for Redis to take the message (a push is a courtesy: the move stands): the cache's
# own patience with a Redis that takes packets and never answers (metaltalon/cache.py).
PUBLISH_TIMEOUT = SOCKET_TIMEOUT


def group(game_id: object) -> str:
    """The group of every open page of a game, on every push server."""
    return f"game.{game_id}"


def game_moved(game_id: int, version: int) -> None:
    transaction.on_commit(lambda: _send(game_id, {"type": "game.moved", "version": version}))


def chat_changed(game_id: int) -> None:
    # The nonce names this change: the pages of one push server read the new token once between them.
    transaction.on_commit(lambda: _send(game_id, {"type": "chat.changed", "nonce": secrets.token_hex(6)}))


def _send(game_id: int, message: dict[str, Any]) -> None:
    global _down_until
    layer = get_channel_layer()
    if layer is None:
        return
    if time.monotonic() < _down_until or getattr(cache, "down", False):
        return  # Redis out of reach (this publisher's or the cache's last try): the pages' check catches up
    try:
        if isinstance(layer, RedisPubSubChannelLayer):
            _on_publisher_loop(layer.group_send(group(game_id), message))
        else:
            # The in-memory layer lives on the push server's own loop: async_to_sync from a view's thread
            # runs it there (make run's one uvicorn process); from any other process it reaches no one.
            async_to_sync(layer.group_send)(group(game_id), message)
    except Exception:  # noqa: BLE001 - a push is a courtesy: the move stands, the watcher catches up
        logger.warning("push: could not tell game %s's pages of %s; not trying again for %s s", game_id,
                       message["type"], RETRY_SECONDS, exc_info=True)
        _down_until = time.monotonic() + RETRY_SECONDS


# Until when this process leaves Redis alone after a failed publish, as the cache does (a stalled Redis
# would otherwise cost every commit PUBLISH_TIMEOUT).
_down_until = 0.0


# One event loop per process for publishing from synchronous code (views, tasks, commands): the Redis layer
# keeps one connection per loop, so a loop kept running keeps its connection (async_to_sync would make a
# loop, and a connection, for every message: 3.4 ms each, measured, where this takes a fraction of one).
_publisher: tuple[int, asyncio.AbstractEventLoop] | None = None
_publisher_lock = threading.Lock()


def _on_publisher_loop(work: Coroutine[Any, Any, Any]) -> None:
    global _publisher
    with _publisher_lock:
        if _publisher is None or _publisher[0] != os.getpid():  # none yet, or one of the parent's (a fork)
            loop = asyncio.new_event_loop()
            threading.Thread(target=loop.run_forever, name="push-publisher", daemon=True).start()
            _publisher = (os.getpid(), loop)
        loop = _publisher[1]
    # Bounded on the loop itself, so that a message Redis never takes is dropped there, not left waiting.
    asyncio.run_coroutine_threadsafe(asyncio.wait_for(work, PUBLISH_TIMEOUT), loop).result(
        timeout=PUBLISH_TIMEOUT + 0.5)

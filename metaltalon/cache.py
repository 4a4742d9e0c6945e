"""Django's Redis cache, keeping one redis client per connection pool, and degrading when Redis is down.

One client: Django's RedisCacheClient builds a fresh redis.Redis around the pool for every operation, which
costs about as much as the round trip itself (redis-py sets up its response callbacks each time). A page
view makes a few cache reads, so the client is kept and reused: it is thread-safe and the pool is fork-safe.

Degrading: the cache holds only what the database can give again (pages, counts, preferences, the cached
copy of sessions: docs/architecture.md, Faults), so with Redis out of reach a read is a miss, a write is
dropped, and pages render from PostgreSQL: slower, correct. A delete that could not be made is remembered
and made first thing once Redis answers again (an entry it was meant to drop, kept by a Redis that was only
unreachable, would otherwise be served stale). After a failure the cache does not try Redis again for
RETRY_SECONDS, so a request during the outage pays no connection attempts at all.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable, Iterable
from typing import Any, TypeVar

from django.core.cache.backends.redis import RedisCache as DjangoRedisCache
from django.core.cache.backends.redis import RedisCacheClient
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import TimeoutError as RedisTimeoutError

logger = logging.getLogger(__name__)

RETRY_SECONDS = 2.0
# An answer slower than this is an outage too (a Redis that takes packets and never answers). Redis answers
# in well under a millisecond; a request pays this once per RETRY_SECONDS during a stall, added to the
# rate limits' and the publish's own (docs/architecture.md, Faults).
SOCKET_TIMEOUT = 0.5
DOWN = (RedisConnectionError, RedisTimeoutError, OSError)
# More remembered deletes than this in one process (a long outage under load): forget the oldest half.
MAX_PENDING = 50_000

T = TypeVar("T")


class ReusedClient(RedisCacheClient):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._clients: dict[int, Any] = {}

    def get_client(self, key: Any = None, *, write: bool = False) -> Any:
        index = self._get_connection_pool_index(write)
        client = self._clients.get(index)
        if client is None:
            pool = self._get_connection_pool(write)
            client = self._clients.setdefault(index, self._client(connection_pool=pool))
        return client


class RedisCache(DjangoRedisCache):
    def __init__(self, server: Any, params: dict[str, Any]) -> None:
        options = params.setdefault("OPTIONS", {})
        options.setdefault("socket_connect_timeout", SOCKET_TIMEOUT)
        options.setdefault("socket_timeout", SOCKET_TIMEOUT)
        super().__init__(server, params)
        self._class = ReusedClient
        self._down_until = 0.0
        self._pending: dict[str, None] = {}  # keys (made) to delete once Redis answers; ordered
        self._lock = threading.Lock()

    # --- the guard ---

    @property
    def down(self) -> bool:
        """True while this process treats Redis as out of reach (a failure less than RETRY_SECONDS ago)."""
        return time.monotonic() < self._down_until

    def _guard(self, call: Callable[[], T], fallback: T) -> T:
        if self.down:
            return fallback
        try:
            if self._pending:
                self._flush_pending()
            return call()
        except DOWN as exc:
            self._failed(exc)
            return fallback

    def _failed(self, exc: BaseException) -> None:
        if not self.down:
            logger.warning("cache unreachable (%s): serving without it, retrying in %s s", exc, RETRY_SECONDS)
        self._down_until = time.monotonic() + RETRY_SECONDS

    def _remember(self, keys: Iterable[str]) -> None:
        with self._lock:
            for key in keys:
                self._pending[key] = None
            if len(self._pending) > MAX_PENDING:
                for key in list(self._pending)[: MAX_PENDING // 2]:
                    del self._pending[key]

    def _flush_pending(self) -> None:
        with self._lock:
            keys = list(self._pending)
        if keys:
            self._cache.get_client(write=True).delete(*keys)
            with self._lock:
                for key in keys:
                    self._pending.pop(key, None)
            logger.info("cache reachable again: %d deletes made that the outage had held", len(keys))

    # --- reads miss, writes are dropped, deletes wait ---

    def get(self, key: Any, default: Any = None, version: Any = None) -> Any:
        return self._guard(lambda: super(RedisCache, self).get(key, default, version), default)

    def get_many(self, keys: Any, version: Any = None) -> Any:
        return self._guard(lambda: super(RedisCache, self).get_many(keys, version), {})

    def has_key(self, key: Any, version: Any = None) -> bool:
        return self._guard(lambda: super(RedisCache, self).has_key(key, version), False)

    def set(self, *args: Any, **kwargs: Any) -> None:
        self._guard(lambda: super(RedisCache, self).set(*args, **kwargs), None)

    def set_many(self, *args: Any, **kwargs: Any) -> list[Any]:
        return self._guard(lambda: super(RedisCache, self).set_many(*args, **kwargs), [])

    def add(self, *args: Any, **kwargs: Any) -> bool:
        # "Added": as far as anyone can tell nobody holds the key, so a caller using add as a lease goes
        # on (allauth's rate-limit lock, the bots' lease, whose moves carry the game's version anyway)
        # instead of waiting for a lock that cannot be had until Redis is back.
        return self._guard(lambda: super(RedisCache, self).add(*args, **kwargs), True)

    def touch(self, *args: Any, **kwargs: Any) -> bool:
        return self._guard(lambda: super(RedisCache, self).touch(*args, **kwargs), False)

    def incr(self, key: Any, delta: int = 1, version: Any = None) -> int:
        value = self._guard(lambda: super(RedisCache, self).incr(key, delta, version), None)
        if value is None:
            raise ValueError(f"Key '{key}' not found (the cache is out of reach)")
        return value

    def delete(self, key: Any, version: Any = None) -> bool:
        return self._delete([self.make_and_validate_key(key, version=version)])

    def delete_many(self, keys: Any, version: Any = None) -> None:
        made = [self.make_and_validate_key(key, version=version) for key in keys]
        if made:
            self._delete(made)

    def _delete(self, made: list[str]) -> bool:
        """Delete the (made) keys now, or remember to once Redis answers again."""
        deleted = self._guard(lambda: bool(self._cache.get_client(write=True).delete(*made)), None)
        if deleted is None:
            self._remember(made)
            return False
        return deleted

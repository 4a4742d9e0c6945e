"""Django's Redis cache, keeping one redis client per connection pool, and degrading when Redis is down.

One client: Django's RedisCacheClient builds a fresh redis.Redis around the pool for every operation, which
costs about as much as the round trip itself (redis-py sets up its response callbacks each time). A page
view makes a few cache reads, so the client is kept and reused: it is thread-safe and the pool is fork-safe.

Reads (get, get_many) go further: each thread sends them on a connection of its own, made from the pool's
settings, so a read is one command written and one answer parsed. Through the client, taking a connection
from the pool (a readiness poll of its socket, redis-py's connection metrics) cost more than the round trip
itself: a cached game page's one MGET took twice the CPU time (bench/README.md, the first "Measured" table).
And a value read is unpickled without first being tried as a number (Serializer).

Degrading: the cache holds only what the database can give again (pages, counts, preferences, the cached
copy of sessions: docs/architecture.md, Faults), so with Redis out of reach a read is a miss, a write is
dropped, and pages render from PostgreSQL: slower, correct. A delete that could not be made is remembered
and made first thing once Redis answers again (an entry it was meant to drop, kept by a Redis that was only
unreachable, would otherwise be served stale). After a failure the cache does not try Redis again for
RETRY_SECONDS, so a request during the outage pays no connection attempts at all.
"""

from __future__ import annotations

import logging
import os
import pickle
import threading
import time
from collections.abc import Callable, Iterable
from typing import Any, TypeVar

from django.core.cache.backends.redis import RedisCache as DjangoRedisCache
from django.core.cache.backends.redis import RedisCacheClient, RedisSerializer
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


class Serializer(RedisSerializer):
    """Django's, reading a pickle as a pickle. Django's loads tries int() first on every value, and the
    ValueError it catches spells out the whole value: for a cached 84 KB page, its 14 KB compressed copy
    written out as a bytes literal on every view. Django writes an int as its digits and anything else as
    a pickle, which begins with the PROTO opcode (0x80), so that byte tells them apart; anything else is
    read as Django reads it."""

    def loads(self, data: bytes) -> Any:
        if data[:1] == b"\x80":
            return pickle.loads(data)
        return super().loads(data)


class ReusedClient(RedisCacheClient):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._clients: dict[int, Any] = {}
        self._readers = threading.local()  # this thread's connection for reads and the process that made it

    def get_client(self, key: Any = None, *, write: bool = False) -> Any:
        index = self._get_connection_pool_index(write)
        client = self._clients.get(index)
        if client is None:
            pool = self._get_connection_pool(write)
            client = self._clients.setdefault(index, self._client(connection_pool=pool))
        return client

    def get(self, key: Any, default: Any) -> Any:
        value = self._read("GET", key)
        return default if value is None else self._serializer.loads(value)

    def get_many(self, keys: Any) -> dict[Any, Any]:
        keys = list(keys)
        loads = self._serializer.loads
        return {k: loads(v) for k, v in zip(keys, self._read("MGET", *keys), strict=True) if v is not None}

    def _read(self, *command: Any) -> Any:
        """The answer to a read-only command, sent on this thread's own connection. A connection found broken
        (Redis restarted since, an idle connection dropped) is made anew and the command sent once more, as
        redis-py's client retries; a second failure, or a timeout, is the caller's (RedisCache: a miss)."""
        try:
            return self._send(command)
        except RedisConnectionError:
            self._readers.connection = None
            return self._send(command)

    def _send(self, command: tuple[Any, ...]) -> Any:
        readers = self._readers
        connection = getattr(readers, "connection", None)
        if connection is None or readers.pid != os.getpid():  # none yet, or made before a fork: the parent's
            pool = self._get_connection_pool(False)
            connection = readers.connection = pool.connection_class(**pool.connection_kwargs)
            readers.pid = os.getpid()
        try:
            connection.send_packed_command([_pack(command)])
            return connection.read_response()
        except BaseException:
            # An answer half read would be taken for the next command's: the connection goes (redis-py
            # closes it on a socket error already; this covers the rest, an interrupt included).
            readers.connection = None
            connection.disconnect()
            raise


def _pack(command: tuple[Any, ...]) -> bytes:
    """A command of strings (a read's name and its made keys) in Redis's protocol, as redis-py packs it with
    its default encoding (UTF-8), in one join instead of its per-argument checks."""
    parts = [b"*%d\r\n" % len(command)]
    for arg in command:
        data = arg.encode() if isinstance(arg, str) else bytes(arg)
        parts.append(b"$%d\r\n%s\r\n" % (len(data), data))
    return b"".join(parts)


class RedisCache(DjangoRedisCache):
    def __init__(self, server: Any, params: dict[str, Any]) -> None:
        options = params.setdefault("OPTIONS", {})
        options.setdefault("socket_connect_timeout", SOCKET_TIMEOUT)
        options.setdefault("socket_timeout", SOCKET_TIMEOUT)
        options.setdefault("serializer", Serializer)
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
        return self._guard(lambda: self._get_many(keys, version), {})

    def _get_many(self, keys: Any, version: Any) -> dict[Any, Any]:
        # Django's, with the keys made but not checked against memcached's rules (which only warn, and cost
        # a tenth of a cached page's answer there: it reads nine keys); set and add still check them.
        made = {self.make_key(key, version=version): key for key in keys}
        return {made[k]: v for k, v in self._cache.get_many(made).items()}

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

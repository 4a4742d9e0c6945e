"""Rate limits shared by the channels (inbound mail per sender, the API per user, what players repeat:
games/actions/limits.py): the `limits` library's moving window, counted in Redis when the site has it, so
every web process and listener counts together; in this process otherwise (the embedded default).

Redis out of reach, or stalled (it takes the connection and never answers): a request passes uncounted
after at most SOCKET_TIMEOUT, and for RETRY_SECONDS after a failure no request of this process tries Redis
at all, as the cache does (metaltalon/cache.py). A limit is a guard against floods; refusing every player,
or making each wait, until Redis is back would be the worse failure (docs/architecture.md, Faults)."""

from __future__ import annotations

import functools
import logging
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import limits
import limits.storage
from django.conf import settings
from limits.errors import StorageError
from limits.storage import RedisClusterStorage, RedisStorage
from redis.exceptions import RedisError

logger = logging.getLogger(__name__)

# Redis answers in well under a millisecond; one that has not answered in this long is out of reach.
SOCKET_TIMEOUT = 0.5
RETRY_SECONDS = 2.0
_down_until = 0.0


@dataclass(frozen=True)
class Count:
    """`cost` units against every rate of `rates` ("60/minute;1000/day") for one (namespace, key)."""

    rates: str
    namespace: str
    key: str
    cost: int = 1


@functools.cache
def _limiter() -> limits.strategies.MovingWindowRateLimiter:
    url = settings.REDIS_URL
    if not url:
        return limits.strategies.MovingWindowRateLimiter(limits.storage.storage_from_string("memory://"))
    # redis-py waits 5 s for an answer by default: a stalled Redis would hold every request that long.
    storage = limits.storage.storage_from_string(
        url, socket_timeout=SOCKET_TIMEOUT, socket_connect_timeout=SOCKET_TIMEOUT)
    return limits.strategies.MovingWindowRateLimiter(storage)


def down() -> bool:
    """True while this process leaves Redis alone (a failure less than RETRY_SECONDS ago)."""
    return time.monotonic() < _down_until


def hit(rates: str, namespace: str, key: str, cost: int = 1) -> int:
    """Count `cost` against every rate of `rates`: 0 when it is within them, else the seconds until the
    first full window frees a place (nothing is counted then)."""
    refused = hit_all([Count(rates, namespace, key, cost)])
    return refused[1] if refused else 0


def hit_all(counts: Sequence[Count]) -> tuple[Count, int] | None:
    """Count every one of `counts`, or none: None when each fits within all its rates, else the first
    that does not and the seconds until its window frees a place. A cost larger than a rate's whole
    amount never fits (callers refuse it in their own words first: largest_cost).

    With the counters' store out of reach the request passes uncounted (see the module's docstring)."""
    global _down_until
    if down():
        return None
    try:
        return _hit_all(counts)
    except (RedisError, StorageError, OSError):
        if not down():
            logger.warning("rate limits not counted for %s s: their store is out of reach", RETRY_SECONDS,
                           exc_info=True)
        _down_until = time.monotonic() + RETRY_SECONDS
        return None


def largest_cost(rates: str) -> int:
    """The most one request can cost and still fit in every rate of `rates` (its smallest amount)."""
    return min(rate.amount for rate in _parse(rates))


@functools.lru_cache(maxsize=64)
def _parse(rates: str) -> tuple[limits.RateLimitItem, ...]:
    # The settings' few strings, parsed once each rather than on every request.
    return tuple(limits.parse_many(rates))


def _hit_all(counts: Sequence[Count]) -> tuple[Count, int] | None:
    limiter = _limiter()
    parsed = [(count, settings.RATE_LIMIT_PREFIX + count.namespace, rate)
              for count in counts if count.cost > 0 for rate in _parse(count.rates)]
    script = _script(limiter.storage)
    if script is not None:
        refused = _hit_in_one_call(script, limiter.storage, parsed)
    else:
        refused = _hit_one_by_one(limiter, parsed)
    if refused is None:
        return None
    count, namespace, rate = refused
    reset = limiter.get_window_stats(rate, namespace, count.key).reset_time
    return count, max(1, int(reset - time.time() + 0.999))


# What limits' moving window does for one rate (its acquire_moving_window.lua: a list of timestamps, newest
# first, one per unit counted, trimmed to the rate's amount and expiring with its window), for every rate of
# every count in one call: all are tested before any is counted, so a request refused by one fills none.
# Returns 0 when all were counted, else the (1-based) position of the first that does not fit. One round
# trip instead of two per rate (a command's three counts at two rates each were twelve), and the test and
# the count are one atomic step, so two processes cannot both pass the test for the last place.
_ALL_OR_NONE = """
local now = tonumber(ARGV[1])
for i = 1, #KEYS do
    local limit, expiry, cost = tonumber(ARGV[3 * i - 1]), tonumber(ARGV[3 * i]), tonumber(ARGV[3 * i + 1])
    if cost > limit then
        return i
    end
    local entry = redis.call('lindex', KEYS[i], limit - cost)
    if entry and tonumber(entry) >= now - expiry then
        return i
    end
end
for i = 1, #KEYS do
    local limit, expiry, cost = tonumber(ARGV[3 * i - 1]), tonumber(ARGV[3 * i]), tonumber(ARGV[3 * i + 1])
    local entries = {}
    for j = 1, cost do
        entries[j] = now
    end
    for j = 1, #entries, 5000 do
        redis.call('lpush', KEYS[i], unpack(entries, j, math.min(j + 4999, #entries)))
    end
    redis.call('ltrim', KEYS[i], 0, limit - 1)
    redis.call('expire', KEYS[i], expiry)
end
return 0
"""

_registered: tuple[object, Any] | None = None  # the storage and its script


def _script(storage: object) -> Any:
    """The all-or-none script registered on this storage's Redis client (no round trip: redis-py loads it
    on first use); None for a store it cannot serve: the embedded default's memory, or a Redis cluster,
    whose keys may sit on different nodes (one script touches one node)."""
    global _registered
    if not isinstance(storage, RedisStorage) or isinstance(storage, RedisClusterStorage):
        return None
    if _registered is None or _registered[0] is not storage:
        _registered = (storage, storage.get_connection().register_script(_ALL_OR_NONE.encode()))
    return _registered[1]


Parsed = tuple[Count, str, limits.RateLimitItem]


def _hit_in_one_call(script: Any, storage: Any, parsed: list[Parsed]) -> Parsed | None:
    if not parsed:
        return None
    keys, args = [], [time.time()]
    for count, namespace, rate in parsed:
        # The keys and timestamps limits itself writes, so its get_window_stats reads them as its own.
        keys.append(storage.prefixed_key(rate.key_for(namespace, count.key)))
        args += [rate.amount, rate.get_expiry(), count.cost]
    refused = int(script(keys=keys, args=args))
    return parsed[refused - 1] if refused else None


def _hit_one_by_one(limiter: limits.strategies.MovingWindowRateLimiter,
                    parsed: list[Parsed]) -> Parsed | None:
    # Every rate is tested before any is counted: a request refused by one never fills another.
    for count, namespace, rate in parsed:
        if not limiter.test(rate, namespace, count.key, cost=count.cost):
            return count, namespace, rate
    for count, namespace, rate in parsed:
        limiter.hit(rate, namespace, count.key, cost=count.cost)
    return None


def reset() -> None:
    """Forget every count (tests, and an operator after a flood)."""
    global _down_until
    _down_until = 0.0
    _limiter().storage.reset()

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

import limits
import limits.storage
from django.conf import settings
from limits.errors import StorageError
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
    return min(rate.amount for rate in limits.parse_many(rates))


def _hit_all(counts: Sequence[Count]) -> tuple[Count, int] | None:
    limiter = _limiter()
    parsed = [(count, settings.RATE_LIMIT_PREFIX + count.namespace, limits.parse_many(count.rates))
              for count in counts if count.cost > 0]
    # Every rate is tested before any is counted: a request refused by one never fills another.
    for count, namespace, rates in parsed:
        for rate in rates:
            if not limiter.test(rate, namespace, count.key, cost=count.cost):
                reset = limiter.get_window_stats(rate, namespace, count.key).reset_time
                return count, max(1, int(reset - time.time() + 0.999))
    for count, namespace, rates in parsed:
        for rate in rates:
            limiter.hit(rate, namespace, count.key, cost=count.cost)
    return None


def reset() -> None:
    """Forget every count (tests, and an operator after a flood)."""
    global _down_until
    _down_until = 0.0
    _limiter().storage.reset()

"""Rate limits shared by the channels (inbound mail per sender, the API per user): the `limits` library's
moving window, counted in Redis when the site has it, so every web process and listener counts together;
in this process otherwise (the embedded default)."""

from __future__ import annotations

import functools
import logging
import time

import limits
import limits.storage
from django.conf import settings
from limits.errors import StorageError
from redis.exceptions import RedisError

logger = logging.getLogger(__name__)


@functools.cache
def _limiter() -> limits.strategies.MovingWindowRateLimiter:
    url = settings.REDIS_URL or "memory://"
    return limits.strategies.MovingWindowRateLimiter(limits.storage.storage_from_string(url))


def hit(rates: str, namespace: str, key: str) -> int:
    """Count one request against every rate of `rates` ("60/minute;1000/day"): 0 when it is within them,
    else the seconds until the first full window frees a place (the request is not counted then).

    With the counter's store out of reach (Redis down) the request passes uncounted: a limit is a guard
    against floods, and refusing every player until Redis is back would be the worse failure."""
    try:
        return _hit(rates, namespace, key)
    except (RedisError, StorageError, OSError):
        logger.warning("rate limit %s not counted: its store is out of reach", namespace, exc_info=True)
        return 0


def _hit(rates: str, namespace: str, key: str) -> int:
    limiter = _limiter()
    namespace = settings.RATE_LIMIT_PREFIX + namespace
    parsed = limits.parse_many(rates)
    for rate in parsed:
        if not limiter.test(rate, namespace, key):
            reset = limiter.get_window_stats(rate, namespace, key).reset_time
            return max(1, int(reset - time.time() + 0.999))
    for rate in parsed:
        limiter.hit(rate, namespace, key)
    return 0


def reset() -> None:
    """Forget every count (tests, and an operator after a flood)."""
    _limiter().storage.reset()

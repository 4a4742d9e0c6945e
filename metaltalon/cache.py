"""Django's Redis cache, keeping one redis client per connection pool.

Django's RedisCacheClient builds a fresh redis.Redis around the pool for every operation, which costs about
as much as the round trip itself (redis-py sets up its response callbacks each time). A page view makes a
few cache reads, so the client is kept and reused: it is thread-safe and the pool is fork-safe.
"""

from __future__ import annotations

from typing import Any

from django.core.cache.backends.redis import RedisCache as DjangoRedisCache
from django.core.cache.backends.redis import RedisCacheClient


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
        super().__init__(server, params)
        self._class = ReusedClient

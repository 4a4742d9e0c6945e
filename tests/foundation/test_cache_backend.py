"""metaltalon.cache.RedisCache: Django's Redis cache keeping one client per pool, against a real Redis."""

from __future__ import annotations

import uuid

from metaltalon.cache import RedisCache
from tests.conftest import redis_url


def make_cache() -> RedisCache:
    return RedisCache(redis_url(), {"KEY_PREFIX": f"test-backend-{uuid.uuid4().hex[:8]}"})


def test_the_redis_client_is_built_once_and_reused():
    cache = make_cache()
    first = cache._cache.get_client("a")
    assert cache._cache.get_client("b", write=True) is first


def test_it_stores_reads_and_deletes_like_djangos_redis_cache():
    cache = make_cache()
    cache.set("page", "<p>board</p>", 30)
    assert cache.get("page") == "<p>board</p>"
    assert cache.add("page", "other", 30) is False
    cache.set_many({"x": 1, "y": 2}, 30)
    assert cache.get_many(["x", "y", "z"]) == {"x": 1, "y": 2}
    cache.delete_many(["x", "page"])
    assert cache.get("page") is None and cache.get("x") is None and cache.get("y") == 2

"""metaltalon.cache.RedisCache: Django's Redis cache keeping one client per pool, against a real Redis."""

from __future__ import annotations

import os
import threading
import uuid
from typing import Any

import pytest
import redis
from django.core.cache.backends.redis import RedisSerializer

from metaltalon.cache import RedisCache, Serializer, _pack
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


# === READS ON THE THREAD'S OWN CONNECTION ===


def test_reads_are_sent_on_one_connection_per_thread_reused_and_not_shared_with_other_threads():
    cache = make_cache()
    cache.set_many({"a": 1, "b": "two"}, 30)
    assert cache.get_many(["a", "b", "c"]) == {"a": 1, "b": "two"}
    first = cache._cache._readers.connection
    assert cache.get("b") == "two" and cache.get("c", "none") == "none"
    assert cache._cache._readers.connection is first

    other: list[Any] = []
    thread = threading.Thread(target=lambda: other.extend([cache.get("a"), cache._cache._readers.connection]))
    thread.start()
    thread.join()
    assert other[0] == 1 and other[1] is not first


def test_a_process_forked_after_a_read_makes_its_own_connection(monkeypatch):
    """The parent's socket is never read by a child (the answers would be shared out between them)."""
    cache = make_cache()
    cache.set("a", 1, 30)
    cache.get("a")
    parents = cache._cache._readers.connection
    monkeypatch.setattr(os, "getpid", lambda: parents.pid + 1)

    assert cache.get("a") == 1
    assert cache._cache._readers.connection is not parents


def test_a_connection_closed_by_redis_is_made_again_and_the_read_answered():
    """As redis-py's client retries: Redis restarted, or an idle connection dropped, costs no miss."""
    cache = make_cache()
    cache.set("a", "kept", 30)
    cache.get("a")
    mine = cache._cache._readers.connection
    assert redis.Redis.from_url(redis_url()).client_kill_filter(_id=_client_id(mine)) == 1

    assert cache.get("a") == "kept" and not cache.down


def test_a_read_cut_off_midway_drops_its_connection_so_no_answer_is_taken_for_the_next(monkeypatch):
    cache = make_cache()
    cache.set_many({"a": "A", "b": "B"}, 30)
    cache.get("a")
    connection = cache._cache._readers.connection
    real = connection.read_response

    def interrupted(*args: Any, **kwargs: Any) -> Any:
        raise KeyboardInterrupt  # the MGET was sent, its answer is left unread

    monkeypatch.setattr(connection, "read_response", interrupted)
    with pytest.raises(KeyboardInterrupt):
        cache.get_many(["a"])
    monkeypatch.setattr(connection, "read_response", real)

    assert cache.get("b") == "B"
    assert cache._cache._readers.connection is not connection


def _client_id(connection: Any) -> int:
    connection.send_command("CLIENT", "ID")
    return int(connection.read_response())


# === THE SERIALIZER ===


@pytest.mark.parametrize("value", [0, 7, -3, 2**70, "12", b"\x80bytes", {"page": b"x" * 20_000}, 1.5, None,
                                   True])
def test_the_serializer_reads_back_what_it_wrote_as_djangos_does(value):
    ours, djangos = Serializer(), RedisSerializer()
    written = djangos.dumps(value)
    as_stored = written if isinstance(written, bytes) else str(written).encode()  # an int goes as its digits
    assert ours.loads(as_stored) == djangos.loads(as_stored) == value
    assert type(ours.loads(as_stored)) is type(value)


def test_a_pickle_is_not_tried_as_a_number_first(monkeypatch):
    """Django's loads tries int() first, whose refusal writes the whole value out in its message."""
    stored = RedisSerializer().dumps(b"p" * 20_000)
    monkeypatch.setattr(RedisSerializer, "loads", lambda self, data: pytest.fail("tried as a number"))
    assert Serializer().loads(stored) == b"p" * 20_000


@pytest.mark.parametrize("command", [("GET", ":1:page"), ("MGET", ":1:a", ":1:game-head:2:7", ":1:naïve"),
                                     ("MGET",)])
def test_a_read_is_packed_as_redis_py_packs_it(command):
    assert _pack(command) == b"".join(redis.connection.Connection().pack_command(*command))

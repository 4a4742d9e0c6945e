"""`make test` runs on two pytest-xdist workers: each talks to a Redis database of its own
(tests/parallel.py), so one worker's cache.clear() (FLUSHDB), rate limits and Celery queues never meet
the other's."""

from __future__ import annotations

import execnet
import pytest

from tests.conftest import _own_cache_folder, pytest_xdist_setupnodes
from tests.parallel import redis_url_for_worker, worker_environment


@pytest.mark.parametrize(("url", "index", "own"), [
    ("redis://127.0.0.1:6379/7", 0, "redis://127.0.0.1:6379/7"),
    ("redis://127.0.0.1:6379/7", 1, "redis://127.0.0.1:6379/8"),
    ("redis://127.0.0.1:6379", 1, "redis://127.0.0.1:6379/1"),
    ("redis://127.0.0.1:6379/", 2, "redis://127.0.0.1:6379/2"),
    ("rediss://user:secret@cache.example:6380/3?ssl_cert_reqs=none", 1,
     "rediss://user:secret@cache.example:6380/4?ssl_cert_reqs=none"),
    ("unix:///run/redis.sock?db=2", 1, "unix:///run/redis.sock?db=3"),
    ("unix:///run/redis.sock", 1, "unix:///run/redis.sock?db=1"),
])
def test_a_worker_uses_the_given_redis_database_plus_its_index(url: str, index: int, own: str) -> None:
    assert redis_url_for_worker(url, index) == own


def test_a_worker_past_redis_last_database_is_refused_with_a_reason() -> None:
    assert redis_url_for_worker("redis://127.0.0.1:6379/14", 1).endswith("/15")
    with pytest.raises(ValueError, match="past Redis's last, db 15"):
        redis_url_for_worker("redis://127.0.0.1:6379/15", 1)


def test_the_broker_and_results_follow_the_worker_when_they_name_a_redis() -> None:
    environ = {"REDIS_URL": "redis://127.0.0.1:6379/0", "CELERY_BROKER_URL": "redis://127.0.0.1:6379/4",
               "CELERY_RESULT_BACKEND": "file:///tmp/results", "DATABASE_URL": "postgres://pg/metaltalon"}
    assert worker_environment(environ, 1) == {"REDIS_URL": "redis://127.0.0.1:6379/1",
                                              "CELERY_BROKER_URL": "redis://127.0.0.1:6379/5"}


def test_without_redis_a_worker_changes_nothing() -> None:
    assert worker_environment({"CELERY_BROKER_URL": "filesystem://"}, 1) == {}


def test_each_xdist_worker_starts_with_its_own_redis_url(monkeypatch: pytest.MonkeyPatch,
                                                         pytestconfig: pytest.Config) -> None:
    monkeypatch.setenv("REDIS_URL", "redis://127.0.0.1:6379/7")
    specs = [execnet.XSpec("popen"), execnet.XSpec("popen")]
    pytest_xdist_setupnodes(config=pytestconfig, specs=specs)
    assert [spec.env["REDIS_URL"] for spec in specs] == ["redis://127.0.0.1:6379/7", "redis://127.0.0.1:6379/8"]


def test_a_file_cache_gets_a_folder_of_the_run_and_a_redis_cache_keeps_its_location(
        tmp_path_factory: pytest.TempPathFactory) -> None:
    folder = _own_cache_folder({"BACKEND": "django.core.cache.backends.filebased.FileBasedCache",
                                "LOCATION": "var/cache"}, tmp_path_factory)
    assert folder["LOCATION"].startswith(str(tmp_path_factory.getbasetemp()))
    assert _own_cache_folder({"BACKEND": "metaltalon.cache.RedisCache", "LOCATION": "redis://x/0"},
                             tmp_path_factory) == {}

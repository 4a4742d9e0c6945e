"""What each pytest-xdist worker (`make test` runs two: `pytest -n 2`) gets of its own, so that two workers
never see each other's data.

pytest-django already gives each worker its own test database (`test_metaltalon_gw0`, `_gw1`, ...), and the
Celery workers a test starts read that database (tests/conftest.py, `_database_url_for_worker`). Redis is
the rest: a test flushes the cache (`cache.clear()` is FLUSHDB), counts rate limits, and sends tasks through
the broker and its results, so each worker talks to a Redis database of its own, the given one plus the
worker's index. The settings read REDIS_URL once, before any conftest is loaded, so the variable is set in
the worker's environment when xdist starts it (tests/conftest.py, `pytest_xdist_setupnodes`).
"""

from __future__ import annotations

from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

# Redis's default `databases 16`: db 0..15.
REDIS_DATABASES = 16


def redis_url_for_worker(url: str, index: int) -> str:
    """The Redis URL of the worker with this index (0 for gw0): the database number `url` names (the path
    `/N`, or `?db=N` for a unix socket; 0 when it names none) plus the index."""
    parts = urlsplit(url)
    query = parse_qsl(parts.query, keep_blank_values=True)
    in_query = any(name == "db" for name, _ in query)
    if parts.scheme == "unix" or in_query:
        base = int(dict(query).get("db") or 0)
        db = _checked(base + index, url)
        query = [(name, value) for name, value in query if name != "db"] + [("db", str(db))]
        # Not urlunsplit: it writes unix:///path back as unix:/path.
        return f"{url.partition('?')[0]}?{urlencode(query)}"
    base = int(parts.path.strip("/") or 0)
    return urlunsplit(parts._replace(path=f"/{_checked(base + index, url)}"))


def _checked(db: int, url: str) -> int:
    if db >= REDIS_DATABASES:
        raise ValueError(f"{url} plus one database per test worker goes past Redis's last, db "
                         f"{REDIS_DATABASES - 1}: name a lower database, or run fewer workers")
    return db


# The variables that may name a Redis database: the broker and the result backend follow REDIS_URL unless
# they are set themselves (metaltalon/settings.py).
REDIS_VARIABLES = ("REDIS_URL", "CELERY_BROKER_URL", "CELERY_RESULT_BACKEND")


def worker_environment(environ: dict[str, str], index: int) -> dict[str, str]:
    """The variables the worker with this index runs with, beyond the ones it inherits: each of
    REDIS_VARIABLES that names a Redis, moved to the worker's database. Without them the site runs on its
    embedded defaults (no Redis) and the worker changes nothing."""
    own = {}
    for name in REDIS_VARIABLES:
        url = environ.get(name, "")
        if urlsplit(url).scheme in ("redis", "rediss", "unix"):
            own[name] = redis_url_for_worker(url, index)
    return own

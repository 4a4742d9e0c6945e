"""A read whose database connection dropped under it is tried once more, on a new connection.

PostgreSQL may end a connection at any moment (a restart, a failover, an administrator's
pg_terminate_backend, a proxy's idle cut). Django notices only when the next query fails, and the request
that was using it answers 500; a streamed download is cut off after its 200 header. A read is safe to do
again, so:

- `retry_reads_once` (a middleware): a GET or HEAD whose view raised OperationalError or InterfaceError
  while the connection became unusable closes it and runs the view once more. A second failure is the
  ordinary 500. Writes (POST and the rest) are never repeated here: their transaction was rolled back, and
  the player's form says what to do (tests/faults/test_chaos.py).
- `resumable`: a streamed download's rows, read again from where they stopped (by their key, the action's
  seq) on a new connection, once; `read_once` does the same for one read made while streaming (the
  record's head and tail), outside any view.

Never inside a transaction the caller holds: the connection is the transaction, and what it read so far
is gone with it; the error goes up as it would have.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterator
from typing import Any

from django.db import DEFAULT_DB_ALIAS, InterfaceError, OperationalError, connections
from django.http import HttpRequest, HttpResponse

logger = logging.getLogger(__name__)

SAFE_METHODS = frozenset({"GET", "HEAD"})
DROPPED = (OperationalError, InterfaceError)


def connection_lost(alias: str = DEFAULT_DB_ALIAS) -> bool:
    """After a database error: the connection is gone (so a new one may be tried), and no transaction of
    the caller's is open on it. Closes it when so."""
    conn = connections[alias]
    if conn.in_atomic_block:
        return False
    if conn.connection is not None and conn.is_usable():
        return False  # the query failed, not the connection: doing it again would fail the same way
    conn.close()
    return True


class retry_reads_once:  # noqa: N801 (a middleware, named as the settings list it)
    """Middleware: a safe request's view, run again once when the connection dropped under it."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)

    def process_exception(self, request: HttpRequest, exception: Exception) -> HttpResponse | None:
        if (request.method not in SAFE_METHODS or not isinstance(exception, DROPPED)
                or getattr(request, "_read_retried", False) or not connection_lost()):
            return None
        match = request.resolver_match
        if match is None:
            return None
        request._read_retried = True  # type: ignore[attr-defined]
        logger.warning("database connection lost during %s %s; reading again", request.method, request.path)
        # The middleware before the view is not run again: the view's answer goes back through it as usual
        # (Django renders a template response after this, as it would the view's own).
        response: HttpResponse = match.func(request, *match.args, **match.kwargs)
        return response


def read_once[T](read: Callable[[], T]) -> T:
    """read(), and once more on a new connection if the connection dropped under it."""
    try:
        return read()
    except DROPPED:
        if not connection_lost():
            raise
        logger.warning("database connection lost during a streamed read; reading again")
        return read()


def resumable[T](read: Callable[[Any], Iterator[T]], key: Callable[[T], Any], start: Any) -> Iterator[T]:
    """The rows of read(after) for after = start, each once: if the connection drops part way, once,
    read(the last row's key) on a new connection goes on from the row after it."""
    last, retried = start, False
    while True:
        try:
            for row in read(last):
                yield row
                last = key(row)
            return
        except DROPPED:
            if retried or not connection_lost():
                raise
            retried = True
            logger.warning("database connection lost during a streamed download; going on after %r", last)

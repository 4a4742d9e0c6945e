"""PostgreSQL ends the request's own connection mid-read (pg_terminate_backend, as tests/faults/
test_chaos.py does under traffic): a GET reads again once on a new connection, and a streamed download
goes on after the last row it sent (metaltalon/db_retry.py)."""

from __future__ import annotations

import json
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from django.db import connection, connections
from django.test import Client

from games import actions
from games.actions import Actor
from tests.web.factories import active_seat, started_game

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture(autouse=True)
def _usable_connection_after(transactional_db: None) -> Iterator[None]:
    """A connection a test left terminated is closed before the database is emptied (the next query opens
    a new one)."""
    yield
    if connection.connection is not None and not connection.is_usable():
        connection.close()


def terminate(pid: int) -> None:
    """End backend `pid` from another connection (a thread has its own), as an administrator would."""

    def run() -> None:
        killer = connections["default"]
        try:
            with killer.cursor() as cursor:
                cursor.execute("SELECT pg_terminate_backend(%s)", [pid])
        finally:
            killer.close()

    thread = threading.Thread(target=run)
    thread.start()
    thread.join()


def own_pid() -> int:
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_backend_pid()")
        return int(cursor.fetchone()[0])


@contextmanager
def terminated_at_first(table: str) -> Iterator[list[str]]:
    """The request's own connection is ended just before its first query that reads `table`."""
    fired: list[str] = []

    def wrapper(execute: Callable[..., Any], sql: str, params: Any, many: bool, context: Any) -> Any:
        if not fired and f'"{table}"' in sql:
            fired.append(sql)
            terminate(context["connection"].connection.info.backend_pid)
        return execute(sql, params, many, context)

    with connection.execute_wrapper(wrapper):
        yield fired


def game_with_moves(turns: int) -> Any:
    game = started_game(players=2)
    for _ in range(turns):
        actions.apply_command(game, Actor.player(active_seat(game).user), "end")
    game.refresh_from_db()
    return game


def test_a_page_whose_connection_is_terminated_mid_view_is_read_again_and_answers_200():
    game = game_with_moves(2)
    client = Client()
    client.force_login(active_seat(game).user)

    with terminated_at_first("games_game") as fired:
        page = client.get(f"/games/{game.pk}/")

    assert fired, "the connection was never terminated"
    assert page.status_code == 200
    assert f"Game {game.pk}" in page.content.decode()


def test_a_record_download_whose_connection_is_terminated_mid_stream_is_whole(monkeypatch):
    game = game_with_moves(12)
    client = Client()
    whole = b"".join(client.get(f"/games/{game.pk}/record.json").streaming_content)
    monkeypatch.setattr("games.history.BATCH", 3)  # several reads of the log, so one comes after the cut

    response = client.get(f"/games/{game.pk}/record.json")
    assert response.status_code == 200
    stream = iter(response.streaming_content)
    sent = [next(stream) for _ in range(3)]  # the head and two actions: the first batch is read
    terminate(own_pid())
    sent += list(stream)

    record = json.loads(b"".join(sent))
    assert record == json.loads(whole)
    assert [a["seq"] for a in record["actions"]] == list(range(1, game.actions.count() + 1))


def test_a_command_log_download_whose_connection_is_terminated_mid_stream_is_whole(monkeypatch):
    game = game_with_moves(12)
    client = Client()
    whole = b"".join(client.get(f"/games/{game.pk}/log.txt").streaming_content)
    monkeypatch.setattr("games.history.BATCH", 3)

    response = client.get(f"/games/{game.pk}/log.txt")
    stream = iter(response.streaming_content)
    sent = [next(stream) for _ in range(5)]  # the header lines and the first commands
    terminate(own_pid())
    sent += list(stream)

    assert b"".join(sent) == whole

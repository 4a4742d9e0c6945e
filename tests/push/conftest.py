"""Talking to the push server in-process (channels.testing): a page's connection, opened as the browser
opens it (the session cookie, this site's Origin, the page's own address with its ticket), and driven from
a plain test through asgiref (the suite has no asyncio plugin)."""

from __future__ import annotations

import html
import re
from collections.abc import Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from asgiref.sync import async_to_sync, sync_to_async
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.db import connections
from django.test import Client

from games import actions
from games.actions import Actor
from games.models import Game
from games.push import publish
from metaltalon.asgi import application
from tests.web.factories import active_seat, other_seat, started_game

HOST = b"127.0.0.1"  # the push served by the site itself (games/push/origin.py): its pages' origin is its own
ORIGIN = b"http://" + HOST
WAIT = 10  # seconds a message may take to arrive: a generous bound, never a timing the test measures


def client_of(user: Any) -> Client:
    client = Client()
    if user is not None:
        client.force_login(user)
    return client


def page_of(client: Client, game_id: int) -> dict[str, str]:
    """What push.js reads from the game page: the connection's address, the version and the chat token."""
    page = client.get(f"/games/{game_id}/").content.decode()
    address = html.unescape(re.search(r'ws-connect="([^"]+)"', page)[1])
    version = re.search(r'<div id="live" class="live" data-version="(\d+)"', page)[1]
    chat = re.search(r'data-chat="([^"]*)"', page)[1]
    return {"url": address, "version": version, "chat": chat}


def communicator(client: Client, url: str, origin: bytes = ORIGIN) -> WebsocketCommunicator:
    cookie = "; ".join(f"{k}={v.value}" for k, v in client.cookies.items())
    headers = [(b"origin", origin), (b"host", HOST), (b"cookie", cookie.encode())]
    return WebsocketCommunicator(application, url, headers=headers)


def run(scenario: Callable[[], Awaitable[Any]]) -> Any:
    """The scenario on an event loop, as a push server runs. The connections its database reads opened are
    closed at the end (they are not the test's own), or the test database could not be dropped."""
    async def whole() -> Any:
        try:
            return await scenario()
        finally:
            await sync_to_async(connections.close_all)()

    # On a thread of its own: a browser test before it on this worker may have left an event loop set in
    # the main thread (Playwright's), where async_to_sync refuses to run.
    with ThreadPoolExecutor(max_workers=1) as thread:
        return thread.submit(async_to_sync(whole)).result()



NEWS = re.compile(r'<div id="push-news"[^>]*data-version="(\d+)"[^>]*>(.*)</div>', re.S)


def news_version(fragment: str) -> int | None:
    """The version a news fragment tells; None for any other fragment."""
    match = NEWS.search(fragment)
    return int(match[1]) if match else None


def watched_game(**options: Any) -> tuple[Game, Any, Client, dict[str, str]]:
    """A two-player game in play: the player to act, and the other player's client with the page it shows."""
    game = started_game(players=2, **options)
    watcher = client_of(other_seat(game).user)
    return game, active_seat(game).user, watcher, page_of(watcher, game.pk)


async def move_unheard(game: Game, user: Any, command: str = "end") -> None:
    """A move whose push message the layer loses (as the embedded default's in-memory layer loses every
    message of another process): only the push servers' own check can tell it."""
    real = publish._send
    publish._send = lambda *_, **__: None
    try:
        await database_sync_to_async(actions.apply_command)(game, Actor.player(user), command)
    finally:
        publish._send = real


async def hello(comm: Any, shown: dict[str, str]) -> None:
    """Open the page's connection and say what it shows, as static/js/push.js does."""
    connected, _ = await comm.connect(timeout=WAIT)
    assert connected
    await comm.send_json_to({"type": "hello", "version": shown["version"], "chat": shown["chat"],
                             "visible": True})


async def told_of_a_move(readers: list[Client], shown: list[dict[str, str]], game: Game, mover: Any,
                         before: Callable[[], Any] = lambda: None) -> list[str]:
    """Each reader's page connected and greeted, `before()`, then `end` played by the mover: what each page
    is told first."""
    comms = [communicator(client, page["url"]) for client, page in zip(readers, shown, strict=True)]
    for comm, page in zip(comms, shown, strict=True):
        await hello(comm, page)
    before()
    await database_sync_to_async(actions.apply_command)(game, Actor.player(mover), "end")
    told = [await comm.receive_from(timeout=WAIT) for comm in comms]
    for comm in comms:
        await comm.disconnect()
    return told

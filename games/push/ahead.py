"""A moved game's regions drawn ahead of its pages' polls (docs/architecture.md, "A move's fetch storm").

Told of a move, every open page fetches its `live` region at once. The region every reader without a seat
shares is drawn once for all of them, but each seat's is its own (its hand, its orders, its controls), so
after a move of a much-watched game the seats' polls each found their region missing and drew it in the
web server, a worker each, while the other polls of that seat waited for it holding theirs
(bench/push_bench.py). The push server, which reads every move for its pages anyway, draws them first:
once per move and process, in a thread of its own (not the one the news readings share), the seat asked to
act first, then the other seats with a page open here, then the spectators' if any of theirs is; each under
the very key the view would cache it (games/views/play.py claim_ahead), so a seat's region still reaches
only that seat. Their marks are taken before any page is told; a region being drawn already (another push
server, a poll) is left to it.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Iterable
from typing import Any

from channels.db import database_sync_to_async
from django.db import connections

from games.push import news, watch

logger = logging.getLogger(__name__)

# Per event loop and move (game, version): the claim of its regions, awaited by every page before it is told.
MAX_STARTED = 1_000
_claimed: dict[tuple[int, int, int], asyncio.Future[None]] = {}
_tasks: set[asyncio.Task[list[str]]] = set()  # the drawings, held until done (the loop keeps weak references)


def readers(head: news.Head, asked: Iterable[int], users: Iterable[int | None]) -> list[int | None]:
    """Whose regions to draw, in order: the users of `users` (the pages open here, None for a visitor) who
    hold a seat asked now (`asked`: seat indexes), then those holding another seat, then None (the
    spectators' one region) when any of `users` holds none."""
    present = set(users)
    seated = sorted((uid for uid in head.seats if uid in present), key=lambda uid: head.seats[uid])
    first = set(asked)
    order: list[int | None] = [uid for uid in seated if head.seats[uid] in first]
    order += [uid for uid in seated if head.seats[uid] not in first]
    if any(uid is None or uid not in head.seats for uid in present):
        order.append(None)
    return order


async def start(game_id: int, head: news.Head, asked: Iterable[int]) -> None:
    """Once per move and process: claim the move's regions for the pages of it open here (the marks taken
    in a few cache round trips, awaited by every page before it is told, so that no poll draws a region
    being drawn here), then draw them in a thread of their own while the pages are told."""
    move = (id(asyncio.get_running_loop()), game_id, head.version)
    claimed = _claimed.get(move)
    if claimed is None:
        if len(_claimed) >= MAX_STARTED:
            _claimed.clear()
        users = [page.user.pk if page.user is not None else None for page in watch.pages(game_id)]
        claimed = _claimed[move] = asyncio.ensure_future(_claim(game_id, head.version,
                                                                readers(head, asked, users)))
    await asyncio.shield(claimed)


async def _claim(game_id: int, version: int, order: list[int | None]) -> None:
    from games.views.play import claim_ahead, draw_claimed

    if not order:
        return
    try:
        claims = await database_sync_to_async(_closing, thread_sensitive=False)(claim_ahead, game_id, version,
                                                                                order)
    except Exception:  # noqa: BLE001 - a courtesy: each poll draws its own region as before
        logger.warning("push: claiming a moved game's regions failed", exc_info=True)
        return
    if claims:
        task = asyncio.ensure_future(database_sync_to_async(_closing, thread_sensitive=False)(
            draw_claimed, game_id, version, claims))
        _tasks.add(task)
        task.add_done_callback(_done)


def _closing[T](work: Callable[..., T], *args: Any) -> T:
    """`work(*args)` in a thread of the loop's executor, that thread's database connections closed after:
    nothing else there would use them, and they would stay open, idle, for their whole CONN_MAX_AGE."""
    try:
        return work(*args)
    finally:
        connections.close_all()


def _done(task: asyncio.Task[list[str]]) -> None:
    _tasks.discard(task)
    if not task.cancelled() and task.exception() is not None:
        # A courtesy: each poll draws its own region as before (its marks released: draw_claimed).
        logger.warning("push: drawing a moved game's regions ahead failed", exc_info=task.exception())

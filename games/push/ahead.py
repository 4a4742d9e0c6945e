"""A moved game's regions drawn ahead of its pages' polls (docs/architecture.md, "A move's fetch storm").

Told of a move, every open page fetches its `live` region at once. The region every reader without a seat
shares is drawn once for all of them, but each seat's is its own (its hand, its orders, its controls), so
after a move of a much-watched game the seats' polls each found their region missing and drew it in the
web server, a worker each, while the other polls of that seat waited for it holding theirs
(bench/push_bench.py). The push server, which reads every move for its pages anyway, draws them first:
once per move and process, in a thread of its own (not the one the news readings share), the seat asked to
act first, then the other seats with a page open here, then the spectators' if any of theirs is; each under
the very key the view would cache it (games/views/play.py draw_ahead), so a seat's region still reaches
only that seat. A region being drawn already (another push server, a poll) is left to it.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Iterable

from channels.db import database_sync_to_async

from games.push import news, watch

logger = logging.getLogger(__name__)

# The moves (game, version) whose regions this process has drawn or is drawing; forgotten past this many.
MAX_STARTED = 1_000
_started: set[tuple[int, int]] = set()
_tasks: set[asyncio.Task[list[str]]] = set()  # held until done (the loop keeps only weak references)


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


def start(game_id: int, head: news.Head, asked: Iterable[int]) -> asyncio.Task[list[str]] | None:
    """Draw the regions of this move for the pages of it open here, once per process (the task, or None
    when started already or nobody is to be drawn for)."""
    move = (game_id, head.version)
    if move in _started:
        return None
    if len(_started) >= MAX_STARTED:
        _started.clear()
    _started.add(move)
    users = [page.user.pk if page.user is not None else None for page in watch.pages(game_id)]
    order = readers(head, asked, users)
    if not order:
        return None
    from games.views.play import draw_ahead

    drawing = database_sync_to_async(draw_ahead, thread_sensitive=False)
    task = asyncio.ensure_future(drawing(game_id, head.version, order))
    _tasks.add(task)
    task.add_done_callback(_done)
    return task


def _done(task: asyncio.Task[list[str]]) -> None:
    _tasks.discard(task)
    if not task.cancelled() and task.exception() is not None:
        # A courtesy: each poll draws its own region as before.
        logger.warning("push: drawing a moved game's regions ahead failed", exc_info=task.exception())

"""The push server's own check of the games its pages follow, every PUSH_CHECK_SECONDS: the safety net under
the channel layer. One cache round trip for all those games together (their heads and chat tokens, as the
pulse reads them: games/pulse.py), whatever the number of pages, and a query only for heads not cached.

It tells a game's pages only of a change the layer did not bring (a message lost while Redis was away; on
the embedded default, whose in-memory layer reaches only its own process, every change made by another
process: the worker's bots and clock, a management command). It also notes as present, every
PRESENCE_WRITE_SECONDS, the signed-in readers whose page is open and visible (games/mail/outbound.py
drops a turn notice to a player on the page).
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from channels.db import database_sync_to_async
from channels.layers import InMemoryChannelLayer, get_channel_layer
from django.conf import settings
from django.core.cache import cache

from games import page_cache, pulse
from games.models import Game
from games.push.publish import group

if TYPE_CHECKING:
    from games.push.consumer import GamePush

logger = logging.getLogger(__name__)

_following: dict[int, set[GamePush]] = {}
# What this process last knew of each followed game: its version and chat token.
_known: dict[int, list[Any]] = {}
_task: asyncio.Task[None] | None = None
# A game gone is told as a move past any version a page shows: its pages then read no head, and reload.
GONE = 2**62


def follow(page: GamePush) -> None:
    global _task
    _following.setdefault(page.game_id, set()).add(page)
    if _task is None or _task.done() or _task.get_loop() is not asyncio.get_running_loop():
        _task = asyncio.get_running_loop().create_task(_watch())


def unfollow(page: GamePush) -> None:
    pages = _following.get(page.game_id)
    if pages is not None:
        pages.discard(page)
        if not pages:
            del _following[page.game_id]
            _known.pop(page.game_id, None)


def saw(game_id: int, version: int) -> None:
    """The layer brought this version: nothing for the check to tell."""
    known = _known.get(game_id)
    if known is not None and known[0] is not None and version > known[0]:  # None: the check found it gone
        known[0] = version


def saw_chat(game_id: int, token: str) -> None:
    known = _known.get(game_id)
    if known is not None:
        known[1] = token


def pages(game_id: int) -> list[GamePush]:
    """The pages of this game open on this process."""
    return list(_following.get(game_id, ()))


# The seats with a page open on this process, by game and version: every page told of a move asks, so they are
# reckoned once a move, not once a page (each page walking every page: 2,000 pages, four million steps and
# 16 s of the push server's CPU a move; bench/README.md, "The open seats reckoned once a move").
_seated: dict[tuple[int, int, int], frozenset[int]] = {}
SEATED_KEPT = 5_000


def seats_open(game_id: int, version: int, seat_of: Callable[[int | None], int | None]) -> frozenset[int]:
    """The seats (by `seat_of`, the game's head at `version`) whose players have a page of the game open
    here. A page opened after the first reckoning adds its own seat (games/push/consumer.py `_tell`). Per
    event loop, as the pages are (a test's loops come and go)."""
    key = (id(asyncio.get_running_loop()), game_id, version)
    seats = _seated.get(key)
    if seats is None:
        if len(_seated) >= SEATED_KEPT:
            _seated.clear()
        seats = frozenset(seat for page in _following.get(game_id, ())
                          if (seat := seat_of(page.user.pk if page.user is not None else None)) is not None)
        _seated[key] = seats
    return seats


def following() -> int:
    """How many pages this process holds open (bench/ reads it)."""
    return sum(len(pages) for pages in _following.values())


async def _watch() -> None:
    last_presence = 0.0
    while True:
        await asyncio.sleep(settings.PUSH_CHECK_SECONDS)
        if not _following:
            continue
        try:
            await check_once()
            if time.monotonic() - last_presence >= pulse.PRESENCE_WRITE_SECONDS:
                last_presence = time.monotonic()
                present = {(gid, page.user.pk) for gid, pages in _following.items() for page in pages
                           if page.visible and page.user is not None}
                if present:
                    await database_sync_to_async(_note_present)(present)
        except Exception:  # noqa: BLE001 - the next round tries again; the pages still work by reload
            logger.warning("push: the check of followed games failed", exc_info=True)


async def check_once() -> None:
    """Compare the followed games with what this process knew; tell the pages of those that moved."""
    ids = list(_following)
    now = await database_sync_to_async(heads)(ids)
    layer = get_channel_layer()
    if isinstance(layer, InMemoryChannelLayer):
        # The embedded default's layer ends a membership a day after it was made (its group_expiry), and at
        # once when a message waited past its expiry: such a page would hear of nothing more, this check's
        # messages included, while its pulse stays quiet. Joining again is a write in this process's memory.
        for game_id, pages in list(_following.items()):
            for page in list(pages):
                await layer.group_add(group(game_id), page.channel_name)
    for game_id, (version, chat) in now.items():
        known = _known.get(game_id)
        _known[game_id] = [version, chat]
        if layer is None:
            continue
        # First sight is told too: a page's hello caught it up only to its own moment, and a change made
        # since by another process (on the embedded default, every bot's and clock's move) reaches it only
        # here. A page that shows it already ignores the message (GamePush.game_moved, chat_changed).
        if version is None:
            if known is None or known[0] is not None:  # told once: its pages read no head, and reload
                await layer.group_send(group(game_id), {"type": "game.moved", "version": GONE})
        elif known is None or known[0] is None or version > known[0]:
            await layer.group_send(group(game_id), {"type": "game.moved", "version": version})
        if known is None or chat != known[1]:
            await layer.group_send(group(game_id), {"type": "chat.changed", "nonce": f"check-{chat}"})


def heads(ids: list[int]) -> dict[int, tuple[int | None, str]]:
    """Each game's version and chat token: one MGET; a query for the heads not cached."""
    keys = {gid: (pulse.head_key(gid), page_cache.chat_key(gid)) for gid in ids}
    found = cache.get_many([k for pair in keys.values() for k in pair])
    missing = [gid for gid, (head, _) in keys.items() if head not in found]
    rows = dict(Game.objects.filter(pk__in=missing).values_list("pk", "version")) if missing else {}
    out: dict[int, tuple[int | None, str]] = {}
    for gid, (head, chat) in keys.items():
        version = pulse.unpack_head(found[head])[0] if head in found else rows.get(gid)
        out[gid] = (version, page_cache.chat_generation(gid, found.get(chat)))
    return out


def _note_present(present: set[tuple[int, int]]) -> None:
    now = time.time()
    cache.set_many({pulse.seen_key(gid, uid): now for gid, uid in present}, pulse.PRESENCE_SECONDS)

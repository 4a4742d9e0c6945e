"""Telling the push servers that a game or its chat changed: one small message per change, sent once the
transaction commits, whatever path made it (games.signals calls these for every save).

The message names the game and its new version (or the chat's token), nothing more: each push server reads
what its own readers may be told (games/push/news.py). A lost message costs at most a delay: every push
server also checks the games its pages follow every PUSH_CHECK_SECONDS (games/push/watch.py), so Redis
being away for a moment, or the embedded default's in-memory layer (which reaches only its own process),
never leaves a page behind for long.
"""

from __future__ import annotations

import logging
import secrets
from typing import Any

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.db import transaction

logger = logging.getLogger(__name__)


def group(game_id: object) -> str:
    """The group of every open page of a game, on every push server."""
    return f"game.{game_id}"


def game_moved(game_id: int, version: int) -> None:
    transaction.on_commit(lambda: _send(game_id, {"type": "game.moved", "version": version}))


def chat_changed(game_id: int) -> None:
    # The nonce names this change: the pages of one push server read the new token once between them.
    transaction.on_commit(lambda: _send(game_id, {"type": "chat.changed", "nonce": secrets.token_hex(6)}))


def _send(game_id: int, message: dict[str, Any]) -> None:
    layer = get_channel_layer()
    if layer is None:
        return
    try:
        async_to_sync(layer.group_send)(group(game_id), message)
    except Exception:  # noqa: BLE001 - a push is a courtesy: the move stands, the watcher catches up
        logger.warning("push: could not tell game %s's pages of %s", game_id, message["type"], exc_info=True)

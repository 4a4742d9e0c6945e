"""The pulse: the one cheap question an open game page asks every second, "has the game or its chat
changed since what I show?" (docs/architecture.md, Following a game live).

The answer costs one cache round trip and no query: the game's version (cached here, forgotten whenever
the game is saved) and the chat token (games.page_cache, renewed whenever a message is saved). Only when
one differs does the page fetch what changed: the `live` region through the version poll, or the chat
messages. Neither ever travels in the pulse itself, so it cannot leak a hidden message or a private board.

Who may ask: the game page hands its reader a signed ticket for (game, user) once it has checked they
may see the game (games.views.play), so the pulse need not check again; without a valid ticket (expired,
another game, another user, none) it checks the ordinary way and hands a fresh one back.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.core import signing
from django.core.cache import cache
from django.db import transaction

from games import page_cache
from games.models import Game

PULSE_SECONDS = 1
# Cached versions are forgotten on every save; the life only bounds the rare interleaving of a reader
# filling the cache from the database with a save that forgets it (the next fill puts it right).
VERSION_SECONDS = 60
# A ticket spares the access check; renewing it each hour re-checks access (a game made private, an
# account closed, a session ended by a password change elsewhere) for one query per open page per hour.
TICKET_SECONDS = 3600
_SALT = "games.pulse"


def _version_key(game_id: object) -> str:
    return f"game-version:1:{game_id}"


@dataclass(frozen=True)
class Pulse:
    version: int | None  # None: no such game
    chat: str


def read(game_id: int) -> Pulse:
    """The game's version and chat token: one cache round trip; a query only when the version is not cached
    (after a save, or once a minute)."""
    version_key, chat_key = _version_key(game_id), page_cache.chat_key(game_id)
    found = cache.get_many([version_key, chat_key])
    version = found.get(version_key)
    if version is None:
        version = Game.objects.filter(pk=game_id).values_list("version", flat=True).first()
        if version is None:
            return Pulse(version=None, chat="")
        cache.add(version_key, version, VERSION_SECONDS)
    return Pulse(version=int(version), chat=page_cache.chat_generation(game_id, found.get(chat_key)))


def game_changed(game_id: object) -> None:
    """Forget the cached version now and once the transaction commits (a pulse in between read the old
    one from the database: the second forget drops it)."""
    key = _version_key(game_id)
    cache.delete(key)
    transaction.on_commit(lambda: cache.delete(key))


def ticket(game_id: int, reader: str) -> str:
    """`reader`: follow.reader(request), the signed-in user's id ("0" for a visitor)."""
    return signing.TimestampSigner(salt=_SALT).sign(f"{game_id}.{reader}")


def ticket_ok(value: str | None, game_id: int, reader: str) -> bool:
    """True for a ticket this site signed, less than TICKET_SECONDS ago, for this game and this reader."""
    if not value:
        return False
    try:
        signed = signing.TimestampSigner(salt=_SALT).unsign(value, max_age=TICKET_SECONDS)
    except signing.BadSignature:  # SignatureExpired is one
        return False
    return signed == f"{game_id}.{reader}"

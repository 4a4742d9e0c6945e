"""The pulse: the one cheap question an open game page asks every second, "has the game or its chat
changed since what I show?" (docs/architecture.md, Following a game live).

The answer costs one cache round trip and no query: the game's version (cached here, forgotten whenever
the game is saved) and the chat token (games.page_cache, renewed whenever a message is saved). Only when
one differs does the page fetch what changed: the `live` region through the version poll, or the chat
messages. Neither ever travels in the pulse itself, so it cannot leak a hidden message or a private board.

Presence: the pulse also notes, per game and signed-in reader, when they last had the page open (a cache
timestamp, written at most every PRESENCE_WRITE_SECONDS, never the database), so a turn notice to a player
who is on the page can be dropped unsent (games.mail.outbound; docs/architecture.md, Notices).

Who may ask: the game page hands its reader a signed ticket for (game, user) once it has checked they
may see the game (games.views.play), so the pulse need not check again; without a valid ticket (expired,
another game, another user, none) it checks the ordinary way and hands a fresh one back.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from datetime import UTC, datetime

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
# An open page pulses every second; noting it twice a minute is enough for a notice that waits minutes
# (NOTICE_DELAY_SECONDS), and keeps the cache writes to one per page and half minute.
PRESENCE_WRITE_SECONDS = 30
# Only a notice created since matters; a day outlives any delay anyone would set.
PRESENCE_SECONDS = 24 * 3600


def head_key(game_id: object) -> str:
    """The game's head: its version and whether it is public, "<version>:<1|0>" (games.fast_page reads
    it too: a public game's page needs no access check)."""
    return f"game-head:2:{game_id}"


def pack_head(version: int, public: bool) -> str:
    return f"{version}:{int(public)}"


def unpack_head(value: object) -> tuple[int, bool]:
    version, public = str(value).split(":")
    return int(version), public == "1"


def remember_head(game_id: int, version: int, visibility: str) -> None:
    """Cache the head of a game just read from the database (an add: a save's forget always wins)."""
    cache.add(head_key(game_id), pack_head(version, visibility == Game.Visibility.PUBLIC), VERSION_SECONDS)


def seen_key(game_id: object, user_id: object) -> str:
    return f"game-seen:1:{game_id}:{user_id}"


@dataclass(frozen=True)
class Pulse:
    version: int | None  # None: no such game
    chat: str


def read(game_id: int, reader: str = "0") -> Pulse:
    """The game's version and chat token: one cache round trip; a query only when the version is not cached
    (after a save, or once a minute). `reader` (follow.reader: a user id, "0" for a visitor) is noted as
    present, in the same round trip's answer and a write only when the last note is PRESENCE_WRITE_SECONDS
    old."""
    version_key, chat_key = head_key(game_id), page_cache.chat_key(game_id)
    seen = seen_key(game_id, reader) if reader != "0" else None
    found = cache.get_many([version_key, chat_key, *([seen] if seen else [])])
    if seen is not None:
        note_seen(game_id, reader, found.get(seen))
    head = found.get(version_key)
    if head is None:
        row = Game.objects.filter(pk=game_id).values_list("version", "visibility").first()
        if row is None:
            return Pulse(version=None, chat="")
        version = row[0]
        remember_head(game_id, version, row[1])
    else:
        version = unpack_head(head)[0]
    return Pulse(version=int(version), chat=page_cache.chat_generation(game_id, found.get(chat_key)))


def note_seen(game_id: int, reader: object, last: object) -> None:
    """Note the reader as present, unless `last` (their note as just read) is recent enough."""
    now = time.time()
    if last is None or now - float(str(last)) >= PRESENCE_WRITE_SECONDS:
        cache.set(seen_key(game_id, reader), now, PRESENCE_SECONDS)


def seen(game_id: int, user_id: int) -> None:
    """Note that the user has the game page open now (the page view itself: once per load)."""
    cache.set(seen_key(game_id, user_id), time.time(), PRESENCE_SECONDS)


def last_seen(game_id: int, user_id: int) -> datetime | None:
    """When the user last had the game page open, to within PRESENCE_WRITE_SECONDS; None if not in the
    last PRESENCE_SECONDS (or the cache forgot: then the notice is sent, never lost)."""
    stamp = cache.get(seen_key(game_id, user_id))
    return None if stamp is None else datetime.fromtimestamp(float(stamp), tz=UTC)


def game_changed(game_id: object) -> None:
    """Forget the cached version now and once the transaction commits (a pulse in between read the old
    one from the database: the second forget drops it)."""
    key = head_key(game_id)
    cache.delete(key)
    transaction.on_commit(lambda: cache.delete(key))


def ticket(game_id: int, reader: str) -> str:
    """`reader`: follow.reader(request), the signed-in user's id ("0" for a visitor)."""
    return signing.TimestampSigner(salt=_SALT).sign(f"{game_id}.{reader}")


def ticket_ok(value: str | None, game_id: int, reader: str) -> bool:
    """True for a ticket this site signed, less than TICKET_SECONDS ago, for this game and this reader."""
    return ticket_reader(value, game_id) == reader


def ticket_reader(value: str | None, game_id: int) -> str | None:
    """The reader a good ticket for this game was made for; None for no ticket, a forged or expired one,
    or one for another game."""
    if not value:
        return None
    try:
        signed = signing.TimestampSigner(salt=_SALT).unsign(value, max_age=TICKET_SECONDS)
    except signing.BadSignature:  # SignatureExpired is one
        return None
    game, _, reader = signed.partition(".")
    return reader if game == str(game_id) and reader else None

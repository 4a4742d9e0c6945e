"""The whole game page, cached per (game version, viewer, CSRF secret, selection, chat, navigation).

A repeat view of an unchanged game (a reload, a second tab, a player coming back) then costs the session,
the user and the game row, nothing else. Everything the page shows is in the key, so a cached page never
shows another viewer's controls, an older version, older chat or an older "your turn" count:

- the game's version (a move, an undo, a resignation all bump it);
- the user, their staff flag, time zone and display name (accounts.prefs);
- the CSRF secret (the forms carry the token);
- the selection (ship, confirmation, launch builder, log page, text view);
- the chat generation, renewed whenever a chat message is saved or deleted (games.signals) or bulk-updated
  (chat_changed_in: call it before any queryset.update of chat messages);
- how far the viewer has read the chat (queries.chat_read: which messages are marked new);
- the navigation's "your turn" count and its count of invitations awaiting an answer.

Pages with a notice or a flash message are never cached. The short life keeps the deadline and "minutes
ago" texts fresh, as for the live region.

A page is stored with its templates' indentation dropped (squeeze) and gzip-compressed (an eighth of its
size), and sent so to every browser that accepts gzip: compressing it cost more than the rest of a cached
page's answer. Each answer still gets a random-length header field, as Django's GZipMiddleware adds to
what it compresses against BREACH (page_response).
"""

from __future__ import annotations

import functools
import gzip
import hashlib
import re
import secrets
import struct
import time
import zlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django.core.cache import cache
from django.db import transaction
from django.http import HttpRequest, HttpResponse
from django.middleware.gzip import GZipMiddleware
from django.template.loader import render_to_string
from django.utils.cache import patch_vary_headers

from games import queries

PAGE_CACHE_SECONDS = 60
# The selection part of the key of a page asked for with no query string at all (the default selection):
# games.fast_page finds such a page without knowing the kind's selection parameters.
PLAIN = "plain"
PAGE_CACHE_VERSION = 3  # 3: stored gzip-compressed
CHAT_GENERATION_SECONDS = 24 * 3600
# The live region (games/views/play.py _live), cached apart from the page: what a poll answers with.
LIVE_CACHE_VERSION = 9  # 9: one rendering per reader class, the CSRF token put in when served
SPECTATORS = "all"  # the reader part of the key of the region every reader without a seat shares
# single_flight: how long a request waits for another one's rendering of the same entry before it draws
# its own (a rendering that failed or a worker that died leaves no entry), and how long its mark lasts.
DRAW_WAIT_SECONDS = 5.0
DRAW_MARK_SECONDS = 10


def chat_key(game_id: object) -> str:
    return f"chat-gen:{game_id}"


def chat_generation(game_id: object, token: object = None) -> str:
    """A token that changes whenever the game's chat changes; a lost token is replaced by a new one, so
    entries made under the old one are never served again. `token`: the one already read, if any."""
    if token is None:
        token = cache.get(chat_key(game_id))
    if token is None:
        token = secrets.token_hex(6)
        if not cache.add(chat_key(game_id), token, CHAT_GENERATION_SECONDS):
            token = cache.get(chat_key(game_id)) or token
    return str(token)


def chat_changed(game_id: object) -> None:
    """Drop the token now and once the transaction commits (a page drawn in between saw the old chat)."""
    key = chat_key(game_id)
    cache.delete(key)
    transaction.on_commit(lambda: cache.delete(key))


def chat_changed_in(messages: Any) -> None:
    """For a bulk update of chat messages (queryset.update sends no signal): renew their games' tokens."""
    for game_id in set(messages.values_list("game_id", flat=True)):
        chat_changed(game_id)


@dataclass(frozen=True)
class ChatState:
    """What a rendering of the chat depends on besides its messages: the chat token, read before the
    messages so that the page never carries a token newer than what it shows (the pulse compares it), and
    how far the viewer has read (None: no seat, nothing is new for them)."""

    generation: str
    read: int | None


def chat_state(game_id: int, user: Any) -> ChatState:
    return chat_and_counts(game_id, user, count=False)[0]


def chat_and_counts(game_id: int, user: Any, count: bool = True) -> tuple[ChatState, int, int]:
    """The chat state, the user's "your turn" count and their invitations' count (the navigation's
    badges), read in one round trip when all are cached."""
    signed_in = user.is_authenticated
    count_key = queries.turn_count_key(user.pk) if signed_in and count else None
    invited_key = queries.invitation_count_key(user.pk) if signed_in and count else None
    read_key = queries.chat_read_key(game_id, user.pk) if signed_in else None
    keys = (chat_key(game_id), count_key, invited_key, read_key)
    found = cache.get_many([k for k in keys if k is not None])
    turns = found.get(count_key) if count_key is not None else 0
    if turns is None:
        turns = queries.your_turn_count(user)
    invitations = found.get(invited_key) if invited_key is not None else 0
    if invitations is None:
        invitations = queries.invitation_count(user)
    state = ChatState(generation=chat_generation(game_id, found.get(chat_key(game_id))),
                      read=queries.chat_read(game_id, user, found.get(read_key) if read_key else None))
    return state, int(turns), int(invitations)


def page_key(*, game_id: int, version: int, user_id: int, staff: bool, time_zone: str, name: str,
             csrf_secret: str, selection: str, chat: ChatState, turn_count: int, invitations: int = 0) -> str:
    viewer = hashlib.sha1(f"{time_zone}\x00{name}\x00{csrf_secret}".encode()).hexdigest()[:16]
    return (f"page:{PAGE_CACHE_VERSION}:{game_id}:{version}:{user_id}:{int(staff)}:{viewer}:"
            f"{chat.generation}:{chat.read}:{turn_count}.{invitations}:{selection}")


def live_key(*, game_id: int, version: int, reader: str, time_zone: str, selection: str) -> str:
    """The live region's key: no user and no CSRF secret in it, so that readers who see the same region
    share one rendering (`reader`: a seat's own, or SPECTATORS); the time zone, since its dates are drawn
    in the reader's."""
    zone = hashlib.sha1(time_zone.encode()).hexdigest()[:8]
    return f"live:{LIVE_CACHE_VERSION}:{game_id}:{version}:{reader}:{zone}:{selection}"


@dataclass(frozen=True)
class Region:
    """A rendered region as cached (games/views/play.py _live): its text in pieces around the places where
    each request's own text goes (its forms' CSRF token), each piece also compressed once, as raw deflate
    ended on a full flush: compressed pieces then follow one another, and any other text compressed the
    same way, in one gzip stream (region_response), so that a region sent to 2,000 pages is compressed
    once, not once per page."""

    pieces: tuple[bytes, ...]
    packed: tuple[bytes, ...]

    @classmethod
    def of(cls, text: bytes, place: bytes) -> Region:
        """The region `text`, cut at every `place` (where each request's filler goes)."""
        pieces = tuple(text.split(place))
        return cls(pieces, tuple(_deflated(piece, REGION_LEVEL) for piece in pieces))

    def text(self, filler: bytes) -> bytes:
        return filler.join(self.pieces)


REGION_LEVEL = 6  # as GZipMiddleware compresses, once per region
FILLER_LEVEL = 1  # each answer's own few bytes (its chrome, its token)
_LAST_BLOCK = zlib.compressobj(REGION_LEVEL, zlib.DEFLATED, -zlib.MAX_WBITS).flush()  # an empty final block


def _deflated(data: bytes, level: int) -> bytes:
    """`data` as raw deflate from a fresh compressor (so no reference to anything before it), ended on a
    full flush (byte-aligned, not final): anything deflated so may follow it in the same stream."""
    packer = zlib.compressobj(level, zlib.DEFLATED, -zlib.MAX_WBITS)
    return packer.compress(data) + packer.flush(zlib.Z_FULL_FLUSH)


def spliced_gzip(before: bytes, region: Region, filler: bytes) -> bytes:
    """gzip of `before` + region.text(filler), with the region's pieces as compressed once: only `before`
    and the filler are compressed here. Its header holds a file name of random length, as _random_name
    writes (BREACH)."""
    header = (b"\x1f\x8b\x08" + bytes([gzip.FNAME]) + b"\x00\x00\x00\x00\x00\xff"
              + b"a" * secrets.randbelow(GZipMiddleware.max_random_bytes) + b"\x00")
    out, crc, size = [header, _deflated(before, FILLER_LEVEL)], zlib.crc32(before), len(before)
    fill = _deflated(filler, FILLER_LEVEL)
    for i, (piece, packed) in enumerate(zip(region.pieces, region.packed, strict=True)):
        if i:
            out.append(fill)
            crc, size = zlib.crc32(filler, crc), size + len(filler)
        out.append(packed)
        crc, size = zlib.crc32(piece, crc), size + len(piece)
    out += [_LAST_BLOCK, struct.pack("<II", crc & 0xFFFFFFFF, size & 0xFFFFFFFF)]
    return b"".join(out)


def region_response(before: bytes, region: Region, filler: bytes, request: HttpRequest,
                    status: int = 200) -> HttpResponse:
    """The answer `before` + the region with this request's `filler` in its places: gzip-compressed for a
    browser that accepts it (the region's compression done once, when it was drawn), else plain."""
    if _ACCEPTS_GZIP.search(request.META.get("HTTP_ACCEPT_ENCODING", "")):
        response = HttpResponse(spliced_gzip(before, region, filler), status=status)
        response["Content-Encoding"] = "gzip"
    else:
        response = HttpResponse(before + region.text(filler), status=status)
    response["Content-Length"] = str(len(response.content))
    patch_vary_headers(response, ("Accept-Encoding",))
    return response


def seat_reader(index: int | None, user_id: int, generation: str = "") -> str:
    """The reader part of live_key for a seat's region: the seat and its player, and after "@" the
    generation of the game's readers entry (readers_key): what a seat is shown can change without a move
    (an expulsion vote opened to it, its ballot cast, the vote closed), and dropping the entry then gives
    every seat's region a new key."""
    return f"seat{index}.{user_id}" + (f"@{generation}" if generation else "")


def readers_key(game_id: object) -> str:
    """Each seated user's reader (seat_reader) in the game, by user id; dropped whenever a seat of the game
    is saved or deleted, an expulsion vote or ballot written, or the game deleted (games.signals:
    readers_changed)."""
    return f"live-readers:{LIVE_CACHE_VERSION}:{game_id}"


def readers_changed(game_id: object) -> None:
    """Drop the game's readers now and once the transaction commits (one read in between saw the old)."""
    key = readers_key(game_id)
    cache.delete(key)
    transaction.on_commit(lambda: cache.delete(key))


@functools.lru_cache(maxsize=64)
def my_games_link(count: int) -> bytes:
    """The navigation's "My games" link with the user's "your turn" count, swapped out of band beside the
    live region (after its chrome's head); the same bytes for every user with that count."""
    return squeeze(render_to_string("base.html#my_games_link", {"oob": True, "your_turn_count": count})
                   .encode())


def single_flight[T](key: str, draw: Callable[[], T], seconds: int) -> T:
    """The entry at `key`, else `draw()` stored there for `seconds`, drawn by one request at a time: the
    others asking meanwhile wait for it rather than each rendering the same thing (a move's fetch storm:
    every open page asks for the new version's region in the same second, and four workers rendering one
    region at once take four times as long for each). A request that waited DRAW_WAIT_SECONDS in vain
    draws it itself."""
    found = cache.get(key)
    if found is not None:
        return found  # type: ignore[no-any-return]
    mark = _drawing(key)
    mine = cache.add(mark, 1, DRAW_MARK_SECONDS)
    if not mine:
        deadline, pause = time.monotonic() + DRAW_WAIT_SECONDS, 0.005
        while time.monotonic() < deadline:
            time.sleep(pause)
            pause = min(pause * 2, 0.05)
            found = cache.get(key)
            if found is not None:
                return found  # type: ignore[no-any-return]
    try:
        value = draw()
        cache.set(key, value, seconds)
    finally:
        if mine:
            cache.delete(mark)
    return value


def claim(key: str) -> bool:
    """Take single_flight's mark on `key`, to draw it before anyone asks (games/push/ahead.py): a request
    asking meanwhile waits for that rendering rather than drawing its own. False when the entry is there
    already or being drawn. The drawer stores it, then `release`s the mark."""
    return not cache.has_key(key) and bool(cache.add(_drawing(key), 1, DRAW_MARK_SECONDS))


def release(key: str) -> None:
    cache.delete(_drawing(key))


def _drawing(key: str) -> str:
    """The mark single_flight and claim take on `key` while one request draws it."""
    return f"{key}:drawing"


def get_page(key: str) -> bytes | None:
    """The stored page, gzip-compressed (page_response answers with it)."""
    body = cache.get(key)
    return body if isinstance(body, bytes) else None


def set_page(key: str, body: bytes) -> bytes:
    """Store the page `body`; returns what was stored (the body compressed), for page_response."""
    stored = gzip.compress(body, compresslevel=6, mtime=0)
    cache.set(key, stored, PAGE_CACHE_SECONDS)
    _keep_plain(stored, body)
    return stored


# The templates' indentation: a line break and the blank lines and spaces after it. <pre> and <textarea> keep
# theirs (the text board, a typed command).
_INDENT = re.compile(rb"\n[ \t]*(?:\n[ \t]*)*")
_KEEP_SPACE = re.compile(rb"<(pre|textarea)\b.*?</\1>", re.S | re.I)


def squeeze(body: bytes) -> bytes:
    """The page without its templates' indentation (a line break stays a line break): a tenth of a Metal
    Adventures or Metabaloids page, and nothing a browser shows differently outside <pre> and <textarea>."""
    out, at = [], 0
    for kept in _KEEP_SPACE.finditer(body):
        out += [_INDENT.sub(b"\n", body[at:kept.start()]), kept[0]]
        at = kept.end()
    out.append(_INDENT.sub(b"\n", body[at:]))
    return b"".join(out)


_ACCEPTS_GZIP = re.compile(r"\bgzip\b")


def page_response(stored: bytes, request: HttpRequest, status: int = 200, vary: str = "") -> HttpResponse:
    """The answer with a stored page: compressed as stored for a browser that accepts gzip, else plain.
    `vary`: the request headers it also depends on, beside Accept-Encoding (as "A, B")."""
    if _ACCEPTS_GZIP.search(request.META.get("HTTP_ACCEPT_ENCODING", "")):
        response = HttpResponse(_random_name(stored), status=status)
        response.headers["Content-Encoding"] = "gzip"
    else:
        response = HttpResponse(plain(stored), status=status)
    response.headers["Content-Length"] = str(len(response.content))
    response.headers["Vary"] = f"Accept-Encoding, {vary}" if vary else "Accept-Encoding"
    return response


# The pages this process last sent to readers that do not accept gzip, by the gzip trailer of what was stored
# (the page's CRC-32 and length): the stored bytes beside the page. Decompressing an 84 KB page took more
# than the rest of a cached page's answer; a page is served from here only when the stored bytes fetched
# are the very ones kept (compared whole, so the trailer is only where to look, never trusted).
_PLAIN: dict[bytes, tuple[bytes, bytes]] = {}
PLAIN_MAX = 16


def plain(stored: bytes) -> bytes:
    """The page `stored` holds, decompressed (once per process for the pages served most lately)."""
    kept = _PLAIN.get(stored[-8:])
    if kept is not None and kept[0] == stored:
        return kept[1]
    body = gzip.decompress(stored)
    _keep_plain(stored, body)
    return body


def _keep_plain(stored: bytes, body: bytes) -> None:
    if len(_PLAIN) >= PLAIN_MAX:
        _PLAIN.clear()
    _PLAIN[stored[-8:]] = (stored, body)


def _random_name(compressed: bytes) -> bytes:
    """The gzip data with a file name of random length in its header, as GZipMiddleware writes (Django's
    django.utils.text.compress_string): the answer's length then says less about its content (BREACH)."""
    header = bytearray(compressed[:10])
    header[3] = gzip.FNAME
    name = b"a" * secrets.randbelow(GZipMiddleware.max_random_bytes) + b"\x00"
    return bytes(header) + name + compressed[10:]

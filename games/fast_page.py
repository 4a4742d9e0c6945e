"""The three requests an open game page repeats, answered from the cache before the session, the user and
the view are built: the page itself when it is cached, the pulse while nothing changed (204), and the
version poll of a public game while nothing changed (304) or, once it has moved on, with the new version's
live region when it is drawn already (a move's fetch storm: _moved). bench/README.md has the profile
that led here: of 5.9 ms for a cached page, 4.5 went to the middleware, the session, the user and game
rows and five separate cache round trips around the cached body.

Everything this door reads is what the full path would read, from the same cache entries, and it answers
only when every entry is there and agrees; anything else (a cache miss, a flash message, a private game,
an htmx request, a query string it does not know, a ticket for another reader) goes on down the ordinary
path, which answers and fills the cache. So the door never changes an answer, only its cost:

- the session: the cached_db session engine's own cache entry (no entry: the full path loads it);
- the signed-in user: the session's user id and auth hash, checked against the hash cached with the
  user's preferences (accounts.prefs), which are dropped whenever the user or their groups change: a
  changed password, a deactivated account or a moderator no longer one never finds its old entry;
- the page: games.page_cache's key, built from the same parts as the view builds it.
- the live region: games.page_cache's live_key, the reader the game's readers entry names for the user
  (a seat's own, else the spectators'), the zone from their preferences, as games/views/play.py builds it.

It stands after the security and CSP middleware (their headers are added to its answers too).
"""

from __future__ import annotations

import functools
import re
import zoneinfo
from collections.abc import Callable
from typing import Any

from django.conf import settings
from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY
from django.contrib.sessions.backends.cached_db import KEY_PREFIX as CACHED_DB_PREFIX
from django.core.cache import cache
from django.http import HttpRequest, HttpResponse, HttpResponseNotModified
from django.middleware.csrf import CSRF_SECRET_LENGTH, _mask_cipher_secret
from django.utils.cache import patch_vary_headers
from django.utils.crypto import constant_time_compare
from django.utils.csp import CSP, build_policy

from accounts.prefs import Prefs, prefs_key
from games import page_cache, pulse, queries

Handler = Callable[[HttpRequest], HttpResponse]

_PATH = re.compile(r"^/games/(\d{1,18})/(pulse/|poll/)?$")
_SESSION_ENGINES = ("django.contrib.sessions.backends.cached_db", "django.contrib.sessions.backends.cache")


def serve_from_cache(get_response: Handler) -> Handler:
    if settings.SESSION_ENGINE not in _SESSION_ENGINES:
        return get_response  # the sessions are not in the cache: nothing to gain (the embedded default)
    # The policy the CSP middleware would build for every answer (these pages use no nonce), built once: that
    # middleware leaves a header it finds alone, and building it cost a tenth of a pulse's time.
    policy = build_policy(settings.SECURE_CSP) if settings.SECURE_CSP else None

    def middleware(request: HttpRequest) -> HttpResponse:
        if request.method == "GET":
            match = _PATH.match(request.path_info)
            if match is not None:
                try:
                    answer = _answer(request, int(match[1]), match[2])
                except (ValueError, TypeError, KeyError):
                    answer = None  # anything unexpected in an entry: the ordinary path decides
                if answer is not None:
                    if policy:
                        answer[str(CSP.HEADER_ENFORCE)] = policy
                    return answer
        return get_response(request)

    return middleware


def _answer(request: HttpRequest, game_id: int, rest: str | None) -> HttpResponse | None:
    if rest is None:
        return _page(request, game_id)
    if rest == "pulse/":
        return _pulse(request, game_id)
    return _poll(request, game_id)


# === WHO ASKS ===


def _session_key(request: HttpRequest) -> str | None:
    key = request.COOKIES.get(settings.SESSION_COOKIE_NAME)
    return CACHED_DB_PREFIX + key if key and key.isalnum() else None


def _user_id(session: Any, prefs: Prefs | None) -> int | None:
    """The signed-in user the session names, checked as django.contrib.auth.get_user checks it; 0 for no
    one; None when the door cannot tell (the full path decides)."""
    if not isinstance(session, dict):
        return None
    if session.get(SESSION_KEY) is None:
        return 0
    if session.get(BACKEND_SESSION_KEY) not in settings.AUTHENTICATION_BACKENDS or prefs is None:
        return None
    if not prefs.active or not prefs.session_hash or not constant_time_compare(
            str(session.get(HASH_SESSION_KEY, "")), prefs.session_hash):
        return None  # a changed password, a closed account, an old secret key: the full path says what
    return int(session[SESSION_KEY])


def _read(game_id: int, session_key: str | None, extra: list[str]) -> tuple[dict[str, Any], dict[str, Any],
                                                                        int, bool, str] | None:
    """One MGET of the session, the game's head, its chat token and `extra`: what came back, the session
    ({} for none), the version, whether the game is public and the chat token; None when any is missing."""
    head_key, chat_key = pulse.head_key(game_id), page_cache.chat_key(game_id)
    found = cache.get_many([k for k in (session_key, head_key, chat_key) if k] + extra)
    head, chat = found.get(head_key), found.get(chat_key)
    session = found.get(session_key) if session_key else {}
    if head is None or chat is None or not isinstance(session, dict):
        return None
    version, public = pulse.unpack_head(head)
    return found, session, version, public, str(chat)


# === THE PAGE ===


# What this process last served each (session, game): the user and the page's key. A guess, never trusted:
# the next request fetches that user's entries and that page in its one round trip with the session, and
# serves the page only if the key, rebuilt from what was fetched, is the same (else it asks again).
_LAST: dict[tuple[str, int], tuple[str, str]] = {}
LAST_MAX = 20_000


def _user_keys(game_id: int, uid: object) -> list[str]:
    return [prefs_key(uid), queries.turn_count_key(uid), queries.chat_read_key(game_id, uid),
            pulse.seen_key(game_id, uid), queries.invitation_count_key(uid)]


def _page(request: HttpRequest, game_id: int) -> HttpResponse | None:
    if request.META.get("QUERY_STRING") or "HTTP_HX_REQUEST" in request.META:
        return None
    cookies = request.COOKIES
    secret = cookies.get(settings.CSRF_COOKIE_NAME, "")
    if len(secret) != CSRF_SECRET_LENGTH or not secret.isalnum() or cookies.get("messages"):
        return None
    session_key = _session_key(request)
    browser = (session_key or secret, game_id)
    last = _LAST.get(browser)
    guessed = [] if last is None else [*(_user_keys(game_id, last[0]) if last[0] != "0" else []), last[1]]
    read = _read(game_id, session_key, guessed)
    if read is None:
        return None
    found, session, version, public, chat = read
    if "_messages" in session or not public:
        return None  # a flash message to show; or whether the reader may see it needs their seats
    uid_claimed = session.get(SESSION_KEY)
    prefs = None
    count: Any = 0
    invited: Any = 0
    marker: Any = None
    seen = None
    if uid_claimed is not None:
        user_keys = _user_keys(game_id, uid_claimed)
        if last is None or last[0] != str(uid_claimed):
            found.update(cache.get_many(user_keys))
        prefs, count, marker, seen, invited = (found.get(k) for k in user_keys)
        if not isinstance(prefs, Prefs) or count is None or marker is None or invited is None:
            return None
    uid = _user_id(session, prefs)
    if uid is None:
        return None
    key = page_cache.page_key(
        game_id=game_id, version=version, user_id=uid, staff=bool(prefs and prefs.moderator),
        time_zone=_zone_name(prefs.time_zone if prefs else ""), name=prefs.display_name if prefs else "",
        csrf_secret=secret, selection=page_cache.PLAIN,
        chat=page_cache.ChatState(generation=chat, read=queries.chat_read_value(marker) if uid else None),
        turn_count=int(count), invitations=int(invited))
    body = found.get(key) if last is not None and key == last[1] else page_cache.get_page(key)
    if not isinstance(body, bytes):
        return None
    if len(_LAST) >= LAST_MAX:
        _LAST.clear()
    _LAST[browser] = (str(uid), key)
    if uid:
        pulse.note_seen(game_id, uid, seen)
    response = page_cache.page_response(body, request, vary="HX-Request, Cookie")
    if uid:
        response.headers["Cache-Control"] = "private"
    return response


def _zone_name(name: str) -> str:
    """The zone the view renders in, as accounts.middleware sets it: the player's, or the site's."""
    return (_known_zone(name) if name else None) or str(settings.TIME_ZONE)


@functools.lru_cache(maxsize=512)
def _known_zone(name: str) -> str | None:
    """The zone's name as ZoneInfo knows it; None for a name it does not know (looked up once a process)."""
    try:
        return str(zoneinfo.ZoneInfo(name).key)
    except (zoneinfo.ZoneInfoNotFoundError, ValueError):
        return None


# === THE PULSE AND THE POLL ===


def _pulse(request: HttpRequest, game_id: int) -> HttpResponse | None:
    """204 while the page's version and chat token hold and its ticket is good for this reader."""
    query = request.GET
    reader = pulse.ticket_reader(query.get("t"), game_id)
    if reader is None:
        return None
    seen_key = pulse.seen_key(game_id, reader) if reader != "0" else None
    read = _read(game_id, _session_key(request), [seen_key] if seen_key else [])
    if read is None:
        return None
    found, session, version, _public, chat = read
    if str(session.get(SESSION_KEY) or 0) != reader:
        return None  # the ticket was not made for whoever holds this session now
    if query.get("v") != str(version) or query.get("c") != chat:
        return None  # something changed: the full path says what, with its events
    if reader != "0":
        pulse.note_seen(game_id, reader, found.get(seen_key))
    response = HttpResponse(status=204)
    response["Cache-Control"] = "no-store"
    return response


def _poll(request: HttpRequest, game_id: int) -> HttpResponse | None:
    """304 for a public game whose version the page already shows (no reader needed: it is public); the
    new version's region once the game has moved on (_moved). The game's head comes in one round trip with
    what _moved needs first."""
    head_key = pulse.head_key(game_id)
    secret = _moved_secret(request)
    session_key = _session_key(request) if secret else None
    readers_key = page_cache.readers_key(game_id) if secret else None
    found = cache.get_many([k for k in (head_key, session_key, readers_key) if k])
    head = found.get(head_key)
    if head is None:
        return None
    version, public = pulse.unpack_head(head)
    etag = f'"g{game_id}v{version}"'
    shown = request.GET.get("v") == str(version) or request.headers.get("If-None-Match") == etag
    if not public:
        return None
    if not shown:
        if not secret:
            return None
        return _moved(request, game_id, version, secret, found.get(session_key) if session_key else {},
                      found.get(readers_key))
    response = HttpResponseNotModified()
    response["ETag"] = etag
    response["Cache-Control"] = "private, no-cache"
    return response


# The poll as the live region's poller sends it (templates/games/game.html: `poll_url` with no selection).
_MOVED_QUERY = re.compile(r"^v=\d{0,18}$")


def _moved_secret(request: HttpRequest) -> str | None:
    """The browser's CSRF secret when the request is the region's own poll (htmx, the version it shows and
    no selection) and the browser holds a secret; else None: a selection, the waiting room's poll, a first
    visit (no secret yet) take the full path."""
    secret = request.COOKIES.get(settings.CSRF_COOKIE_NAME, "")
    if ("HTTP_HX_REQUEST" not in request.META or not _MOVED_QUERY.match(request.META.get("QUERY_STRING", ""))
            or len(secret) != CSRF_SECRET_LENGTH or not (secret.isascii() and secret.isalnum())):
        return None
    return secret


def _moved(request: HttpRequest, game_id: int, version: int, secret: str, session: Any,
           readers: Any) -> HttpResponse | None:
    """A public game's new region for the page that asks: a move's fetch storm, every open page at once
    (docs/architecture.md, "A move's fetch storm"). Served from the entry the full path caches
    (games/views/play.py `_region`: the region of this version for this reader, its chrome's head) with
    what that path adds per answer: the user's "My games" count and a CSRF token masked from the browser's
    own secret. The reader is the seat the game's readers entry names for the session's user (checked as
    the page's door checks them), or the spectators'; anything missing, and the full path answers (and
    fills the entries)."""
    if not isinstance(session, dict) or not isinstance(readers, dict):
        return None
    uid_claimed = session.get(SESSION_KEY)
    prefs, count = None, 0
    if uid_claimed is not None:
        user_keys = [prefs_key(uid_claimed), queries.turn_count_key(uid_claimed)]
        prefs, count = (cache.get_many(user_keys).get(k) for k in user_keys)
        if not isinstance(prefs, Prefs) or count is None:
            return None
    uid = _user_id(session, prefs)
    if uid is None:
        return None
    reader = readers.get(uid, page_cache.SPECTATORS) if uid else page_cache.SPECTATORS
    key = page_cache.live_key(game_id=game_id, version=version, reader=reader,
                              time_zone=_zone_name(prefs.time_zone if prefs else ""),
                              selection=_plain_selection())
    entry = cache.get(key)
    if not isinstance(entry, tuple) or len(entry) != 3:
        return None
    region, _extras, head = entry
    chrome = head + (page_cache.my_games_link(int(count)) if uid else b"")
    response = page_cache.region_response(chrome, region, _mask_cipher_secret(secret).encode(), request)
    response["ETag"] = f'"g{game_id}v{version}"'
    response["Cache-Control"] = "private, no-cache"
    patch_vary_headers(response, ("HX-Request", "Cookie"))
    return response


@functools.cache
def _plain_selection() -> str:
    """The selection part of the region's key for a poll with no selection, as the view computes it."""
    from games.views.play import Selection, _selection_key

    return _selection_key(Selection())

"""The game page, for every kind: the kind's own live part (games.kinds: board, controls, players), the
notices, the log, undo, the command box and the light poll that lets other pages follow along.

Every control is a plain link or form (works without JavaScript); with htmx the same URLs answer with the
`live` partial of templates/games/game.html, which the page fetches again (`poll`) when the pulse
(games/views/follow.py) says the game has moved on. Everything that changes a game goes through games.actions,
as the signed-in player's Actor; refusals become HTTP answers in games/views/refusals.py.
"""

from __future__ import annotations

import hashlib
import secrets
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any
from urllib.parse import urlencode

from django.contrib import messages
from django.contrib.auth.views import redirect_to_login
from django.core.cache import cache
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseNotModified
from django.middleware.csrf import get_token
from django.shortcuts import get_object_or_404, redirect, render
from django.template.defaultfilters import pluralize
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import timezone
from django.utils.cache import patch_vary_headers
from django.utils.safestring import mark_safe
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from accounts.prefs import request_prefs
from games import actions, page_cache, pulse, queries
from games import seats as seats_of
from games.actions import Actor, audit
from games.actions.expel import open_vote_for
from games.deadlines import game_deadline
from games.kinds import Kind, LoggedAction, PageInput, get_kind, shown_turn, words
from games.models import Action, Game, Seat
from games.moderators import is_moderator
from games.narration import done_words, narrate
from games.summary import game_summary
from games.views.follow import pulse_url, push_url
from games.views.lobby import seating_context
from games.views.refusals import http_status
from games.views.social import chat_context

LOG_PAGE = 20
RECENT_LIMIT = 400  # at most this many actions for the kind's marks of recent play (a bound, never reached)
POLL_SECONDS = 4
LIVE_CACHE_SECONDS = 60
# GET parameters the page itself reads; every other one is the kind's selection (a ship, a builder).
_PAGE_PARAMS = ("confirm", "log", "text")
_IGNORED_PARAMS = ("csrfmiddlewaretoken", "v", "expected_version", "command", "status")


# === ACCESS ===


class Viewer:
    """Who is looking: their seat (if playing) and what they may do. The seats are read only when needed:
    a page served from the cache never needs them."""

    def __init__(self, game: Game, user: Any) -> None:
        self.game = game
        self.user_id = user.pk if user.is_authenticated else None
        self.staff = bool(user.is_authenticated and is_moderator(user))

    @cached_property
    def seats(self) -> list[Seat]:
        return list(queries.with_seats(self.game).seats.all())

    @cached_property
    def seat(self) -> Seat | None:
        if self.user_id is None:
            return None
        return next((s for s in self.seats if s.user_id == self.user_id), None)

    @property
    def index(self) -> int | None:
        return self.seat.index if self.seat is not None else None

    @cached_property
    def kind(self) -> Kind:
        return get_kind(self.game.kind)


def _load(request: HttpRequest, game_id: int) -> Viewer:
    """The game; 404 for a private game the user may not see, so its existence is not revealed."""
    viewer = Viewer(get_object_or_404(Game, pk=game_id), request.user)
    if (viewer.game.visibility != Game.Visibility.PUBLIC and viewer.seat is None
            and not queries.can_view(viewer.game, request.user)):
        raise Http404("No such game")
    return viewer


def _may_act(request: HttpRequest, viewer: Viewer) -> HttpResponse | None:
    """None when the user plays a seat in this game; otherwise the refusal to send."""
    if not request.user.is_authenticated:
        return redirect_to_login(reverse("games:game", args=[viewer.game.pk]))
    if viewer.seat is None or viewer.seat.index is None:
        notice = Notice("error", "You are not playing in this game: nobody acts for someone else.")
        return _page(request, viewer, sel=Selection(), notice=notice, status=403)
    return None


# === WHAT THE PAGE SHOWS ===


@dataclass
class Selection:
    confirm: str | None = None  # "end" or "resign"
    log_page: int = 1
    text: bool = False  # the text view: the kind's text board and its commands as buttons
    kind: dict[str, str] = field(default_factory=dict)  # the kind's own selection (a ship, a builder)

    @property
    def query(self) -> dict[str, str]:
        """Everything selected, as the GET parameters that select it (the kind reads its own)."""
        page = {"confirm": self.confirm or "", "log": str(self.log_page) if self.log_page > 1 else "",
                "text": "1" if self.text else ""}
        return {**self.kind, **{k: v for k, v in page.items() if v}}


def _selection(request: HttpRequest) -> Selection:
    data = request.GET
    sel = Selection(text=data.get("text") == "1")
    if data.get("confirm") in ("end", "resign"):
        sel.confirm = data["confirm"]
    try:
        sel.log_page = max(1, min(10_000, int(data.get("log", "1"))))
    except ValueError:
        sel.log_page = 1
    sel.kind = {k: v[:20] for k, v in list(data.items())[:8]
                if k not in _PAGE_PARAMS and k not in _IGNORED_PARAMS and len(k) <= 10}
    return sel


@dataclass
class Notice:
    kind: str  # "error", "done", "info" or "confirm" (a board link followed without JavaScript)
    text: str
    details: list[str] = field(default_factory=list)
    version: int | None = None  # confirm: the version the link was drawn for


def _log_page(game: Game, kind: Kind, state: Any, names: list[str], page: int,
              reader: int | None) -> dict[str, Any]:
    """One page of the log, newest first, as `reader` (the viewer's seat, None for a spectator) may read
    it: a single query whatever the length of the game (the newest row's seq is the total, since seq runs
    1..n without gaps)."""
    rows = list(Action.objects.filter(game=game).order_by("-seq")
                .only("seq", "seat", "command", "events", "turn", "undone", "source", "created_at")
                [(page - 1) * LOG_PAGE: page * LOG_PAGE + 1])
    more = len(rows) > LOG_PAGE
    rows = rows[:LOG_PAGE]
    turn = kind.turn(state) if state is not None and kind.phase(state) == "play" else None
    entries = []
    for a in rows:
        told = narrate(game, kind, state, names, seat=a.seat, command=a.command, events=a.events,
                       reader=reader)
        entries.append(LogEntry(
            seq=a.seq, seat=a.seat, letter=seats_of.letter(a.seat), command=told.command,
            sentences=told.lines, current=turn is not None and a.turn == turn and not a.undone,
            undone=a.undone, source=a.source, created_at=a.created_at))
    entries = _with_moderators(game, entries, newest_page=page == 1, oldest_page=not more)
    return {"entries": entries, "page": page, "older": page + 1 if more else None,
            "newer": page - 1 if page > 1 else None, "rows": rows}


def _with_moderators(game: Game, entries: list[LogEntry], *, newest_page: bool,
                     oldest_page: bool) -> list[LogEntry]:
    """The moderators' lines (games/actions/audit.py) among a page of the log (newest first), each just
    above the action it followed. One query."""
    low = 0 if oldest_page or not entries else entries[-1].seq
    high = None if newest_page or not entries else entries[0].seq
    notes = audit.log_lines(game, low, high)
    if not notes:
        return entries

    def lines(seq: int) -> list[LogEntry]:
        return [LogEntry(seq=seq, seat=None, letter="", command="", sentences=[f"Moderator: {n.summary}. "
                                                                               f"Reason: {n.reason}"],
                         current=False, undone=False, source="moderator", created_at=n.created_at, note=True)
                for n in reversed(notes.get(seq, []))]

    merged = []
    for entry in entries:
        merged += lines(entry.seq) + [entry]
    return merged + (lines(0) if oldest_page else [])


@dataclass
class LogEntry:
    seq: int
    seat: int | None
    letter: str
    command: str
    sentences: list[str]
    current: bool  # an action of the turn being played now
    undone: bool
    source: str
    created_at: Any
    note: bool = False  # a moderator's line, not an action


def _context(request: HttpRequest, viewer: Viewer, sel: Selection,
             notice: Notice | None = None) -> dict[str, Any]:
    """Everything the page shows for this viewer and selection (an uncached rendering)."""
    game, kind = viewer.game, viewer.kind
    ctx: dict[str, Any] = {
        "game": game, "viewer": viewer, "seat": viewer.seat, "seats": viewer.seats, "sel": sel,
        "notice": notice, "poll_seconds": POLL_SECONDS,
        "deadline": game_deadline(game, viewer.seats, viewer.seat),
        "version": game.version, "poll_url": _poll_url(game, sel), "started": game.state is not None,
        "kind_live_template": kind.live_template, "kind_extras_template": kind.extras_template,
        "command_help": kind.command_help, "command_example": kind.command_example,
    }
    if game.state is None:
        ctx.update(seating_context(request, game), state=None)
        return ctx
    state = kind.load(game.state)
    by_index = {s.index: s for s in viewer.seats if s.index is not None}
    names = seats_of.names(viewer.seats, game.players)
    urls = [reverse("player", args=[by_index[i].user_id]) if i in by_index and by_index[i].user_id else ""
            for i in range(game.players)]
    me = viewer.index if viewer.seat is not None and kind.phase(state) != "over" else None
    log = _log_page(game, kind, state, names, sel.log_page, viewer.index)
    # One function decides for the Undo button and for the undo action; the newest log rows spare a query.
    undoing = actions.undoable_actions(game, me, state, log["rows"] if sel.log_page == 1 else None)
    taken = "; ".join(a.command for a in undoing)
    many = f" {len(undoing)} actions" if len(undoing) > 1 else ""  # one click may take back several
    my_turn = me is not None and game.is_active and me in kind.to_act(state)
    # What the viewer is asked (a Prompt): the title says "Your turn" or, for a question out of turn,
    # "Your answer"; the kind's own template shows the question itself. A name no kind's page_context
    # uses: the kind's context is laid over the page's.
    asked_me = next((p for p in kind.prompts(state, names) if p.seat == me), None) if my_turn else None
    ctx["summary"] = game_summary(game) if game.is_over else None
    ctx["moderated"] = audit.standing_notice(game)
    ctx["expel_vote"] = open_vote_for(game, viewer.seat.user_id) if me is not None else None
    ctx["kind_words"] = words(game.kind)
    ctx.update(phase=kind.phase(state), turn=kind.turn(state), shown_turn=shown_turn(kind, state), log=log,
               me=me, my_turn=my_turn,
               asked_me=asked_me,
               undo_ok=bool(undoing),
               undo_text=f"Undo{many}: {taken}" if undoing else "")
    recent = _recent(game, kind, state, log["rows"] if sel.log_page == 1 else None, viewer.index)
    ctx.update(kind.page_context(PageInput(game=game, state=state, seat=me, names=names, query=sel.query,
                                           undo_ok=bool(undoing), undo_text=ctx["undo_text"], recent=recent,
                                           player_urls=urls)))
    return ctx


def _recent(game: Game, kind: Kind, state: Any, newest: list[Action] | None,
            reader: int | None) -> list[LoggedAction]:
    """The actions still standing of the last `players` turns and the current one, oldest first, each
    command as the log shows it to `reader` (the kind marks recent play with them). The log's newest rows
    usually reach back far enough, so this costs no query; a long round costs one."""
    if kind.phase(state) == "setup":
        return []
    since = kind.turn(state) - game.players
    # A row's turn never decreases with its seq, so once the oldest row is older than `since` (or is the
    # first action) every row of the window is among them.
    if newest and (newest[-1].turn < since or newest[-1].seq == 1):
        rows = [a for a in newest if a.turn >= since]
    else:
        rows = list(Action.objects.filter(game=game, turn__gte=since).order_by("-seq")
                    .only("seq", "seat", "command", "events", "turn", "undone")[:RECENT_LIMIT])
    return [LoggedAction(seq=a.seq, seat=a.seat, turn=a.turn,
                         command=narrate(game, kind, state, None, seat=a.seat, command=a.command, events=(),
                                         reader=reader).command, events=a.events)
            for a in reversed(rows) if not a.undone]


def _poll_url(game: Game, sel: Selection) -> str:
    """The poll keeps what the reader is looking at: the kind's selection, a confirmation, the log page."""
    return reverse("games:poll", args=[game.pk]) + "?" + urlencode({"v": game.version, **sel.query})


def _page(request: HttpRequest, viewer: Viewer, sel: Selection | None = None, notice: Notice | None = None,
          status: int = 200) -> HttpResponse:
    """The full page, or the `live` partial for an htmx request."""
    sel = sel or _selection(request)
    game = viewer.game
    if game.state is None:  # the waiting room: W1's seating box
        ctx = _context(request, viewer, sel, notice)
        return render(request, "games/game.html", ctx, status=status)
    key, chat = (_page_key(request, viewer, sel) if notice is None and status == 200 and not request.htmx
                 else (None, None))
    cached = page_cache.get_page(key) if key is not None else None
    if cached is not None:
        get_token(request)  # the page's forms carry the token of this very CSRF secret (it is in the key)
        response = page_cache.page_response(cached, request)
    else:
        if request.htmx:
            # The chrome first: htmx takes a response's first <title> as the tab's only if it is at the
            # top level, and the board's SVG holds titles of its own. The region goes out as cached (its
            # compression done once), with this request's token in its forms.
            region, _extras, head = _region(request, viewer, sel, notice)
            user = request.user
            chrome = head + (page_cache.my_games_link(queries.your_turn_count(user))
                             if user.is_authenticated else b"")
            response = page_cache.region_response(chrome, region, get_token(request).encode(), request,
                                                  status)
        else:
            live_html, extras = _live(request, viewer, sel, notice)
            may_chat = bool(extras["seat"] or is_moderator(request.user))
            ctx = {"game": game, "viewer": viewer, "sel": sel, "live_html": live_html,
                   "version": game.version, "pulse_url": pulse_url(game.pk, request),
                   "pulse_seconds": pulse.PULSE_SECONDS, "push_url": push_url(game.pk, request), **extras,
                   # A typed command refused without JavaScript comes back in the box, to be fixed.
                   "command_text": request.POST.get("command", "") if request.POST.get("form") == "typed"
                   else "",
                   **chat_context(request, game, may_chat=may_chat, chat=chat)}
            response = render(request, "games/game.html", ctx, status=status)
            response.content = page_cache.squeeze(response.content)
            if key is not None:  # sent as stored: compressed once for the cache and this answer
                response = page_cache.page_response(page_cache.set_page(key, response.content), request)
    patch_vary_headers(response, ("HX-Request", "Cookie"))
    return response


def _chrome_head(game: Game, extras: dict[str, Any]) -> bytes:
    """The tab title and the game's status, swapped out of band beside `live`: they change with it (a move,
    a game that ends) but sit outside it. Drawn with the region, for its reader; the navigation's count,
    the user's own, follows it in each answer (games.page_cache.my_games_link)."""
    ctx = {**extras, "game": game, "user": None, "oob": True}
    return page_cache.squeeze(render_to_string("games/game.html#chrome", ctx).encode())


def _selection_key(sel: Selection) -> str:
    return hashlib.sha1(urlencode(sorted(sel.query.items())).encode()).hexdigest()[:16]


def _page_key(request: HttpRequest, viewer: Viewer,
              sel: Selection) -> tuple[str | None, page_cache.ChatState | None]:
    """The whole-page cache key (games.page_cache), or None when this page must be drawn afresh: a plain
    GET only, never on a first visit (new CSRF secret) nor with a flash message waiting. With it, the chat
    state the key holds, for the rendering to show exactly that."""
    secret = request.META.get("CSRF_COOKIE")
    if request.method != "GET" or not secret or len(messages.get_messages(request)):
        return None, None
    user = request.user
    prefs = request_prefs(request, user.pk) if user.is_authenticated else None
    chat, turn_count, invitations = page_cache.chat_and_counts(viewer.game.pk, user)
    return page_cache.page_key(
        game_id=viewer.game.pk, version=viewer.game.version, user_id=user.pk or 0, staff=viewer.staff,
        time_zone=timezone.get_current_timezone_name(), name=prefs.display_name if prefs else "",
        csrf_secret=str(secret), selection=_selection_key(sel) if request.GET else page_cache.PLAIN,
        chat=chat, turn_count=turn_count, invitations=invitations), chat


def _live(request: HttpRequest, viewer: Viewer, sel: Selection,
          notice: Notice | None) -> tuple[str, dict[str, Any]]:
    """The rendered `live` region, with this request's CSRF token in its forms, and what the rest of the
    page needs from the same computation (_region)."""
    region, extras, _head = _region(request, viewer, sel, notice)
    # Our own rendering, escaped when made; the token is letters and digits.
    return mark_safe(region.text(get_token(request).encode()).decode()), extras  # noqa: S308


def _region(request: HttpRequest, viewer: Viewer, sel: Selection,
            notice: Notice | None) -> tuple[page_cache.Region, dict[str, Any], bytes]:
    """The `live` region as drawn (games.page_cache.Region: its forms' token left out), the extras and the
    chrome's head (_chrome_head). games.fast_page serves a poll from the same entry.

    Cached per (game version, reader, time zone, selection) for a short while, and drawn once for everyone
    who shares that key (games.page_cache.single_flight): when a move is pushed, every open page fetches
    its region in the same second, and each reader class's region is then rendered (and compressed) once,
    not once per page. The reader is the seat (its hand, its orders, its controls: hidden information,
    never shared with another seat or a spectator) or, for every reader without a seat, signed in or not,
    the spectators' one rendering: _context shows a reader without a seat nothing of their own. The
    region's forms carry the CSRF token, which is each request's own (masked from its own secret): the
    cached rendering is cut where it goes, and each answer puts its own in. The short life keeps the
    deadline and "minutes ago" texts fresh."""
    get_token(request)  # makes sure the CSRF cookie is set for the forms
    if notice is not None or request.method != "GET":
        return _draw_live(request, viewer, sel, notice)
    key = page_cache.live_key(game_id=viewer.game.pk, version=viewer.game.version, reader=_reader(viewer),
                              time_zone=timezone.get_current_timezone_name(), selection=_selection_key(sel))
    return page_cache.single_flight(key, lambda: _draw_live(request, viewer, sel, None), LIVE_CACHE_SECONDS)


def _reader(viewer: Viewer) -> str:
    """Whose region this is: the seat's own (with its user), or the one every reader without a seat shares.
    A visitor has no seat; a signed-in reader's is looked up in the game's readers (_readers), even when
    the seats are read already: its generation names what the seats are shown besides the moves."""
    if viewer.user_id is None:
        return page_cache.SPECTATORS
    return _readers(viewer.game).get(viewer.user_id, page_cache.SPECTATORS)


def _readers(game: Game) -> dict[int, str]:
    """Each seated user's reader (games.page_cache.seat_reader), cached: one small query, where reading the
    seats with their players cost a storm's poll more than the rest of it. games.fast_page reads the same
    entry. A seat saved or deleted drops it (games.signals); the seats' indexes, dealt at the start by a
    bulk update, are dealt before the game has a state, so before any region (and this) is drawn."""
    key = page_cache.readers_key(game.pk)
    found = cache.get(key)
    if not isinstance(found, dict):
        found = {}
        generation = secrets.token_hex(4)  # new each time the entry is read anew (page_cache.seat_reader)
        for index, user_id in (Seat.objects.filter(game_id=game.pk, user_id__isnull=False)
                               .order_by("index", "joined_at").values_list("index", "user_id")):
            # The first, as Viewer.seat.
            found.setdefault(user_id, page_cache.seat_reader(index, user_id, generation))
        # The first entry written stands: requests reading it anew at once (a move's storm, the push server
        # drawing ahead: games/push/ahead.py) would each write their own generation, and so each draw the
        # same seat's region under a key of its own.
        if not cache.add(key, found, LIVE_CACHE_SECONDS):
            theirs = cache.get(key)
            if isinstance(theirs, dict):
                found = theirs
    return found


# A region claimed to be drawn ahead (claim_ahead): the reader's user, zone, reader class and key.
Claim = tuple[Any, str, str, str]


def draw_ahead(game_id: int, version: int, readers: list[int | None]) -> list[str]:
    """claim_ahead, then draw_claimed: the readers whose region was drawn (_reader's class)."""
    return draw_claimed(game_id, version, claim_ahead(game_id, version, readers))


def claim_ahead(game_id: int, version: int, readers: list[int | None]) -> list[Claim]:
    """single_flight's mark taken on the plain `live` region of the game at `version` for each of `readers`
    (a user id; None for the region every reader without a seat shares, in the site's time zone), to be
    drawn before their polls ask for it (games/push/ahead.py): the key and reader class the view's own
    rendering would use (_region), in the user's own time zone (as games.fast_page finds it); none already
    there or being drawn. Cache reads only, and taken before their pages are told: a poll then waits for
    that rendering rather than drawing its own."""
    from accounts.prefs import prefs_for
    from games.fast_page import _zone_name

    seated = _readers(Game(pk=game_id))
    selection = _selection_key(Selection())
    claimed: list[Claim] = []
    for uid in readers:
        prefs = prefs_for(uid) if uid is not None else None
        if uid is not None and (prefs is None or not prefs.active):
            continue  # gone, or closed: their page's next request is sent away
        zone = _zone_name(prefs.time_zone if prefs is not None else "")
        reader = seated.get(uid, page_cache.SPECTATORS) if uid is not None else page_cache.SPECTATORS
        key = page_cache.live_key(game_id=game_id, version=version, reader=reader, time_zone=zone,
                                  selection=selection)
        if page_cache.claim(key):
            claimed.append((uid, zone, reader, key))
    return claimed


def draw_claimed(game_id: int, version: int, claimed: list[Claim]) -> list[str]:
    """Each region claim_ahead claimed drawn and stored, in order, its mark then released; nothing drawn
    once the game has moved past `version` (that move draws its own). The readers drawn for."""
    from django.contrib.auth import get_user_model
    from django.contrib.auth.models import AnonymousUser

    done: list[str] = []
    handled = 0  # the claims whose mark is released
    try:
        game = Game.objects.filter(pk=game_id).first() if claimed else None
        if game is None or game.state is None or game.version != version:
            return []  # gone, the waiting room (its region is the seating box), or moved on since
        users = get_user_model().objects.in_bulk([uid for uid, *_ in claimed if uid is not None])
        sel = Selection()
        for uid, zone, reader, key in claimed:
            user = AnonymousUser() if uid is None else users.get(uid)
            if user is not None:
                viewer = Viewer(game, user)
                request = HttpRequest()
                request.user = user
                with timezone.override(zone):
                    cache.set(key, _draw_live(request, viewer, sel, None), LIVE_CACHE_SECONDS)
                done.append(reader.split("@")[0])
            page_cache.release(key)
            handled += 1
    finally:
        for _, _, _, key in claimed[handled:]:
            page_cache.release(key)
    return done


def _draw_live(request: HttpRequest, viewer: Viewer, sel: Selection,
               notice: Notice | None) -> tuple[page_cache.Region, dict[str, Any], bytes]:
    """The region as _region caches it, cut where each form's CSRF token goes (and without its templates'
    indentation), the extras and the chrome's head."""
    ctx = _context(request, viewer, sel, notice)
    # A new placeholder per rendering: nothing a player writes into the region (a name, a command) can
    # guess it, so nothing but the forms' token fields is ever replaced. Letters and digits, as long as a
    # token: escaping leaves it alone and the forms are drawn as with the token itself.
    place = secrets.token_hex(32)
    # No request: the region needs no context processor (the navigation's counts are the page's, not its
    # own), only the CSRF token for its forms.
    html = render_to_string("games/game.html#live", {**ctx, "csrf_token": place})
    # What the rest of the page (outside the live region) needs: plain values, cached with the region.
    extras = {"phase": ctx["phase"], "turn": ctx["turn"], "my_turn": ctx["my_turn"],
              "shown_turn": ctx["shown_turn"], "turn_unit": ctx["kind_words"].turn_unit,
              "asked_me": ctx["asked_me"], "seat": viewer.seat is not None, "started": True,
              "poll_url": ctx["poll_url"],
              # The kind's extras template reads its own context, `extras`: what its page_context gave
              # under that name (MetalTalon's standing orders' fields), plain values cached with the region.
              "extras": ctx.get("extras", {}),
              "kind_extras_template": ctx["kind_extras_template"], "command_help": ctx["command_help"],
              "command_example": ctx["command_example"]}
    return (page_cache.Region.of(page_cache.squeeze(html.encode()), place.encode()), extras,
            _chrome_head(viewer.game, extras))


# === VIEWS ===


@require_GET
def game(request: HttpRequest, game_id: int) -> HttpResponse:
    viewer = _load(request, game_id)
    # The next view of it may then be served by games.fast_page.
    pulse.remember_head(game_id, viewer.game.version, viewer.game.visibility)
    if request.user.is_authenticated:
        # On the page: a turn notice to them now waits and is dropped (the pulse keeps noting it).
        pulse.seen(game_id, request.user.pk)
    return _page(request, viewer)


@require_GET
def select(request: HttpRequest, game_id: int) -> HttpResponse:
    """One ship's moves and targets, the launch builder preview, or a confirmation: the same page with a
    selection (htmx gets the partial)."""
    viewer = _load(request, game_id)
    if "csrfmiddlewaretoken" in request.GET:
        # The launch builder's Preview (no JavaScript) submits its whole form by GET: keep the token out of
        # the address bar and the history.
        keep = _selection(request).query
        return redirect(request.path + ("?" + urlencode(keep) if keep else ""))
    return _page(request, viewer)


@require_http_methods(["GET", "POST"])
def play(request: HttpRequest, game_id: int) -> HttpResponse:
    """POST a command (free text, a button's command, or the launch builder's fields). A GET with
    ?command= shows what a board link would do and asks to confirm (the board works without JavaScript)."""
    viewer = _load(request, game_id)
    if request.method == "POST" and queries.plays_in(viewer.game, request.user):
        # One small read: the action reads the seats themselves with the game's lock (with_seats), so the
        # viewer's list is only read for a refusal (_may_act: its page, in its words, before anything else).
        refused = None
    else:
        refused = _may_act(request, viewer)
    if refused is not None:
        return refused
    if request.method == "GET":
        command = request.GET.get("command", "").strip()[:200]
        version = _int(request.GET.get("v"))
        notice = Notice("confirm", command, version=version if version is not None else viewer.game.version)
        return _page(request, viewer, notice=notice if command else None)
    try:
        expected = actions.read_version(request.POST.get("expected_version"))
    except actions.ActionError as exc:
        return _refused(request, viewer.game.pk, exc)
    return _submit(request, viewer, expected)


def _submit(request: HttpRequest, viewer: Viewer, expected: int | None) -> HttpResponse:
    """The posted form's meaning is read against the locked state and the seat the action found
    (games/actions/commands.py): the standing-orders form carries no version (orders change while others
    move), so a double submission finds nothing changed the second time; any other form is refused in the
    kind's own words when it means no command at all."""
    kind = viewer.kind
    data = request.POST
    orders = data.get("form") == "orders"

    def meaning(state: Any, seat: int) -> str:
        text = kind.command_from_form(data, state, seat, user=request.user)
        if not orders:
            kind.split(text)  # an empty or overlong submission: refused as typed text is
        return text

    return _apply(request, viewer, lambda: actions.apply_command(
        viewer.game, Actor.player(request.user), meaning, expected_version=None if orders else expected),
        unchanged="Your standing orders are unchanged.")


@require_POST
def undo(request: HttpRequest, game_id: int) -> HttpResponse:
    viewer = _load(request, game_id)
    refused = _may_act(request, viewer)
    if refused is not None:
        return refused
    actor = Actor.player(request.user)
    return _apply(request, viewer, lambda: actions.undo(viewer.game, actor,
                                                        expected_version=actions.read_version(request.POST.get(
                                                            "expected_version"))), undo=True)


@require_http_methods(["GET", "POST"])
def orders(request: HttpRequest, game_id: int) -> HttpResponse:
    """Standing orders (a kind's decisions taken out of turn): editable at any time by the seat's owner,
    whoever's turn it is. The same submission as a command, from the kind's orders form."""
    viewer = _load(request, game_id)
    refused = _may_act(request, viewer)
    if refused is not None:
        return refused
    if request.method == "GET":
        return _page(request, viewer)
    if viewer.game.state is None:
        return _refused(request, viewer.game.pk, actions.NotInPlay("This game is not in play."))
    post = request.POST.copy()
    post["form"] = "orders"
    request.POST = post
    return _submit(request, viewer, None)


@require_GET
def poll(request: HttpRequest, game_id: int) -> HttpResponse:
    """304 while the game is unchanged (one small query, nothing rendered); the fresh `live` partial
    once it has moved on."""
    row = Game.objects.filter(pk=game_id).values("version", "visibility", "status").first()
    if row is None:
        raise Http404("No such game")
    if row["visibility"] == Game.Visibility.PUBLIC:
        # The next unchanged poll is then answered before the session is read (games.fast_page, which
        # answers public games' polls only: a private one's would cache the head for nobody).
        pulse.remember_head(game_id, row["version"], row["visibility"])
    etag = f'"g{game_id}v{row["version"]}"'
    if row["visibility"] != Game.Visibility.PUBLIC:
        _load(request, game_id)  # private: the visibility check needs the user
    seen = _int(request.GET.get("v"))
    if request.headers.get("If-None-Match") == etag or seen == row["version"]:
        response = HttpResponseNotModified()
        response["ETag"] = etag
        response["Cache-Control"] = "private, no-cache"
        return response
    if request.GET.get("status") == Game.Status.OPEN and row["status"] != Game.Status.OPEN:
        # The waiting room has just started: the whole page changes shape, so reload it.
        response = HttpResponse(status=200)
        response["HX-Refresh"] = "true"
        return response
    viewer = _load(request, game_id)
    response = _page(request, viewer)
    response["ETag"] = f'"g{game_id}v{viewer.game.version}"'
    response["Cache-Control"] = "private, no-cache"
    return response


@require_GET
def board_svg(request: HttpRequest, game_id: int) -> HttpResponse:
    """The board picture alone (an <img>, e-mail previews), with the kind's selection if any."""
    viewer = _load(request, game_id)
    if viewer.game.state is None:
        raise Http404("The board appears when the game starts")
    ctx = _context(request, viewer, _selection(request))
    # The kind's page may draw its board over pictures of its own (MetalTalon's terrain): a picture of the
    # board alone is drawn whole (board_picture), else it is the page's.
    picture = ctx.get("board_picture")
    board = ((picture() if callable(picture) else None) or ctx.get("board")
             or viewer.kind.board_svg(viewer.kind.load(viewer.game.state), viewer.index))
    response = HttpResponse(board, content_type="image/svg+xml; charset=utf-8")
    response["ETag"] = f'"b{game_id}v{viewer.game.version}s{viewer.index}"'
    response["Cache-Control"] = "private, no-cache"
    return response


# === HELPERS ===


def _int(raw: str | None) -> int | None:
    try:
        return int(raw) if raw not in (None, "") else None
    except ValueError:
        return None


def _apply(request: HttpRequest, viewer: Viewer, action: Any, undo: bool = False,
           unchanged: str = "Nothing was played.") -> HttpResponse:
    """Carry out `action` and answer with its outcome; `unchanged` is what to say when it played nothing (a
    form whose meaning, read under the lock, was already the case)."""
    try:
        applied = action()
    except actions.ActionError as exc:
        return _refused(request, viewer.game.pk, exc)
    # The htmx answer is drawn from the game as the action left it, with the seats it read (no re-read).
    after = Viewer(applied.game, request.user)
    if not applied.actions and not undo:
        return _finish(request, after, Notice("info", unchanged))
    if undo:
        taken = "; ".join(a.command for a in applied.actions)
        n = len(applied.actions)
        return _finish(request, after, Notice("done", f"Took back {n} action{pluralize(n)}: {taken}."))
    game = applied.game
    kind = viewer.kind
    state = kind.load(game.state) if game.state else None
    names = [s.name for s in after.seats if s.index is not None]
    sentences = [line for a in applied.actions
                 for line in narrate(game, kind, state, names, seat=a.seat, command=a.command,
                                     events=a.events, reader=after.index).lines]
    commands = [a.command for a in applied.actions]
    notice = _done(commands, sentences)
    if applied.stopped is not None:
        notice = Notice("error", applied.stopped.message,
                        ["Played: " + "; ".join(commands) + ".", *sentences])
    return _finish(request, after, notice, kind.selection_after(commands, applied.events))


def _done(commands: list[str], sentences: list[str]) -> Notice:
    text, details = done_words(commands, sentences)
    return Notice("done", text, details)


def _finish(request: HttpRequest, viewer: Viewer, notice: Notice,
            selection: dict[str, str] | None = None) -> HttpResponse:
    """htmx: the fresh partial in place. Plain form: back to the page with a message (no resubmit)."""
    if request.htmx:
        return _page(request, viewer, sel=Selection(kind=selection or {}), notice=notice)
    level = {"done": messages.SUCCESS, "error": messages.ERROR}.get(notice.kind, messages.INFO)
    messages.add_message(request, level, " ".join([notice.text, *notice.details]))
    target = reverse("games:game", args=[viewer.game.pk])
    return redirect(target + ("?" + urlencode(selection) if selection else ""))


def _refused(request: HttpRequest, game_id: int, error: actions.ActionError) -> HttpResponse:
    """The refusal in words, over the current board (re-read: the game may have moved on)."""
    viewer = _load(request, game_id)
    # The kind's selection the form was posted with (its action's query, e.g. ?ship=O9) stays selected.
    return _page(request, viewer, sel=Selection(kind=_selection(request).kind),
                 notice=Notice("error", error.message), status=http_status(error))

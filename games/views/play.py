"""The game page: every status of a game, the board, legal moves, commands, undo, standing orders, the log,
and the light poll that lets other pages follow along.

Every control is a plain link or form (works without JavaScript); with htmx the same URLs answer with the
`live` partial of templates/games/game.html. Everything that changes a game goes through games.services.
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass, field
from datetime import timedelta
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
from django.utils.safestring import mark_safe
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from accounts.prefs import request_prefs
from games import page_cache, services
from games import presenters as P
from games.board_svg import board_svg as draw_board
from games.engine import EDITIONS, GameState
from games.models import Action, Game, Seat
from games.views.lobby import seating_context
from games.views.social import chat_context

LOG_PAGE = 20
POLL_SECONDS = 4
BOARD_CACHE_SECONDS = 24 * 3600
BOARD_CACHE_VERSION = 3  # bump when the drawing changes so cached pictures are not served stale
LIVE_CACHE_SECONDS = 60
LIVE_CACHE_VERSION = 1
_CELL_RE = re.compile(r"^[A-Za-z]\d{1,2}$")


# === ACCESS ===


class Viewer:
    """Who is looking: their seat (if playing) and what they may do. The seats are read only when needed:
    a page served from the cache never needs them."""

    def __init__(self, game: Game, user: Any) -> None:
        self.game = game
        self.user_id = user.pk if user.is_authenticated else None
        self.staff = bool(user.is_authenticated and user.is_staff)

    @cached_property
    def seats(self) -> list[Seat]:
        return list(self.game.seats.select_related("user__profile").order_by("index", "joined_at"))

    @cached_property
    def seat(self) -> Seat | None:
        if self.user_id is None:
            return None
        return next((s for s in self.seats if s.user_id == self.user_id), None)

    @property
    def index(self) -> int | None:
        return self.seat.index if self.seat is not None else None


def _load(request: HttpRequest, game_id: int) -> Viewer:
    """The game; 404 for a private game the user may not see, so its existence is not revealed."""
    viewer = Viewer(get_object_or_404(Game, pk=game_id), request.user)
    if (viewer.game.visibility != Game.Visibility.PUBLIC and viewer.seat is None
            and not services.can_view(viewer.game, request.user)):
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
    ship: str | None = None
    launch: tuple[int, int, int] | None = None
    confirm: str | None = None  # "end" or "resign"
    log_page: int = 1
    text: bool = False  # the text view: board as text, ships by cell, legal commands as buttons


def _selection(request: HttpRequest) -> Selection:
    data = request.GET
    ship = data.get("ship", "").strip().upper()
    sel = Selection(ship=ship if _CELL_RE.match(ship) else None)
    sel.text = data.get("text") == "1"
    if data.get("confirm") in ("end", "resign"):
        sel.confirm = data["confirm"]
    if any(k in data for k in ("n1", "n5", "n10")):
        sel.launch = (_count(data.get("n1")), _count(data.get("n5")), _count(data.get("n10")))
    try:
        sel.log_page = max(1, min(10_000, int(data.get("log", "1"))))
    except ValueError:
        sel.log_page = 1
    return sel


def _count(raw: str | None) -> int:
    try:
        return max(0, min(99, int(raw or 0)))
    except ValueError:
        return 0


@dataclass
class Notice:
    kind: str  # "error", "done", "info" or "confirm" (a board link followed without JavaScript)
    text: str
    details: list[str] = field(default_factory=list)
    version: int | None = None  # confirm: the version the link was drawn for


def _deadline(game: Game) -> dict[str, Any]:
    if not game.deadline_hours:
        return {"text": "no deadline", "due": None, "overdue": False}
    if game.turn_started_at is None or game.status not in (Game.Status.SETUP, Game.Status.ACTIVE):
        return {"text": f"{game.deadline_hours} h per turn", "due": None, "overdue": False}
    due = game.turn_started_at + timedelta(hours=game.deadline_hours)
    left = due - timezone.now()
    hours = left.total_seconds() / 3600
    if hours < 0:
        text = "overdue"
    elif hours < 1:
        text = f"{max(1, int(left.total_seconds() // 60))} min left"
    elif hours < 48:
        text = f"{int(hours)} h {int(left.total_seconds() // 60 % 60)} min left"
    else:
        text = f"{int(hours // 24)} days left"
    return {"text": text, "due": due, "overdue": hours < 0, "hours": game.deadline_hours}


def _log_page(game: Game, state: GameState | None, names: list[str], page: int) -> dict[str, Any]:
    """One page of the log, newest first: a single query whatever the length of the game (the newest
    row's seq is the total, since seq runs 1..n without gaps)."""
    rows = list(Action.objects.filter(game=game).order_by("-seq")
                .only("seq", "seat", "command", "events", "turn", "undone", "source", "created_at")
                [(page - 1) * LOG_PAGE: page * LOG_PAGE + 1])
    more = len(rows) > LOG_PAGE
    rows = rows[:LOG_PAGE]
    turn = state.turn if state is not None and state.phase == "play" else None
    entries = [P.LogEntry(
        seq=a.seq, seat=a.seat, letter=P.seat_letter(a.seat) if a.seat is not None else "",
        command=a.command, sentences=P.log_sentences(a.events, state, names),
        current=turn is not None and a.turn == turn and not a.undone, undone=a.undone, source=a.source,
        created_at=a.created_at) for a in rows]
    return {"entries": entries, "page": page, "older": page + 1 if more else None,
            "newer": page - 1 if page > 1 else None, "rows": rows}


def _board(viewer: Viewer, state: GameState, sel: Selection, legal: P.Legal, reach: list[str],
           aim: list[str]) -> str:
    """The board picture for this viewer and selection, cached per game version: every viewer of an
    unchanged game shares the same few renderings."""
    game = viewer.game
    key = f"board:{BOARD_CACHE_VERSION}:{game.pk}:{game.version}:{viewer.index}:{sel.ship or '-'}"
    svg = cache.get(key)
    if svg is None:
        svg = _draw(game, state, viewer.index, sel.ship if reach or aim else None, legal, reach, aim)
        cache.set(key, svg, BOARD_CACHE_SECONDS)
    return svg


def _draw(game: Game, state: GameState, seat: int | None, selected: str | None, legal: P.Legal,
          reach: list[str], aim: list[str]) -> str:
    base = reverse("games:game", args=[game.pk])
    play_url = reverse("games:play", args=[game.pk])
    mine = set(legal.ship_cells)
    fire_at = {cell: base_shot for cell, base_shot in legal.fires.get(selected or "", [])}

    def cell_url(cell: str) -> str | None:
        if selected is not None and cell in reach:
            return play_url + "?" + urlencode({"command": f"move {selected} {cell}", "v": game.version})
        if selected is not None and cell in fire_at:
            command = f"fire {selected} {cell}" + (" base" if fire_at[cell] else "")
            return play_url + "?" + urlencode({"command": command, "v": game.version})
        if cell in mine:
            return base + ("" if cell == selected else "?" + urlencode({"ship": cell}))
        return None

    return draw_board(state, viewer=seat, selected=selected, highlights=reach, targets=aim, cell_url=cell_url)


def _context(request: HttpRequest, viewer: Viewer, sel: Selection,
             notice: Notice | None = None) -> dict[str, Any]:
    """Everything the page shows for this viewer and selection (an uncached rendering)."""
    game = viewer.game
    ctx: dict[str, Any] = {
        "game": game, "viewer": viewer, "seat": viewer.seat, "seats": viewer.seats, "sel": sel,
        "notice": notice, "poll_seconds": POLL_SECONDS, "deadline": _deadline(game),
        "edition": EDITIONS.get(game.edition), "version": game.version, "poll_url": _poll_url(game, sel),
    }
    if game.state is None:
        ctx.update(seating_context(request, game), state=None)
        return ctx
    state = GameState.from_dict(game.state)
    by_index = {s.index: s for s in viewer.seats if s.index is not None}
    usernames = [by_index[i].name if i in by_index else f"seat {i + 1}" for i in range(state.players)]
    names = P.seat_names(state, usernames)
    me = viewer.index if viewer.seat is not None and state.phase != "over" else None
    legal = P.legal_for(state, me)
    log = _log_page(game, state, names, sel.log_page)
    ctx.update(
        state=state, names=names, usernames=usernames, legal=legal, me=me, log=log,
        panels=P.seat_panels(state, usernames, me),
        active_name=names[state.active] if state.phase == "play" else None,
        pending=state.pending, to_act=[names[i] for i in state.to_act],
        can_end="end" in legal.simple, can_resign="resign" in legal.simple,
        setup_choices=[c for c in ("keep", "redraw") if c in legal.simple],
        order_fields=P.order_fields(legal, state.seats[me].orders, state.edition) if me is not None else [],
        winner=names[state.winner] if state.phase == "over" and state.winner is not None else None,
        dealt=_dealt(state, usernames, me) if state.phase == "setup" else [],
        me_out=me is not None and state.seats[me].out,
        me_out_reason=P.seat_status(state, me).capitalize() + "." if me is not None else "",
    )
    ctx.update(_turn_context(game, state, me, legal, sel, log))
    ctx.update(_text_view(state, me, legal, names) if sel.text else {})
    ctx["board"] = _board(viewer, state, sel, legal, [d.cell for d in ctx["destinations"]],
                          [t.cell for t in ctx["targets"]])
    return ctx


def _poll_url(game: Game, sel: Selection) -> str:
    """The poll keeps what the reader is looking at: the selected ship, a confirmation, the log page."""
    keep = (("ship", sel.ship), ("confirm", sel.confirm), ("log", sel.log_page if sel.log_page > 1 else None),
            ("text", "1" if sel.text else None))
    return reverse("games:poll", args=[game.pk]) + "?" + urlencode({"v": game.version,
                                                                    **{k: v for k, v in keep if v}})


def _dealt(state: GameState, usernames: list[str], me: int | None) -> list[dict[str, Any]]:
    return [{"name": usernames[s.index], "faction": P.faction_name(s.faction),
             "power": P.faction_power(s.faction, state.edition), "decided": s.decided,
             "redrawn": s.redrawn, "you": s.index == me} for s in state.seats]


def _turn_context(game: Game, state: GameState, me: int | None, legal: P.Legal, sel: Selection,
                  log: dict[str, Any]) -> dict[str, Any]:
    """The selected ship's moves, targets and splits, the launch builder, end turn and undo."""
    ship = sel.ship if sel.ship in legal.ship_cells else None
    sel.ship = ship
    out: dict[str, Any] = {"my_turn": False, "selected": ship, "unused": [], "budget": None,
                           "destinations": [], "targets": [], "splits": {}, "builder": None, "undo_ok": False}
    if me is None:
        return out
    my_turn = state.phase == "play" and state.active == me and state.pending is None
    out["my_turn"] = my_turn
    if ship is not None:
        out.update(budget=P.budget(state, me, ship), destinations=P.destinations(state, me, ship, legal),
                   targets=P.targets_for(state, me, ship, legal),
                   splits=P.split_choices(state, me, ship, legal))
    if my_turn:
        # Ships that have not acted at all this turn (the active one has): ending the turn lists them.
        out["unused"] = [r for r in P.ship_rows(state, me) if r.cell in legal.ship_cells and not r.status]
        out["builder"] = P.launch_builder(state, me, legal, sel.launch)
        out["undo_ok"] = _has_undoable(state, me, game, log["rows"] if sel.log_page == 1 else None)
    return out


def _text_view(state: GameState, me: int | None, legal: P.Legal, names: list[str]) -> dict[str, Any]:
    """For screen readers: the engine's text board, the ships by cell, the legal commands as buttons."""
    ships = sorted(((s.cell, names[s.owner], P.format_pieces(s.pieces, state.edition), s.value)
                    for s in state.ships), key=lambda r: P.cell_sort_key(r[0]))
    return {"screen_text": P.screen_reader_text(state, me), "command_groups": P.command_groups(legal),
            "ships_by_cell": ships}


def _has_undoable(state: GameState, seat: int | None, game: Game, newest: list[Action] | None) -> bool:
    """Whether services.undo would find something to take back, read from the newest log page already
    loaded (no extra query); only a turn longer than that page asks the services."""
    if seat is None:
        return False
    for action in newest or []:
        if action.undone:
            continue
        if action.turn != state.turn or any(e.get("type") in services.UNDO_BARRIERS for e in action.events):
            return False
        if action.seat == seat and action.command.split()[0].lower() not in services.ANYTIME_VERBS:
            return True
    if newest is not None and len(newest) < LOG_PAGE:
        return False  # the whole log was on the page
    return bool(services.undoable_actions(game, seat))


def _page(request: HttpRequest, viewer: Viewer, sel: Selection | None = None, notice: Notice | None = None,
          status: int = 200) -> HttpResponse:
    """The full page, or the `live` partial for an htmx request."""
    sel = sel or _selection(request)
    game = viewer.game
    if game.state is None:  # the waiting room: W1's seating box
        ctx = _context(request, viewer, sel, notice)
        return render(request, "games/game.html", ctx, status=status)
    key = _page_key(request, viewer, sel) if notice is None and status == 200 and not request.htmx else None
    cached = page_cache.get_page(key) if key is not None else None
    if cached is not None:
        get_token(request)  # the page's forms carry the token of this very CSRF secret (it is in the key)
        response = HttpResponse(cached)
    else:
        live_html, extras = _live(request, viewer, sel, notice)
        if request.htmx:
            response = HttpResponse(live_html, status=status)
        else:
            may_chat = bool(extras["seat"] or request.user.is_staff)
            ctx = {"game": game, "viewer": viewer, "sel": sel, "live_html": live_html,
                   "version": game.version, **extras, **chat_context(request, game, may_chat=may_chat)}
            response = render(request, "games/game.html", ctx, status=status)
            if key is not None:
                page_cache.set_page(key, response.content)
    response["Vary"] = "HX-Request, Cookie"
    return response


def _selection_key(sel: Selection) -> str:
    launch = "-".join(map(str, sel.launch or ()))
    return f"{sel.ship or '-'}:{sel.confirm or '-'}:{launch}:{sel.log_page}:{int(sel.text)}"


def _page_key(request: HttpRequest, viewer: Viewer, sel: Selection) -> str | None:
    """The whole-page cache key (games.page_cache), or None when this page must be drawn afresh: a plain
    GET only, never on a first visit (new CSRF secret) nor with a flash message waiting."""
    secret = request.META.get("CSRF_COOKIE")
    if request.method != "GET" or not secret or len(messages.get_messages(request)):
        return None
    user = request.user
    prefs = request_prefs(request, user.pk) if user.is_authenticated else None
    chat, turn_count = page_cache.chat_and_turn_count(viewer.game.pk, user)
    return page_cache.page_key(
        game_id=viewer.game.pk, version=viewer.game.version, user_id=user.pk or 0, staff=bool(user.is_staff),
        time_zone=timezone.get_current_timezone_name(), name=prefs.display_name if prefs else "",
        csrf_secret=str(secret), selection=_selection_key(sel), chat=chat, turn_count=turn_count)


def _live(request: HttpRequest, viewer: Viewer, sel: Selection,
          notice: Notice | None) -> tuple[str, dict[str, Any]]:
    """The rendered `live` region and what the rest of the page needs from the same computation.

    Cached per (game version, user, CSRF secret, selection) for a short while: every poll, reload and
    spectator of an unchanged game is then served without touching the engine or the log. The key holds
    the CSRF secret because the region's forms carry the token; the short life keeps the deadline and
    "minutes ago" texts fresh."""
    had_cookie = bool(request.META.get("CSRF_COOKIE"))
    token = get_token(request)  # also makes sure the CSRF cookie is set for the forms
    key = None
    # A first visit has no CSRF cookie yet: its secret is new, so its rendering is never reused.
    if notice is None and request.method == "GET" and had_cookie:
        secret = hashlib.sha1(str(request.META["CSRF_COOKIE"]).encode()).hexdigest()[:10]
        user = request.user.pk if request.user.is_authenticated else 0
        key = (f"live:{LIVE_CACHE_VERSION}:{viewer.game.pk}:{viewer.game.version}:{user}:{secret}:"
               f"{_selection_key(sel)}")
        cached = cache.get(key)
        if cached is not None:
            return mark_safe(cached[0]), cached[1]  # noqa: S308 - our own rendering, escaped when made
    ctx = _context(request, viewer, sel, notice)
    # No request: the region needs no context processor (the navigation's counts are the page's, not its
    # own), only the CSRF token for its forms.
    html = render_to_string("games/game.html#live", {**ctx, "csrf_token": token})
    state = ctx["state"]
    extras = {"state": {"phase": state.phase, "turn": state.turn}, "seat": viewer.seat is not None,
              "order_fields": ctx.get("order_fields", []), "poll_url": ctx["poll_url"]}
    if key is not None:
        cache.set(key, (str(html), extras), LIVE_CACHE_SECONDS)
    return mark_safe(html), extras


# === VIEWS ===


@require_GET
def game(request: HttpRequest, game_id: int) -> HttpResponse:
    return _page(request, _load(request, game_id))


@require_GET
def select(request: HttpRequest, game_id: int) -> HttpResponse:
    """One ship's moves and targets, the launch builder preview, or a confirmation: the same page with a
    selection (htmx gets the partial)."""
    viewer = _load(request, game_id)
    if "csrfmiddlewaretoken" in request.GET:
        # The launch builder's Preview (no JavaScript) submits its whole form by GET: keep the token out of
        # the address bar and the history.
        keep = {k: v for k, v in request.GET.items() if k in ("ship", "n1", "n5", "n10", "log", "text")}
        return redirect(request.path + ("?" + urlencode(keep) if keep else ""))
    return _page(request, viewer)


@require_http_methods(["GET", "POST"])
def play(request: HttpRequest, game_id: int) -> HttpResponse:
    """POST a command (free text, a button's command, or the launch builder's fields). A GET with
    ?command= shows what a board link would do and asks to confirm (the board works without JavaScript)."""
    viewer = _load(request, game_id)
    refused = _may_act(request, viewer)
    if refused is not None:
        return refused
    if request.method == "GET":
        command = request.GET.get("command", "").strip()[:200]
        version = _int(request.GET.get("v"))
        notice = Notice("confirm", command, version=version if version is not None else viewer.game.version)
        return _page(request, viewer, notice=notice if command else None)
    text = _command_text(request, viewer.game)
    expected = _int(request.POST.get("expected_version"))
    return _apply(request, viewer, lambda: services.apply_command(
        viewer.game, request.user, text, source="web", expected_version=expected))


@require_POST
def undo(request: HttpRequest, game_id: int) -> HttpResponse:
    viewer = _load(request, game_id)
    refused = _may_act(request, viewer)
    if refused is not None:
        return refused
    expected = _int(request.POST.get("expected_version"))
    return _apply(request, viewer, lambda: services.undo(viewer.game, request.user,
                                                         expected_version=expected), undo=True)


@require_http_methods(["GET", "POST"])
def orders(request: HttpRequest, game_id: int) -> HttpResponse:
    """Standing orders: editable at any time by the seat's owner, whoever's turn it is."""
    viewer = _load(request, game_id)
    refused = _may_act(request, viewer)
    if refused is not None:
        return refused
    if request.method == "GET":
        return _page(request, viewer)
    commands = _order_commands(request, viewer)
    if not commands:
        return _finish(request, viewer, Notice("info", "Your standing orders are unchanged."))
    return _apply(request, viewer, lambda: services.apply_command(
        viewer.game, request.user, "; ".join(commands), source="web"))


@require_GET
def poll(request: HttpRequest, game_id: int) -> HttpResponse:
    """304 while the game is unchanged (one small query, nothing rendered); the fresh `live` partial
    once it has moved on."""
    row = Game.objects.filter(pk=game_id).values("version", "visibility", "status").first()
    if row is None:
        raise Http404("No such game")
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
    """The board picture alone (an <img>, e-mail previews); ?ship= adds one of my ship's moves."""
    viewer = _load(request, game_id)
    if viewer.game.state is None:
        raise Http404("The board appears when the game starts")
    ctx = _context(request, viewer, _selection(request))
    response = HttpResponse(ctx["board"], content_type="image/svg+xml; charset=utf-8")
    response["ETag"] = f'"b{game_id}v{viewer.game.version}s{viewer.index}"'
    response["Cache-Control"] = "private, no-cache"
    return response


# === HELPERS ===


def _int(raw: str | None) -> int | None:
    try:
        return int(raw) if raw not in (None, "") else None
    except ValueError:
        return None


def _command_text(request: HttpRequest, game: Game) -> str:
    data = request.POST
    pieces = (_count(data.get("n1")), _count(data.get("n5")), _count(data.get("n10")))
    if data.get("verb") == "launch":
        return "launch " + (P.format_pieces(pieces, game.edition) or "nothing")
    if data.get("verb") == "split":
        cells = [data.get(k, "").strip()[:3] for k in ("split_from", "split_to")]
        return f"split {cells[0]} {cells[1]} " + (P.format_pieces(pieces, game.edition) or "nothing")
    return data.get("command", "")


def _order_commands(request: HttpRequest, viewer: Viewer) -> list[str]:
    """The `order` commands for the fields that changed, each one the engine lists as legal."""
    state = GameState.from_dict(viewer.game.state) if viewer.game.state else None
    if state is None or viewer.index is None:
        return []
    legal = P.legal_for(state, viewer.index)
    current = P.order_values(state.seats[viewer.index].orders)
    out = []
    for name, choices in legal.orders.items():
        value = request.POST.get(name, "").strip().lower()
        if value and value != current.get(name) and value in choices:
            out.append(f"order {name} {value}")
        elif value and value not in choices:
            out.append(f"order {name} {value}")  # let the engine explain what is wrong with it
    return out


def _apply(request: HttpRequest, viewer: Viewer, action: Any, undo: bool = False) -> HttpResponse:
    try:
        applied = action()
    except services.GameMovedOn as exc:
        return _refused(request, viewer.game.pk, exc.message, 409)
    except services.ServiceError as exc:
        return _refused(request, viewer.game.pk, exc.message, 403 if isinstance(exc, services.NotAllowed)
                        else 400)
    if undo:
        taken = "; ".join(a.command for a in applied.actions)
        n = len(applied.actions)
        notice = Notice("done", f"Took back {n} action{pluralize(n)}: {taken}.")
    else:
        state = GameState.from_dict(applied.game.state) if applied.game.state else None
        names = [s.name for s in viewer.seats if s.index is not None]
        sentences = P.log_sentences(applied.events, state, P.seat_names(state, names) if state else None)
        notice = Notice("done", "Done: " + "; ".join(a.command for a in applied.actions) + ".", sentences)
        return _finish(request, viewer, notice, _next_ship(applied))
    return _finish(request, viewer, notice)


def _next_ship(applied: Any) -> str | None:
    """Keep the acting ship selected after a move, a shot or a launch, so the player carries on with it
    (the page drops the selection by itself when that ship has nothing left to do)."""
    if not applied.actions:
        return None
    words = applied.actions[-1].command.split()
    verb = words[0].lower() if words else ""
    if verb == "move" and len(words) >= 3:
        return words[-1].upper()
    if verb == "fire" and len(words) >= 3:
        return words[1].upper()
    if verb == "launch":
        return next((e.get("cell") for e in applied.events if e.get("type") == "launch"), None)
    return None


def _finish(request: HttpRequest, viewer: Viewer, notice: Notice, ship: str | None = None) -> HttpResponse:
    """htmx: the fresh partial in place. Plain form: back to the page with a message (no resubmit)."""
    if request.htmx:
        return _page(request, _load(request, viewer.game.pk), sel=Selection(ship=ship), notice=notice)
    level = messages.SUCCESS if notice.kind == "done" else messages.INFO
    messages.add_message(request, level, " ".join([notice.text, *notice.details]))
    target = reverse("games:game", args=[viewer.game.pk])
    return redirect(target + ("?" + urlencode({"ship": ship}) if ship else ""))


def _refused(request: HttpRequest, game_id: int, message: str, status: int) -> HttpResponse:
    """The refusal in words, over the current board (re-read: the game may have moved on)."""
    viewer = _load(request, game_id)
    return _page(request, viewer, sel=Selection(), notice=Notice("error", message), status=status)

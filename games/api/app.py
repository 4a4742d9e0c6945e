"""The API's endpoints (docs/api.md). Thin, as the web's views are: read through games/api/reads.py,
write through the actions, and answer every refusal as a Problem with the web's status for its code
(games/views/refusals.py)."""

from __future__ import annotations

import math
from typing import Any

from django.http import HttpRequest, HttpResponse
from ninja import NinjaAPI, Query, Schema
from ninja.errors import AuthenticationError, ValidationError

from games import actions
from games.actions import Actor
from games.api import reads
from games.api.auth import RateLimited, TokenAuth, command_allowance
from games.api.schemas import CommandsIn, CommandsOut, GameDetail, GamePage, Legal, Log, Me, Problem
from games.kinds import get_kind
from games.models import Game
from games.views.refusals import http_status

PAGE_SIZE = 50
LEGAL_PAGE_MAX = 5000
DESCRIPTION = """Play and read games with a personal token: make one on your profile page and send it as
`Authorization: Bearer <token>`. Every seat sees only its own view of a game. Refusals are
`{"code", "message"}`; nothing changes on a refusal.

**Webhooks** (kept on the profile page) receive a POST when it is your turn. The JSON format's body is
`{"event": "your_turn", "game", "kind", "title", "turn", "player", "url", "api"}`; the Discord format is a
channel message. Each POST carries `X-MetalTalon-Timestamp` and `X-MetalTalon-Signature: sha256=<hex>`,
the HMAC-SHA256 of `<timestamp>.<body>` keyed with the webhook's secret (shown with the webhook):
compute it over the raw body and compare, and refuse an old timestamp. A delivery that fails is retried
after 30 s, 2 min, 10 min, 30 min and 2 h, then given up."""

api = NinjaAPI(title="MetalTalon API", version="1", auth=TokenAuth(), urls_namespace="api",
               openapi_url="/schema", docs_url="/docs",
               description=DESCRIPTION)

NOT_FOUND = {404: Problem}
REFUSED = {400: Problem, 403: Problem, 404: Problem, 409: Problem, 429: Problem}


class GameFilters(Schema):
    mine: bool = False
    status: Game.Status | None = None
    kind: str | None = None
    page: int = 1


def problem(request: HttpRequest, status: int, code: str, message: str, **headers: str) -> HttpResponse:
    response = api.create_response(request, {"code": code, "message": message}, status=status)
    for name, value in headers.items():
        response[name] = value
    return response


# The API's own words where the action's speak of a page (docs/architecture.md: each channel turns the
# codes into its own form).
API_MESSAGES = {"moved_on": "The game has moved on since the version you sent: read it again (GET the game) "
                            "and send the new version. Nothing was applied."}


@api.exception_handler(actions.ActionError)
def refused(request: HttpRequest, exc: actions.ActionError) -> HttpResponse:
    # A player's limits (games/actions/limits.py) say when to come back, as the API's own limits do.
    headers = {"Retry-After": str(exc.retry_after)} if isinstance(exc, actions.RateLimited) else {}
    return problem(request, http_status(exc), exc.code, API_MESSAGES.get(exc.code, exc.message), **headers)


@api.exception_handler(RateLimited)
def rate_limited(request: HttpRequest, exc: RateLimited) -> HttpResponse:
    return problem(request, 429, "rate_limited", f"Too many requests: try again in {exc.retry_after} s.",
                   **{"Retry-After": str(exc.retry_after)})


@api.exception_handler(AuthenticationError)
def unauthenticated(request: HttpRequest, exc: AuthenticationError) -> HttpResponse:
    return problem(request, 401, "not_signed_in",
                   "Send a personal API token as 'Authorization: Bearer <token>' (make one on your profile "
                   "page); this one is missing, unknown or revoked.", **{"WWW-Authenticate": "Bearer"})


@api.exception_handler(ValidationError)
def invalid(request: HttpRequest, exc: ValidationError) -> HttpResponse:
    first = exc.errors[0] if exc.errors else {}
    where = ".".join(str(p) for p in first.get("loc", ()) if p not in ("body", "query", "path", "payload"))
    message = f"{where}: {first.get('msg', 'invalid')}" if where else str(first.get("msg", "invalid"))
    return problem(request, 422, "invalid", f"The request is not valid ({message}); nothing was changed.")


def _missing(request: HttpRequest) -> HttpResponse:
    return problem(request, 404, "not_found", "No such game, or not one you may see.")


@api.get("/me", response=Me, summary="Who the token acts for")
def me(request: HttpRequest) -> dict[str, Any]:
    user = request.auth
    return {"id": user.pk, "name": user.display_name, "url": user.get_absolute_url()}


@api.get("/games", response=GamePage, summary="Games you may see, newest first")
def list_games(request: HttpRequest, filters: Query[GameFilters]) -> dict[str, Any]:
    user = request.auth
    games = reads.visible_games(user)
    if filters.mine:
        games = games.filter(seats__user=user)
    if filters.status:
        games = games.filter(status=filters.status)
    if filters.kind:
        games = games.filter(kind=filters.kind)
    count = games.count()
    pages = max(1, math.ceil(count / PAGE_SIZE))
    page = min(max(1, filters.page), pages)
    start = (page - 1) * PAGE_SIZE
    rows = games.prefetch_related("seats").order_by("-created_at", "-pk")[start:start + PAGE_SIZE]
    return {"games": [reads.summary(g, user) for g in rows], "page": page, "pages": pages, "count": count}


@api.get("/games/{game_id}", response={200: GameDetail, **NOT_FOUND}, summary="A game as your seat sees it")
def read_game(request: HttpRequest, game_id: int) -> Any:
    game = reads.game_for(request.auth, game_id)
    return reads.detail(game, request.auth) if game else _missing(request)


@api.get("/games/{game_id}/legal", response={200: Legal, **REFUSED},
         summary="Your legal commands now, `limit` at a time from `offset`")
def legal(request: HttpRequest, game_id: int, offset: int = 0, limit: int = 1000) -> Any:
    game = reads.game_for(request.auth, game_id)
    if game is None:
        return _missing(request)
    seat = game.seats.filter(user=request.auth).first()
    if seat is None or seat.index is None or game.state is None:
        return problem(request, 403, "no_seat", "You have no seat in this game in play.")
    kind = get_kind(game.kind)
    state = kind.load(game.state)
    # Launches grow with the cube of the reserve (tens of thousands of commands): a page at a time.
    commands = kind.legal_commands(state, seat.index) if game.is_active else []
    offset, limit = max(0, offset), min(max(1, limit), LEGAL_PAGE_MAX)
    return {"version": game.version, "seat": seat.index, "total": len(commands), "offset": offset,
            "commands": commands[offset:offset + limit]}


@api.get("/games/{game_id}/log", response={200: Log, **NOT_FOUND},
         summary="The game's actions after `after` (500 at most)")
def game_log(request: HttpRequest, game_id: int, after: int = 0) -> Any:
    game = reads.game_for(request.auth, game_id)
    if game is None:
        return _missing(request)
    return {"version": game.version, "actions": reads.log(game, max(0, after), request.auth)}


@api.post("/games/{game_id}/commands", response={200: CommandsOut, **REFUSED},
          summary="Play commands for your seat, as on the game page or by e-mail")
def play(request: HttpRequest, game_id: int, body: CommandsIn) -> Any:
    user = request.auth
    game = reads.game_for(user, game_id)
    if game is None:
        return _missing(request)
    wait = command_allowance(user)
    if wait:
        raise RateLimited(wait)
    applied = actions.apply_command(game, Actor.player(user, "api"), body.commands,
                                    expected_version=body.expected_version)
    stopped = applied.stopped
    return {"version": applied.game.version,
            "played": reads.played(applied.game, applied.actions[0].seat if applied.actions else None,
                                   applied.actions),
            "stopped": {"code": stopped.code, "message": stopped.message} if stopped else None}

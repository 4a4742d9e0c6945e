"""Finished games: the replay (every action, one step at a time) and the downloads.

The replay works without JavaScript (?step=N links and a GET form around the slider); with htmx, moving
the slider swaps the `frame` partial only. States come from engine replay of the Action log
(games.history.state_after), starting from the nearest turn snapshot.
"""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.utils.html import format_html
from django.utils.safestring import mark_safe
from django.views.decorators.http import require_GET

from games import history
from games.kinds import get_kind
from games.models import Game
from games.views.lobby import visible_game

REPLAYABLE = (Game.Status.FINISHED, Game.Status.ABORTED)


def _step(raw: str | None, last: int) -> int:
    try:
        return min(max(int(raw or last), 0), last)
    except ValueError:
        return last


@require_GET
def replay(request: HttpRequest, game_id: int) -> HttpResponse:
    game = visible_game(request, game_id)
    if game.status not in REPLAYABLE or game.state is None:
        messages.info(request, "The replay opens when the game is over; the game log shows every move.")
        return redirect(game)
    kind = get_kind(game.kind)
    actions = history.log_actions(game)
    step = _step(request.GET.get("step"), len(actions))
    state = history.state_after(game, actions, step)
    seats = list(game.seats.exclude(index=None).select_related("user__profile").order_by("index"))
    names = [s.name for s in seats]
    action = actions[step - 1] if step else None
    sentences = [kind.describe(e, state, names) for e in action.events] if action else []
    context = {
        "game": game, "seats": seats, "step": step, "last": len(actions), "action": action,
        "actor": _name(names, action.seat) if action else "",
        "sentences": sentences,
        # A kind's board_svg escapes every text it draws; the markup is the kind's own.
        "board": mark_safe(kind.board_svg(state, None)) if state is not None else format_html(""),
        "text_board": kind.text_board(state, None) if state is not None else "",
        "prev": max(step - 1, 0), "next": min(step + 1, len(actions)),
    }
    template = "games/replay.html#frame" if request.htmx else "games/replay.html"
    return render(request, template, context)


def _name(names: list[str], seat: int | None) -> str:
    return names[seat] if seat is not None and 0 <= seat < len(names) else "Moderator"


def _download(game: Game, body: str, content_type: str, name: str) -> HttpResponse:
    response = HttpResponse(body, content_type=content_type)
    response["Content-Disposition"] = f'attachment; filename="{game.kind}-{game.pk}.{name}"'
    return response


@require_GET
def log_txt(request: HttpRequest, game_id: int) -> HttpResponse:
    """The command log as text; once the game is over each line also carries the dice it drew, so
    replaying it gives the same game."""
    game = visible_game(request, game_id)
    return _download(game, history.command_log(game), "text/plain; charset=utf-8", "txt")


@require_GET
def record_json(request: HttpRequest, game_id: int) -> HttpResponse:
    """Everything about the game: options, seats, every action with its events, first and last state
    (while in play, as a spectator sees them and without the dice; everything once it is over)."""
    game = visible_game(request, game_id)
    response = JsonResponse(history.record(game), json_dumps_params={"indent": 1})
    response["Content-Disposition"] = f'attachment; filename="{game.kind}-{game.pk}.json"'
    return response


__all__ = ["log_txt", "record_json", "replay"]

"""Finished games: the replay (every action, one step at a time) and the downloads.

The replay works without JavaScript (?step=N links and a GET form around the slider); with htmx, moving
the slider swaps the `frame` partial only. States come from engine replay of the Action log
(games.history.at_step), starting from the nearest turn snapshot: a few queries whatever the log's length.
"""

from __future__ import annotations

from collections.abc import Iterator

from django.contrib import messages
from django.http import HttpRequest, HttpResponse, StreamingHttpResponse
from django.shortcuts import redirect, render
from django.utils.html import format_html
from django.utils.safestring import mark_safe
from django.views.decorators.http import require_GET

from games import history
from games.kinds import get_kind, shown_turn, words
from games.models import Game
from games.narration import reader_of
from games.seats import place_of
from games.views.lobby import visible_game

REPLAYABLE = (Game.Status.FINISHED, Game.Status.ABORTED)


def _step(raw: str | None, last: int) -> int:
    """The step asked for (?step=N, kept within the game), else the start of the game: a replay is
    watched from its beginning (End, or the Last link, jumps to the final state)."""
    try:
        return min(max(int(raw or 0), 0), last)
    except ValueError:
        return 0


@require_GET
def replay(request: HttpRequest, game_id: int) -> HttpResponse:
    game = visible_game(request, game_id)
    if game.status not in REPLAYABLE or game.state is None:
        messages.info(request, "The replay opens when the game is over; the game log shows every move.")
        return redirect(game)
    kind = get_kind(game.kind)
    undone = history.undone_seqs(game)
    last = history.steps(game, undone)
    step = _step(request.GET.get("step"), last)
    action, state = history.at_step(game, step, undone)
    seats = list(game.seats.exclude(index=None).select_related("user__profile").order_by("index"))
    names = [s.name for s in seats]
    sentences = [kind.describe(e, state, names) for e in action.events] if action else []
    prev_turn, next_turn = history.turn_steps(game, step, undone, last)
    context = {
        "game": game, "seats": seats, "step": step, "last": last, "action": action,
        "actor": _name(names, action.seat) if action else "",
        "sentences": sentences,
        # A kind's board_svg escapes every text it draws; the markup is the kind's own.
        "board": mark_safe(kind.board_svg(state, None)) if state is not None else format_html(""),
        "text_board": kind.text_board(state, None) if state is not None else "",
        "prev": max(step - 1, 0), "next": min(step + 1, last),
        # By whole turns: where this turn (or, from its start, the one before) began, and the next one.
        "prev_turn": prev_turn, "next_turn": next_turn,
        # The turn shown, as people read it (MetalTalon's round), while the game was in play.
        "shown_turn": shown_turn(kind, state) if state is not None and kind.phase(state) == "play" else None,
        "turn_unit": words(game.kind).turn_unit,
        # The result's places, a shared one said once per seat (1, 2, 2, 4: seats.place_of).
        "placed": [(place_of(game.result, s.index), s) for i in (game.result or {}).get("places") or []
                   for s in seats if s.index == i],
    }
    template = "games/replay.html#frame" if request.htmx else "games/replay.html"
    return render(request, template, context)


def _name(names: list[str], seat: int | None) -> str:
    return names[seat] if seat is not None and 0 <= seat < len(names) else "Moderator"


def _download(game: Game, chunks: Iterator[str], content_type: str, name: str) -> StreamingHttpResponse:
    """Streamed: a long game's log is written as it is read, never held whole in memory."""
    response = StreamingHttpResponse((chunk.encode() for chunk in chunks), content_type=content_type)
    response["Content-Disposition"] = f'attachment; filename="{game.kind}-{game.pk}.{name}"'
    return response


@require_GET
def log_txt(request: HttpRequest, game_id: int) -> HttpResponse:
    """The command log as text, as the downloading seat may read it (a spectator otherwise); once the game
    is over each line also carries the dice it drew, so replaying it gives the same game."""
    game = visible_game(request, game_id)
    lines = history.command_log_lines(game, reader_of(game, request.user))
    return _download(game, lines, "text/plain; charset=utf-8", "txt")


@require_GET
def record_json(request: HttpRequest, game_id: int) -> HttpResponse:
    """Everything about the game: options, seats, every action with its events, first and last state
    (while in play, as the downloading seat or a spectator may read them, without raw events nor dice;
    everything once it is over)."""
    game = visible_game(request, game_id)
    chunks = history.record_chunks(game, reader_of(game, request.user))
    return _download(game, chunks, "application/json", "json")


__all__ = ["log_txt", "record_json", "replay"]

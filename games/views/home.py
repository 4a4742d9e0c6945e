"""The home page: for a visitor, what the site is, each game it offers and a live board to look at; for a
player, the games that wait for them first, then their other games, games to join and games to watch."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from django.core.cache import cache
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils.safestring import mark_safe

from games import queries
from games.dice import SecretDice
from games.kinds import Kind, get_kind, offered_kinds, players_words, rules_document
from games.listing import GameRow, game_rows
from games.models import Game, Seat

SHOWCASE_SECONDS = 600
LISTED = 5


@dataclass(frozen=True)
class Offer:
    """One game the site offers, as the visitor's home page presents it: all of it from the kind, so a game
    the settings add appears there with no template edit."""

    kind: Kind
    players: str
    rules_url: str  # "" when the kind has no rules page
    watch: Game | None  # its public game in play that moved last, if any


def home(request: HttpRequest) -> HttpResponse:
    ctx: dict[str, Any] = {"open_games": queries.open_games()[:LISTED],
                           "watch": list(queries.games_to_watch()[:LISTED])}
    if request.user.is_authenticated:
        rows = game_rows(queries.listed_games(request.user, finished=LISTED), request.user)
        ctx.update(_my_rows(rows))
        ctx["invitations"] = queries.open_invitations(request.user)
        # A player who never took a seat is new here: welcomed, and pointed at a first game.
        ctx["newcomer"] = not Seat.objects.filter(user=request.user).exists()
    else:
        ctx["offers"] = _offers()
        ctx["showcase"] = _showcase(ctx["watch"][0] if ctx["watch"] else None)
    return render(request, "home.html", ctx)


def _offers() -> list[Offer]:
    return [Offer(kind, players_words(kind),
                  reverse("games:kind_rules", args=[kind.name]) if rules_document(kind.name) else "",
                  queries.games_to_watch().filter(kind=kind.name).first())
            for kind in offered_kinds()]


def _my_rows(rows: list[GameRow]) -> dict[str, list[GameRow]]:
    return {"awaiting": [r for r in rows if r.awaiting_me],
            "playing": [r for r in rows if not r.awaiting_me and not r.game.is_over],
            "finished": [r for r in rows if r.game.is_over][:LISTED]}


def _showcase(game: Game | None) -> dict[str, Any]:
    """The board of the public game that moved last, as any spectator sees it; with no game in play, the
    first offered kind's board before anyone has moved."""
    if game is not None and game.state is not None:
        key = f"showcase:{game.pk}:{game.version}"
        svg = cache.get(key)
        if svg is None:
            kind = get_kind(game.kind)
            svg = kind.board_svg(kind.load(game.state), None)
            cache.set(key, svg, SHOWCASE_SECONDS)
        # The kind's name: the page loads its styles and scripts with its board (templates/home.html).
        return {"svg": mark_safe(svg), "game": game, "kind": game.kind}  # noqa: S308 - the kind's own drawing, escaped when made
    kind = offered_kinds()[0]
    # Four seats where the kind seats four (MetalTalon's usual table), else its largest table.
    players = 4 if 4 in kind.player_counts else max(kind.player_counts)
    svg = cache.get(f"showcase:empty:{kind.name}")
    if svg is None:
        # A picture only, never a game: a fixed source is fine for an illustration.
        options = kind.check_options(kind.default_options(), players)
        state = kind.new_state(options, players, SecretDice(random.Random(0)))
        svg = kind.board_svg(state, None)
        cache.set(f"showcase:empty:{kind.name}", svg, SHOWCASE_SECONDS)
    return {"svg": mark_safe(svg), "game": None, "kind": kind.name,  # noqa: S308 - as above
            "title": kind.title, "players": players}

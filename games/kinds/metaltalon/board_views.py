"""The terrain of a board (board_svg.terrain_svg: hexes, territories, bases, names, borders, edge labels),
the picture the game page draws its board over. It depends on the board and on which seat has its home
where, never on a move, so the page names it by those and a digest of the drawing, and the browser keeps
it for good: a page of a game in play then carries only what a move changes (docs/architecture.md, "The
game page's weight").

Public: it shows what every game of that board and seating shows, nothing of any one game."""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect
from django.urls import reverse
from django.views.decorators.http import require_safe

from games.kinds.metaltalon.board_svg import parse_homes, terrain_digest, terrain_svg
from games.kinds.metaltalon.engine import load_board

# A year: the URL changes whenever the drawing does (its digest), so what a browser keeps is never stale.
TERRAIN_SECONDS = 365 * 24 * 3600


@require_safe
def terrain(request: HttpRequest, board: str, homes: str, digest: str) -> HttpResponse:
    try:
        load_board(board)
    except ValueError:
        raise Http404("No such board") from None
    parsed = parse_homes(board, homes)
    if parsed is None:
        raise Http404("No such seating on this board")
    current = terrain_digest(board, parsed)
    if digest != current:
        # A page drawn before the drawing changed (a deploy): the picture as it is now, under its own name.
        return HttpResponseRedirect(reverse("metaltalon:terrain", args=[board, homes, current]))
    response = HttpResponse(terrain_svg(board, parsed), content_type="image/svg+xml; charset=utf-8")
    response["Cache-Control"] = f"public, max-age={TERRAIN_SECONDS}, immutable"
    return response

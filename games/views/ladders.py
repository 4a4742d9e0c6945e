"""The leaderboards: one page per rating pool (MetalTalon: an edition), at every player count or at one
(`?players=4`). Anyone may read them."""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_GET

from games.leaderboard import board, pools
from games.models import Ladder


@require_GET
def leaderboard(request: HttpRequest, kind: str | None = None, pool: str | None = None) -> HttpResponse:
    known = pools()
    if kind is None or pool is None:
        if not known:
            return render(request, "games/leaderboard.html", {"pools": known, "board": None})
        first = known[0]
        return redirect("games:leaderboard_pool", kind=first.kind, pool=first.pool)
    players = request.GET.get("players", "0")
    ladder = (Ladder.objects.filter(kind=kind, pool=pool, players=int(players)).first()
              if players.isascii() and players.isdecimal() and len(players) < 3 else None)
    if ladder is None:
        raise Http404("No rated game of these rules and player count has finished yet.")
    return render(request, "games/leaderboard.html", {"pools": known, "board": board(ladder)})

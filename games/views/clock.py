"""The clock's pages: vacation on and off (from the profile), the "next game" button, and the vote on an
absent player."""

from __future__ import annotations

from datetime import datetime

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.utils import timezone
from django.views.decorators.http import require_GET, require_POST

from games import queries
from games.actions import ActionError, Actor
from games.actions.expel import cast_ballot
from games.actions.vacation import end_vacation, start_vacation
from games.deadlines import moment_text
from games.views.lobby import visible_game


@login_required
@require_POST
def vacation(request: HttpRequest) -> HttpResponse:
    """Go away (`vacation=start`) or come back (`vacation=end`); a refusal says why and changes nothing."""
    wanted = request.POST.get("vacation")
    actor = Actor.player(request.user)
    try:
        if wanted == "start":
            profile = start_vacation(actor)
            messages.success(request, "You are on vacation: the games waiting for you are paused until you "
                                      f"come back, at the latest {_when(profile.vacation_ends_at)}.")
        elif wanted == "end":
            end_vacation(actor)
            messages.success(request, "Welcome back: your games' clocks run again from where they stood.")
        else:
            messages.error(request, "Say whether you are going away or coming back.")
    except ActionError as exc:
        messages.error(request, exc.message)
    return redirect("profile")


def _when(moment: datetime) -> str:
    """In the zone the page is shown in (accounts/middleware.py)."""
    local = timezone.localtime(moment)
    return moment_text(local, local.tzname() or "UTC")


@login_required
@require_GET
def next_game(request: HttpRequest) -> HttpResponse:
    """The game that has waited longest for this player; My games when none waits."""
    game_id = queries.longest_waiting(request.user)
    if game_id is None:
        messages.info(request, "No game is waiting for you.")
        return redirect("games:mine")
    return redirect("games:game", game_id)


@login_required
@require_POST
def expel_vote(request: HttpRequest, game_id: int) -> HttpResponse:
    """A ballot on an absent player (docs/clock.md): `choice` expel or wait. A private game the user may
    not see answers as a missing one (404), before anything else is read."""
    game = visible_game(request, game_id)
    choice = request.POST.get("choice")
    try:
        vote_id = int(request.POST.get("vote", ""))
    except ValueError:
        vote_id = 0
    if choice not in ("expel", "wait"):
        messages.error(request, "Choose to expel the player or to keep waiting.")
        return redirect(game)
    try:
        vote = cast_ballot(game, Actor.player(request.user), vote_id, expel=choice == "expel")
    except ActionError as exc:
        messages.error(request, exc.message)
        return redirect(game)
    vote.refresh_from_db()
    outcome = {"expelled": f"{vote.seat.name} is expelled: the majority voted so.",
               "kept": "The game keeps waiting: the majority voted so."}
    messages.success(request, outcome.get(vote.outcome, "Your vote is counted; the others have yet to vote."))
    return redirect(game)

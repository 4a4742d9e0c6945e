"""The clock's pages: vacation on and off (from the profile), and the "next game" button."""

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
from games.actions.vacation import end_vacation, start_vacation


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
    local = timezone.localtime(moment)
    return f"{local:%a} {local.day} {local:%b %Y, %H:%M} {local.tzname()}"


@login_required
@require_GET
def next_game(request: HttpRequest) -> HttpResponse:
    """The game that has waited longest for this player; My games when none waits."""
    game_id = queries.longest_waiting(request.user)
    if game_id is None:
        messages.info(request, "No game is waiting for you.")
        return redirect("games:mine")
    return redirect("games:game", game_id)

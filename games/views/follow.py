"""Following a game from an open page: the pulse (games/pulse.py), asked every second.

204 while the page is current: the version of the board it shows (`v`) and the token of the chat it shows
(`c`), both added by static/js/pulse.js, still hold. Otherwise 200 with the events the page listens for in
HX-Trigger ("game-moved": the `live` region's poller fetches it; "chat-changed": the chat list fetches
itself) and the pulse element again, with a fresh ticket when it needed one. No content travels here.
"""

from __future__ import annotations

import json
from urllib.parse import urlencode

from django.conf import settings
from django.contrib.auth import SESSION_KEY
from django.http import Http404, HttpRequest, HttpResponse
from django.template.loader import render_to_string
from django.urls import reverse
from django.views.decorators.http import require_GET

from games import pulse as signal
from games.views.lobby import visible_game


def reader(request: HttpRequest) -> str:
    """Who asks: the signed-in user's id, read from the session alone, without loading the user. (The
    session's validity, a password changed elsewhere say, is checked only when the user is loaded: so at
    the ticket's renewal, within the hour.)"""
    session = getattr(request, "session", None)
    return str(session.get(SESSION_KEY) or 0) if session is not None else "0"


def pulse_url(game_id: int, request: HttpRequest) -> str:
    """The pulse's address for this reader, ticket included (the page checked they may see the game)."""
    return _address(game_id, signal.ticket(game_id, reader(request)))


def push_url(game_id: int, request: HttpRequest) -> str:
    """The push connection's address for this reader, with the pulse's ticket (games/push/consumer.py);
    "" when the site offers none (settings.PUSH)."""
    if not settings.PUSH:
        return ""
    query = urlencode({"t": signal.ticket(game_id, reader(request))})
    return f"{settings.PUSH_URL}/push/games/{game_id}/?{query}"


@require_GET
def pulse(request: HttpRequest, game_id: int) -> HttpResponse:
    # The session is read anyway (accounts.middleware); the user row is not, unless the ticket fails.
    ticket = request.GET.get("t")
    renewed = not signal.ticket_ok(ticket, game_id, reader(request))
    if renewed:
        try:
            visible_game(request, game_id)
        except Http404:
            return _gone()
    now = signal.read(game_id, reader(request))
    if now.version is None:
        return _gone()
    events: dict[str, object] = {}
    if request.GET.get("v") != str(now.version):
        events["game-moved"] = {"version": now.version}
    if request.GET.get("c") != now.chat:
        events["chat-changed"] = True
    if not events and not renewed:
        response = HttpResponse(status=204)
    else:
        # The element's own address carries only the ticket: pulse.js adds `v` and `c` on every request.
        url = pulse_url(game_id, request) if renewed else _address(game_id, str(ticket))
        # No request: the element needs no context processor (they would load the user and their counts).
        response = HttpResponse(render_to_string("games/game.html#pulse",
                                                 {"pulse_url": url, "pulse_seconds": signal.PULSE_SECONDS}))
        if events:
            response["HX-Trigger"] = json.dumps(events)
    response["Cache-Control"] = "no-store"
    return response


def _gone() -> HttpResponse:
    """Gone, or no longer theirs to see: the reload shows the page's own answer and ends the pulse."""
    response = HttpResponse(status=404)
    response["HX-Refresh"] = "true"
    return response


def _address(game_id: int, ticket: str) -> str:
    return reverse("games:pulse", args=[game_id]) + "?" + urlencode({"t": ticket})

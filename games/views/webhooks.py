"""The player's webhooks, kept from the profile page (docs/api.md, "Webhooks"): add, try, remove. Plain
form posts that answer with the profile page again."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.urls import reverse
from django.views.decorators.http import require_POST

from games import actions
from games.actions import Actor
from games.actions.webhooks import NOT_YOURS, add_webhook, remove_webhook, try_webhook
from games.models import Game


def _back() -> HttpResponse:
    return redirect(reverse("profile") + "#webhooks")


@login_required
@require_POST
def add(request: HttpRequest) -> HttpResponse:
    game_id = request.POST.get("game", "")
    ok = game_id.isascii() and game_id.isdecimal() and len(game_id) < 12
    game = Game.objects.filter(pk=int(game_id)).first() if ok else None
    if game_id and game is None:
        # The words of a game one does not play in (the action's): a private game stays hidden.
        messages.error(request, NOT_YOURS)
        return _back()
    try:
        add_webhook(Actor.player(request.user), request.POST.get("url", ""),
                    request.POST.get("format", "json"), game)
    except actions.ActionError as exc:
        messages.error(request, exc.message)
    else:
        messages.success(request, "Webhook added: it is told when it is your turn.")
    return _back()


@login_required
@require_POST
def remove(request: HttpRequest, hook_id: int) -> HttpResponse:
    try:
        remove_webhook(Actor.player(request.user), hook_id)
    except actions.ActionError as exc:
        messages.error(request, exc.message)
    else:
        messages.success(request, "Webhook removed.")
    return _back()


@login_required
@require_POST
def try_it(request: HttpRequest, hook_id: int) -> HttpResponse:
    try:
        try_webhook(Actor.player(request.user), hook_id)
    except actions.ActionError as exc:
        messages.error(request, exc.message)
    else:
        messages.info(request, "Test queued: in a moment the list says whether it was delivered or failed "
                               "(reload the page).")
    return _back()

"""In-game chat, its read marker and its report link. Text is escaped by the templates (never marked safe).

A player's messages from others newer than their seat's read marker are "new": counted on the chat's
heading and lit in the list. The marker moves when they post, press "Mark read" (a plain form) or, with
JavaScript, put the focus in the chat (htmx posts the same form); a GET never moves it."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.views.decorators.http import require_http_methods, require_POST

from games import actions, page_cache, queries
from games.actions import Actor
from games.forms import ChatForm, GameReportForm, ReportForm
from games.models import ChatMessage, Report
from games.moderators import is_moderator
from games.views.lobby import visible_game
from games.views.refusals import http_status

CHAT_SHOWN = 100


def chat_context(request: HttpRequest, game: Any, form: ChatForm | None = None,
                 may_chat: bool | None = None, chat: page_cache.ChatState | None = None) -> dict[str, Any]:
    """What templates/games/_chat.html needs; the game page includes the box (and passes may_chat and the
    chat state, which it knows already)."""
    user = request.user
    if may_chat is None:
        seated = user.is_authenticated and game.seats.filter(user=user).exists()
        may_chat = bool(seated or is_moderator(user))
    if chat is None:
        chat = page_cache.chat_state(game.pk, user)  # before the messages: the token must not be newer
    recent = list(queries.chat_lines(game).order_by("-created_at", "-pk")[:CHAT_SHOWN])[::-1]
    me = user.pk if user.is_authenticated else None
    read = chat.read
    new = {m.pk for m in recent if read is not None and m.pk > read and m.user_id != me}
    unread = len(new)
    if read is not None and len(recent) == CHAT_SHOWN and recent[0].pk > read:
        # Unread messages run past the ones shown: count them all, as My games does.
        unread = queries.visible_chat(game).filter(pk__gt=read).exclude(user_id=me).count()
    return {"game": game, "chat_messages": recent, "may_chat": may_chat, "chat_form": form or ChatForm(),
            "user_id": me, "chat_generation": chat.generation, "chat_new": new, "chat_unread": unread,
            "chat_upto": recent[-1].pk if recent else 0}


@require_http_methods(["GET", "POST"])
def chat(request: HttpRequest, game_id: int) -> HttpResponse:
    """GET: the messages (htmx: the list partial, which the pulse asks for when the chat changes). POST:
    say something."""
    game = visible_game(request, game_id)
    if request.method == "GET":
        if request.htmx:
            return _messages(request, game)
        return render(request, "games/chat.html", chat_context(request, game))
    if not request.user.is_authenticated:
        return redirect(f"{reverse('account_login')}?next={reverse('games:game', args=[game.pk])}")
    form = ChatForm(request.POST)
    error, status = None, 200
    try:
        actions.check_chat(game, request.user)
        if not form.is_valid():
            raise actions.Invalid("; ".join(str(e) for errs in form.errors.values() for e in errs))
        actions.post_chat(game, Actor.player(request.user), form.cleaned_data["text"])
    except actions.ActionError as exc:
        error, status = exc.message, http_status(exc)
    if request.htmx:
        context = chat_context(request, game, form if error else None) | {"chat_error": error}
        return render(request, "games/_chat.html", context, status=status)
    if error:
        messages.error(request, error)
    return redirect(f"{reverse('games:game', args=[game.pk])}#chat")


@require_POST
def chat_read(request: HttpRequest, game_id: int) -> HttpResponse:
    """Mark the chat read up to the newest message the page showed (`upto`): what came after stays new."""
    game = visible_game(request, game_id)
    if not request.user.is_authenticated:
        return redirect(f"{reverse('account_login')}?next={reverse('games:game', args=[game.pk])}")
    try:
        upto = int(request.POST.get("upto", ""))
    except ValueError:
        upto = None
    try:
        actions.mark_chat_read(game, Actor.player(request.user), upto)
    except actions.ActionError as exc:
        if request.htmx:
            return HttpResponse(status=204)  # nothing to redraw: the list stays as it is
        messages.error(request, exc.message)
    if request.htmx:
        return _messages(request, game)
    return redirect(f"{reverse('games:game', args=[game.pk])}#chat")


def _messages(request: HttpRequest, game: Any) -> HttpResponse:
    """The message list, with the new-message count and the Mark read button beside it out of band."""
    context = chat_context(request, game) | {"oob": True}
    return render(request, "games/_chat.html#chat-update", context)


@login_required
@require_http_methods(["GET", "POST"])
def report(request: HttpRequest, message_id: int) -> HttpResponse:
    """Report a chat message to the moderators (a Report, in the admin's queue)."""
    message = get_object_or_404(ChatMessage.objects.select_related("game", "user__profile"), pk=message_id)
    if not queries.can_view(message.game, request.user) or message.hidden:
        raise Http404("No such message")
    form = ReportForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            actions.report_chat(message, Actor.player(request.user), form.cleaned_data["reason"])
            text, ok = "Thank you: the moderators will look at this message.", True
            status = 200
        except actions.ActionError as exc:
            text, ok, status = exc.message, False, http_status(exc)
        if request.htmx:
            return render(request, "games/report.html#reported", {"text": text, "ok": ok, "message": message},
                          status=status)
        messages.add_message(request, messages.SUCCESS if ok else messages.ERROR, text)
        return redirect(f"{reverse('games:game', args=[message.game_id])}#chat")
    template = "games/report.html#report-form" if request.htmx else "games/report.html"
    return render(request, template, {"form": form, "message": message, "quoted": bool(request.htmx),
                                      "by_moderator": is_moderator(message.user)})


@login_required
@require_http_methods(["GET", "POST"])
def report_game(request: HttpRequest, game_id: int) -> HttpResponse:
    """Report the game or one of its players to the moderators. `?player=<user id>` picks the player."""
    game = visible_game(request, game_id)
    seats = game.seats.exclude(user=None).exclude(user=request.user).select_related("user__profile")
    players = [(s.user_id, s.name) for s in seats.order_by("index", "joined_at")]
    initial = {"about": "game"}
    if request.GET.get("player", "").isdigit():
        initial = {"about": "player", "player": int(request.GET["player"])}
    form = GameReportForm(request.POST or None, players=players, initial=initial)
    refused = 0
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        player = next((s.user for s in seats if s.user_id == data.get("player")), None)
        try:
            actions.report(game, Actor.player(request.user), data["about"], data["reason"],
                           player=player if data["about"] == Report.About.PLAYER else None)
        except actions.ActionError as exc:
            form.add_error(None, exc.message)
            refused = http_status(exc)
        else:
            messages.success(request, "Thank you: the moderators will look at it.")
            return redirect(reverse("games:game", args=[game.pk]))
    return render(request, "games/report_game.html", {"form": form, "game": game},
                  status=(refused or 400) if form.errors else 200)

"""The lobby: open games, creating, joining, leaving, inviting, starting, and "My games".

Thin views (the rules are in games.actions, called as the signed-in player's Actor). Every POST works as
a plain form post (redirect + message) and, for htmx, answers with the seating partial
(templates/games/_seating.html) in place.
"""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme
from django.views.decorators.http import require_GET, require_http_methods, require_POST
from django_htmx.http import HttpResponseClientRedirect

from games import actions, queries
from games.actions import Actor
from games.forms import PEOPLE, AddBotForm, InviteForm, LobbyFilterForm, NewGameForm
from games.kinds import offered_kinds
from games.listing import game_rows
from games.models import Game, Seat
from games.moderators import is_moderator
from games.seats import bot_title
from games.views.paging import paged
from games.views.refusals import http_status

PAGE_SIZE = 25


def visible_game(request: HttpRequest, game_id: int) -> Game:
    """The game, or 404 when it is private and the user may not see it (its existence stays hidden)."""
    game = get_object_or_404(Game.objects.select_related("created_by"), pk=game_id)
    if not queries.can_view(game, request.user):
        raise Http404("No such game")
    return game


def seating_context(request: HttpRequest, game: Game) -> dict[str, Any]:
    """What templates/games/_seating.html needs; the game page includes it for open games."""
    user = request.user
    seats = list(game.seats.select_related("user__profile").order_by("index", "joined_at"))
    mine = next((s for s in seats if user.is_authenticated and s.user_id == user.pk), None)
    is_open = game.status == Game.Status.OPEN
    invited = bool(user.is_authenticated and game.invitations.filter(user=user).exists())
    runs_it = bool(is_open and user.is_authenticated
                   and (user.pk == game.created_by_id or is_moderator(user)))
    may_join = bool(is_open and user.is_authenticated and mine is None and len(seats) < game.players
                    and (game.visibility == Game.Visibility.PUBLIC or invited))
    return {
        "game": game,
        "seats": seats,
        "my_seat": mine,
        "free_seats": range(max(0, game.players - len(seats))),
        "may_join": may_join,
        "may_leave": is_open and mine is not None,
        "may_invite": is_open and (mine is not None or is_moderator(user)),
        "may_start": runs_it and len(seats) == game.players,
        # The creator seats bots in free seats and takes them out again (docs/bots.md).
        "may_add_bot": runs_it and len(seats) < game.players,
        "may_remove_bots": runs_it,
        "bot_form": AddBotForm(game=game),
        "invite_form": InviteForm(),
        "invite_url": request.build_absolute_uri(reverse("games:invite_link", args=[game.invite_code]))
                      if mine is not None else None,
        "invitations": list(game.invitations.select_related("user__profile")) if mine is not None else [],
    }


def _after(request: HttpRequest, game: Game, text: str, ok: bool = True, status: int = 400) -> HttpResponse:
    """Plain post: message + redirect to the game page. htmx: the seating partial with the message (a
    refusal with its status), or a client redirect when the game has just started (the whole page changes
    then)."""
    game.refresh_from_db()
    if request.htmx:
        if game.status != Game.Status.OPEN:
            messages.add_message(request, messages.SUCCESS if ok else messages.ERROR, text)
            return HttpResponseClientRedirect(game.get_absolute_url())
        context = seating_context(request, game) | {"notice": text, "notice_ok": ok}
        return render(request, "games/_seating.html", context, status=200 if ok else status)
    messages.add_message(request, messages.SUCCESS if ok else messages.ERROR, text)
    if game.status == Game.Status.ABORTED:
        return redirect("games:lobby")
    return redirect(game)


# === LISTS ===


@require_GET
def lobby(request: HttpRequest) -> HttpResponse:
    """Open public games (filter by edition and player count), and public games to watch."""
    form = LobbyFilterForm(request.GET or None)
    games = queries.open_games()
    if form.is_valid():
        games = form.narrow(games)
    context = {"form": form, "watch": queries.games_to_watch()[:10], **paged(request, games, PAGE_SIZE)}
    template = "games/lobby.html#game-list" if request.htmx else "games/lobby.html"
    return render(request, template, context)


@login_required
@require_GET
def mine(request: HttpRequest) -> HttpResponse:
    """My games, the ones awaiting me first."""
    rows = game_rows(queries.listed_games(request.user), request.user)
    over = sum(1 for r in rows if r.game.is_over)
    context = {"rows": rows, "awaiting": sum(1 for r in rows if r.awaiting_me),
               # Only the newest games over are listed: the rest are the archive's, searched by name.
               "more_over": over >= queries.FINISHED_LISTED, "finished_listed": queries.FINISHED_LISTED,
               "invitations": queries.open_invitations(request.user),
               # Shown (and so marked read) on the full page only: the htmx partial is the list alone.
               "notices": [] if request.htmx else queries.unread_notices(request.user)}
    if context["notices"]:
        actions.mark_read(context["notices"], Actor.player(request.user))
    template = "games/my_games.html#my-games" if request.htmx else "games/my_games.html"
    return render(request, template, context)


# === CREATE ===


@login_required
@require_http_methods(["GET", "POST"])
def new(request: HttpRequest) -> HttpResponse:
    form = NewGameForm(request.POST or None, kind=request.GET.get("kind"),
                       first_game=not Seat.objects.filter(user=request.user).exists(),
                       last_opponents=queries.last_opponents(request.user))
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        if data["opponents"] != PEOPLE:
            game = actions.play_against_bots(Actor.player(request.user), kind=data["kind"],
                                             players=data["players"], level=data["opponents"],
                                             options=form.options(), visibility=data["visibility"],
                                             clock=form.clock())
            # Bots are never rated (docs/ratings.md): a Rated choice posted with them (the page without
            # JavaScript leaves it ticked) is answered in words, not dropped silently.
            unrated = " Games with bots are unrated: this one does not move anyone's rating." \
                if data["rated"] else ""
            messages.success(request, f"Game {game.pk} has started against {game.players - 1} "
                                      f"{bot_title(data['opponents'])}{'s' if game.players > 2 else ''}."
                                      + unrated)
        else:
            game = actions.create_game(Actor.player(request.user), kind=data["kind"], players=data["players"],
                                       options=form.options(), visibility=data["visibility"],
                                       clock=form.clock(), rated=data["rated"])
            # Private games are never rated (docs/ratings.md): said in words, as for bots above.
            unrated = " Private games are unrated: this one does not move anyone's rating." \
                if data["rated"] and not game.rated else ""
            messages.success(request, f"Game {game.pk} created: you hold the first seat. "
                                      f"It starts when all {game.players} seats are taken." + unrated)
        if request.htmx:
            return HttpResponseClientRedirect(game.get_absolute_url())
        return redirect(game)
    status = 400 if request.method == "POST" else 200
    template = "games/new.html#new-form" if request.htmx else "games/new.html"
    kinds = [(k.name, k.title) for k in offered_kinds()]
    return render(request, template, {"form": form, "kinds": kinds if len(kinds) > 1 else []}, status=status)


# === SEATS ===


@login_required
@require_POST
def join(request: HttpRequest, game_id: int) -> HttpResponse:
    game = visible_game(request, game_id)
    try:
        actions.join_game(game, Actor.player(request.user), invite_code=request.POST.get("code") or None)
    except actions.ActionError as exc:
        return _after(request, game, exc.message, ok=False, status=http_status(exc))
    game.refresh_from_db()
    if game.status == Game.Status.OPEN:
        return _after(request, game, "You have joined. The game starts when every seat is taken.")
    return _after(request, game, "You took the last seat: the game has started.")


@login_required
@require_POST
def leave(request: HttpRequest, game_id: int) -> HttpResponse:
    game = visible_game(request, game_id)
    try:
        actions.leave_game(game, Actor.player(request.user))
    except actions.ActionError as exc:
        return _after(request, game, exc.message, ok=False, status=http_status(exc))
    game.refresh_from_db()
    if game.status == Game.Status.ABORTED:
        messages.info(request, f"You left game {game.pk}; nobody else was seated, so it is closed.")
        if request.htmx:
            return HttpResponseClientRedirect(reverse("games:lobby"))
        return redirect("games:lobby")
    return _after(request, game, "You have left the game.")


@login_required
@require_POST
def invite(request: HttpRequest, game_id: int) -> HttpResponse:
    game = visible_game(request, game_id)
    form = InviteForm(request.POST)
    if not form.is_valid():
        return _after(request, game, "Give the name of the player to invite.", ok=False)
    name = form.cleaned_data["username"].strip()
    try:
        actions.invite_user(game, Actor.player(request.user), name)
    except actions.ActionError as exc:
        return _after(request, game, exc.message, ok=False, status=http_status(exc))
    # The same words whether or not someone goes by that name (games/actions/lobby.py).
    return _after(request, game, f"If a player goes by “{name}”, they are invited: they will see it on "
                                 f"their next visit.")


@login_required
@require_POST
def decline(request: HttpRequest, game_id: int) -> HttpResponse:
    """Say no to an invitation: back to the page it was answered on (home or My games)."""
    game = visible_game(request, game_id)
    try:
        actions.decline_invitation(game, Actor.player(request.user))
    except actions.ActionError as exc:
        messages.error(request, exc.message)
    else:
        messages.success(request, f"You declined the invitation to game {game.pk}; its players see that.")
    back = request.POST.get("next", "")
    if not url_has_allowed_host_and_scheme(back, allowed_hosts={request.get_host()},
                                           require_https=request.is_secure()):
        back = reverse("games:mine")
    return redirect(back)


@login_required
@require_POST
def start(request: HttpRequest, game_id: int) -> HttpResponse:
    game = visible_game(request, game_id)
    try:
        actions.start_game(game, Actor.player(request.user))
    except actions.ActionError as exc:
        return _after(request, game, exc.message, ok=False, status=http_status(exc))
    return _after(request, game, "The game has started.")


@login_required
@require_http_methods(["GET", "POST"])
def invite_link(request: HttpRequest, code: str) -> HttpResponse:
    """A private link: whoever holds it may see the waiting game and take a seat."""
    game = get_object_or_404(Game.objects.select_related("created_by__profile"), invite_code=code)
    if game.seats.filter(user=request.user).exists():
        return redirect(game)
    if request.method == "POST":
        try:
            actions.join_game(game, Actor.player(request.user), invite_code=code)
        except actions.ActionError as exc:
            messages.error(request, exc.message)
            if request.htmx:
                return HttpResponseClientRedirect(request.path)
            return redirect(request.path)
        messages.success(request, "You have joined the game.")
        if request.htmx:
            return HttpResponseClientRedirect(game.get_absolute_url())
        return redirect(game)
    context = {"game": game, "taken": game.seats.count(), "code": code}
    template = "games/invite_link.html#invite" if request.htmx else "games/invite_link.html"
    return render(request, template, context)


@login_required
@require_POST
def add_bot(request: HttpRequest, game_id: int) -> HttpResponse:
    game = visible_game(request, game_id)
    form = AddBotForm(request.POST, game=game)
    if not form.is_valid():
        return _after(request, game, "Choose which bot to seat.", ok=False)
    level = form.cleaned_data["level"]
    try:
        actions.add_bot(game, Actor.player(request.user), level)
    except actions.ActionError as exc:
        return _after(request, game, exc.message, ok=False, status=http_status(exc))
    game.refresh_from_db()
    if game.status != Game.Status.OPEN:
        return _after(request, game, f"A {bot_title(level)} took the last seat: the game has started.")
    return _after(request, game, f"A {bot_title(level)} has taken a seat.")


@login_required
@require_POST
def remove_bot(request: HttpRequest, game_id: int) -> HttpResponse:
    game = visible_game(request, game_id)
    try:
        seat_id = int(request.POST.get("seat", ""))
    except ValueError:
        return _after(request, game, "Say which bot to remove.", ok=False)
    try:
        actions.remove_bot(game, Actor.player(request.user), seat_id)
    except actions.ActionError as exc:
        return _after(request, game, exc.message, ok=False, status=http_status(exc))
    return _after(request, game, "The bot has left its seat.")

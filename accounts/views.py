from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_POST

from accounts import tokens
from accounts.forms import ProfileForm
from accounts.models import Profile, User
from accounts.players import FINISHED_SHOWN, player_page


@never_cache
@login_required
def profile(request: HttpRequest) -> HttpResponse:
    own, _ = Profile.objects.get_or_create(user=request.user)
    form = ProfileForm(request.POST or None, instance=own)
    if request.method == "POST" and form.is_valid() and form.save_unless_taken():
        messages.success(request, "Profile saved.")
        return redirect("profile")
    return _profile_page(request, own, form)


@never_cache  # the answer shows the new token's secret, once
@login_required
@require_POST
def new_token(request: HttpRequest) -> HttpResponse:
    """Make an API token and answer with the profile page showing its secret: the secret is in this one
    response and nowhere else (not in the session, not in the database)."""
    try:
        _token, secret = tokens.issue(request.user, request.POST.get("name", ""))
    except tokens.TokenRefused as exc:
        messages.error(request, str(exc))
        return redirect(reverse("profile") + "#api-tokens")
    own, _ = Profile.objects.get_or_create(user=request.user)
    return _profile_page(request, own, ProfileForm(instance=own), new_token=secret)


def _profile_page(request: HttpRequest, own: Profile, form: ProfileForm, new_token: str | None = None
                  ) -> HttpResponse:
    from games.actions.vacation import days_left
    from games.kinds import profile_links
    from games.models import Game, Webhook

    vacation = {"days": days_left(own), "per_year": settings.VACATION_DAYS_PER_YEAR,
                "most": settings.VACATION_MAX_DAYS}
    in_play = (Game.Status.SETUP, Game.Status.ACTIVE)
    playing = Game.objects.filter(seats__user=request.user, status__in=in_play)
    return render(request, "accounts/profile.html", {
        "form": form, "vacation": vacation, "tokens": request.user.api_tokens.all(),
        "webhooks": request.user.webhooks.select_related("game"), "hook_formats": Webhook.Format.choices,
        "hook_games": playing.order_by("-pk")[:50], "new_token": new_token, "max_tokens": tokens.MAX_TOKENS,
        "kind_links": profile_links()})


@login_required
@require_POST
def revoke_token(request: HttpRequest, token_id: int) -> HttpResponse:
    if tokens.revoke(request.user, token_id):
        messages.success(request, "Token revoked: programs using it can no longer act for you.")
    else:
        messages.error(request, "You have no such token, or it was revoked already.")
    return redirect(reverse("profile") + "#api-tokens")


def player(request: HttpRequest, user_id: int) -> HttpResponse:
    """A player's public page: anyone may read it, as anyone may watch a public game."""
    who = get_object_or_404(User.objects.select_related("profile"), pk=user_id, is_active=True)
    return render(request, "accounts/player.html", {"page": player_page(who), "shown": FINISHED_SHOWN})

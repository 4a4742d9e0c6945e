from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render

from accounts.forms import ProfileForm
from accounts.models import Profile, User
from accounts.players import FINISHED_SHOWN, player_page


@login_required
def profile(request: HttpRequest) -> HttpResponse:
    own, _ = Profile.objects.get_or_create(user=request.user)
    form = ProfileForm(request.POST or None, instance=own)
    if request.method == "POST" and form.is_valid() and form.save_unless_taken():
        messages.success(request, "Profile saved.")
        return redirect("profile")
    from games.actions.vacation import days_left

    vacation = {"days": days_left(own), "per_year": settings.VACATION_DAYS_PER_YEAR,
                "most": settings.VACATION_MAX_DAYS}
    return render(request, "accounts/profile.html", {"form": form, "vacation": vacation})


def player(request: HttpRequest, user_id: int) -> HttpResponse:
    """A player's public page: anyone may read it, as anyone may watch a public game."""
    who = get_object_or_404(User.objects.select_related("profile"), pk=user_id, is_active=True)
    return render(request, "accounts/player.html", {"page": player_page(who), "shown": FINISHED_SHOWN})

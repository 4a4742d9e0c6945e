from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render

from accounts.forms import ProfileForm
from accounts.models import Profile


@login_required
def profile(request: HttpRequest) -> HttpResponse:
    own, _ = Profile.objects.get_or_create(user=request.user)
    form = ProfileForm(request.POST or None, instance=own)
    if request.method == "POST" and form.is_valid():
        form.save()
        messages.success(request, "Profile saved.")
        return redirect("profile")
    return render(request, "accounts/profile.html", {"form": form})

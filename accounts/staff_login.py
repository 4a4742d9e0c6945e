"""The admin's sign-in door: staff sign in through the site's own login, which counts failed passwords
(accounts/signin.py). Django's admin form counts nothing, so /admin/login/ never shows it."""

from __future__ import annotations

from urllib.parse import urlencode

from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme
from django.views.decorators.cache import never_cache


@never_cache
def admin_login(request: HttpRequest) -> HttpResponse:
    """Any method: a password posted here is never checked. A signed-in member of staff goes on to the
    admin; a signed-in player who is not staff is told the admin is not for them (sending them to the login
    would bounce them straight back here); anyone else is sent to the site's login, which comes back."""
    next_url = request.GET.get("next", "")
    if not url_has_allowed_host_and_scheme(next_url, allowed_hosts={request.get_host()},
                                           require_https=request.is_secure()):
        next_url = reverse("admin:index")
    user = request.user
    if user.is_authenticated:
        if user.is_active and user.is_staff:
            return redirect(next_url)
        return render(request, "admin/not_staff.html", status=403)
    return redirect(f"{reverse('account_login')}?{urlencode({'next': next_url})}")

"""Show times in the signed-in player's own time zone."""

import zoneinfo
from collections.abc import Callable

from django.http import HttpRequest, HttpResponse
from django.utils import timezone

from accounts.models import Profile

Handler = Callable[[HttpRequest], HttpResponse]


def user_time_zone(get_response: Handler) -> Handler:
    def middleware(request: HttpRequest) -> HttpResponse:
        name = None
        if request.user.is_authenticated:
            name = Profile.objects.filter(user=request.user).values_list("time_zone", flat=True).first()
        if name:
            try:
                timezone.activate(zoneinfo.ZoneInfo(name))
            except (zoneinfo.ZoneInfoNotFoundError, ValueError):
                timezone.deactivate()
        else:
            timezone.deactivate()
        return get_response(request)

    return middleware

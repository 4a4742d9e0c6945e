"""Show times in the signed-in player's own time zone."""

import zoneinfo
from collections.abc import Callable

from django.contrib.auth import SESSION_KEY
from django.http import HttpRequest, HttpResponse
from django.utils import timezone

from accounts.prefs import request_prefs

Handler = Callable[[HttpRequest], HttpResponse]


def user_time_zone(get_response: Handler) -> Handler:
    def middleware(request: HttpRequest) -> HttpResponse:
        # The user id straight from the session: the zone comes from the per-user cache, so a request that
        # never looks at request.user (an unchanged-game poll) does not load the user either.
        user_id = request.session.get(SESSION_KEY) if hasattr(request, "session") else None
        prefs = request_prefs(request, user_id) if user_id is not None else None
        name = prefs.time_zone if prefs is not None else None
        if name:
            try:
                timezone.activate(zoneinfo.ZoneInfo(name))
            except (zoneinfo.ZoneInfoNotFoundError, ValueError):
                timezone.deactivate()
        else:
            timezone.deactivate()
        return get_response(request)

    return middleware

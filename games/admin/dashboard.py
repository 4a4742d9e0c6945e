"""The moderators' dashboard (/admin/moderation/): what needs a moderator now (games/dashboard.py)."""

from __future__ import annotations

from django.contrib import admin
from django.http import HttpRequest, HttpResponse
from django.template.response import TemplateResponse
from django.utils import timezone

from games import dashboard
from games.admin.confirm import require_moderator


def moderation_dashboard(request: HttpRequest) -> HttpResponse:
    require_moderator(request)
    now = timezone.now()
    reports = dashboard.open_reports()
    context = {
        **admin.site.each_context(request), "title": "Moderation",
        "reports": list(reports[:50]), "report_count": reports.count(),
        "stalled": dashboard.stalled_games(now), "paused": list(dashboard.paused_long(now)[:50]),
        "timeouts": dashboard.repeated_timeouts(), "now": now,
        "no_clock_days": dashboard.NO_CLOCK_STALL.days, "paused_days": dashboard.PAUSED_LONG.days,
        "repeated": dashboard.REPEATED_TIMEOUTS,
    }
    return TemplateResponse(request, "admin/moderation_dashboard.html", context)


view = admin.site.admin_view(moderation_dashboard)

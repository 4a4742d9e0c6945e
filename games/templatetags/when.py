"""How long ago something happened, in the words a game log uses."""

from __future__ import annotations

from datetime import datetime

from django import template
from django.utils import timezone
from django.utils.timesince import timesince

register = template.Library()

JUST_NOW_SECONDS = 60


@register.filter
def ago(moment: datetime | None, now: datetime | None = None) -> str:
    """"just now" for the last minute, else "3 hours ago" (timesince's largest unit)."""
    if moment is None:
        return ""
    now = now or timezone.now()
    if (now - moment).total_seconds() < JUST_NOW_SECONDS:
        return "just now"
    return f"{timesince(moment, now, depth=1)} ago"

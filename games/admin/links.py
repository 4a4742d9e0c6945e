"""Links between the admin's pages: a game, a seat's player, a report, the site's own page of a game."""

from __future__ import annotations

from typing import Any

from django.urls import reverse
from django.utils.html import format_html


def admin_link(obj: Any, text: str | None = None) -> str:
    if obj is None:
        return ""
    meta = obj._meta
    url = reverse(f"admin:{meta.app_label}_{meta.model_name}_change", args=[obj.pk])
    return format_html('<a href="{}">{}</a>', url, text if text is not None else str(obj))


def user_link(user: Any) -> str:
    """A player by the name others see, to their account in the admin."""
    if user is None:
        return ""
    profile = getattr(user, "profile", None)
    return admin_link(user, profile.display_name if profile is not None else user.email)


def game_link(game: Any) -> str:
    return admin_link(game, f"game {game.pk}") if game is not None else ""

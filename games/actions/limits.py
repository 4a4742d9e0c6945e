"""Per-player rate limits on what a person can repeat fast (docs/architecture.md, Rate limits): chat
messages, commands, invitations and reports, counted by the `limits` library (games/rates.py) across every
channel and process. A limit reached refuses with RateLimited, which says how long to wait; nothing is
done."""

from __future__ import annotations

from typing import Any

from django.conf import settings

from games import rates
from games.actions.errors import RateLimited

# What each limit is called in its refusal, and the setting that holds its rates.
LIMITS = {
    "chat": ("chat messages", "CHAT_RATE_LIMIT"),
    "commands": ("commands", "COMMAND_RATE_LIMIT"),
    "invitations": ("invitations", "INVITE_RATE_LIMIT"),
    "reports": ("reports", "REPORT_RATE_LIMIT"),
}


def check_rate(what: str, user: Any) -> None:
    """Count one `what` ("chat", "commands", "invitations", "reports") for the user; RateLimited when
    over."""
    words, setting = LIMITS[what]
    wait = rates.hit(getattr(settings, setting), f"player-{what}", str(user.pk))
    if wait:
        raise RateLimited(f"Too many {words} in a short time: try again in {_wait_words(wait)}.", wait)


def _wait_words(seconds: int) -> str:
    if seconds < 120:
        return f"{seconds} seconds" if seconds != 1 else "a second"
    minutes = (seconds + 59) // 60
    return f"{minutes} minutes" if minutes < 120 else f"{(minutes + 59) // 60} hours"

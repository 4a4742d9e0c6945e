"""How much time the player to act has left, in words for pages and lists (the clock issue enforces it)."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django.utils import timezone

from games.models import Game


def deadline(game: Game) -> dict[str, Any]:
    """{"text": "2 days left", "due": datetime | None, "overdue": bool, "hours": per-turn hours}."""
    if not game.deadline_hours:
        return {"text": "no deadline", "due": None, "overdue": False}
    if game.turn_started_at is None or game.status not in (Game.Status.SETUP, Game.Status.ACTIVE):
        return {"text": f"{game.deadline_hours} h per turn", "due": None, "overdue": False}
    due = game.turn_started_at + timedelta(hours=game.deadline_hours)
    left = due - timezone.now()
    hours = left.total_seconds() / 3600
    if hours < 0:
        text = "overdue"
    elif hours < 1:
        text = f"{max(1, int(left.total_seconds() // 60))} min left"
    elif hours < 48:
        text = f"{int(hours)} h {int(left.total_seconds() // 60 % 60)} min left"
    else:
        text = f"{int(hours // 24)} days left"
    return {"text": text, "due": due, "overdue": hours < 0, "hours": game.deadline_hours}

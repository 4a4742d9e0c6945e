"""In-site notices: shown on "My games", then marked read by this action (never by the read itself)."""

from __future__ import annotations

from collections.abc import Iterable

from django.utils import timezone

from games.actions.actor import Actor
from games.models import Notice


def mark_read(notices: Iterable[Notice], actor: Actor) -> int:
    """Mark the actor's own notices read; another user's are left alone."""
    user = actor.require_player()
    ids = [n.pk for n in notices]
    if not ids:
        return 0
    return Notice.objects.filter(pk__in=ids, user=user, read_at__isnull=True).update(read_at=timezone.now())

"""The daily digest (docs/clock.md): one mail a day, at the hour the player picked in their own zone,
listing the games that await them, instead of a mail each turn (games/mail/outbound.py drops the turn
notices of a player who takes the digest).

`Profile.digest_next_at` is the index the beat's scan reads (games/tasks.py); `owe_digest` writes the
day's Notification (unique per user and local date) and moves the moment on in one transaction, so a task
run twice owes one mail.
"""

from __future__ import annotations

from datetime import datetime

from django.db import transaction
from django.utils import timezone

from accounts.models import Profile
from games.actions.notify import send_on_commit
from games.clock.plan import next_local_hour
from games.deadlines import local_zone
from games.models import Notification
from games.queries import awaiting_seats


def schedule_digest(profile: Profile, now: datetime | None = None) -> None:
    """Set (not save) the profile's next digest moment from its zone and hour; None without a digest."""
    if not profile.daily_digest:
        profile.digest_next_at = None
        return
    zone, _ = local_zone(profile.time_zone)
    profile.digest_next_at = next_local_hour(now or timezone.now(), zone, profile.digest_hour)


def owe_digest(user_id: int, now: datetime | None = None) -> int | None:
    """The day's digest for this player, if it is due: the Notification's id (None when not due, or when
    no game awaits them: no mail that says nothing)."""
    now = now or timezone.now()
    with transaction.atomic():
        profile = Profile.objects.select_for_update().filter(user_id=user_id).first()
        if profile is None or not profile.daily_digest or profile.digest_next_at is None:
            return None
        if profile.digest_next_at > now:
            return None
        zone, _ = local_zone(profile.time_zone)
        key = int(profile.digest_next_at.astimezone(zone).strftime("%Y%m%d"))
        schedule_digest(profile, now)
        profile.save(update_fields=["digest_next_at"])
        if not awaiting_seats(user_id).exists():
            return None
        row, made = Notification.objects.get_or_create(game=None, user_id=user_id,
                                                       kind=Notification.Kind.DIGEST, key=key)
        if made:
            send_on_commit([row])
        return row.pk


def digests_due(now: datetime, limit: int) -> list[int]:
    """Players whose digest moment has come: the beat's scan queues a task for each."""
    return list(Profile.objects.filter(daily_digest=True, digest_next_at__lte=now)
                .order_by("digest_next_at").values_list("user_id", flat=True)[:limit])

"""Vacation (docs/clock.md): a player away pauses the clocks of every game that waits for them, spending
their vacation days day for day; days accrue again while they are not away.

- `start_vacation` / `end_vacation`: the player on their profile; the clock ends it when the days run
  out (the beat's scan over Profile.vacation_ends_at) and starts it for a player about to time out
  (clock._time_out), unless they opted out; a moderator may do either with a reason.
- Other players see it: the paused deadline reads "paused: on vacation" (games/deadlines.py) and the
  player's name carries "on vacation" where the game lists its seats.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from django.db import transaction
from django.utils import timezone

from accounts.models import Profile
from games.actions import clock
from games.actions.actor import Actor
from games.actions.errors import Invalid, NotAllowed
from games.clock import plan
from games.models import Game, Seat


def days_left(profile: Profile, now: datetime | None = None) -> float:
    """The player's vacation days in hand now."""
    return plan.vacation_days(profile.vacation_days, profile.vacation_counted_at, profile.vacation_since,
                              now or timezone.now(), per_year=settings.VACATION_DAYS_PER_YEAR,
                              cap=settings.VACATION_MAX_DAYS)


def _whose(actor: Actor, user: Any) -> Any:
    """The user whose vacation this actor may switch: a player their own, the clock and a moderator any."""
    if actor.role == "player":
        return actor.require_player()
    if actor.role == "moderator":
        actor.require_moderator()
    elif actor.role != "clock":
        raise NotAllowed("Only the player, the clock or a moderator switch a vacation.")
    if user is None:
        raise Invalid("Say whose vacation.")
    return user


def start_vacation(actor: Actor, user: Any = None, now: datetime | None = None,
                   days: float | None = None) -> Profile:
    """Go on vacation now: every running clock of the player's pauses. Invalid without days in hand.
    `days`: end it after that many (a mailed `vacation 3`), at most those in hand; else when they run out."""
    user = _whose(actor, user)
    now = now or timezone.now()
    with transaction.atomic():
        profile = Profile.objects.select_for_update().get(user=user)
        if profile.vacation_since is not None:
            raise Invalid("You are already on vacation.", code="on_vacation")
        wanted, days = days, days_left(profile, now)
        if days * 24 < 1:
            raise Invalid("You have no vacation days left: they come back at "
                          f"{settings.VACATION_DAYS_PER_YEAR} days a year.", code="no_vacation_days")
        profile.vacation_days, profile.vacation_counted_at = days, now
        length = days if wanted is None else min(wanted, days)
        profile.vacation_since, profile.vacation_ends_at = now, now + timedelta(days=length)
        profile.save(update_fields=["vacation_days", "vacation_counted_at", "vacation_since",
                                    "vacation_ends_at"])
        for seat in _running_seats(user, paused=False):
            clock.pause_seat(seat, now)
    return profile


def end_vacation(actor: Actor, user: Any = None, now: datetime | None = None) -> Profile:
    """Come back: the days spent are gone, and every paused clock of the player's runs again from where
    it stood. Invalid when the player is not on vacation."""
    user = _whose(actor, user)
    now = now or timezone.now()
    with transaction.atomic():
        profile = Profile.objects.select_for_update().get(user=user)
        if profile.vacation_since is None:
            raise Invalid("You are not on vacation.", code="not_on_vacation")
        if actor.role == "clock" and (profile.vacation_ends_at is None or profile.vacation_ends_at > now):
            raise Invalid("This vacation still has days left.", code="not_due")
        profile.vacation_days, profile.vacation_counted_at = days_left(profile, now), now
        profile.vacation_since = profile.vacation_ends_at = None
        profile.save(update_fields=["vacation_days", "vacation_counted_at", "vacation_since",
                                    "vacation_ends_at"])
        for seat in _running_seats(user, paused=True):
            if seat.game.paused_at is None:  # a game a moderator paused stays paused
                clock.resume_seat(seat, seat.game.clock_rules, now)
    return profile


def _running_seats(user: Any, *, paused: bool) -> list[Seat]:
    """The player's awaited seats with a clock (paused or running), each re-read under its game's row
    lock, games in id order so two vacations never wait on each other. A question out of turn is not
    among them: its window runs on through a vacation, so no game waits on a seat it does not need
    (games/actions/clock.py, track)."""
    from games.actions.common import locked

    seats = []
    ids = (Seat.objects.filter(user=user, awaiting=True, clock_left__isnull=False, clock_out_of_turn=False,
                               game__status__in=(Game.Status.SETUP, Game.Status.ACTIVE))
           .order_by("game_id").values_list("game_id", flat=True))
    for game_id in ids:
        game = locked(Game(pk=game_id))
        seat = Seat.objects.select_related("game").get(game=game, user=user)
        if seat.awaiting and (seat.clock_since is None) == paused:
            seat.game = game
            seats.append(seat)
    return seats


def vacations_due(now: datetime, limit: int) -> list[int]:
    """Users whose vacation days have run out: the beat's scan ends those vacations."""
    return list(Profile.objects.filter(vacation_ends_at__lte=now).order_by("vacation_ends_at")
                .values_list("user_id", flat=True)[:limit])


def on_vacation(ids: list[int]) -> set[int]:
    """Of these users, the ones on vacation now (their clocks start paused)."""
    if not ids:
        return set()
    return set(Profile.objects.filter(user_id__in=ids, vacation_since__isnull=False)
               .values_list("user_id", flat=True))

"""Suspending and banning users (docs/moderation.md). A sanctioned account is inactive: its owner cannot
log in (Django's backends refuse an inactive user, signed-in sessions included), no game mail goes to it
and no mailed reply from it is played. A vacation ends with the sanction, so the seats' clocks run and time
out as the game's clock says; the other players see why in each game's log. A suspension ends by itself
(the beat's scan, games/tasks.py); a ban lasts until a moderator reinstates the user.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from django.db import transaction
from django.utils import formats, timezone

from accounts.models import Profile
from games.actions.actor import Actor
from games.actions.audit import record
from games.actions.errors import Invalid, NotAllowed
from games.models import AuditEntry, Game, Seat


def _check_target(actor: Actor, user: Any) -> Any:
    moderator = actor.require_moderator()
    if user.pk == moderator.pk:
        raise NotAllowed("You cannot sanction yourself.", code="own")
    if user.is_superuser or (user.is_staff and not moderator.is_superuser):
        raise NotAllowed("Staff accounts are for the site's administrators to sanction.", code="staff")
    return moderator


def suspend_user(user: Any, actor: Actor, until: datetime) -> AuditEntry:
    _check_target(actor, user)
    now = timezone.now()
    if until <= now:
        raise Invalid("A suspension ends in the future.", code="bad_until")
    when = formats.date_format(timezone.localtime(until), "j F Y, H:i")
    summary = f"suspended {user.display_name} until {when}"
    return _sanction(user, actor, AuditEntry.Act.SUSPEND, summary, until)


def ban_user(user: Any, actor: Actor) -> AuditEntry:
    _check_target(actor, user)
    return _sanction(user, actor, AuditEntry.Act.BAN, f"banned {user.display_name}", None)


def _sanction(user: Any, actor: Actor, act: str, summary: str, until: datetime | None) -> AuditEntry:
    from games.actions.vacation import end_vacation

    with transaction.atomic():
        profile = Profile.objects.select_for_update().get(user=user)
        user.refresh_from_db(fields=["is_active"])  # as it stands under the profile's lock
        if not user.is_active and profile.suspended_until is None:
            # A ban stands until a moderator lifts it: a suspension would end it by its date.
            raise Invalid(f"{user.display_name} is banned: reinstate them first.", code="banned")
        user.is_active = False
        user.save(update_fields=["is_active"])
        profile.suspended_until = until
        profile.save(update_fields=["suspended_until"])
        if profile.vacation_since is not None:
            end_vacation(actor, user)
        for game, seat in _games_in_play(user):
            record(actor, act, summary, game=game, seat=seat.index, user=user)
        return record(actor, act, summary, user=user, tell=[user])


def _games_in_play(user: Any) -> list[tuple[Game, Seat]]:
    """The user's games in play where they are still in, each locked (in id order) and its version bumped:
    the log line is new, so its cached pages are stale."""
    from games.actions.common import locked

    out = []
    ids = (Seat.objects.filter(user=user, status__in=(Seat.Status.JOINED, Seat.Status.PLAYING),
                               game__status__in=(Game.Status.SETUP, Game.Status.ACTIVE))
           .order_by("game_id").values_list("game_id", flat=True))
    for game_id in ids:
        game = locked(Game(pk=game_id))
        game.version += 1
        game.save(update_fields=["version"])
        out.append((game, game.seats.get(user=user)))
    return out


def reinstate_user(user: Any, actor: Actor) -> AuditEntry:
    """Lift a suspension or a ban now. A moderator lifts only what a moderator did: an account an
    administrator (a superuser) deactivated, or that was closed another way, is the administrators' to
    reinstate."""
    moderator = _check_target(actor, user)
    with transaction.atomic():
        profile = Profile.objects.select_for_update().get(user=user)
        user.refresh_from_db(fields=["is_active"])  # as it stands under the profile's lock
        if user.is_active:
            raise Invalid(f"{user.display_name} is not suspended or banned.", code="not_sanctioned")
        if not moderator.is_superuser and not _sanctioned_by_a_moderator(user, profile):
            raise NotAllowed(f"{user.display_name}'s account was not closed by a moderator's suspension or "
                             "ban (an administrator deactivated it, or it was closed another way): only an "
                             "administrator can reinstate it.", code="staff")
        user.is_active = True
        user.save(update_fields=["is_active"])
        profile.suspended_until = None
        profile.save(update_fields=["suspended_until"])
        return record(actor, AuditEntry.Act.REINSTATE, f"reinstated {user.display_name}", user=user,
                      tell=[user])


def _sanctioned_by_a_moderator(user: Any, profile: Profile) -> bool:
    """The account is inactive because of a moderator's suspension or ban still in force: the newest of the
    user's sanctions and reinstatements (an administrator's change of the account's "active" box is
    recorded among them: accounts/admin.py) is a suspension or ban by a moderator who is no superuser,
    and a suspension is still running (one that ran out ended it; whatever closed the account since did
    not come from a moderator)."""
    latest = (AuditEntry.objects.filter(user=user, game=None, act__in=SANCTION_ACTS)
              .select_related("moderator").order_by("-created_at", "-pk").first())
    if latest is None or latest.act == AuditEntry.Act.REINSTATE or latest.moderator.is_superuser:
        return False
    return (profile.suspended_until is None) == (latest.act == AuditEntry.Act.BAN)


# What makes or ends the account's inactivity, for _sanctioned_by_a_moderator.
SANCTION_ACTS = (AuditEntry.Act.SUSPEND, AuditEntry.Act.BAN, AuditEntry.Act.REINSTATE)


def record_admin_change(user: Any, actor: Actor, active: bool) -> AuditEntry:
    """An administrator switched the account's "active" box in the admin's account form (accounts/admin.py):
    recorded as a ban or a reinstatement by them, so that a moderator cannot undo it (reinstate_user)."""
    actor.require_moderator()
    act, word = (AuditEntry.Act.REINSTATE, "reactivated") if active else (AuditEntry.Act.BAN, "deactivated")
    return record(actor, act, f"{word} the account of {user.display_name}", user=user)


def suspensions_due(now: datetime, limit: int) -> list[int]:
    """Users whose suspension has run out: the beat's scan reinstates them."""
    return list(Profile.objects.filter(suspended_until__lte=now).order_by("suspended_until")
                .values_list("user_id", flat=True)[:limit])


def end_suspension(user_id: int, now: datetime | None = None) -> bool:
    """The suspension's time is up: the account is active again. False if it was lifted or moved meanwhile."""
    now = now or timezone.now()
    with transaction.atomic():
        profile = (Profile.objects.select_for_update().select_related("user")
                   .filter(user_id=user_id, suspended_until__lte=now).first())
        if profile is None:
            return False
        profile.suspended_until = None
        profile.save(update_fields=["suspended_until"])
        profile.user.is_active = True
        profile.user.save(update_fields=["is_active"])
    return True

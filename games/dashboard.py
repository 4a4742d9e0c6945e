"""What the moderators' dashboard lists (docs/moderation.md): open reports, stalled games, games paused for
long, and players who keep letting their clock run out. Read-only queries; the admin draws them."""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from django.db.models import Count, Q, QuerySet, Sum
from django.utils import timezone

from games.clock.rules import BANK, DEADLINE, ClockRules
from games.models import SHORTEST_TURN, Game, LateFrom, Report, Seat

# A game without a clock is stalled when it has waited this long for a move; a game with one, when it has
# waited longer than its clock allows a turn (plus this grace, for the beat's minute and a busy worker).
NO_CLOCK_STALL = timedelta(days=14)
GRACE = timedelta(hours=1)
PAUSED_LONG = timedelta(days=7)
REPEATED_TIMEOUTS = 3
# The seats read past their LateFrom, the first past it first: all of them but on a site where more than this
# many are stalled at once.
CANDIDATES = 500


@dataclass
class Stalled:
    game: Game
    waiting_since: datetime
    allowed: timedelta
    seats: list[Seat]


def allowance(game: Game) -> timedelta:
    """The longest a turn can take under the game's clock."""
    return _allowance(game.clock)


def _allowance(clock: dict[str, Any]) -> timedelta:
    rules = ClockRules.from_dict(clock)
    if rules.mode == DEADLINE:
        return timedelta(hours=rules.hours)
    if rules.mode == BANK:
        return timedelta(hours=rules.cap_hours)
    return NO_CLOCK_STALL


def stalled_games(now: datetime | None = None, limit: int = 50) -> list[Stalled]:
    """Games in play, not paused, with an awaited seat whose clock ran out more than GRACE ago (the clock
    could not play for it), or, for a seat with no clock running (no clock, or paused on vacation), that
    has waited longer than the clock allows a turn. A clock resumed or extended counts from its new end."""
    now = now or timezone.now()
    # Only the awaited seats past their LateFrom (games/models.py: a clock run out, or a wait with no
    # clock running longer than the shortest turn) can be late, and the index `seat_late_from` holds them
    # in that order: at 100,000 games (bench/many_games_bench.py) none of the 20,000 awaited seats is, where
    # the 500 longest waits (turns still on time) were read and their games joined, 10 ms. They are read
    # narrow (their times and their game's clock) and checked against the game's clock below; only the
    # late ones are read whole.
    candidates = (Seat.objects.filter(awaiting=True,
                                      game__status__in=(Game.Status.SETUP, Game.Status.ACTIVE),
                                      game__paused_at__isnull=True)
                  .alias(late_from=LateFrom()).filter(late_from__lt=now - GRACE)
                  .order_by("late_from")
                  .values_list("pk", "awaited_since", "clock_since", "clock_left", "game__clock")
                  [:CANDIDATES])
    allowances: dict[str, timedelta] = {}
    late: dict[int, timedelta] = {}
    for pk, since, clock_since, clock_left, clock in candidates:
        if since is None or since >= now - SHORTEST_TURN:
            continue
        key = json.dumps(clock, sort_keys=True)
        allowed = allowances.get(key) or allowances.setdefault(key, _allowance(clock))
        running = clock_since is not None and clock_left is not None
        due = clock_since + timedelta(seconds=clock_left) if running else None  # Seat.due_at
        if due < now - GRACE if due is not None else since < now - allowed - GRACE:
            late[pk] = allowed
    seats = (Seat.objects.filter(pk__in=late).select_related("game", "user__profile")
             .defer("game__state").order_by("awaited_since", "pk"))
    found: dict[int, Stalled] = {}
    for seat in seats:
        assert seat.awaited_since is not None  # late
        entry = found.setdefault(seat.game_id, Stalled(seat.game, seat.awaited_since, late[seat.pk], []))
        entry.seats.append(seat)
    return sorted(found.values(), key=lambda s: s.waiting_since)[:limit]


def stalled_ids(now: datetime | None = None) -> list[int]:
    return [s.game.pk for s in stalled_games(now, limit=CANDIDATES)]


def paused_long(now: datetime | None = None) -> QuerySet[Game]:
    now = now or timezone.now()
    return Game.objects.filter(paused_at__lt=now - PAUSED_LONG,
                               status__in=(Game.Status.SETUP, Game.Status.ACTIVE)).order_by("paused_at")


def open_reports() -> QuerySet[Report]:
    return (Report.objects.filter(status=Report.Status.OPEN)
            .select_related("game", "message", "reported__profile", "reporter__profile")
            .order_by("created_at"))


def repeated_timeouts(limit: int = 50) -> list[dict[str, Any]]:
    """Players with REPEATED_TIMEOUTS timeouts or more in all their games, the most first."""
    rows = (Seat.objects.filter(user__isnull=False, timeouts_total__gt=0)
            .values("user_id", "user__email", "user__profile__display_name")
            .annotate(timeouts=Sum("timeouts_total"), games=Count("game", distinct=True),
                      abandoned=Count("pk", filter=Q(abandoned=True)))
            .filter(timeouts__gte=REPEATED_TIMEOUTS).order_by("-timeouts", "user_id")[:limit])
    return list(rows)

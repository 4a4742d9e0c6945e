"""What the moderators' dashboard lists (docs/moderation.md): open reports, stalled games, games paused for
long, and players who keep letting their clock run out. Read-only queries; the admin draws them."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from django.db.models import Count, Q, QuerySet, Sum
from django.utils import timezone

from games.clock.rules import BANK, DEADLINE
from games.models import Game, Report, Seat

# A game without a clock is stalled when it has waited this long for a move; a game with one, when it has
# waited longer than its clock allows a turn (plus this grace, for the beat's minute and a busy worker).
NO_CLOCK_STALL = timedelta(days=14)
GRACE = timedelta(hours=1)
SHORTEST_TURN = timedelta(hours=1)  # games/clock/rules.py: a clock allows at least an hour
PAUSED_LONG = timedelta(days=7)
REPEATED_TIMEOUTS = 3
# The oldest waits first: a stalled game is among the longest waits.
CANDIDATES = 500


@dataclass
class Stalled:
    game: Game
    waiting_since: datetime
    allowed: timedelta
    seats: list[Seat]


def allowance(game: Game) -> timedelta:
    """The longest a turn can take under the game's clock."""
    rules = game.clock_rules
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
    # Nothing on awaited_since here (not even "not null"): the planner takes it and `awaiting` as
    # independent (awaited_since is null for the seats not awaited), reckons a few hundred rows and sorts
    # every awaited seat (120 ms at 20,000 games in play: bench/many_games_bench.py) instead of reading
    # the seat_awaited index in order and stopping at CANDIDATES. The oldest waits come first (nulls
    # last); one awaited for less than SHORTEST_TURN, or since no time, is not late below.
    seats = (Seat.objects.filter(awaiting=True,
                                 game__status__in=(Game.Status.SETUP, Game.Status.ACTIVE),
                                 game__paused_at__isnull=True)
             .select_related("game", "user__profile").defer("game__state")  # 500 states: megabytes
             .order_by("awaited_since")[:CANDIDATES])
    found: dict[int, Stalled] = {}
    for seat in seats:
        game = seat.game
        allowed = allowance(game)
        if seat.awaited_since is None or seat.awaited_since >= now - SHORTEST_TURN:
            continue
        due = seat.due_at
        late = due < now - GRACE if due is not None else seat.awaited_since < now - allowed - GRACE
        if not late:
            continue
        entry = found.setdefault(game.pk, Stalled(game, seat.awaited_since, allowed, []))
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

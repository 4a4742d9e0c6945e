"""How long a seat has left, in words for pages, lists and mails (the clock itself: games/actions/clock.py).

The moment is given in the reader's own time zone, since a page or a mail is read later and elsewhere;
pages also count it down live (static/js/countdown.js).
"""

from __future__ import annotations

import zoneinfo
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime

from django.utils import timezone

from games.clock.plan import left_at
from games.models import Game, Seat


@dataclass(frozen=True)
class Deadline:
    # "2 days 3 hours left", "overdue", "paused: on vacation" (or "game paused by a moderator"), "3 days per
    # turn", "no deadline"
    text: str
    due: datetime | None = None  # when the time runs out (None: no clock running for it)
    overdue: bool = False
    paused: bool = False
    rules: str = ""  # the game's clock in words ("3 days per turn")

    def when(self, time_zone: str) -> str:
        """The due moment as "Tue 24 Nov 2026, 13:00 Europe/Paris" ("" without one)."""
        if self.due is None:
            return ""
        zone, name = local_zone(time_zone)
        return moment_text(timezone.localtime(self.due, zone), name)

    def sentence(self, time_zone: str) -> str:
        """For a mail: "1 day 23 hours left: until Tue 24 Nov 2026, 13:00 UTC; 2 days per turn"."""
        if self.due is None:
            return f"{self.text}; {self.rules}" if self.paused else ""
        if self.overdue:
            return f"overdue since {self.when(time_zone)}; {self.rules}"
        return f"{self.text}: until {self.when(time_zone)}; {self.rules}"


def moment_text(local: datetime, zone_name: str) -> str:
    """A moment already in its zone, as players read it: "Tue 24 Nov 2026, 13:00 Europe/Paris"."""
    return f"{local:%a} {local.day} {local:%b %Y, %H:%M} {zone_name}"


def local_zone(time_zone: str) -> tuple[zoneinfo.ZoneInfo, str]:
    try:
        return zoneinfo.ZoneInfo(time_zone), time_zone
    except (zoneinfo.ZoneInfoNotFoundError, ValueError):
        return zoneinfo.ZoneInfo("UTC"), "UTC"


def left_text(seconds: float) -> str:
    """"2 days 3 hours left", "5 hours 12 min left", "40 min left"."""
    minutes = int(seconds // 60)
    days, rest = divmod(minutes, 24 * 60)
    hours, mins = divmod(rest, 60)
    if days >= 2:
        return f"{days} days" + (f" {hours} h" if hours else "") + " left"
    hours += days * 24
    if hours:
        return f"{hours} h {mins} min left"
    return f"{max(1, mins)} min left"


def seat_deadline(game: Game, seat: Seat, now: datetime | None = None) -> Deadline:
    """This seat's time, while the game awaits it. A question out of turn runs on its own window, even in
    a game without a clock (games/actions/clock.py, track): its deadline says so, not the turn's rules."""
    rules = game.clock_rules
    window = seat.awaiting and seat.clock_out_of_turn and seat.clock_left is not None
    said = "the time to answer this question" if window else rules.describe()
    if not rules.runs and not window:
        return Deadline("no deadline", rules="no deadline")
    if not seat.awaiting or seat.clock_left is None:
        return Deadline(said, rules=said)
    if seat.clock_since is None:
        why = "game paused by a moderator" if game.paused_at is not None else "on vacation"
        return Deadline(f"paused: {why}", paused=True, rules=said)
    now = now or timezone.now()
    left = left_at(seat.clock_left, seat.clock_since, now)
    return Deadline("overdue" if left <= 0 else left_text(left), due=seat.due_at, overdue=left <= 0,
                    rules=said)


def game_deadline(game: Game, seats: Iterable[Seat], viewer: Seat | None = None,
                  now: datetime | None = None) -> Deadline:
    """What a page or a list shows for the game: the viewer's own time when the game awaits them, else
    the soonest of the awaited seats' (a paused one only when every awaited seat is paused)."""
    if not game.is_active:
        return Deadline(game.clock_text, rules=game.clock_text)
    if viewer is not None and viewer.awaiting:
        return seat_deadline(game, viewer, now)
    found = [seat_deadline(game, s, now) for s in seats if s.awaiting]
    running = sorted((d for d in found if d.due is not None), key=lambda d: d.due or now)
    if running:
        return running[0]
    if found:
        return found[0]
    return Deadline(game.clock_text, rules=game.clock_text)

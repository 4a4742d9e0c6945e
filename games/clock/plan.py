"""When a seat's reminders and timeout fall, from its running clock (pure: no database, no clock read).

A seat's clock for one stint (from the moment the game awaits it to the moment it no longer does) is
`left` seconds at `since` (None while paused: vacation), out of `allowed` at the stint's start. The time
runs out at since + left; a reminder falls when what is left reaches half of `allowed`, and when it
reaches LAST_CALL_HOURS.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta, tzinfo

from games.clock.rules import LAST_CALL_HOURS, ClockRules

HALF, LAST, TIMEOUT = "half", "last", "timeout"
# Two reminders closer than this would be one mail too many: the later one (the last call) stays.
REMINDER_GAP = timedelta(hours=2)


def marks(rules: ClockRules, allowed: float) -> dict[str, float]:
    """Seconds left at each of the stint's due points: the timeout at 0, and the reminders the rules ask
    for that fall after the stint's start (a last call at 12 hours in a 12-hour turn would come with the
    turn notice itself)."""
    out = {TIMEOUT: 0.0}
    if not rules.reminders:
        return out
    last = LAST_CALL_HOURS * 3600.0
    if last < allowed:
        out[LAST] = last
    half = allowed / 2
    if LAST not in out or abs(half - last) >= REMINDER_GAP.total_seconds():
        out[HALF] = half
    return out


def due_times(rules: ClockRules, allowed: float, left: float,
              since: datetime | None) -> dict[str, datetime | None]:
    """Each due point's moment, None while the clock is paused. A point whose moment has passed while the
    clock ran (a reminder that was due during a pause) falls due at once: `since` at the earliest."""
    out: dict[str, datetime | None] = {}
    for name, at_left in marks(rules, allowed).items():
        if since is None:
            out[name] = None
        else:
            out[name] = since + timedelta(seconds=max(0.0, left - at_left))
    return out


def left_at(left: float, since: datetime | None, now: datetime) -> float:
    """Seconds left now; a paused clock (since None) keeps what it had."""
    if since is None:
        return left
    return max(0.0, left - (now - since).total_seconds())


def bank_after_turn(rules: ClockRules, left: float) -> float:
    """A time bank after the player's turn: what is left, plus the increment, up to the cap."""
    return min(left + rules.increment_hours * 3600.0, rules.cap_hours * 3600.0)


def vacation_days(days: float, counted_at: datetime, since: datetime | None, now: datetime, *,
                  per_year: float, cap: float) -> float:
    """Vacation days in hand now: `days` as of `counted_at`, spent day for day while away (`since`), else
    accruing at `per_year` up to `cap` (a player never away keeps `cap` at most)."""
    if since is not None:
        return max(0.0, days - (now - max(since, counted_at)).total_seconds() / 86400)
    accrued = (now - counted_at).total_seconds() / 86400 * per_year / 365.25
    return max(days, min(cap, days + accrued))


def next_local_hour(now: datetime, zone: tzinfo, hour: int) -> datetime:
    """The first moment after `now` when the clock on the wall in `zone` shows `hour`:00 (a daily
    digest). Across a daylight-saving change the wall clock decides: 08:00 stays 08:00 local; an hour the
    change skips is taken as its later reading (zoneinfo's fold 0: 02:00 in a spring-forward gap is 03:00)."""
    local = now.astimezone(zone)
    day = local.date()
    for _ in range(3):
        wall = datetime(day.year, day.month, day.day, hour, tzinfo=zone)
        moment = wall.astimezone(UTC).astimezone(zone)  # normalises a time in a gap
        if moment > local:
            return moment.astimezone(UTC)
        day += timedelta(days=1)
    raise AssertionError("unreachable: within three days the hour comes")

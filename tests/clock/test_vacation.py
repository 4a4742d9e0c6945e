"""Vacation (games/actions/vacation.py, docs/clock.md): the player's running clocks pause while they are
away, their days are spent day for day, and a player about to time out goes on vacation by themself."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from accounts.models import Profile
from games import actions
from games.actions import Actor
from games.actions.clock import Fired, due_ids, fire_due
from games.actions.vacation import days_left, end_vacation, start_vacation
from games.deadlines import seat_deadline
from games.models import ClockDue, Notice, Seat
from games.tasks import scan_clock
from tests.web.factories import UserFactory, active_seat, fresh, other_seat, started_game

pytestmark = pytest.mark.django_db

T0 = datetime(2026, 11, 23, 12, 0, tzinfo=UTC)
HOUR = 3600.0


def profile_of(seat: Seat) -> Profile:
    return Profile.objects.get(user_id=seat.user_id)


def test_going_away_pauses_the_running_clock_and_the_others_see_it_paused(clock, queued):
    game = started_game(players=2, clock={"hours": 72})
    seat = active_seat(game)
    clock.shift(timedelta(hours=10))
    start_vacation(Actor.player(seat.user))
    seat = fresh(seat)
    assert seat.paused and seat.clock_left == 62 * HOUR and seat.due_at is None
    pending = ClockDue.objects.filter(seat=seat, done_at__isnull=True)
    assert set(pending.values_list("due_at", flat=True)) == {None}
    assert seat_deadline(game, seat).text == "paused: on vacation"
    clock.shift(timedelta(days=20))
    assert due_ids(datetime.now(UTC), 500, 300) == []  # nothing falls due while away


def test_coming_back_runs_the_clock_from_where_it_stood_and_spends_the_days_away(clock, queued):
    game = started_game(players=2, clock={"hours": 72})
    seat = active_seat(game)
    clock.shift(timedelta(hours=10))
    start_vacation(Actor.player(seat.user))
    clock.shift(timedelta(days=3))
    end_vacation(Actor.player(seat.user))
    seat = fresh(seat)
    back = T0 + timedelta(hours=10, days=3)
    assert seat.due_at == back + timedelta(hours=62)
    pending = ClockDue.objects.filter(seat=seat, done_at__isnull=True)
    assert dict(pending.values_list("kind", "due_at")) == {
        "half": back + timedelta(hours=26), "last": back + timedelta(hours=50),
        "timeout": back + timedelta(hours=62)}
    accrued_before = 10 / 24 * 30 / 365.25  # ten hours at home: 30 days a year
    assert days_left(profile_of(seat)) == pytest.approx(10 + accrued_before - 3)


def test_a_turn_that_comes_while_away_starts_paused_and_runs_from_the_return(clock, queued):
    game = started_game(players=2, clock={"hours": 24})
    seat, other = active_seat(game), other_seat(game)
    start_vacation(Actor.player(other.user))
    actions.apply_command(game, Actor.player(seat.user), "end")
    other = fresh(other)
    assert other.awaiting and other.paused and other.clock_left == 24 * HOUR
    clock.shift(timedelta(days=2))
    end_vacation(Actor.player(other.user))
    assert fresh(other).due_at == T0 + timedelta(days=3)


def test_when_the_days_run_out_the_scan_ends_the_vacation(clock, queued, celery_eager):
    game = started_game(players=2, clock={"hours": 24})
    seat = active_seat(game)
    Profile.objects.filter(user=seat.user).update(vacation_days=2, vacation_counted_at=T0)
    start_vacation(Actor.player(seat.user))
    assert profile_of(seat).vacation_ends_at == T0 + timedelta(days=2)
    clock.shift(timedelta(days=2))
    scan_clock()
    profile = profile_of(seat)
    assert profile.vacation_since is None and profile.vacation_days == 0
    assert fresh(seat).due_at == T0 + timedelta(days=3)


def test_the_clock_does_not_end_a_vacation_before_its_days_run_out(clock, queued):
    user = UserFactory()
    start_vacation(Actor.player(user))
    with pytest.raises(actions.Invalid, match="still has days left"):
        end_vacation(Actor.clock(), user)


def test_going_away_twice_or_coming_back_unaway_or_without_days_is_refused_and_changes_nothing(clock):
    user = UserFactory()
    with pytest.raises(actions.Invalid, match="not on vacation"):
        end_vacation(Actor.player(user))
    start_vacation(Actor.player(user))
    with pytest.raises(actions.Invalid, match="already on vacation"):
        start_vacation(Actor.player(user))
    other = UserFactory()
    Profile.objects.filter(user=other).update(vacation_days=0, vacation_counted_at=T0)
    with pytest.raises(actions.Invalid, match="no vacation days left"):
        start_vacation(Actor.player(other))
    assert Profile.objects.get(user=other).vacation_since is None


def test_a_player_switches_only_their_own_vacation(clock):
    me, them = UserFactory(), UserFactory()
    start_vacation(Actor.player(me), them)  # the user argument is ignored for a player: their own
    assert Profile.objects.get(user=me).vacation_since == T0
    assert Profile.objects.get(user=them).vacation_since is None
    with pytest.raises(actions.NotAllowed):
        start_vacation(Actor.system("tidy"), them)


def test_a_player_about_to_time_out_with_days_left_goes_on_vacation_instead(clock, queued, celery_eager):
    game = started_game(players=2, clock={"hours": 24, "reminders": False})
    seat = active_seat(game)
    Profile.objects.filter(user=seat.user).update(vacation_days=1.5, vacation_counted_at=T0)
    clock.move_to(T0 + timedelta(hours=24))
    (due,) = due_ids(datetime.now(UTC), 500, 300)
    assert fire_due(due) is Fired.VACATION
    seat = fresh(seat)
    assert seat.awaiting and seat.paused and seat.clock_left == 12 * HOUR
    assert not game.actions.filter(source="timeout").exists()
    assert Notice.objects.filter(user=seat.user, kind="vacation").exists()
    assert ClockDue.objects.get(pk=due).done_at is None  # still owed, from the return
    ends = profile_of(seat).vacation_ends_at
    assert ends > T0 + timedelta(hours=24 + 36)  # 1.5 days, and what accrued since T0
    clock.move_to(ends)  # the days run out: the scan ends the vacation
    scan_clock()
    assert fresh(seat).due_at == ends + timedelta(hours=12)
    clock.shift(timedelta(hours=12))
    assert [fire_due(pk) for pk in due_ids(datetime.now(UTC), 500, 300)] == [Fired.TIMED_OUT]


def test_a_player_who_opted_out_of_automatic_vacation_times_out(clock, queued):
    game = started_game(players=2, clock={"hours": 24, "reminders": False})
    seat = active_seat(game)
    Profile.objects.filter(user=seat.user).update(auto_vacation=False)
    clock.move_to(T0 + timedelta(hours=24))
    assert [fire_due(pk) for pk in due_ids(datetime.now(UTC), 500, 300)] == [Fired.TIMED_OUT]
    assert Profile.objects.get(user=seat.user).vacation_since is None


def test_a_vacation_pauses_every_game_that_waits_for_the_player_and_none_that_does_not(clock, queued):
    me = UserFactory()
    waiting = [started_game(players=2, clock={"hours": 24}) for _ in range(2)]
    mine = []
    for game in waiting:
        seat = active_seat(game)
        Seat.objects.filter(pk=seat.pk).update(user=me)  # the awaited seat is mine
        mine.append(seat.pk)
    start_vacation(Actor.player(me))
    assert all(Seat.objects.get(pk=pk).paused for pk in mine)
    others = Seat.objects.filter(game__in=waiting).exclude(pk__in=mine)
    assert not any(s.paused for s in others)

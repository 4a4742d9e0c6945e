"""The clock in a game, travelling in time (docs/clock.md): a seat's stint, its reminders and its timeout
owed as ClockDue rows, carried out by the beat's scan and its tasks, at most once."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from games import actions
from games.actions import Actor
from games.actions.clock import Fired, due_ids, fire_due
from games.models import Action, ClockDue, Game, Notification, Seat
from games.tasks import scan_clock
from tests.web.factories import active_seat, other_seat, started_game

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("no_vacation_days")]

T0 = datetime(2026, 11, 23, 12, 0, tzinfo=UTC)


def owed(seat: Seat) -> dict[str, datetime | None]:
    """The seat's pending reminders and timeout, by kind."""
    return dict(ClockDue.objects.filter(seat=seat, done_at__isnull=True).values_list("kind", "due_at"))


def fire_all_due() -> list[str]:
    """What the beat's scan would queue now, each carried out."""
    return [fire_due(pk).value for pk in due_ids(datetime.now(UTC), 500, 300)]


def test_the_seat_to_act_owes_its_reminders_and_timeout_from_the_moment_its_turn_began(clock, queued):
    game = started_game(players=2, clock={"hours": 72})
    seat, other = active_seat(game), other_seat(game)
    assert owed(seat) == {"half": T0 + timedelta(hours=36), "last": T0 + timedelta(hours=60),
                          "timeout": T0 + timedelta(hours=72)}
    assert owed(other) == {}
    assert seat.due_at == T0 + timedelta(hours=72) and seat.awaited_since == T0


def test_a_turn_played_closes_the_seats_rows_and_starts_the_next_seats_clock_afresh(clock, queued):
    game = started_game(players=2, clock={"hours": 24})
    seat, other = active_seat(game), other_seat(game)
    clock.shift(timedelta(hours=5))
    actions.apply_command(game, Actor.player(seat.user), "end")
    assert owed(seat) == {}
    assert set(ClockDue.objects.filter(seat=seat).values_list("outcome", flat=True)) == {"stale"}
    assert owed(other) == {"last": T0 + timedelta(hours=17), "timeout": T0 + timedelta(hours=29)}


def test_nothing_is_due_before_its_time_and_the_half_time_reminder_is_owed_once(clock, queued):
    game = started_game(players=2, clock={"hours": 72})
    seat = active_seat(game)
    clock.move_to(T0 + timedelta(hours=35, minutes=59))
    assert fire_all_due() == []
    clock.move_to(T0 + timedelta(hours=36))
    assert fire_all_due() == ["reminded"]
    reminder = Notification.objects.get(kind="reminder")
    assert (reminder.user_id, reminder.seat_id) == (seat.user_id, seat.pk)
    assert fire_all_due() == []  # done: the scan does not see it again
    half = ClockDue.objects.get(seat=seat, kind="half", outcome="reminded")
    assert fire_due(half.pk) is Fired.DONE  # a task run twice
    assert Notification.objects.filter(kind="reminder").count() == 1


def test_at_the_deadline_the_clock_ends_the_turn_as_a_timeout_and_the_next_seat_is_awaited(clock, queued):
    game = started_game(players=2, clock={"hours": 72})
    seat, other = active_seat(game), other_seat(game)
    clock.move_to(T0 + timedelta(hours=72))
    assert sorted(fire_all_due()) == ["reminded", "reminded", "timed out"]
    last = Action.objects.filter(game=game).latest("seq")
    assert (last.command, last.source, last.seat, last.actor_id) == ("end", "timeout", seat.index, None)
    seat.refresh_from_db()
    other.refresh_from_db()
    assert not seat.awaiting and other.awaiting
    assert (seat.timeouts, seat.timeouts_total) == (1, 1)
    assert other.due_at == T0 + timedelta(hours=144)


def test_the_reminders_passed_while_the_scan_was_away_are_one_mail_each_not_a_pile(clock, queued):
    game = started_game(players=2, clock={"hours": 72})
    clock.move_to(T0 + timedelta(hours=71))
    assert sorted(fire_all_due()) == ["reminded", "reminded"]
    assert Notification.objects.filter(game=game, kind="reminder").count() == 2


def test_a_setup_decision_times_out_to_keep(clock, queued):
    game = started_game(players=2, keep=False, clock={"hours": 24})
    assert game.status == Game.Status.SETUP
    clock.move_to(T0 + timedelta(hours=24))
    assert fire_all_due().count("timed out") == 2
    game.refresh_from_db()
    assert game.status == Game.Status.ACTIVE
    assert list(game.actions.values_list("command", "source")) == [("keep", "timeout"), ("keep", "timeout")]


def test_a_player_who_plays_again_ends_their_run_of_timeouts_but_not_the_count(clock, queued):
    game = started_game(players=2, clock={"hours": 1, "reminders": False})
    seat = active_seat(game)
    clock.shift(timedelta(hours=1))
    fire_all_due()
    other = active_seat(game)
    actions.apply_command(game, Actor.player(other.user), "end")
    clock.shift(timedelta(hours=1))
    fire_all_due()
    seat.refresh_from_db()
    assert (seat.timeouts, seat.timeouts_total) == (2, 2)
    actions.apply_command(game, Actor.player(other.user), "end")
    actions.apply_command(game, Actor.player(seat.user), "end")
    seat.refresh_from_db()
    assert (seat.timeouts, seat.timeouts_total) == (0, 2)


def test_a_move_before_the_timeout_wins_and_the_timeout_finds_its_turn_gone(clock, queued):
    game = started_game(players=2, clock={"hours": 24, "reminders": False})
    seat = active_seat(game)
    clock.move_to(T0 + timedelta(hours=24))
    (due,) = due_ids(datetime.now(UTC), 500, 300)  # queued by the scan...
    # ...then the player's move comes first
    actions.apply_command(game, Actor.player(seat.user), "end", expected_version=game.version)
    assert fire_due(due) is Fired.DONE  # the move closed it
    assert ClockDue.objects.get(pk=due).outcome == "stale"
    assert not game.actions.filter(source="timeout").exists()


def test_a_timeout_before_the_move_wins_and_the_move_is_refused_unapplied(clock, queued):
    game = started_game(players=2, clock={"hours": 24, "reminders": False})
    seat = active_seat(game)
    version = game.version
    clock.move_to(T0 + timedelta(hours=24))
    assert fire_all_due() == ["timed out"]
    with pytest.raises(actions.GameMovedOn):
        actions.apply_command(game, Actor.player(seat.user), "end", expected_version=version)
    with pytest.raises(actions.NotYourTurn):
        actions.apply_command(game, Actor.player(seat.user), "end")
    assert list(game.actions.filter(command="end").values_list("source", flat=True)) == ["timeout"]


def test_a_row_queued_but_moved_later_is_left_for_the_scan_to_find_again(clock, queued):
    game = started_game(players=2, clock={"hours": 24, "reminders": False})
    seat = active_seat(game)
    clock.move_to(T0 + timedelta(hours=24))
    (due,) = due_ids(datetime.now(UTC), 500, 300)
    ClockDue.objects.filter(pk=due).update(due_at=T0 + timedelta(hours=30))  # e.g. back from a pause
    assert fire_due(due) is Fired.NOT_YET
    seat.refresh_from_db()
    assert seat.awaiting and ClockDue.objects.get(pk=due).queued_until is None


def test_the_scan_queues_each_due_row_once_until_its_hold_runs_out(clock, queued):
    started_game(players=2, clock={"hours": 24, "reminders": False})
    started_game(players=2, clock={"hours": 48, "reminders": False})
    clock.move_to(T0 + timedelta(hours=24))
    first = due_ids(datetime.now(UTC), 500, 300)
    assert len(first) == 1 and due_ids(datetime.now(UTC), 500, 300) == []
    clock.shift(timedelta(seconds=301))  # its task was lost: queued again
    assert due_ids(datetime.now(UTC), 500, 300) == first
    assert fire_due(first[0]) is Fired.TIMED_OUT
    clock.move_to(T0 + timedelta(hours=48, seconds=1))
    assert len(due_ids(datetime.now(UTC), 500, 300)) == 1


def test_the_beat_task_scans_and_carries_out_what_is_due(clock, queued, celery_eager):
    game = started_game(players=2, clock={"hours": 72})
    clock.move_to(T0 + timedelta(hours=72))
    assert scan_clock() == 3
    assert game.actions.filter(source="timeout").count() == 1
    assert Notification.objects.filter(kind="reminder").count() == 2
    assert scan_clock() == 0


def test_a_game_without_a_clock_owes_nothing_but_knows_how_long_a_seat_has_waited(clock, queued):
    game = started_game(players=2, clock={"mode": "none"})
    seat = active_seat(game)
    assert not ClockDue.objects.filter(game=game).exists()
    assert seat.awaited_since == T0 and seat.due_at is None


def test_a_finished_game_owes_nothing_more(clock, queued):
    game = started_game(players=2, clock={"hours": 24})
    actions.apply_command(game, Actor.player(active_seat(game).user), "resign")
    assert not ClockDue.objects.filter(game=game, done_at__isnull=True).exists()
    assert not Seat.objects.filter(game=game, clock_prompt__isnull=False).exists()

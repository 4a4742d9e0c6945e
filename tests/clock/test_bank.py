"""A time bank (docs/clock.md): each player's time for all their turns, drained while the game waits for
them, topped up by the increment after each turn they play, never beyond the cap."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from games import actions
from games.actions import Actor
from games.actions.clock import Fired, due_ids, fire_due
from games.models import Seat
from tests.web.factories import active_seat, fresh, other_seat, started_game

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("no_vacation_days")]

T0 = datetime(2026, 11, 23, 12, 0, tzinfo=UTC)
HOUR = 3600.0
BANK = {"mode": "bank", "bank_hours": 48, "increment_hours": 12, "cap_hours": 72, "reminders": False}
# Both players kept their factions at once (tests.web.factories.started_game): the setup choice was a
# turn of theirs, so each bank holds its 48 hours plus one increment when play begins.
START = 60


def end_turn(seat: Seat) -> None:
    actions.apply_command(seat.game, Actor.player(seat.user), "end")


def test_a_turn_drains_the_bank_and_the_increment_tops_it_up_after(clock, queued):
    game = started_game(players=2, clock=BANK)
    seat, other = active_seat(game), other_seat(game)
    assert fresh(seat).due_at == T0 + timedelta(hours=START)
    clock.shift(timedelta(hours=30))
    end_turn(seat)
    assert fresh(seat).bank == (START - 30 + 12) * HOUR
    # The other's bank has not run meanwhile: their first turn starts with all of it.
    assert fresh(other).due_at == T0 + timedelta(hours=30 + START)


def test_the_bank_never_grows_past_its_cap(clock, queued):
    game = started_game(players=2, clock=BANK)
    seat, other = active_seat(game), other_seat(game)
    for _ in range(3):
        end_turn(seat)
        end_turn(other)
    assert fresh(seat).bank == 72 * HOUR and fresh(other).bank == 72 * HOUR
    assert fresh(seat).due_at == T0 + timedelta(hours=72)


def test_an_empty_bank_times_out_and_the_next_turn_starts_from_the_increment(clock, queued):
    game = started_game(players=2, clock=BANK)
    seat, other = active_seat(game), other_seat(game)
    clock.move_to(T0 + timedelta(hours=START))
    assert [fire_due(pk) for pk in due_ids(datetime.now(UTC), 500, 300)] == [Fired.TIMED_OUT]
    assert fresh(seat).bank == 12 * HOUR
    end_turn(fresh(other))
    assert fresh(seat).due_at == T0 + timedelta(hours=START + 12)

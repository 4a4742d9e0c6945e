"""A player's move and the timeout for that move at the same instant, on two database connections:
exactly one applies (docs/clock.md). Both take the game's row lock first; whichever commits first wins and
the other finds the turn gone."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
import time_machine

from games import actions
from games.actions import Actor
from games.actions.clock import Fired, due_ids, fire_due
from games.models import Game
from tests.web.factories import active_seat, started_game
from tests.web.helpers import run_together

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("no_vacation_days")]

T0 = datetime(2026, 11, 23, 12, 0, tzinfo=UTC)


@pytest.mark.parametrize("attempt", range(4))
def test_a_last_second_move_and_its_timeout_at_the_same_instant_apply_exactly_once(attempt, slow_engine,
                                                                                      queued):
    with time_machine.travel(T0, tick=False) as clock:
        game = started_game(players=2, clock={"hours": 24, "reminders": False})
        seat = active_seat(game)
        version = game.version
        clock.move_to(T0 + timedelta(hours=24))
        (due,) = due_ids(datetime.now(UTC), 500, 300)

        def move() -> Any:
            return actions.apply_command(Game.objects.get(pk=game.pk), Actor.player(seat.user), "end",
                                         expected_version=version)

        def timeout() -> Any:
            return fire_due(due)

        calls = [move, timeout] if attempt % 2 else [timeout, move]
        results = run_together(calls)

    ends = list(game.actions.filter(command="end").values_list("source", flat=True))
    assert len(ends) == 1, (ends, results)
    moved = next(r for r in results if not isinstance(r, Fired))
    fired = next(r for r in results if isinstance(r, Fired))
    if ends == ["timeout"]:
        assert fired is Fired.TIMED_OUT and isinstance(moved, actions.GameMovedOn)
    else:
        assert ends == ["web"] and isinstance(moved, actions.Applied) and fired in (Fired.STALE, Fired.DONE)
    game.refresh_from_db()
    assert game.version == version + 1

"""games.actions.apply_command: two (or six) database connections submitting to the same game at the same
moment."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from django.test import Client

from games import actions
from games.actions import Actor
from games.models import Game
from tests.web.factories import active_seat, other_seat, started_game
from tests.web.helpers import run_together

pytestmark = pytest.mark.django_db(transaction=True)


def log_of(game: Game) -> list[int]:
    return list(game.actions.order_by("seq").values_list("seq", flat=True))


def test_two_connections_submitting_the_same_form_apply_exactly_once(slow_engine, celery_eager):
    game = started_game(players=2)
    seat = active_seat(game)
    version, before = game.version, len(log_of(game))

    def submit() -> Any:
        return actions.apply_command(Game.objects.get(pk=game.pk), Actor.player(seat.user), "launch 1e",
                                     expected_version=version)

    results = run_together([submit, submit])

    applied = [r for r in results if isinstance(r, actions.Applied)]
    refused = [r for r in results if isinstance(r, actions.GameMovedOn)]
    assert len(applied) == 1 and len(refused) == 1, results
    assert "The game has moved on" in refused[0].message
    seqs = log_of(game)
    assert seqs == list(range(1, before + 2))  # one new action, no gap, no duplicate
    game.refresh_from_db()
    assert game.version == version + 1
    assert game.actions.filter(command="launch 1e").count() == 1


def test_two_connections_with_different_commands_and_no_version_apply_one_after_the_other(slow_engine,
                                                                                        celery_eager):
    game = started_game(players=2)
    seat = active_seat(game)
    home = game.state["seats"][seat.index]["home"]
    before = len(log_of(game))

    def launch() -> Any:
        return actions.apply_command(Game.objects.get(pk=game.pk), Actor.player(seat.user), "launch 1e")

    def orders() -> Any:
        return actions.apply_command(Game.objects.get(pk=game.pk), Actor.player(seat.user),
                                     "order damage ews")

    results = run_together([launch, orders])

    assert all(isinstance(r, actions.Applied) for r in results), results
    assert log_of(game) == list(range(1, before + 3))
    game.refresh_from_db()
    assert [s["cell"] for s in game.state["ships"]] == [home]
    assert game.state["seats"][seat.index]["orders"]["damage"] == "ews"


def test_six_players_changing_orders_at_once_leave_a_log_without_gap_or_duplicate(celery_eager):
    game = started_game(players=6)
    seats = list(game.seats.select_related("user").order_by("index"))
    before = len(log_of(game))
    version = game.version

    def order(user: Any) -> Callable[[], Any]:
        return lambda: actions.apply_command(Game.objects.get(pk=game.pk), Actor.player(user),
                                             "order damage ews")

    results = run_together([order(s.user) for s in seats])

    assert all(isinstance(r, actions.Applied) for r in results), results
    assert log_of(game) == list(range(1, before + 7))
    game.refresh_from_db()
    assert game.version == version + 6
    assert sorted(game.actions.order_by("-seq").values_list("seat", flat=True)[:6]) == list(range(6))


def test_a_standing_orders_form_submitted_twice_at_once_logs_one_action(slow_engine):
    """The orders form carries no version (orders change while others move): the two submissions are
    read against the locked state, so the second finds the orders already as asked."""
    game = started_game(players=2)
    waiting = other_seat(game)
    current = game.state["seats"][waiting.index]["orders"]["damage"]
    wanted = next(o for o in ("ews", "wes", "sew") if o != current)
    before = len(log_of(game))
    clients = [Client(), Client()]
    for c in clients:
        c.force_login(waiting.user)

    def submit(c: Client) -> Callable[[], Any]:
        return lambda: c.post(f"/games/{game.pk}/orders/", {"damage": wanted})

    results = run_together([submit(c) for c in clients])

    assert [r.status_code for r in results] == [302, 302], results
    assert log_of(game) == list(range(1, before + 2))
    assert game.actions.filter(command=f"order damage {wanted}").count() == 1
    game.refresh_from_db()
    assert game.state["seats"][waiting.index]["orders"]["damage"] == wanted

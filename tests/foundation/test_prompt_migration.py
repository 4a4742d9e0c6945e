"""Migration 0017 moves the keys of a game in play from the turn number to the prompt (what each seat is
asked): its seats' clocks, due reminders, turn notices and webhook deliveries carry over, so nothing is
mailed, reminded or posted twice, and the game plays on."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.utils import timezone

from games.kinds.metaltalon.engine import new_game

BEFORE = [("games", "0016_inbound_mail_normal_keys")]


@pytest.mark.django_db(transaction=True)
def test_a_game_in_play_keeps_its_clock_notices_and_webhooks_keyed_on_its_prompts():
    executor = MigrationExecutor(connection)
    executor.migrate(BEFORE)
    old = executor.loader.project_state(BEFORE).apps
    User, Game, Seat = (old.get_model("accounts", "User"), old.get_model("games", "Game"),
                        old.get_model("games", "Seat"))
    ClockDue, Notification = old.get_model("games", "ClockDue"), old.get_model("games", "Notification")
    Webhook, Delivery = old.get_model("games", "Webhook"), old.get_model("games", "WebhookDelivery")
    alice = User.objects.create(username="alice-p", email="alice-p@example.com")
    bob = User.objects.create(username="bob-p", email="bob-p@example.com")
    state = new_game(2, "token", factions=("bankers", "swarm"), seed=5)
    turn = state.turn
    game = Game.objects.create(created_by=alice, kind="metaltalon", options={"edition": "token"}, players=2,
                               status="active", state=state.to_dict(), version=0, invite_code="p17")
    now = timezone.now()
    active = Seat.objects.create(game=game, user=alice, index=0, status="playing", awaiting=True,
                                 clock_turn=turn, clock_allowed=3600.0, clock_left=3600.0, clock_since=now)
    Seat.objects.create(game=game, user=bob, index=1, status="playing")
    ClockDue.objects.create(game=game, seat=active, turn=turn, kind="timeout",
                            due_at=now + timedelta(hours=1))
    Notification.objects.create(game=game, user=alice, seat=active, kind="turn", key=turn)
    hook = Webhook.objects.create(user=alice, url="https://hooks.example.com/a", secret="s")
    Delivery.objects.create(webhook=hook, game=game, turn=turn, payload={})

    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(executor.loader.graph.leaf_nodes())

    from games.actions.notify import notify_turn
    from games.kinds import get_kind
    from games.models import ClockDue as NewDue
    from games.models import Game as NewGame
    from games.models import Notification as NewNotification
    from games.models import Seat as NewSeat
    from games.models import WebhookDelivery as NewDelivery

    key = str(turn)
    seat = NewSeat.objects.get(pk=active.pk)
    assert (seat.prompt, seat.clock_prompt, seat.clock_out_of_turn) == (key, key, False)
    assert NewSeat.objects.get(game_id=game.pk, index=1).prompt == ""
    assert NewDue.objects.get(seat=seat).prompt == key
    assert NewNotification.objects.get(game_id=game.pk).prompt == key
    assert NewDelivery.objects.get(game_id=game.pk).prompt == key
    # The turn's notice is already owed: the migrated game does not mail it again.
    migrated = NewGame.objects.get(pk=game.pk)
    kind = get_kind("metaltalon")
    assert notify_turn(migrated, kind, kind.load(migrated.state)) == []

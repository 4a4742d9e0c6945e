"""Migration 0002 turns MetalTalon's columns into the kind's options and keeps a game in play playable:
its logged actions (no recorded dice) replay from its own seed, and new commands roll live dice."""

from __future__ import annotations

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from games.kinds.metaltalon.engine import new_game, play


@pytest.mark.django_db(transaction=True)
def test_an_existing_game_keeps_its_options_and_stays_playable_after_the_migration():
    executor = MigrationExecutor(connection)
    executor.migrate([("games", "0001_initial")])
    old = executor.loader.project_state([("games", "0001_initial")]).apps
    User = old.get_model("accounts", "User")
    Game, Seat = old.get_model("games", "Game"), old.get_model("games", "Seat")
    Action, Snapshot = old.get_model("games", "Action"), old.get_model("games", "Snapshot")
    alice = User.objects.create(username="alice-m", email="alice-m@example.com")
    bob = User.objects.create(username="bob-m", email="bob-m@example.com")
    start = new_game(2, "web2002", variants=("spoils",), factions=("bankers", "swarm"), seed=11)
    moved = play(start, 0, "launch 3p 1n").state
    game = Game.objects.create(created_by=alice, edition="web2002", variants=["spoils"], players=2,
                               faction_mode="fixed", dice_mode="d6", status="active", seed=11,
                               state=moved.to_dict(), version=1)
    Seat.objects.create(game=game, user=alice, index=0, status="playing", awaiting=True)
    Seat.objects.create(game=game, user=bob, index=1, status="playing")
    Snapshot.objects.create(game=game, seq=0, turn=1, state=start.to_dict())
    Action.objects.create(game=game, seq=1, seat=0, actor=alice, command="launch 3p 1n", events=[],
                          source="web", turn=1, version_after=1)

    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(executor.loader.graph.leaf_nodes())

    from games import actions, history
    from games.actions import Actor
    from games.models import Game as NewGame

    migrated = NewGame.objects.get(pk=game.pk)
    assert (migrated.kind, migrated.options) == ("metaltalon", {
        "edition": "web2002", "variants": ["spoils"], "faction_mode": "fixed", "dice_mode": "d6"})
    logged = history.log_actions(migrated)
    assert logged[0].dice is None
    assert history.state_after(migrated, logged, 1).to_dict() == migrated.state  # replays from its seed
    applied = actions.apply_command(migrated, Actor.player(migrated.created_by), "end")
    assert applied.actions[0].dice == [] and applied.game.version == 2

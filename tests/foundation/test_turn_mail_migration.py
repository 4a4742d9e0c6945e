"""The old "e-mail me when it is my turn" box becomes the turn-mail choice (accounts migration 0005)."""

from __future__ import annotations

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

BEFORE = [("accounts", "0004_profile_unique_name_key")]
AFTER = [("accounts", "0005_profile_turn_mail")]


@pytest.mark.django_db(transaction=True)
def test_the_migration_maps_a_ticked_box_to_away_and_an_unticked_one_to_never():
    executor = MigrationExecutor(connection)
    try:
        executor.migrate(BEFORE)
        old = executor.loader.project_state(BEFORE).apps
        user, profile = old.get_model("accounts", "User"), old.get_model("accounts", "Profile")
        for name, flag in (("tick", True), ("untick", False)):
            someone = user.objects.create(username=name, email=f"{name}@example.test")
            # Historical models have no signals: the profile is written by hand.
            profile.objects.create(user=someone, display_name=name, name_key=name, notify_on_turn=flag)

        executor = MigrationExecutor(connection)
        executor.migrate(AFTER)
        new = executor.loader.project_state(AFTER).apps.get_model("accounts", "Profile")

        assert dict(new.objects.values_list("user__username", "turn_mail")) == {"tick": "away",
                                                                                "untick": "never"}
    finally:
        executor = MigrationExecutor(connection)
        executor.migrate(executor.loader.graph.leaf_nodes())

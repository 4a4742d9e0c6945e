"""`manage.py recompute_ratings`: every ladder rated again from the record of finished rated games, in the
order they ended (docs/ratings.md). The ratings the site keeps as games end are always this table; the
command rebuilds it after a correction made outside the actions, or checks it."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand

from games.actions.ratings import recompute_all


class Command(BaseCommand):
    help = "Rate every ladder again from the finished rated games, in the order they ended."

    def handle(self, *args: Any, **opts: Any) -> None:
        for ladder in recompute_all():
            games = ladder.changes.values("game").distinct().count()
            self.stdout.write(f"{ladder}: {ladder.ratings.count()} players rated, {games} games")

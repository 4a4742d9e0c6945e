"""The archive: finished public games, searchable by player, rules, player count, faction and the dates
they ended; each opens in replay. Only what the finished game shows anyone (docs/ratings.md has the
player pages, which list the same games for one player)."""

from __future__ import annotations

from datetime import date, datetime, time
from typing import Any

from django.core.cache import cache
from django.db.models import Prefetch, Q, QuerySet
from django.utils import timezone

from games.models import Game, Seat


def finished_public() -> QuerySet[Game]:
    return Game.objects.filter(status=Game.Status.FINISHED, visibility=Game.Visibility.PUBLIC)


# The labels change only when a game ends: kept in the cache under the newest finished public game, so a
# game that ends shows its labels at once, and the read of every seat of every game over (bench/README.md,
# many_games_bench.py: 0.4 s at 100,000 games) happens once per game ended, not on every archive page.
LABELS_SECONDS = 3600


def seat_labels() -> list[str]:
    """The seat labels (MetalTalon: factions) of finished public games, for the search's choices."""
    newest = finished_public().order_by("-finished_at", "-pk").values_list("pk", flat=True).first()
    key = f"archive-labels:1:{newest}"
    labels = cache.get(key)
    if labels is None:
        # order_by(): the seats' default ordering would make DISTINCT run over (faction, game, index).
        labels = sorted(Seat.objects.filter(game__in=finished_public()).exclude(faction="").order_by()
                        .values_list("faction", flat=True).distinct())
        cache.set(key, labels, LABELS_SECONDS)
    return list(labels)


def search(games: QuerySet[Game], filters: dict[str, Any]) -> QuerySet[Game]:
    """`games` (finished public ones, narrowed by the lobby's filters) by the archive form's own: a
    player, a faction and the dates they ended; newest first, with their seats."""
    player, faction = filters.get("player"), filters.get("faction")
    if player is not None or faction:
        # One seat: with both, the player played that faction.
        seat = Q()
        if player is not None:
            seat &= Q(user=player)
        if faction:
            seat &= Q(faction=faction)
        games = games.filter(pk__in=Seat.objects.filter(seat).values("game"))
    if filters.get("ended_from"):
        games = games.filter(finished_at__gte=_start_of(filters["ended_from"]))
    if filters.get("ended_to"):
        games = games.filter(finished_at__lt=_start_of(filters["ended_to"], next_day=True))
    seats = Prefetch("seats", queryset=Seat.objects.select_related("user__profile").order_by("index"))
    return games.prefetch_related(seats).order_by("-finished_at", "-pk")


def _start_of(day: date, next_day: bool = False) -> datetime:
    if next_day:
        day = date.fromordinal(day.toordinal() + 1)
    return timezone.make_aware(datetime.combine(day, time.min))

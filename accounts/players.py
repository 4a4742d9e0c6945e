"""A player's public page: their name, since when they play, their games in play and finished.

Public information only: games anyone may watch (public visibility), the names at the table and how
finished games ended. Never a private game (not even to its other players: the page is the same for every
reader), an e-mail address, a time zone or anything a game hides while in play (hands, factions in setup).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from django.db.models import Prefetch, Sum

from games import seats as seats_of
from games.kinds import words
from games.models import Game, Rating, RatingChange, Seat
from games.ratings import PROVISIONAL_GAMES

FINISHED_SHOWN = 50
HISTORY_SHOWN = 20


@dataclass(frozen=True)
class PlayedGame:
    game: Game
    others: list[Seat]  # the other seats, in turn order (a seat's `user` links to its player's page)
    awaiting: bool  # in play: the game waits for this player
    result: str  # finished: how it ended for this player


@dataclass(frozen=True)
class PlayerPage:
    player: Any
    in_play: list[PlayedGame]
    finished: list[PlayedGame]
    finished_count: int  # all finished public games; `finished` holds the latest FINISHED_SHOWN
    wins: int
    # Games of any visibility the player left by letting the clock run out (a count only: docs/clock.md).
    abandoned: int = 0
    # Turns of public games the clock ended for the player.
    timeouts: int = 0
    # The seat labels the player had in finished public games, by kind: the kind's word for them
    # (MetalTalon: "Faction") and (label, games), most played first.
    seat_labels: list[tuple[str, list[tuple[str, int]]]] = field(default_factory=list)
    # Every ladder the player is rated on (public games only are rated: docs/ratings.md).
    ratings: list[Rating] = field(default_factory=list)
    # The latest changes on the every-count ladders, public games only (docs/ratings.md).
    history: list[RatingChange] = field(default_factory=list)
    provisional_games: int = PROVISIONAL_GAMES


def player_page(player: Any) -> PlayerPage:
    seats = Prefetch("seats", queryset=Seat.objects.select_related("user__profile").order_by("index"))
    games = (Game.objects.filter(visibility=Game.Visibility.PUBLIC, seats__user=player)
             .select_related("created_by__profile").prefetch_related(seats))
    in_play = games.filter(status__in=(Game.Status.SETUP, Game.Status.ACTIVE)).order_by("-started_at", "-pk")
    finished = games.filter(status=Game.Status.FINISHED).order_by("-finished_at", "-pk")
    mine = Seat.objects.filter(user=player, game__visibility=Game.Visibility.PUBLIC,
                               game__status=Game.Status.FINISHED)
    wins = sum(1 for index, result in mine.values_list("index", "game__result") if _won(result, index))
    return PlayerPage(
        player=player,
        in_play=[_played(game, player) for game in in_play],
        finished=[_played(game, player) for game in finished[:FINISHED_SHOWN]],
        finished_count=finished.count(), wins=wins,
        abandoned=Seat.objects.filter(user=player, abandoned=True).count(),
        timeouts=Seat.objects.filter(user=player, game__visibility=Game.Visibility.PUBLIC)
        .aggregate(n=Sum("timeouts_total"))["n"] or 0,
        seat_labels=_seat_labels(mine),
        ratings=list(Rating.objects.filter(user=player).select_related("ladder")
                     .order_by("ladder__kind", "ladder__pool", "ladder__players")),
        history=list(RatingChange.objects.filter(user=player, ladder__players=0,
                                                 game__visibility=Game.Visibility.PUBLIC)
                     .select_related("ladder", "game").order_by("-at", "-game_id")[:HISTORY_SHOWN]))


def _played(game: Game, player: Any) -> PlayedGame:
    seats = list(game.seats.all())
    mine = next(s for s in seats if s.user_id == player.pk)
    return PlayedGame(game=game, others=[s for s in seats if s is not mine],
                      awaiting=game.is_active and mine.awaiting,
                      result=result_for(game, seats, mine) if game.status == Game.Status.FINISHED else "")


def result_for(game: Game, seats: list[Seat], mine: Seat) -> str:
    """How a finished game ended for the seat `mine`, in words anyone may read: "Won", "2nd of 3"."""
    if _won(game.result, mine.index):
        return "Won"
    place = seats_of.place_of(game.result, mine.index)
    standing = f"{seats_of.ordinal(place)} of {len(seats)}" if place else "Lost"
    winner = seats_of.winner_of(game.result, seats)
    return f"{standing} ({winner.name} won)" if winner is not None else f"{standing}, no winner"


def _won(result: dict[str, Any] | None, index: int | None) -> bool:
    return result is not None and index is not None and result.get("winner") == index


def _seat_labels(mine: Any) -> list[tuple[str, list[tuple[str, int]]]]:
    by_kind: dict[str, Counter[str]] = {}
    for kind, label in mine.exclude(faction="").values_list("game__kind", "faction"):
        by_kind.setdefault(kind, Counter())[label] += 1
    return [(words(kind).seat_label, counts.most_common()) for kind, counts in sorted(by_kind.items())]

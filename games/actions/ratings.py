"""Ratings (docs/ratings.md): when a rated game ends, its human players' ratings move on two ladders, the
kind's rating pool at the game's player count and the same pool at every count. Bots are not rated: a
game's human players are rated by their order of finish among themselves, if there are two or more.

The ratings are always what rating every finished game of the record in order of its end would give:
`settle` rates a game on the end of the ladder when it is the newest, and rates the ladder again from the
record when it is not (two games ending together) or when a rated game is reopened."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import datetime

from django.db import transaction
from django.db.models import QuerySet
from django.utils import timezone

from games import ratings as math
from games.actions.common import kind_of
from games.actions.errors import ActionError
from games.models import Game, Ladder, Rating, RatingChange
from games.queries import seat_at
from games.seats import place_of


@dataclass
class _Standing:
    mu: float
    sigma: float
    games: int = 0
    wins: int = 0
    updated_at: datetime | None = None
    pk: int | None = None


@dataclass
class _Board:
    """A ladder's ratings while games are rated into it, written back in one go."""

    ladder: Ladder
    standings: dict[int, _Standing] = field(default_factory=dict)
    changes: list[RatingChange] = field(default_factory=list)


def ladders_of(game: Game) -> list[Ladder]:
    """The game's two ladders, made on first use."""
    pool, label = kind_of(game).rating_pool(game.options)
    return [Ladder.objects.get_or_create(kind=game.kind, pool=pool, players=players,
                                         defaults={"label": label})[0]
            for players in (game.players, 0)]


def rated_order(game: Game) -> list[int]:
    """The users to rate for a finished game, best first: its human players in the result's places.
    Empty for an unrated game, one without a result, or one with fewer than two human players."""
    places = (game.result or {}).get("places") or []
    if not game.rated or game.visibility != Game.Visibility.PUBLIC:
        return []
    if game.status != Game.Status.FINISHED or game.finished_at is None:
        return []
    humans = {s.index: s.user_id for s in game.seats.all() if s.user_id is not None and s.index is not None}
    order = [humans[i] for i in places if i in humans]
    return order if len(order) >= 2 else []


def settle(game: Game) -> None:
    """Bring the game's ladders up to date with it, in the transaction that ends the game (or reopens a
    finished one, or ends it again), after the game row is saved."""
    order = rated_order(game)
    for ladder in ladders_of(game):
        ladder = Ladder.objects.select_for_update().get(pk=ladder.pk)
        rated = ladder.changes.filter(game=game).exists()
        if order and not rated and _newest(game, ladder):
            board = _load(ladder, order)
            _rate(board, game, order)
            _save(board)
        elif order or rated:
            recompute(ladder)


def recompute(ladder: Ladder) -> None:
    """Rate the ladder again from the record: every finished rated game in the order they ended."""
    with transaction.atomic():
        ladder = Ladder.objects.select_for_update().get(pk=ladder.pk)
        ladder.changes.all().delete()
        ladder.ratings.all().delete()
        ladder.last_finished_at, ladder.last_game_id = None, 0
        board = _Board(ladder)
        for game in _record(ladder):
            order = rated_order(game)
            if order:
                _rate(board, game, order)
        _save(board)


def _rated_games() -> QuerySet[Game]:
    """The record ratings come from: finished rated public games (rated_order checks one game alike)."""
    return Game.objects.filter(status=Game.Status.FINISHED, rated=True, visibility=Game.Visibility.PUBLIC)


def recompute_all() -> list[Ladder]:
    """Every ladder rated again from the record, the ladders of games never rated made first."""
    for game in _rated_games().only("pk", "kind", "options", "players").iterator():
        try:
            ladders_of(game)
        except ActionError:  # a kind this site no longer knows: its games have no ladder
            continue
    ladders = list(Ladder.objects.order_by("kind", "pool", "players"))
    for ladder in ladders:
        recompute(ladder)
    return ladders


def _newest(game: Game, ladder: Ladder) -> bool:
    assert game.finished_at is not None
    last = ladder.last_finished_at
    return last is None or (game.finished_at, game.pk) > (last, ladder.last_game_id)


def _record(ladder: Ladder) -> Iterable[Game]:
    games = _rated_games().filter(kind=ladder.kind)
    if ladder.players:
        games = games.filter(players=ladder.players)
    games = games.order_by("finished_at", "pk").prefetch_related("seats")
    kind = None
    for game in games.iterator(chunk_size=500):
        kind = kind or kind_of(game)
        if kind.rating_pool(game.options)[0] == ladder.pool:
            yield game


def _load(ladder: Ladder, users: list[int]) -> _Board:
    board = _Board(ladder)
    for r in Rating.objects.filter(ladder=ladder, user_id__in=users):
        board.standings[r.user_id] = _Standing(r.mu, r.sigma, r.games, r.wins, r.updated_at, r.pk)
    return board


def _rate(board: _Board, game: Game, order: list[int]) -> None:
    assert game.finished_at is not None
    winner = _winner(game)
    before = [board.standings.setdefault(user, _Standing(*math.START)) for user in order]
    places = _places(game, order)
    after = math.rate([(s.mu, s.sigma) for s in before], places)
    for place, user, standing, (mu, sigma) in zip(places, order, before, after, strict=True):
        board.changes.append(RatingChange(
            ladder=board.ladder, game=game, user_id=user, place=place, rated_players=len(order),
            mu_before=standing.mu, sigma_before=standing.sigma, mu_after=mu, sigma_after=sigma,
            score_before=math.score(standing.mu, standing.sigma), score_after=math.score(mu, sigma),
            at=game.finished_at))
        standing.mu, standing.sigma = mu, sigma
        standing.games += 1
        standing.wins += user == winner
        standing.updated_at = game.finished_at
    board.ladder.last_finished_at, board.ladder.last_game_id = game.finished_at, game.pk


def _places(game: Game, order: list[int]) -> list[int]:
    """The rated players' places among themselves, best first: 1, 2, 3... or, where the result ranks
    seats together (seats.place_of: a shared win, a tie on everything), the same place for each of them
    and the next ones after all of them (1, 2, 2, 4)."""
    index = {s.user_id: s.index for s in game.seats.all() if s.user_id is not None}
    in_game = [place_of(game.result, index[user]) or at for at, user in enumerate(order, 1)]
    return [1 + sum(other < mine for other in in_game) for mine in in_game]


def _winner(game: Game) -> int | None:
    index = (game.result or {}).get("winner")
    seat = seat_at(game, index) if index is not None else None
    return seat.user_id if seat is not None else None


def _save(board: _Board) -> None:
    now = timezone.now()
    new, old = [], []
    for user, s in board.standings.items():
        row = Rating(pk=s.pk, ladder=board.ladder, user_id=user, mu=s.mu, sigma=s.sigma,
                     score=math.score(s.mu, s.sigma), games=s.games, wins=s.wins,
                     updated_at=s.updated_at or now)
        (old if s.pk else new).append(row)
    Rating.objects.bulk_create(new)
    Rating.objects.bulk_update(old, ["mu", "sigma", "score", "games", "wins", "updated_at"])
    RatingChange.objects.bulk_create(board.changes)
    board.ladder.save(update_fields=["last_finished_at", "last_game_id"])


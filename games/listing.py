"""One line per game for a player's lists (My games, a player's profile): who they play against, whose
turn it is and how long is left, when the last move was made, and how a finished game ended."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from games import seats as seats_of
from games.deadlines import Deadline, game_deadline
from games.models import Game, Seat


@dataclass(frozen=True)
class GameRow:
    game: Game
    opponents: list[str]
    to_play: list[str]  # names of the seats the game waits for; "you" for the viewer's own
    awaiting_me: bool
    deadline: Deadline | None
    last_move_at: datetime | None
    result: str  # "" while the game is not over
    chat_unread: int = 0  # chat messages by others the player has not read (queries.my_games)

    @property
    def seats_taken(self) -> int:
        return len(self.game.seats.all())


def game_rows(games: list[Game], user: Any) -> list[GameRow]:
    """Games whose `seats` are prefetched with their users (queries.my_games), seen by `user`."""
    return [_row(game, user) for game in games]


def _row(game: Game, user: Any) -> GameRow:
    seats = list(game.seats.all())
    mine = next((s for s in seats if s.user_id == user.pk), None)
    live = game.status in (Game.Status.SETUP, Game.Status.ACTIVE)
    named = _told_apart(seats)
    to_play = ["you" if s is mine else named[s.pk] for s in seats if s.awaiting] if live else []
    return GameRow(
        game=game, opponents=[named[s.pk] for s in seats if s is not mine], to_play=to_play,
        awaiting_me=bool(mine and mine.awaiting and live),
        deadline=game_deadline(game, seats, mine) if live else None,
        last_move_at=getattr(game, "last_move_at", None),
        result=_result(game, seats, mine), chat_unread=getattr(game, "chat_unread", 0) or 0)


def _result(game: Game, seats: list[Seat], mine: Seat | None) -> str:
    if game.status == Game.Status.ABORTED:
        return "Aborted"
    if game.status != Game.Status.FINISHED:
        return ""
    winner = seats_of.winner_of(game.result, seats)
    if winner is None:
        return "Finished without a winner"
    if winner is mine:
        return "You won"
    place = seats_of.place_of(game.result, mine.index if mine is not None else None)
    where = f"; you came {seats_of.ordinal(place)}" if place else ""
    return f"{winner.name} won{where}"


def _told_apart(seats: list[Any]) -> dict[int, str]:
    """Each seat's name by its pk, numbered by seat where several share it ("Greedy bot 2", as the game's
    page and log write them); as they are while seats have no places yet."""
    placed = sorted((s for s in seats if s.index is not None), key=lambda s: s.index)
    if len(placed) != len(seats) or [s.index for s in placed] != list(range(len(placed))):
        return {s.pk: s.name for s in seats}
    return dict(zip((s.pk for s in placed), seats_of.told_apart([s.name for s in placed]), strict=True))

"""What a push message tells one reader of a game (docs/architecture.md, "Following a game live: push").

Built here, synchronously, from the database, for one reader at a time: a seat, or None for everyone who
holds no seat (spectators, moderators). Like every channel, it reads each action only as the kind narrates
it for that reader (games/narration.py), and a seat's question only reaches that seat (games/prompts.py).
The message carries words, never the board: the page fetches its `live` region through the ordinary view
and its checks when it learns the version moved.
"""

from __future__ import annotations

from dataclasses import dataclass

from games import seats as seats_of
from games.kinds import get_kind
from games.models import Action, Game, Seat
from games.narration import narrate
from games.prompts import asked

# A page this far behind is told only that the game moved: it redraws the region, whose log shows the rest.
MAX_ACTIONS = 20


@dataclass(frozen=True)
class Head:
    """Who may read a game now: its version, whether it is public, and the seat each player holds."""

    version: int
    status: str
    public: bool
    seats: dict[int, int]  # user id -> seat index (placed seats only)

    def seat_of(self, user_id: int | None) -> int | None:
        return None if user_id is None else self.seats.get(user_id)


@dataclass(frozen=True)
class News:
    """What changed since a version, as one reader may read it."""

    version: int
    status: str
    lines: tuple[str, ...]  # the narration of the actions since, oldest first
    asked: str  # what this reader's seat is asked now ("" when nothing)
    own_turn: bool


def head(game_id: int) -> Head | None:
    """The game's head, or None when there is no such game. Two small queries."""
    row = Game.objects.filter(pk=game_id).values_list("version", "status", "visibility").first()
    if row is None:
        return None
    seats = dict(Seat.objects.filter(game_id=game_id, user__isnull=False, index__isnull=False)
                 .values_list("user_id", "index")) if row[1] != Game.Status.OPEN else {}
    return Head(version=row[0], status=row[1], public=row[2] == Game.Visibility.PUBLIC, seats=seats)


def news(game_id: int, since: int, reader: int | None) -> News | None:
    """The actions after version `since` and the reader's question, as `reader` (a seat, None for a
    spectator) may read them; None when there is no such game."""
    game = Game.objects.filter(pk=game_id).first()
    if game is None:
        return None
    rows = list(Action.objects.filter(game=game, version_after__gt=since, undone=False).order_by("-seq")
                .only("seq", "seat", "command", "events")[:MAX_ACTIONS + 1])
    lines: list[str] = []
    question, own = "", True
    if game.state is not None and rows and len(rows) <= MAX_ACTIONS:
        kind = get_kind(game.kind)
        state = kind.load(game.state)
        names = seats_of.names(list(game.seats.select_related("user__profile")), game.players)
        for a in reversed(rows):
            told = narrate(game, kind, state, names, seat=a.seat, command=a.command, events=a.events,
                           reader=reader)
            lines.extend(told.lines or [told.command])
        prompt = asked(game, state).get(reader) if reader is not None else None
        if prompt is not None:
            question, own = prompt.text, prompt.own_turn
    elif reader is not None:
        prompt = asked(game).get(reader)
        if prompt is not None:
            question, own = prompt.text, prompt.own_turn
    return News(version=game.version, status=game.status, lines=tuple(lines), asked=question, own_turn=own)

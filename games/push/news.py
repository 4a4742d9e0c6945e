"""What a push message tells one reader of a game (docs/architecture.md, "Following a game live: push").

Built here, synchronously, from the database, for one reader at a time: a seat, or None for everyone who
holds no seat (spectators, moderators). Like every channel, it reads each action only as the kind narrates
it for that reader (games/narration.py), and a seat's question only reaches that seat (games/prompts.py).
The message carries words, never the board: the page fetches its `live` region through the ordinary view
and its checks when it learns the version moved.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from games import seats as seats_of
from games.kinds import get_kind
from games.kinds.protocol import Prompt
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


@dataclass(frozen=True)
class Story:
    """What changed since a version, read once for all the readers of a push server (the game, its actions
    since, the seats' questions); each reader's words are then told from it (`told`)."""

    game: Game
    kind: Any
    state: Any  # None when the actions are not narrated (none, or more than MAX_ACTIONS)
    names: list[str]
    rows: tuple[Action, ...]  # the actions since, oldest first
    prompts: dict[int, Prompt]  # what each awaited seat is asked

    @property
    def version(self) -> int:
        return int(self.game.version)


def story(game_id: int, since: int) -> Story | None:
    """The actions after version `since` and every seat's question; None when there is no such game. A few
    queries, whatever the number of readers."""
    game = Game.objects.filter(pk=game_id).first()
    if game is None:
        return None
    rows = list(Action.objects.filter(game=game, version_after__gt=since, undone=False).order_by("-seq")
                .only("seq", "seat", "command", "events")[:MAX_ACTIONS + 1])
    kind = get_kind(game.kind)
    if game.state is not None and rows and len(rows) <= MAX_ACTIONS:
        state = kind.load(game.state)
        names = seats_of.names(list(game.seats.select_related("user__profile")), game.players)
        return Story(game, kind, state, names, tuple(reversed(rows)), asked(game, state))
    return Story(game, kind, None, [], (), asked(game))


def told(story: Story, reader: int | None) -> News:
    """What `reader` (a seat, None for a spectator) may read of the story: each action narrated for that
    reader, and that seat's own question only."""
    lines: list[str] = []
    for a in story.rows:
        narrated = narrate(story.game, story.kind, story.state, story.names, seat=a.seat, command=a.command,
                           events=a.events, reader=reader)
        lines.extend(narrated.lines or [narrated.command])
    prompt = story.prompts.get(reader) if reader is not None else None
    question, own = (prompt.text, prompt.own_turn) if prompt is not None else ("", True)
    return News(version=story.version, status=story.game.status, lines=tuple(lines), asked=question,
                own_turn=own)


def news(game_id: int, since: int, reader: int | None) -> News | None:
    """The actions after version `since` and the reader's question, as `reader` (a seat, None for a
    spectator) may read them; None when there is no such game."""
    read = story(game_id, since)
    return None if read is None else told(read, reader)

"""What each reader may read of a game's actions (docs/architecture.md, "What each reader may read").

While a game is in play every channel (pages and partials, mail, downloads, the API, the admin) reads an
action only as the kind narrates it for one reader: a seat, or None for a spectator (the admin included).
Raw events and the dice leave the server only once the game is over; then every reader reads each action
as the seat that took it did.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from games import seats as seats_of
from games.kinds import Kind, get_kind
from games.kinds.protocol import Event, Narration
from games.models import Game


def reader_of(game: Game, user: Any) -> int | None:
    """The seat `user` plays in `game`, or None (a spectator, someone signed out, a seat not yet placed)."""
    if user is None or not getattr(user, "is_authenticated", False):
        return None
    return game.seats.filter(user_id=user.pk).values_list("index", flat=True).first()


def reading(game: Game) -> tuple[Kind, Any, list[str]]:
    """The kind, the game's state and the seats' names: what narrating its actions reads."""
    kind = get_kind(game.kind)
    state = kind.load(game.state) if game.state is not None else None
    return kind, state, seats_of.names(list(game.seats.select_related("user__profile")), game.players)


def narrate(game: Game, kind: Kind, state: Any, names: Sequence[str] | None, *, seat: int | None,
            command: str, events: Sequence[Event], reader: int | None) -> Narration:
    """One action (`seat` gave `command`, which made `events`) as `reader` may read it now, its words
    for the reader (a kind may say "you" to the reader's own seat). Once the game is over the action is
    read as its seat saw it, and still said to the reader: another seat's action never reads "You"."""
    if game.is_over:
        return Narration(command, kind.narrate(state, seat, command, events, seat, names, you=reader).lines)
    return kind.narrate(state, seat, command, events, reader, names, you=reader)


def raw_events(game: Game, events: list[Event]) -> list[Event] | None:
    """The events as the kind recorded them once the game is over; None while it is in play."""
    return events if game.is_over else None


def done_words(commands: Sequence[str], sentences: list[str]) -> tuple[str, list[str]]:
    """What was just done, in the log's words for the player who did it (the web's notice, the push
    connection's answer): its one sentence, or "Done." over its sentences; the commands as given only
    when the kind said nothing of them (the player may have clicked a button, whose words are not the
    command's)."""
    if len(sentences) == 1:
        return sentences[0], []
    if sentences:
        return "Done.", sentences
    return "Done: " + "; ".join(commands) + ".", []

"""A typed command sent over the push connection, played as the command form's POST plays it
(games/views/play.py `_submit`): the kind reads the typed form, the action checks the version the page
showed, the player's seat, the turn and the rate limits under the game's lock (games/actions/commands.py),
and the answer is the outcome in the log's words for the player's seat, or the refusal's."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from games import actions
from games import seats as seats_of
from games.actions import Actor
from games.kinds import get_kind
from games.models import Game
from games.narration import done_words, narrate


@dataclass(frozen=True)
class Reply:
    ok: bool
    text: str
    details: list[str] = field(default_factory=list)


NOT_YOURS = "You are not playing in this game: nobody acts for someone else."

# Each game's kind, by id, as this process read it: a game's kind never changes once it is made (nothing
# writes it; the admin shows it read-only), so a connection's commands read it once, not once each.
_kinds: dict[int, str] = {}
KINDS_HELD = 10_000  # games remembered before the memo starts afresh


def kind_name(game_id: int) -> str | None:
    name = _kinds.get(game_id)
    if name is None:
        name = Game.objects.filter(pk=game_id).values_list("kind", flat=True).first()
        if name is not None:
            if len(_kinds) >= KINDS_HELD:
                _kinds.clear()
            _kinds[game_id] = name
    return name


def play(game_id: int, user: Any, text: str, expected: object) -> Reply:
    # Only the kind's name before the lock (remembered: kind_name): apply_command reads the game, its seats
    # and their players once, under the lock, and refuses a user without a seat there (NotAllowed, in
    # NOT_YOURS's words).
    if user is None or not getattr(user, "is_authenticated", False):
        return Reply(False, NOT_YOURS)
    name = kind_name(game_id)
    if name is None:
        return Reply(False, NOT_YOURS)
    kind = get_kind(name)
    game = Game(pk=game_id, kind=name)

    def meaning(state: Any, seat: int) -> str:
        typed = kind.command_from_form({"form": "typed", "command": text}, state, seat, user=user)
        kind.split(typed)  # an empty or overlong submission: refused as the form's is
        return typed

    try:
        version = actions.read_version(expected)
        applied = actions.apply_command(game, Actor.player(user), meaning, expected_version=version)
    except actions.ActionError as exc:
        return Reply(False, exc.message)
    except Game.DoesNotExist:  # deleted since its kind was remembered: as a game that is not there
        return Reply(False, NOT_YOURS)
    if not applied.actions:
        return Reply(True, "Nothing was played.")
    after = applied.game
    state = kind.load(after.state) if after.state else None
    names = seats_of.names(list(after.seats.all()), after.players)
    seat = applied.actions[0].seat
    sentences = [line for a in applied.actions
                 for line in narrate(after, kind, state, names, seat=a.seat, command=a.command,
                                     events=a.events, reader=seat).lines]
    commands = [a.command for a in applied.actions]
    if applied.stopped is not None:
        return Reply(False, applied.stopped.message, ["Played: " + "; ".join(commands) + ".", *sentences])
    return Reply(True, *done_words(commands, sentences))


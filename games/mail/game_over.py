"""What the mails say once a game is over (docs/architecture.md, "Game over" and "Playing by e-mail"):

- the game-over mail (games/mail/outbound.py, `finished`): besides the summary, the final board for the
  seat (text, and the picture in the HTML part) and the whole last turn as the seat may read it;
- the answer to a reply to a finished game's mail (games/mail/answers.py): the result, and the rematch it
  asked for (games/actions/rematch.py) with the address its seat plays by, or how to ask for one.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from games import seats as seats_of
from games.kinds import get_kind, shown_turn, words
from games.mail.addresses import seat_address
from games.mail.position import LogLine, Position, position
from games.models import Action, Game, Seat
from games.narration import narrate
from games.summary import game_summary

# A last turn longer than this (a turn of many moves) is cut: the log on the site has it all.
LAST_TURN_LIMIT = 80


@dataclass(frozen=True)
class LastTurn:
    turn: int  # in the kind's unit (MetalTalon's round)
    unit: str
    lines: list[LogLine]
    cut: bool  # older actions of that turn were left out


def final_position(game: Game, seat: Seat | None) -> Position | None:
    """The seat's view of the final board (None for a game that never started or a seat out of its order)."""
    if game.state is None or seat is None or seat.index is None:
        return None
    return position(game, seat)


def last_turn(game: Game, reader: int | None) -> LastTurn | None:
    """Every action of the game's last turn, oldest first, narrated for the reader's seat (the log as the
    game page shows it to them once the game is over)."""
    if game.state is None:
        return None
    rows = list(Action.objects.filter(game=game, undone=False).order_by("-seq")
                .only("seq", "seat", "command", "events", "turn", "source")[:LAST_TURN_LIMIT + 1])
    if not rows:
        return None
    turn = rows[0].turn
    taken = [a for a in rows[:LAST_TURN_LIMIT] if a.turn == turn]
    cut = len(taken) == LAST_TURN_LIMIT and rows[-1].turn == turn
    kind = get_kind(game.kind)
    state = kind.load(game.state)
    seats = list(game.seats.exclude(index=None).select_related("user__profile"))
    names = seats_of.names(seats, game.players)
    lines = []
    for a in reversed(taken):
        told = narrate(game, kind, state, names, seat=a.seat, command=a.command, events=a.events,
                       reader=reader)
        who = f"{seats_of.letter(a.seat)} {names[a.seat]}".strip() if a.seat is not None else ""
        lines.append(LogLine(who=who, command=told.command, sentences=told.lines))
    return LastTurn(turn=shown_turn(kind, state, turn), unit=words(game.kind).turn_unit, lines=lines, cut=cut)


def game_over_context(game: Game, report: dict[str, Any]) -> dict[str, Any]:
    """The answer's words once a game is finished: `over` (the summary); and `rematch`, what came of asking
    for one (refused while the game is in play), with the seat's address to write to."""
    asked = report.get("rematch")
    rematch = None
    if asked:
        rematch = dict(asked)
        seat = Seat.objects.filter(pk=asked.get("seat")).first() if asked.get("seat") else None
        rematch["address"] = seat_address(seat) if seat is not None else ""
    return {"over": game_summary(game) if game.status == Game.Status.FINISHED else None, "rematch": rematch}

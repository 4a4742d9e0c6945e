"""The last turn marked on the board: a player back after three days sees what happened without reading
the log.

Which actions: for a player still in the game, everything the other seats did since the viewer's own last
turn (the opponents' turns in between, and the turn being played now if it is not theirs), so the marks
stay up while they play their reply. For a spectator, a seat that is out, and a finished game: the
previous turn and the current one. Undone actions never count (the platform leaves them out).

Which marks: a move's path (a split's too), a shot from shooter to target with the damage it did, a launch,
a ship recycled or invading, a ship destroyed. Only events of the log are read, and the log shows every
one of them to everyone, so the marks never tell more than the log (MetalTalon hides nothing on the table
but the standing orders, whose `order` events make no mark: narration.py; a Clovers roll still waiting for
its answer has no `fire` event yet and so no mark).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from games.kinds.metaltalon.board_marks import Mark
from games.kinds.metaltalon.kind import ANYTIME_VERBS
from games.kinds.protocol import Event, LoggedAction

MINUS = "\u2212"


@dataclass
class LastTurn:
    marks: list[Mark] = field(default_factory=list)
    seats: list[int] = field(default_factory=list)  # whose actions are marked, in the order they played
    turns: tuple[int, int] | None = None  # the first and last turn marked
    since: int | None = None  # the viewer's own last turn, when the marks start after it


def _own_turn(action: LoggedAction, seat: int) -> bool:
    """An action the seat gave as the one playing the turn: not a standing order or a resignation, which
    any seat may give at any time."""
    verb = action.command.split(None, 1)[0].lower() if action.command.strip() else ""
    return action.seat == seat and verb not in ANYTIME_VERBS


def chosen_actions(recent: Sequence[LoggedAction], viewer: int | None, turn: int,
                   playing: bool) -> tuple[list[LoggedAction], int | None]:
    """The actions to mark, and the viewer's own last turn they follow (None: the spectator's rule).

    `playing`: the viewer holds a seat still in a game in play."""
    if viewer is None or not playing:
        return [a for a in recent if a.turn >= turn - 1 and a.seat is not None], None
    own = [a.turn for a in recent if a.turn < turn and _own_turn(a, viewer)]
    since = max(own) if own else None
    first = since + 1 if since is not None else min((a.turn for a in recent), default=turn)
    return [a for a in recent if a.turn >= first and a.seat is not None and a.seat != viewer], since


def marks_of(actions: Sequence[LoggedAction]) -> list[Mark]:
    """Which events become which marks. Shots between the same two cells by one seat share one tag."""
    marks: list[Mark] = []
    shots: dict[tuple[int, str, str], list[str]] = {}
    for action in actions:
        for event in action.events:
            mark = _mark(event)
            if mark is None:
                continue
            if mark.kind == "shot":
                key = (mark.seat, mark.cells[0], mark.cells[1])
                if key in shots:
                    shots[key].append(mark.text)
                    continue
                shots[key] = [mark.text]
            marks.append(mark)
    return [Mark(m.kind, m.seat, m.cells, " ".join(shots[(m.seat, m.cells[0], m.cells[1])]))
            if m.kind == "shot" else m for m in marks]


def _cell(value: object) -> str | None:
    return value if isinstance(value, str) and value else None


def _mark(e: Event) -> Mark | None:
    kind, seat = e.get("type"), e.get("seat")
    if not isinstance(seat, int):
        return None
    if kind == "move":
        path = [c for c in (e.get("path") or [e.get("from"), e.get("to")]) if _cell(c)]
        return Mark("move", seat, tuple(path)) if len(path) >= 2 else None
    if kind == "split" and _cell(e.get("from")) and _cell(e.get("to")):
        return Mark("split", seat, (e["from"], e["to"]))
    if kind == "fire" and _cell(e.get("from")) and _cell(e.get("to")):
        damage = int(e.get("damage") or 0)
        return Mark("shot", seat, (e["from"], e["to"]), f"{MINUS}{damage}" if damage else "0")
    if kind == "damage" and e.get("destroyed") and _cell(e.get("cell")):
        return Mark("destroyed", seat, (e["cell"],))  # the seat of a damage event is the ship's owner
    named = {"launch": "launch", "recycle": "recycled", "invade": "invaded"}
    if kind in named and _cell(e.get("cell")):
        return Mark(named[str(kind)], seat, (e["cell"],))
    return None


def last_turn(recent: Sequence[LoggedAction], viewer: int | None, turn: int, playing: bool) -> LastTurn:
    actions, since = chosen_actions(recent, viewer, turn, playing)
    marks = marks_of(actions)
    if not marks:
        return LastTurn(since=since)
    seats: list[int] = []
    for a in actions:
        if a.seat is not None and a.seat not in seats and marks_of([a]):
            seats.append(a.seat)
    marked_turns = [a.turn for a in actions if marks_of([a])]
    return LastTurn(marks=marks, seats=seats, turns=(min(marked_turns), max(marked_turns)), since=since)

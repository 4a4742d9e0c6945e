"""Race to 10: the rules, the state and the commands (pure Python, no Django).

Rules
=====

Two players race to a target score (10 unless the game's options say otherwise: any whole number from
5 to 30). Seat 0 (shown as "Seat 1") starts; there is no setup phase.

On its turn the active seat may:

- ``step``: add 1 to its score. At most once per turn. No dice are involved, so a step can be undone.
- ``roll``: roll one six-sided die and add it to its score; the turn then passes to the other seat.
- ``end``: pass the turn without rolling; only after a ``step`` this turn.

Whoever reaches the target (by a roll or by a step) wins at once and the game is over.

At any time, whoever's turn it is, a seat still in may:

- ``resign``: leave the game; the other seat wins.
- ``note <word>``: keep a private note (1-20 letters or digits). A note is hidden information: only its
  own seat sees it; the other seat and spectators see nothing, and the public ``note`` event does not
  carry its text. The note exists to prove per-seat views.

Commands are case-insensitive. One submission may hold several commands separated by ``;`` or new lines:
at most 20 commands and 1000 characters.

Events are plain dicts: ``step`` (seat, score), ``roll`` (seat, roll, score), ``pass`` (seat, to),
``win`` (seat), ``resign`` (seat) and ``note`` (seat). A roll, a win or a resignation cannot be undone.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from games.kinds.protocol import BadOptions, Dice, Event, Refused, SeatOutcome, split_submission

PLAYERS = 2
DEFAULT_TARGET = 10
MIN_TARGET = 5
MAX_TARGET = 30
MAX_COMMANDS = 20
MAX_TEXT = 1000
NOTE_WORD = re.compile(r"[A-Za-z0-9]{1,20}")
ROLL_SIDES = 6


@dataclass(frozen=True)
class RaceState:
    """A whole game of race: JSON-safe through to_dict/from_dict."""

    target: int = DEFAULT_TARGET
    scores: tuple[int, int] = (0, 0)
    active: int = 0
    stepped: bool = False  # the active seat has used `step` this turn
    phase: str = "play"  # "play" or "over"
    winner: int | None = None
    out: tuple[bool, bool] = (False, False)
    turn: int = 1
    notes: tuple[str | None, str | None] = (None, None)  # hidden: each seat sees only its own

    def to_dict(self) -> dict[str, Any]:
        return {
            "target": self.target,
            "scores": list(self.scores),
            "active": self.active,
            "stepped": self.stepped,
            "phase": self.phase,
            "winner": self.winner,
            "out": list(self.out),
            "turn": self.turn,
            "notes": list(self.notes),
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> RaceState:
        scores = [int(s) for s in data["scores"]]
        out = [bool(o) for o in data["out"]]
        notes = [None if n is None else str(n) for n in data["notes"]]
        if len(scores) != PLAYERS or len(out) != PLAYERS or len(notes) != PLAYERS:
            raise ValueError(f"a race state has {PLAYERS} seats")
        winner = data.get("winner")
        return cls(
            target=int(data["target"]),
            scores=(scores[0], scores[1]),
            active=int(data["active"]),
            stepped=bool(data["stepped"]),
            phase=str(data["phase"]),
            winner=None if winner is None else int(winner),
            out=(out[0], out[1]),
            turn=int(data["turn"]),
            notes=(notes[0], notes[1]),
        )


# === OPTIONS ===

def default_options() -> dict[str, Any]:
    return {"target": DEFAULT_TARGET}


def check_options(options: Mapping[str, Any], players: int) -> dict[str, Any]:
    if players != PLAYERS:
        raise BadOptions(f"Race is for {PLAYERS} players, not {players}.")
    unknown = sorted(str(k) for k in options if k != "target")
    if unknown:
        raise BadOptions(f"Race has no option {', '.join(unknown)}; the only option is target "
                         f"({MIN_TARGET}-{MAX_TARGET}).")
    target = options.get("target", DEFAULT_TARGET)
    if isinstance(target, bool) or not isinstance(target, int):
        raise BadOptions(f"The target must be a whole number from {MIN_TARGET} to {MAX_TARGET}.")
    if not MIN_TARGET <= target <= MAX_TARGET:
        raise BadOptions(f"The target must be from {MIN_TARGET} to {MAX_TARGET}, not {target}.")
    return {"target": target}


def describe_options(options: Mapping[str, Any]) -> str:
    return f"Race to {options.get('target', DEFAULT_TARGET)}"


# === STATE ===

def new_state(options: Mapping[str, Any], players: int, dice: Dice) -> RaceState:
    """A new game; `dice` is accepted for the protocol but unused (race has no random setup)."""
    del dice
    return RaceState(target=check_options(options, players)["target"])


def to_act(state: RaceState) -> tuple[int, ...]:
    return (state.active,) if state.phase == "play" else ()


def seat_outcome(state: RaceState, seat: int) -> SeatOutcome:
    if state.out[seat]:
        return SeatOutcome("resigned")
    if state.phase == "over":
        return SeatOutcome("won" if state.winner == seat else "lost")
    return SeatOutcome("playing")


def result(state: RaceState, events: Sequence[Event]) -> dict[str, Any]:
    del events  # the state says it all
    if state.winner is None:
        return {"winner": None, "places": []}
    return {"winner": state.winner, "places": [state.winner, other(state.winner)]}


def other(seat: int) -> int:
    return 1 - seat


def seat_name(seat: int, names: Sequence[str] | None = None) -> str:
    if names is not None and 0 <= seat < len(names) and names[seat]:
        return names[seat]
    return f"Seat {seat + 1}"


# === COMMANDS ===

def split(text: str) -> list[str]:
    """One submission into commands: separated by `;` or new lines, at most 20 and 1000 characters."""
    return split_submission(text, most=MAX_COMMANDS, longest=MAX_TEXT,
                            examples="step, roll, end, resign or note <word>")


def _words(command: str) -> list[str]:
    return command.split()


VERBS = ("step", "roll", "end", "resign", "note")


def command_words() -> tuple[str, ...]:
    return VERBS


def is_command(text: str) -> bool:
    words = _words(text)
    return bool(words) and words[0].lower() in VERBS


def is_note(command: str) -> bool:
    words = _words(command)
    return bool(words) and words[0].lower() == "note"


def anytime(command: str) -> bool:
    words = _words(command)
    return bool(words) and words[0].lower() in ("resign", "note")


def legal_commands(state: RaceState, seat: int) -> list[str]:
    """The canonical commands `seat` may give now (notes are always possible and not listed)."""
    if state.phase != "play" or not 0 <= seat < PLAYERS or state.out[seat]:
        return []
    if seat != state.active:
        return ["resign"]
    return (["end"] if state.stepped else ["step"]) + ["roll", "resign"]


def timeout_commands(state: RaceState, seat: int) -> list[str]:
    """What the clock plays for the active seat out of time: `end` after a step, else `roll` (the only
    other way a turn passes)."""
    legal = legal_commands(state, seat)
    return ["end"] if "end" in legal else ["roll"] if "roll" in legal else []


def _legal_text(state: RaceState, seat: int) -> str:
    legal = legal_commands(state, seat)
    if not legal:
        return "nothing"
    return ", ".join(legal + ["note <word>"])


def play(state: RaceState, seat: int, command: str, dice: Dice) -> tuple[RaceState, list[Event]]:
    """One command for `seat`: the new state and its events. Refused changes nothing; `state` is frozen."""
    if not 0 <= seat < PLAYERS:
        raise Refused(f"There is no seat {seat + 1} in race.")
    words = _words(command)
    if not words:
        raise Refused(f"Empty command. Legal now: {_legal_text(state, seat)}.")
    verb, args = words[0].lower(), words[1:]
    if state.phase != "play":
        raise Refused("The game is over.")
    if state.out[seat]:
        raise Refused("You are out of this game.")
    if verb == "note":
        return _note(state, seat, args)
    if verb not in ("step", "roll", "end", "resign"):
        raise Refused(f"Unknown command '{words[0]}'. Legal now: {_legal_text(state, seat)}.")
    if args:
        raise Refused(f"'{verb}' takes nothing after it. Legal now: {_legal_text(state, seat)}.")
    if verb == "resign":
        return _resign(state, seat)
    if seat != state.active:
        raise Refused(f"It is {seat_name(state.active)}'s turn. You may resign or keep a note.")
    if verb == "step":
        return _step(state, seat)
    if verb == "roll":
        return _roll(state, seat, dice)
    return _end(state, seat)


def _note(state: RaceState, seat: int, args: list[str]) -> tuple[RaceState, list[Event]]:
    if len(args) != 1 or not NOTE_WORD.fullmatch(args[0]):
        raise Refused("A note is one word of 1-20 letters or digits: note <word>.")
    notes = list(state.notes)
    notes[seat] = args[0]
    return replace(state, notes=(notes[0], notes[1])), [{"type": "note", "seat": seat}]


def _resign(state: RaceState, seat: int) -> tuple[RaceState, list[Event]]:
    out = list(state.out)
    out[seat] = True
    winner = other(seat)
    new = replace(state, out=(out[0], out[1]), phase="over", winner=winner)
    return new, [{"type": "resign", "seat": seat}, {"type": "win", "seat": winner}]


def _add(state: RaceState, seat: int, points: int) -> RaceState:
    scores = list(state.scores)
    scores[seat] += points
    return replace(state, scores=(scores[0], scores[1]))


def _won(state: RaceState, seat: int) -> tuple[RaceState, list[Event]]:
    return replace(state, phase="over", winner=seat), [{"type": "win", "seat": seat}]


def _pass(state: RaceState, seat: int) -> tuple[RaceState, list[Event]]:
    to = other(seat)
    new = replace(state, active=to, stepped=False, turn=state.turn + 1)
    return new, [{"type": "pass", "seat": seat, "to": to}]


def _step(state: RaceState, seat: int) -> tuple[RaceState, list[Event]]:
    if state.stepped:
        raise Refused("You have already stepped this turn. Legal now: " + _legal_text(state, seat) + ".")
    new = replace(_add(state, seat, 1), stepped=True)
    events: list[Event] = [{"type": "step", "seat": seat, "score": new.scores[seat]}]
    if new.scores[seat] >= new.target:
        new, more = _won(new, seat)
        events += more
    return new, events


def _roll(state: RaceState, seat: int, dice: Dice) -> tuple[RaceState, list[Event]]:
    roll = int(dice.roll(ROLL_SIDES))
    if not 1 <= roll <= ROLL_SIDES:
        raise ValueError(f"dice.roll({ROLL_SIDES}) gave {roll}, outside 1..{ROLL_SIDES}")
    new = _add(state, seat, roll)
    events: list[Event] = [{"type": "roll", "seat": seat, "roll": roll, "score": new.scores[seat]}]
    new, more = _won(new, seat) if new.scores[seat] >= new.target else _pass(new, seat)
    return new, events + more


def _end(state: RaceState, seat: int) -> tuple[RaceState, list[Event]]:
    if not state.stepped:
        raise Refused("Step or roll first.")
    return _pass(state, seat)


def undo_barrier(command: str, events: Sequence[Event]) -> bool:
    del command
    return any(event.get("type") in ("roll", "win", "resign") for event in events)


# === WHAT PEOPLE SEE ===

def view(state: RaceState, seat: int | None) -> dict[str, Any]:
    data = state.to_dict()
    data["notes"] = [note if i == seat else None for i, note in enumerate(state.notes)]
    return data


def describe(event: Event, state: RaceState, names: Sequence[str] | None) -> str:
    kind = event.get("type")
    seat = int(event.get("seat", 0))
    who = seat_name(seat, names)
    if kind == "step":
        return f"{who} stepped: score {event['score']}."
    if kind == "roll":
        return f"{who} rolled {event['roll']}: score {event['score']}."
    if kind == "pass":
        return f"{who} ended the turn; {seat_name(int(event['to']), names)} to play."
    if kind == "win":
        return f"{who} won the race to {state.target}."
    if kind == "resign":
        return f"{who} resigned."
    if kind == "note":
        return f"{who} wrote a private note."
    return f"{who}: {kind}."


def text_board(state: RaceState, seat: int | None, names: Sequence[str] | None = None) -> str:
    del names  # seats by number only
    lines = [f"Race to {state.target}, turn {state.turn}"]
    for i, score in enumerate(state.scores):
        mark = ""
        if state.phase == "play" and i == state.active:
            mark = " (to play)"
        elif state.winner == i:
            mark = " (won)"
        elif state.out[i]:
            mark = " (resigned)"
        you = " (you)" if i == seat else ""
        lines.append(f"{seat_name(i)}{you}: {score}/{state.target}{mark}")
    if seat is not None and 0 <= seat < PLAYERS and state.notes[seat]:
        lines.append(f"Your note: {state.notes[seat]}")
    return "\n".join(lines)


def board_svg(state: RaceState, seat: int | None) -> str:
    """Two bars, one per seat, filled up to score/target (nothing user-supplied is drawn)."""
    width, bar_width, bar_height = 260, 200, 20
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="90" '
             f'viewBox="0 0 {width} 90" role="img" aria-label="Race to {state.target}">',
             f'<title>Race to {state.target}</title>']
    for i, score in enumerate(state.scores):
        y = 15 + i * 35
        filled = round(bar_width * min(score, state.target) / state.target)
        colour = "#2a7" if state.winner == i else ("#36c" if i == seat else "#888")
        parts.append(f'<text x="5" y="{y + 15}" font-size="12">S{i + 1}</text>')
        parts.append(f'<rect x="30" y="{y}" width="{bar_width}" height="{bar_height}" '
                     f'fill="none" stroke="#333"/>')
        parts.append(f'<rect x="30" y="{y}" width="{filled}" height="{bar_height}" fill="{colour}"/>')
        parts.append(f'<text x="{35 + bar_width}" y="{y + 15}" font-size="12">{score}</text>')
    parts.append("</svg>")
    return "".join(parts)

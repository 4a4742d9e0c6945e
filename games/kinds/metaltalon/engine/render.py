"""Plain-text views of a game: a monospace board with the seats' affairs, and one sentence per event.

For e-mails and terminals. Reads only the public state fields (docs/state.md).
"""

from __future__ import annotations

import textwrap
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from .board import Board, load_board
from .editions import EDITIONS
from .factions import REBELS_INVADERS_NEEDED, faction_name
from .pieces import format_pieces
from .state import GameState

__all__ = ["EVENT_TYPES", "describe", "render_text", "seat_label", "seat_letter"]

SEAT_LETTERS = "ABCDEF"
_PITCH = 4  # characters per cell; shifted rows start half a cell (2 characters) to the right


def seat_letter(seat: int) -> str:
    """The letter marking a seat's ships and home base on every board picture (A = seat 0)."""
    return SEAT_LETTERS[seat] if 0 <= seat < len(SEAT_LETTERS) else "?"


def seat_label(state: GameState | None, seat: int | None) -> str:
    """ "Player A (Vamps)"; the faction is left out while undecided or without a state."""
    if seat is None:
        return "nobody"
    label = f"Player {seat_letter(seat)}"
    if state is not None and 0 <= seat < len(state.seats) and state.seats[seat].faction:
        label += f" ({faction_name(state.seats[seat].faction)})"
    return label


# -- the board ---------------------------------------------------------------------------------------


def _cell_text(board: Board, cell: str, ship_at: Mapping[str, Any], home_of: Mapping[str, int]) -> str:
    """Three characters for the cell, plus brackets in the gaps either side when it is a base."""
    ship = ship_at.get(cell)
    if ship is not None:
        # Value first, letter last: "7A" can never be read as the cell name "A7".
        text = f"{ship.value if ship.value < 100 else '++'}{seat_letter(ship.owner)}"
        text = f"{text:^3}"  # "7A " ("12A" and "++A" fill the three already)
    elif cell in home_of:
        text = f" {seat_letter(home_of[cell])} "
    elif cell in board.base_cells:
        text = " $ "
    else:
        text = " . "
    return f"[{text}]" if cell in board.base_cells else f" {text} "


def _board_lines(state: GameState, board: Board) -> list[str]:
    ship_at: dict[str, Any] = {}
    for ship in state.ships:
        # Invaders sharing a Rebels' base: show the largest.
        if ship.cell not in ship_at or ship.value > ship_at[ship.cell].value:
            ship_at[ship.cell] = ship
    home_of = {s.home: s.index for s in state.seats if not s.out}
    rows: dict[int, list[str]] = {}
    max_x2 = 0
    for cell in board.cells:
        x2, row = board.position(cell)
        rows.setdefault(row, []).append(cell)
        max_x2 = max(max_x2, x2)
    columns = max_x2 // 2 + 1
    width = columns * _PITCH + 4  # pragma: no mutate (room to spare: trailing spaces are stripped)
    header = "    " + "".join(f"  {chr(ord('A') + i)} " for i in range(columns))
    lines = [header.rstrip()]
    for row in sorted(rows):
        chars = [" "] * width
        for cell in rows[row]:
            x2, _ = board.position(cell)
            start = x2 * _PITCH // 2  # the opening gap; the cell's three characters follow it
            text = _cell_text(board, cell, ship_at, home_of)
            # Cells are drawn left to right and share one gap: keep a left base's closing bracket.
            if chars[start] != " ":
                text = chars[start] + text[1:]
            chars[start : start + len(text)] = text
        lines.append(f"{row + 1:>3} " + "".join(chars).rstrip())
    return lines


def _shared_lines(state: GameState) -> list[str]:
    """Spaces holding several ships (invaders on a Rebels' base): each ship's number there, as
    `fire <shooter> <space> <number>` names it. The board itself shows the largest."""
    lines = []
    for cell in sorted({s.cell for s in state.ships}):
        here = state.ships_on(cell)
        if len(here) > 1:
            ships = ", ".join(f"#{n} {s.value}{seat_letter(s.owner)}" for n, s in enumerate(here, 1))
            lines.append(f"    {cell} holds {len(here)} ships: {ships} (fire ... {cell} 2 aims at #2)")
    return lines


def _ship_list(state: GameState, seat: int, letters: tuple[str, str, str]) -> str:
    ships = sorted((s for s in state.ships if s.owner == seat), key=lambda s: s.id)
    if not ships:
        return "no ships"
    parts = []
    for s in ships:
        extra = ""
        if state.activation is not None and state.activation.ship == s.id:
            extra = ", active"
        elif s.id in state.used:
            extra = ", done"
        number = state.position_on(s)
        where = f"{s.cell} #{number}" if number else s.cell
        parts.append(f"{where} {format_pieces(s.pieces, letters)} ({s.value}{extra})")
    return "; ".join(parts)


def render_text(state: GameState, seat: int | None = None) -> str:
    """The board and every seat's faction, reserve, ships and status; `seat` marks the reader's own seat."""
    edition = EDITIONS[state.edition]
    board = load_board(state.board)
    letters, word = edition.letters, edition.credit_word
    lines = _board_lines(state, board)
    lines.append("")
    lines.append("    7A = a ship of Player A worth 7        [ A ] = Player A's home base")
    lines.append("    [ $ ] = unowned base (pays income)     [7A ] = a ship standing on a base")
    lines += _shared_lines(state)
    lines.append("")
    for s in state.seats:
        you = " (you)" if seat == s.index else ""
        if s.out:
            status = f"OUT ({s.out_reason})"
        elif state.phase == "setup":
            status = "deciding: keep or redraw" if not s.decided else "ready"
        elif state.phase == "play" and state.pending is not None and state.pending.seat == s.index:
            status = f"to answer: rolled {state.pending.roll}, reroll or accept"
        elif state.phase == "play" and state.active == s.index:
            status = "to play"
        elif state.phase == "over" and state.winner == s.index:
            status = "WINNER"
        else:
            status = "waiting"
        lines.append(
            f"  {seat_letter(s.index)}{you}: {faction_name(s.faction)}, home {s.home}, "
            f"reserve {plural(s.reserve, word)}, {status}"
        )
        if not s.out:
            lines.append(f"      ships: {_ship_list(state, s.index, letters)}")
    lines.append("")
    lines += textwrap.wrap(_status_line(state), width=78)
    return "\n".join(lines) + "\n"


def _status_line(state: GameState) -> str:
    edition = EDITIONS[state.edition]
    head = f"{edition.name} edition, {state.players} players"
    head += "".join(f", {v.title()}" for v in state.variants)  # at most one (docs/state.md)
    if state.phase == "setup":
        return f"{head}. Setting up: each seat says keep or redraw."
    if state.phase == "over":
        return f"{head}. Game over: {seat_label(state, state.winner)} won."
    text = f"{head}. Round {state.round_of(state.turn)}: {seat_label(state, state.active)} to play."
    if state.activation is not None:
        ship = state.ship_by_id(state.activation.ship)
        if ship is not None:
            text += (
                f" Active ship at {ship.cell}: {state.activation.moves} moves and "
                f"{state.activation.shots} shots used."
            )
    if state.launched:
        text += " Launch done this turn." if state.launched == "launch" else " Split done this turn."
    return text


# -- events ------------------------------------------------------------------------------------------


def plural(n: int, word: str) -> str:
    """A count and its noun, as every sentence of the engine says them: 1 move, 2 moves."""
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


# The verbs whose second person is no regular -s away from the third's.
_SECOND_PERSON = {"is": "are", "has": "have", "does": "do", "goes": "go", "was": "were"}


def second_person(verb: str) -> str:
    """A verb in the third person singular ("fires", "is") as said to "you" ("fire", "are"); a verb in
    the past ("fired", "paid") or one that is no third person stays as it is."""
    if verb in _SECOND_PERSON:
        return _SECOND_PERSON[verb]
    if verb.endswith("ies"):
        return verb[:-3] + "y"
    if verb.endswith(("sses", "shes", "ches", "xes", "zes")):
        return verb[:-2]
    if verb.endswith("s") and not verb.endswith("ss"):
        return verb[:-1]
    return verb


class _Say:
    """What an event sentence needs: seat names, piece letters and the currency word, and whom the words
    are said to (`you`: that seat reads "You", "your"; None: every seat named)."""

    def __init__(self, state: GameState | None, names: Sequence[str] | None, you: int | None = None) -> None:
        edition = EDITIONS[state.edition] if state is not None else EDITIONS["token"]
        self.state, self.names, self.you = state, names, you
        self.letters, self.word = edition.letters, edition.credit_word

    def is_you(self, seat: Any) -> bool:
        return self.you is not None and seat is not None and int(seat) == self.you

    def who(self, seat: int | None, *, start: bool = False) -> str:
        """The seat as the reader reads it: "you" ("You" to start a sentence) for the reader's own."""
        if self.is_you(seat):
            return "You" if start else "you"
        if self.names is not None and seat is not None and 0 <= seat < len(self.names):
            return self.names[seat]
        return seat_label(self.state, seat)

    def whose(self, seat: int | None, *, start: bool = False) -> str:
        """The seat as the owner of what follows: "Ann's", "your" ("Your" to start a sentence)."""
        if self.is_you(seat):
            return "Your" if start else "your"
        return f"{self.who(seat)}'s"

    def plain(self, seat: int | None) -> str:
        """The seat without its faction, for sentences that name the faction themselves."""
        if self.is_you(seat):
            return "You"
        if self.names is not None and seat is not None and 0 <= seat < len(self.names):
            return self.names[seat]
        return seat_label(None, seat)

    def agree(self, seat: int | None, words: str) -> str:
        """`words` that start with a verb in the third person ("fires at"), that verb agreeing with the
        seat as the reader reads it ("fire at" for the reader's own)."""
        if not self.is_you(seat):
            return words
        verb, space, rest = words.partition(" ")
        return second_person(verb) + space + rest

    def does(self, seat: int | None, words: str) -> str:
        """A sentence's start: the seat and what it does, in agreement ("Ann keeps", "You keep")."""
        return f"{self.who(seat, start=True)} {self.agree(seat, words)}"

    def pieces(self, p: Sequence[int] | None) -> str:
        if not p:
            return "nothing"
        return format_pieces((int(p[0]), int(p[1]), int(p[2])), self.letters)

    def credits(self, n: int | None) -> str:
        return plural(int(n or 0), self.word)


Event = Mapping[str, Any]


def _move(say: _Say, e: Event) -> str:
    path = list(e.get("path") or [])
    via = f" via {', '.join(path[1:-1])}" if len(path) > 2 else ""
    steps = int(e.get("steps", 0))  # pragma: no mutate (every move event has steps; keeps describe total)
    return (
        f"{say.does(e.get('seat'), 'moved')} the ship at {e.get('from')} to {e.get('to')}{via} "
        f"({plural(steps, 'step')}, {e.get('moves_left')} left)."
    )


def _invade(say: _Say, e: Event) -> str:
    text = (f"{say.does(e.get('seat'), 'landed')} a ship on {say.whose(e.get('target'))} home base "
            f"{e.get('cell')}")
    if e.get("needed") == REBELS_INVADERS_NEEDED:
        text += f": {e.get('landed')} of the {REBELS_INVADERS_NEEDED} ships the Rebels' base needs"
    return text + "."


def _roll(say: _Say, e: Event) -> str:
    why = {"clover": " on the reroll", "murphy": " on the forced reroll"}.get(str(e.get("why")), "")
    raw = f" (stopwatch digit {e.get('raw')})" if e.get("die") == "stopwatch" else ""
    return f"{say.does(e.get('seat'), 'rolled')} {e.get('roll')}{why}{raw}."


def _fire(say: _Say, e: Event) -> str:
    number = f" #{e.get('position')}" if e.get("position") else ""
    target = "home base" if e.get("target") == "base" else f"ship{number} at"
    roll = f"rolled {e.get('roll')}" + (f" +{e.get('bonus')}" if e.get("bonus") else "")
    text = (
        f"{say.whose(e.get('seat'), start=True)} ship at {e.get('from')} fired at "
        f"{say.whose(e.get('target_seat'))} {target} {e.get('to')}: {roll}, range {e.get('penalty')}"
    )
    if e.get("target") != "base":
        text += f", shields {e.get('shields')}"
    if e.get("gone"):
        return text + ": the target was already gone."
    damage = int(e.get("damage", 0))  # pragma: no mutate (every fire event has damage; keeps describe total)
    return text + f": {plural(damage, 'point')} of damage."


def _damage(say: _Say, e: Event) -> str:
    number = f" #{e.get('position')}" if e.get("position") else ""
    whose = f"{say.whose(e.get('seat'), start=True)} ship{number} at {e.get('cell')}"
    if e.get("destroyed"):
        return f"{whose} was destroyed ({say.credits(e.get('lost'))} lost)."
    return (
        f"{whose} lost {say.credits(e.get('lost'))}: {say.pieces(e.get('before'))} became "
        f"{say.pieces(e.get('after'))}."
    )


def _income(say: _Say, e: Event) -> str:
    extra = f", {e.get('base_ships')} of them for ships on unowned bases" if e.get("base_ships") else ""
    return (
        f"{say.does(e.get('seat'), 'collected')} {say.credits(e.get('amount'))} of income{extra} "
        f"(reserve {e.get('reserve')})."
    )


def _out(say: _Say, e: Event) -> str:
    seat, reason = e.get("seat"), e.get("reason")
    if reason == "invaded":
        return f"{say.does(seat, 'is out')} of the game: home base invaded by {say.who(e.get('by'))}."
    if reason == "resigned":
        return f"{say.does(seat, 'resigned')} and {say.agree(seat, 'is out')} of the game."
    return f"{say.does(seat, 'is out')} of the game: no ships in play and no reserve."


def _win(say: _Say, e: Event) -> str:
    seat = e.get("seat")
    return "The game is over with no winner." if seat is None else f"{say.does(seat, 'wins')} the game!"


def _redraw(say: _Say, e: Event) -> str:
    seat = e.get("seat")
    return (
        f"{say.plain(seat)} {say.agree(seat, 'gives back')} {faction_name(e.get('old'))} and "
        f"{say.agree(seat, 'draws')} {faction_name(e.get('faction'))} (starting reserve {e.get('reserve')})."
    )


def _takeover(say: _Say, e: Event) -> str:
    # "of yours": the seat taken over is the reader's own ("2 ships of you" is no English).
    taken = "yours" if say.is_you(e.get("from")) else say.who(e.get("from"))
    return (
        f"{say.does(e.get('seat'), 'takes')} control of {plural(len(e.get('ships') or []), 'ship')} of "
        f"{taken} (Takeover)."
    )


_SENTENCES: dict[str, Callable[[_Say, Event], str]] = {
    "start": lambda say, e: (
        f"The game begins: {say.who(e.get('seat'))} {say.agree(e.get('seat'), 'goes first')}."
    ),
    "keep": lambda say, e: (
        f"{say.plain(e.get('seat'))} {say.agree(e.get('seat'), 'keeps')} {faction_name(e.get('faction'))}."
    ),
    "redraw": _redraw,
    "order": lambda say, e: (
        f"{say.does(e.get('seat'), 'sets')} the standing order {e.get('name')} to "
        f"{'off' if e.get('value') is None else e.get('value')}."
    ),
    # A round is every seat having had a turn (docs/state.md); an event logged before rounds were kept
    # has none and says its turn.
    "turn": lambda say, e: (f"Round {e['round']}: {say.who(e.get('seat'))} to play." if "round" in e
                            else f"Turn {e.get('turn')}: {say.who(e.get('seat'))} to play."),
    "move": _move,
    "recycle": lambda say, e: (
        f"{say.does(e.get('seat'), 'recycled')} the ship at home base {e.get('cell')} for "
        f"{say.credits(e.get('value'))} (reserve {e.get('reserve')})."
    ),
    "invade": _invade,
    "launch": lambda say, e: (
        f"{say.does(e.get('seat'), 'launched')} a ship from {e.get('cell')}: "
        f"{e.get('text') or say.pieces(e.get('pieces'))} ({say.credits(e.get('value'))}; "
        f"reserve {e.get('reserve')})."
    ),
    "split": lambda say, e: (
        f"{say.does(e.get('seat'), 'split')} the ship at {e.get('from')}: {say.pieces(e.get('pieces'))} "
        f"moved to {e.get('to')}, {say.pieces(e.get('remaining'))} stayed."
    ),
    "roll": _roll,
    "pending": lambda say, e: (
        f"{say.does(e.get('seat'), 'rolled')} {e.get('roll')}: reroll (pay 1) or accept?"
    ),
    "clover": lambda say, e: (
        f"{say.does(e.get('seat'), 'paid')} {e.get('paid', 1)} to reroll "
        f"{'automatically (standing order) ' if e.get('auto') else ''}a {e.get('old')}."
    ),
    "murphy": lambda say, e: (
        f"{say.does(e.get('seat'), 'paid')} {e.get('paid', 2)} to force {say.who(e.get('roller'))} "
        f"to reroll a {e.get('old')}."
    ),
    "fire": _fire,
    "damage": _damage,
    "adapt": lambda say, e: (
        f"{say.does(e.get('seat'), 'rebuilt')} a damaged ship as "
        f"{e.get('text') or say.pieces(e.get('after'))}."
    ),
    "base_damage": lambda say, e: (
        f"{say.whose(e.get('seat'), start=True)} home base {e.get('cell')} took "
        f"{plural(int(e.get('damage', 0)), 'point')} of damage: the reserve lost {e.get('lost')}, "
        f"{e.get('reserve')} left."
    ),
    "vamp": lambda say, e: (
        f"{say.does(e.get('seat'), 'drained')} {say.credits(e.get('gain'))} into the reserve "
        f"({e.get('reserve')})."
    ),
    "income": _income,
    "out": _out,
    "takeover": _takeover,
    "spoils": lambda say, e: (
        f"{say.does(e.get('seat'), 'takes')} {say.credits(e.get('value'))} of spoils from "
        f"{say.whose(e.get('from'))} ships (reserve {e.get('reserve')})."
    ),
    "win": _win,
}

EVENT_TYPES: frozenset[str] = frozenset(_SENTENCES)


def describe(event: Event, state: GameState | None = None, names: Sequence[str] | None = None, *,
             you: int | None = None) -> str:
    """One plain sentence for an engine event. `state` (any state of the same game) adds the factions and
    the edition's piece letters; `names` overrides the seat names (index = seat); `you`: the seat the
    sentence is said to, which reads "You fire", "... at your ship" (None: every seat named)."""
    say = _Say(state, names, you)
    sentence = _SENTENCES.get(str(event.get("type")))
    if sentence is not None:
        return sentence(say, event)
    details = ", ".join(f"{k} {v}" for k, v in event.items() if k != "type")
    return f"{str(event.get('type') or 'event').replace('_', ' ').capitalize()}: {details}."

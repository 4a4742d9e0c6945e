"""The table as text, for mail and the text view (rules.md, "Reading the table by mail"): each seat's
counters and its grid drawn by columns and rows, `*` for a card that attacked this turn, `~` for a safe
column's cards, `G` for a Guard, `+2A`/`+2D` for a column bonus; the reader's own hand and orders, and
what it may do now."""

from __future__ import annotations

from collections.abc import Sequence

from . import battle
from .cards import card
from .state import ATTACK, DECKS, DEPLOY, MAIN, OVER, TURN, GameState, Seat, code_of

CELL = 22
SHOWN = 12  # the legal commands of a turn shown under the board; a question shows all of its own


def face(state: GameState, card_id: str, safe: bool) -> str:
    data = card(code_of(card_id))
    marks = ""
    if data.guard:
        marks += " G"  # pragma: no mutate (marks is still "" here: = and += write the same)
    for side, letter in (("attack", "A"), ("defense", "D")):
        if data.column_bonus(side):
            marks += f" +{data.column_bonus(side)}{letter}"
    if card_id in state.marked:
        marks += " *"
    if safe:
        marks += " ~"
    return f"{data.name} {data.atk}/{data.dfn}{marks}"


def seat_lines(state: GameState, label: int, names: Sequence[str] | None) -> list[str]:
    seat = state.seat(label)
    lobby = state.lobby_seat(label)
    name = names[lobby] if names is not None and lobby < len(names) else f"Seat {lobby + 1}"
    top = f" (top: {card(code_of(seat.discard[-1])).name})" if seat.discard else ""
    reserve = ", ".join(card(code_of(c)).name for c in seat.reserve) or "-"
    status = "" if seat.status == "in" else " · out"
    lines = [f"p{label} {name}  deck {seat.deck}  hand {len(seat.hand)}  draw {len(seat.draw)}  "
             f"discard {len(seat.discard)}{top}  lost {len(seat.lost)}  reserve: {reserve}{status}"]
    header = "    " + "".join(f"{c}{' (safe)' if col.safe else ''}".ljust(CELL)
                                for c, col in enumerate(seat.columns, 1))
    lines.append(header.rstrip())
    depth = max(len(col.cards) for col in seat.columns)
    for row in range(depth):
        cells = []
        for col in seat.columns:
            cells.append(face(state, col.cards[row], col.safe).ljust(CELL) if row < len(col.cards)
                         else " " * CELL)
        lines.append(f"  {row + 1} " + "".join(cells).rstrip())
    if depth == 0:
        lines.append("  (no card in play)")
    return lines


def _hand_card(code: str) -> str:
    """`crab: Hermit Crab, cost 2, 1/4`: what a code of the hand line is, for a reader without the card
    list."""
    data = card(code)
    numbers = "event" if data.is_event else f"{data.atk}/{data.dfn}"
    return f"{code}: {data.name}, cost {data.cost}, {numbers}"


def text_board(state: GameState, seat: int | None, names: Sequence[str] | None = None,
               legal: Sequence[str] = ()) -> str:
    """The whole table for the reader (a lobby seat, None: a spectator)."""
    lines = [_head(state, names)]
    for label in state.labels():
        lines += seat_lines(state, label, names)
    if seat is not None and 0 <= seat < len(state.seats):
        mine = state.seat(state.label(seat))
        hand = ", ".join(sorted(code_of(c) for c in mine.hand)) or "(empty)"
        count = len(mine.orders.lines())
        # At least two spaces before the orders, however long the hand: the two never run together.
        lines.append(f"Your hand: {hand}".ljust(42) + f"  Your orders: {count} (reply \"orders\" to list)")
        if mine.hand:
            held = sorted({code_of(c) for c in mine.hand})
            lines.append("  " + " · ".join(_hand_card(code) for code in held))
        asked = _question_line(state, mine)
        if asked:
            lines.append(asked)
        if legal:
            # A question's answers are few and each one matters: all of them; a turn's, the first dozen.
            cap = len(legal) if asked else SHOWN
            shown = list(legal[:cap])
            more = " | …" if len(legal) > cap else ""
            lines.append("You may: " + " | ".join(shown) + more)
            penalty = _penalty_line(state, mine)
            if penalty:
                lines.append(penalty)
            lines.append("Reply with one command per line.")
    return "\n".join(lines)


def _head(state: GameState, names: Sequence[str] | None) -> str:
    """`Metabaloids · turn 14 · p2 Ben to act · step ATTACK (no attack yet)` (rules.md, "Reading the table
    by mail"); the seat to act is the one a question waits for, when one is open."""
    if state.phase == OVER:
        return f"Metabaloids · game over after turn {state.turn}"
    if state.phase == DECKS:
        waiting = [str(i + 1) for i, choice in enumerate(state.decks) if not choice]
        return (f"Metabaloids · picking decks: waiting for seat {', '.join(waiting)} "
                "(deck a, deck b or deck list <card>:<copies> …)")
    label = state.decision.label if state.decision is not None else state.active
    lobby = state.lobby_seat(label)
    name = f" {names[lobby]}" if names is not None and lobby < len(names) else ""
    if state.phase != TURN:
        return f"Metabaloids · initial deployment · p{label}{name} to place"
    step = state.step.upper()
    if state.step == ATTACK and not state.seat(state.active).attacks_made:
        step += " (no attack yet)"
    return f"Metabaloids · turn {state.turn} · p{label}{name} to act · step {step}"


def _question_line(state: GameState, seat: Seat) -> str | None:
    """While a question waits for the reader (rules.md, "Damage payment and grid restoration, step by
    step"): what is owed, that the grid must be put back in shape, or that an attack awaits a reaction,
    and how the answers are written."""
    decision = state.decision
    if decision is None or decision.label != seat.label:
        return None
    if decision.kind == "pay":
        # invariants.py: a decision is open exactly while its battle is (no battle to owe nothing to)
        assert state.battle is not None
        owed = state.battle.owed
        return (f"You owe {owed} more point{'s' if owed != 1 else ''} of damage: name what pays, one card a "
                "line (a hand, reserve or play card pays its defense, a draw pile card 1, the discard "
                "pile's top its defense), or pay auto (or pass) for your standing orders to pay the rest.")
    if decision.kind == "grid":
        return ("Your grid must be put back in shape: move <col:row> <col> lines (free) until it is legal, "
                "or pass for the default restoration.")
    return ("The attack on you waits for your reaction: use lines (before the bonus cards are drawn), or "
            "pass for your standing orders to answer.")


def _penalty_line(state: GameState, seat: Seat) -> str | None:
    """While the reader is active and has not attacked: the no-attack penalty it faces (rules.md,
    "Attack": 1 card when a card of its could attack, else 2)."""
    if not (state.phase == TURN and state.decision is None and seat.label == state.active
            and state.step in (MAIN, DEPLOY, ATTACK) and not seat.attacks_made):
        return None
    if battle.could_attack(seat):
        return "If you make no attack, one card of your draw pile goes to your lost pile."
    return "No card of yours can attack: two cards of your draw pile go to your lost pile."


def board_svg(state: GameState, seat: int | None) -> str:
    """The table as a picture (downloads, the mail's image): each seat's grid of card names with attack
    and defense, safe columns shaded. Public cards only, like the text board."""
    del seat
    width, card_w, card_h, row_h = 720, 228, 30, 34
    rows: list[str] = []
    y = 10
    for label in state.labels():  # none with no seats
        s = state.seat(label)
        counts = f"hand {len(s.hand)} · draw {len(s.draw)} · lost {len(s.lost)}"
        rows.append(f'<text x="10" y="{y + 14}" font-size="14" font-weight="bold">p{label} · '
                    f'deck {_esc(s.deck)} · {counts}</text>')
        y += 22
        depth = max(1, max(len(c.cards) for c in s.columns))
        for c, column in enumerate(s.columns):
            x = 10 + c * (card_w + 8)
            if column.safe:
                height = depth * row_h + 4
                rows.append(f'<rect x="{x - 3}" y="{y - 3}" width="{card_w + 6}" height="{height}" '
                            'fill="#e8f0e0"/>')
            for r, card_id in enumerate(column.cards):
                data = card(code_of(card_id))
                top = y + r * row_h
                mark = " *" if card_id in state.marked else ""
                rows.append(f'<rect x="{x}" y="{top}" width="{card_w}" height="{card_h}" rx="4" fill="#fff" '
                            'stroke="#8a94a6"/>')
                rows.append(f'<text x="{x + 6}" y="{top + 19}" font-size="13">{_esc(data.name)} '
                            f'{data.atk}/{data.dfn}{mark}</text>')
        y += depth * row_h + 12
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{y}" '
            f'viewBox="0 0 {width} {y}" font-family="sans-serif">'
            f'<rect width="100%" height="100%" fill="#f7f8fa"/>{"".join(rows)}</svg>')


def _esc(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")

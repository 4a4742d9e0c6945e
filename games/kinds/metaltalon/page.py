"""MetalTalon's part of the game page: the board with the selected ship's moves and shots, the controls
(faction deal, launch builder, splits, rerolls, end turn), the players panel and the text view. The
generic page (games/views/play.py) draws the rest: notices, the log, the command box, chat."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import replace
from typing import Any
from urllib.parse import urlencode

from django.core.cache import cache
from django.urls import reverse

import games.kinds.metaltalon.engine as engine  # `engine.play`: `play` alone reads as the engine's module
from games.kinds.metaltalon import presenters as P
from games.kinds.metaltalon.board_marks import Mark
from games.kinds.metaltalon.board_svg import board_svg as draw_board
from games.kinds.metaltalon.board_svg import terrain_ref
from games.kinds.metaltalon.engine import (
    EDITIONS,
    GOAL,
    GameState,
    IllegalCommand,
    rival_line,
    rivals,
    seat_letter,
)
from games.kinds.metaltalon.kind import BARRIER_VERBS, ROLL_EVENTS, MetalTalon
from games.kinds.metaltalon.last_turn import LastTurn, last_turn
from games.kinds.protocol import Event, PageInput, changed_in_form

BOARD_CACHE_SECONDS = 24 * 3600
BOARD_CACHE_VERSION = 14  # bump when the drawing changes so cached pictures are not served stale
# The board's sizes (board.css, "Zoom"): on a 390 px phone the whole board fits with its hexes about 21 px
# wide and a ship's value 7 px tall; twice that makes the value 14 px, three times its pieces 13 px.
ZOOM_LEVELS = ((1, "Fit"), (2, "2×"), (3, "3×"))
_CELL_RE = re.compile(r"^[A-Za-z]\d{1,2}$")


def selected_ship(query: Mapping[str, str], name: str = "ship") -> str | None:
    ship = (query.get(name) or "").strip().upper()
    return ship if _CELL_RE.match(ship) else None


def _count(raw: str | None) -> int:
    try:
        return max(0, min(99, int(raw or 0)))
    except ValueError:
        return 0


def launch_choice(query: Mapping[str, str]) -> tuple[int, int, int] | None:
    if any(k in query for k in ("n1", "n5", "n10")):
        return _count(query.get("n1")), _count(query.get("n5")), _count(query.get("n10"))
    return None


def page_context(page: PageInput) -> dict[str, Any]:
    state: GameState = page.state
    usernames = page.names
    names = P.seat_names(state, usernames)
    me = page.seat if page.seat is not None and state.phase != "over" else None
    legal = P.legal_for(state, me)
    ctx: dict[str, Any] = dict(
        state=state, names=names, usernames=usernames, legal=legal, me=me,
        edition=EDITIONS.get(state.edition),
        panels=[replace(p, url=page.player_urls[p.index]) if p.index < len(page.player_urls) else p
                for p in P.seat_panels(state, usernames, me)],
        active_name=names[state.active] if state.phase == "play" else None,
        pending=state.pending, to_act=[names[i] for i in state.to_act],
        can_end="end" in legal.simple, can_resign="resign" in legal.simple,
        setup_choices=[c for c in ("keep", "redraw") if c in legal.simple],
        # The standing orders' form, after the live region (extras.html).
        extras={"order_fields": P.order_fields(legal, state.seats[me].orders, state.edition)
                if me is not None else []},
        winner=names[state.winner] if state.phase == "over" and state.winner is not None else None,
        dealt=_dealt(state, usernames, me) if state.phase == "setup" else [],
        me_out=me is not None and state.seats[me].out,
        me_out_reason=P.seat_status(state, me).capitalize() + "." if me is not None else "",
    )
    ctx["goal"] = _goal(state, me, usernames)
    ctx.update(_turn_context(state, me, legal, page))
    ctx["zoom_levels"] = ZOOM_LEVELS
    ctx["board_focus"] = _board_focus(state, page.seat, ctx["selected"])
    ctx["undo_note"] = _undo_note(page, state) if ctx["my_turn"] and not page.undo_ok else ""
    if page.query.get("text") == "1":
        ctx.update(_text_view(state, me, legal, names))
    playing = me is not None and not state.seats[me].out
    recent = last_turn(page.recent, me, state.turn, playing) if state.phase != "setup" else LastTurn()
    ctx["last_turn"] = _last_turn_caption(recent, usernames, playing, state)
    ctx["round"] = state.round_of(state.turn)
    clicks = _cell_clicks(ctx["destinations"], ctx["targets"], ctx["harmless"])
    board = (page, state, ctx["selected"], legal, {d.cell: d.steps for d in ctx["destinations"]},
             [t.cell for t in ctx["targets"]], clicks, recent.marks)
    ctx["board"] = _board(*board)
    # The same board drawn whole, its terrain inline, for the "Board picture" download (games/views/play.py,
    # board_svg): a picture saved from the site must not depend on another of its URLs. Drawn on demand.
    ctx["board_picture"] = lambda: _board(*board, whole=True)
    return ctx


def _undo_note(page: PageInput, state: GameState) -> str:
    """Why there is no Undo button in a turn that has played something: the newest action that cannot be
    taken back (MetalTalon.undo_barrier), in words where the button would be."""
    barrier = next((a for a in reversed(page.recent) if a.turn == state.turn
                    and MetalTalon().undo_barrier(a.command, a.events)), None)
    if barrier is None:
        return ""
    words = barrier.command.split()
    if (words and words[0].lower() in BARRIER_VERBS) or any(e.get("type") in ROLL_EVENTS
                                                             for e in barrier.events):
        return "No undo after a roll: dice were thrown."
    return f"No undo: “{barrier.command}” cannot be taken back."


def _last_turn_caption(recent: LastTurn, usernames: list[str], playing: bool,
                       state: GameState) -> dict[str, Any] | None:
    """What the marks on the board show, in words, for the toggle's label: "Show what [B] bo did since your
    turn in round 4", or for a spectator "Show the last turn (round 5): [A] ada, [B] bo". Rounds, as the page
    counts them (docs/state.md). None: nothing is marked."""
    if not recent.marks or recent.turns is None:
        return None
    seats = [(s, seat_letter(s), usernames[s] if s < len(usernames) else "") for s in recent.seats]
    first, last = (state.round_of(t) for t in recent.turns)
    if playing:
        since = f"since your turn in round {state.round_of(recent.since)}" if recent.since else "so far"
        return {"before": "Show what", "seats": seats, "after": f"did {since}"}
    rounds = f"round {first}" if first == last else f"rounds {first}\u2013{last}"
    return {"before": f"Show the last turn ({rounds}):", "seats": seats, "after": ""}


def _goal(state: GameState, me: int | None, usernames: list[str]) -> dict[str, Any] | None:
    """How to win, for the viewer: the goal in one line and what each rival still has to lose (its reserve,
    the ships to land on its base: engine.goal). None outside play, or for a seat that is out."""
    if state.phase != "play" or (me is not None and state.seats[me].out):
        return None
    credit = EDITIONS[state.edition].credit_word
    return {"text": GOAL, "you": me is not None,
            "rivals": [{"seat": r.seat, "letter": seat_letter(r.seat), "faction": P.faction_name(r.faction),
                        "name": usernames[r.seat] if r.seat < len(usernames) else "",
                        "line": rival_line(r, credit)} for r in rivals(state, me)]}


def _dealt(state: GameState, usernames: list[str], me: int | None) -> list[dict[str, Any]]:
    return [{"name": usernames[s.index], "faction": P.faction_name(s.faction),
             "power": P.faction_power(s.faction, state.edition), "decided": s.decided,
             "redrawn": s.redrawn, "you": s.index == me} for s in state.seats]


def _acting_ship(state: GameState, me: int | None) -> str | None:
    """The cell of the viewer's ship acting now (launched, moved or fired this turn and not done), which a
    page opened without a selection (a reload, a link) selects: the panel calls it "active", and a click
    on a destination then moves it."""
    act = state.activation
    ship = state.ship_by_id(act.ship) if act is not None else None
    return ship.cell if ship is not None and ship.owner == me and state.active == me else None


def _board_focus(state: GameState, seat: int | None, selected: str | None) -> str:
    """The cell a zoomed board opens on (board.js centres its box there): the selected ship, else the ship
    acting in this turn, whoever's, else the viewer's home base ("" for a spectator: the board's middle).
    A board wider than its box that opened on its top middle showed a newcomer neither."""
    if selected:
        return selected
    act = state.activation
    ship = state.ship_by_id(act.ship) if act is not None and state.phase == "play" else None
    if ship is not None:
        return ship.cell
    return state.seats[seat].home if seat is not None and 0 <= seat < len(state.seats) else ""


def _turn_context(state: GameState, me: int | None, legal: P.Legal, page: PageInput) -> dict[str, Any]:
    """The selected ship's moves, targets and splits, the launch builder and end turn."""
    ship = selected_ship(page.query)
    if ship is None and "ship" not in page.query:
        ship = _acting_ship(state, me)
    ship = ship if ship in legal.ship_cells else None
    out: dict[str, Any] = {"my_turn": False, "selected": ship, "unused": [], "budget": None,
                           "destinations": [], "targets": [], "harmless": [], "splits": {}, "builder": None,
                           "at": None}
    if me is None:
        return out
    my_turn = state.phase == "play" and state.active == me and state.pending is None
    out["my_turn"] = my_turn
    if ship is not None:
        targets = P.targets_for(state, me, ship, legal)
        # Shots that cannot do damage stay legal but are listed apart (and not lit on the board), so a
        # click never spends a shot on nothing by mistake.
        out.update(budget=P.budget(state, me, ship),
                   destinations=P.destinations(state, me, ship, legal, page.names),
                   targets=[t for t in targets if t.useful], harmless=[t for t in targets if not t.useful],
                   splits=P.split_choices(state, me, ship, legal))
    at = selected_ship(page.query, "at")
    if my_turn and at is not None:
        out["at"] = _clicked(state, me, at, ship, out)
    if my_turn:
        # Ships that have not acted at all this turn (the active one has): ending the turn lists them.
        out["unused"] = [r for r in P.ship_rows(state, me) if r.cell in legal.ship_cells and not r.status]
        out["builder"] = P.launch_builder(state, me, legal, launch_choice(page.query))
    return out


def _clicked(state: GameState, me: int, cell: str, ship: str | None,
             chosen: dict[str, Any]) -> dict[str, Any]:
    """A board cell whose click did not make a command by itself: what it could mean, to choose from
    (every shot at it that can do damage, the move there), or why it means nothing. A shot that cannot do
    damage (presenters.Target.useful) is never offered: beside another choice the box says why it is left
    out, and alone it is why the click does nothing (the command box still takes it)."""
    choices = [t for t in chosen["targets"] if t.cell == cell]
    idle = [t for t in chosen["harmless"] if t.cell == cell]
    move = next((d for d in chosen["destinations"] if d.cell == cell), None)
    why = ""
    idle_note = _why_harmless(cell, idle) if idle else ""
    if ship is None:
        why = _why_no_ship(state, me, cell)
    elif not choices and move is None:
        why = idle_note or _why_not(state, me, ship, cell, chosen["budget"])
    return {"cell": cell, "choices": choices, "move": move, "why": why, "idle": idle_note}


def _why_harmless(cell: str, shots: list[P.Target]) -> str:
    """Why the shots at `cell` would do nothing, in the words of the targets list (_controls.html)."""
    reasons = []
    for t in shots:
        if t.base and not t.value:
            reason = "the reserve is empty"
        else:
            reason = "even the best roll is used up by the range penalty" + (
                " and shields" if not t.base and t.shields else "")
        if reason not in reasons:
            reasons.append(reason)
    return f"A shot at {cell} would do no damage: {'; '.join(reasons)}."


def _why_no_ship(state: GameState, me: int, cell: str) -> str:
    if any(s.cell == cell and s.owner == me for s in state.ships):
        return f"Your ship on {cell} cannot act any more this turn."
    return f"Select one of your ships first, then click {cell} to move there or fire at it."


class _NoDice:
    """The engine asked for a roll while only explaining a refusal: never, for a command not listed."""

    def roll(self, sides: int) -> int:
        raise IllegalCommand("that would need a roll")


def _why_not(state: GameState, me: int, ship: str, cell: str, budget: dict[str, Any] | None) -> str:
    """Why the selected ship can neither move to nor fire at `cell`, in the engine's words where it has
    them (a shot is only previewed and a move only tried on a copy: nothing is rolled or changed)."""
    if cell == ship:
        return "That is the selected ship: click a green space to move it, or a crosshair to fire."
    moves = budget["moves"] if budget else 0
    enemy = any(s.cell == cell and s.owner != me for s in state.ships) or any(
        s.home == cell and s.index != me and not s.out for s in state.seats)
    if enemy:
        if budget and not budget["shots"]:
            return f"That ship cannot fire at {cell}: it has no shots left."
        try:
            engine.shot_preview(state, me, f"fire {ship} {cell}")
        except IllegalCommand as refused:
            return f"That ship cannot fire at {cell}: {refused}."
    far = engine.move_costs(state, me, ship, within_moves=False).get(cell)
    if far is not None:
        return (f"That ship cannot reach {cell}: it has {moves} move{'s' if moves != 1 else ''} left "
                f"and {cell} is {far} away.")
    try:
        engine.play(state, me, f"move {ship} {cell}", dice=_NoDice())
    except IllegalCommand as refused:
        return f"That ship cannot move to {cell}: {refused}."
    return f"That ship cannot move to {cell}."


def _text_view(state: GameState, me: int | None, legal: P.Legal, names: list[str]) -> dict[str, Any]:
    """For screen readers: the engine's text board, the ships by cell, the legal commands as buttons."""
    ships = sorted(((s.cell, names[s.owner], P.format_pieces(s.pieces, state.edition), s.value)
                    for s in state.ships), key=lambda r: P.cell_sort_key(r[0]))
    return {"screen_text": P.screen_reader_text(state, me), "command_groups": P.command_groups(legal),
            "ships_by_cell": ships}


def _board(page: PageInput, state: GameState, selected: str | None, legal: P.Legal, reach: dict[str, int],
           aim: list[str], clicks: dict[str, str | None], marks: list[Mark], whole: bool = False) -> str:
    """The board picture for this viewer and selection, cached per game version: every viewer of an
    unchanged game shares the same few renderings (the last turn's marks follow from the version and
    the seat, both in the key). whole: with the terrain inline (the download), else over its picture."""
    game = page.game
    key = f"board:{BOARD_CACHE_VERSION}:{game.pk}:{game.version}:{page.seat}:{selected or '-'}:{int(whole)}"
    svg = cache.get(key)
    if svg is None:
        svg = _draw(game, state, page.seat, selected if clicks else None, legal, reach, aim, clicks, marks,
                    whole)
        cache.set(key, svg, BOARD_CACHE_SECONDS)
    return str(svg)


def _draw(game: Any, state: GameState, seat: int | None, selected: str | None, legal: P.Legal,
          reach: dict[str, int], aim: list[str], clicks: dict[str, str | None], marks: list[Mark],
          whole: bool) -> str:
    base = reverse("games:game", args=[game.pk])
    play_url = reverse("games:play", args=[game.pk])
    mine = set(legal.ship_cells)

    def cell_url(cell: str) -> str | None:
        if selected is not None and cell in clicks:
            command = clicks[cell]
            if command is None:  # more than one thing to do there: the page asks which
                return base + "?" + urlencode({"ship": selected, "at": cell})
            return play_url + "?" + urlencode({"command": command, "v": game.version})
        if cell in mine:
            return base + ("" if cell == selected else "?" + urlencode({"ship": cell}))
        return None

    # The terrain, which no move changes, is a picture of its own the browser keeps (board_views.py), and
    # the board's style sheet is one of the kind's styles: the page carries only what a move changes.
    return draw_board(state, viewer=seat, selected=selected, highlights=list(reach), targets=aim,
                      cell_url=cell_url, marks=marks, costs=reach,
                      terrain_href=None if whole else reverse("metaltalon:terrain", args=terrain_ref(state)),
                      page_styles=not whole)


def _cell_clicks(destinations: list[P.Destination], targets: list[P.Target],
                 harmless: list[P.Target]) -> dict[str, str | None]:
    """What a click on each lit cell of the selected ship's board does: its one command, or None where it
    could mean more than one (a ship on its home base and the base, ships sharing a space, a move and a
    shot): the page then asks which, since a shot's roll cannot be taken back (games/actions/undo.py). The
    lit cells are the moves and the shots that can do damage; a shot that cannot still counts as a
    meaning of its cell, so a click never picks the other one for the player."""
    meanings: dict[str, list[str]] = {}
    for d in destinations:
        meanings.setdefault(d.cell, []).append(d.command)
    for t in targets + harmless:
        meanings.setdefault(t.cell, []).append(t.command)
    lit = {d.cell for d in destinations} | {t.cell for t in targets}
    return {cell: commands[0] if len(commands) == 1 else None
            for cell, commands in meanings.items() if cell in lit}


# === FORMS AND FOLLOW-UPS ===


def command_from_form(data: Mapping[str, str], state: GameState | None, seat: int | None) -> str:
    """The command a posted form means: the launch builder's and split builder's fields, the standing
    orders form (only the orders that changed), or the typed or clicked command."""
    if data.get("form") == "orders":
        return "; ".join(_order_commands(data, state, seat))
    clicked = data.get("command") or ""
    if clicked.strip():
        # A button that names its command (a quick pick) means exactly that command, even when a
        # builder's fields travel with it (a page drawn before the quick picks had a form of their own).
        return clicked
    edition = state.edition if state is not None else "token"
    pieces = (_count(data.get("n1")), _count(data.get("n5")), _count(data.get("n10")))
    # Nothing chosen: "0e" lets the engine answer "A ship needs at least one piece".
    chosen = P.format_pieces(pieces, edition) or "0" + EDITIONS[edition].letters[0]
    if data.get("verb") == "launch":
        return "launch " + chosen
    if data.get("verb") == "split":
        cells = [(data.get(k) or "").strip()[:3] for k in ("split_from", "split_to")]
        return f"split {cells[0]} {cells[1]} {chosen}"
    return clicked


def _order_commands(data: Mapping[str, str], state: GameState | None, seat: int | None) -> list[str]:
    """The `order` commands for the fields changed in the form: changed since the page drew them, and
    posting another value than the seat's order now. The form is outside the live region (extras.html), so
    a field left alone does not undo an order typed or mailed since the page was drawn
    (protocol.changed_in_form). A value the engine does not list is passed on so that the engine explains
    what is wrong with it."""
    if state is None or seat is None:
        return []
    legal = P.legal_for(state, seat)
    current = P.order_values(state.seats[seat].orders)
    out = []
    for name, choices in legal.orders.items():
        value = (data.get(name) or "").strip().lower()
        if value and (value not in choices or value != current.get(name)) and changed_in_form(data, (name,)):
            out.append(f"order {name} {value}")
    return out


def selection_after(commands: list[str], events: list[Event]) -> dict[str, str]:
    """Keep the acting ship selected after a move, a shot or a launch, so the player carries on with it
    (the page drops the selection by itself when that ship has nothing left to do)."""
    if not commands:
        return {}
    words = commands[-1].split()
    verb = words[0].lower() if words else ""
    ship = None
    if verb == "move" and len(words) >= 3:
        ship = words[-1].upper()
    elif verb == "fire" and len(words) >= 3:
        ship = words[1].upper()
    elif verb == "launch":
        ship = next((str(e.get("cell")) for e in events if e.get("type") == "launch"), None)
    return {"ship": ship} if ship else {}

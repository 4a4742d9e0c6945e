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

from games.kinds.metaltalon import presenters as P
from games.kinds.metaltalon.board_marks import Mark
from games.kinds.metaltalon.board_svg import board_svg as draw_board
from games.kinds.metaltalon.engine import EDITIONS, GOAL, GameState, rival_line, rivals, seat_letter
from games.kinds.metaltalon.last_turn import LastTurn, last_turn
from games.kinds.protocol import Event, PageInput

BOARD_CACHE_SECONDS = 24 * 3600
BOARD_CACHE_VERSION = 6  # bump when the drawing changes so cached pictures are not served stale
_CELL_RE = re.compile(r"^[A-Za-z]\d{1,2}$")


def selected_ship(query: Mapping[str, str]) -> str | None:
    ship = (query.get("ship") or "").strip().upper()
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
    if page.query.get("text") == "1":
        ctx.update(_text_view(state, me, legal, names))
    playing = me is not None and not state.seats[me].out
    recent = last_turn(page.recent, me, state.turn, playing) if state.phase != "setup" else LastTurn()
    ctx["last_turn"] = _last_turn_caption(recent, usernames, playing, state)
    ctx["round"] = state.round_of(state.turn)
    ctx["board"] = _board(page, state, ctx["selected"], legal, [d.cell for d in ctx["destinations"]],
                          _fire_commands(ctx["targets"]), recent.marks)
    return ctx


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


def _turn_context(state: GameState, me: int | None, legal: P.Legal, page: PageInput) -> dict[str, Any]:
    """The selected ship's moves, targets and splits, the launch builder and end turn."""
    ship = selected_ship(page.query)
    ship = ship if ship in legal.ship_cells else None
    out: dict[str, Any] = {"my_turn": False, "selected": ship, "unused": [], "budget": None,
                           "destinations": [], "targets": [], "harmless": [], "splits": {}, "builder": None}
    if me is None:
        return out
    my_turn = state.phase == "play" and state.active == me and state.pending is None
    out["my_turn"] = my_turn
    if ship is not None:
        targets = P.targets_for(state, me, ship, legal)
        # Shots that cannot do damage stay legal but are listed apart (and not lit on the board), so a
        # click never spends a shot on nothing by mistake.
        out.update(budget=P.budget(state, me, ship), destinations=P.destinations(state, me, ship, legal),
                   targets=[t for t in targets if t.useful], harmless=[t for t in targets if not t.useful],
                   splits=P.split_choices(state, me, ship, legal))
    if my_turn:
        # Ships that have not acted at all this turn (the active one has): ending the turn lists them.
        out["unused"] = [r for r in P.ship_rows(state, me) if r.cell in legal.ship_cells and not r.status]
        out["builder"] = P.launch_builder(state, me, legal, launch_choice(page.query))
    return out


def _text_view(state: GameState, me: int | None, legal: P.Legal, names: list[str]) -> dict[str, Any]:
    """For screen readers: the engine's text board, the ships by cell, the legal commands as buttons."""
    ships = sorted(((s.cell, names[s.owner], P.format_pieces(s.pieces, state.edition), s.value)
                    for s in state.ships), key=lambda r: P.cell_sort_key(r[0]))
    return {"screen_text": P.screen_reader_text(state, me), "command_groups": P.command_groups(legal),
            "ships_by_cell": ships}


def _board(page: PageInput, state: GameState, selected: str | None, legal: P.Legal, reach: list[str],
           fire_at: dict[str, str], marks: list[Mark]) -> str:
    """The board picture for this viewer and selection, cached per game version: every viewer of an
    unchanged game shares the same few renderings (the last turn's marks follow from the version and
    the seat, both in the key)."""
    game = page.game
    key = f"board:{BOARD_CACHE_VERSION}:{game.pk}:{game.version}:{page.seat}:{selected or '-'}"
    svg = cache.get(key)
    if svg is None:
        svg = _draw(game, state, page.seat, selected if reach or fire_at else None, legal, reach, fire_at,
                    marks)
        cache.set(key, svg, BOARD_CACHE_SECONDS)
    return str(svg)


def _draw(game: Any, state: GameState, seat: int | None, selected: str | None, legal: P.Legal,
          reach: list[str], fire_at: dict[str, str], marks: list[Mark]) -> str:
    base = reverse("games:game", args=[game.pk])
    play_url = reverse("games:play", args=[game.pk])
    mine = set(legal.ship_cells)
    aim = list(fire_at)

    def cell_url(cell: str) -> str | None:
        if selected is not None and cell in reach:
            return play_url + "?" + urlencode({"command": f"move {selected} {cell}", "v": game.version})
        if selected is not None and cell in fire_at:
            return play_url + "?" + urlencode({"command": fire_at[cell], "v": game.version})
        if cell in mine:
            return base + ("" if cell == selected else "?" + urlencode({"ship": cell}))
        return None

    return draw_board(state, viewer=seat, selected=selected, highlights=reach, targets=aim, cell_url=cell_url,
                      marks=marks)


def _fire_commands(targets: list[P.Target]) -> dict[str, str]:
    """The selected ship's shot that a click on each target cell makes, among the shots that can do
    damage: at the base when one can be shot at there, else the most promising ship (the list's order)."""
    out: dict[str, str] = {}
    for t in targets:
        if t.cell not in out or t.command.endswith(" base"):
            out[t.cell] = t.command
    return out


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
    """The `order` commands for the fields that changed; a value the engine does not list is passed on
    so that the engine explains what is wrong with it."""
    if state is None or seat is None:
        return []
    legal = P.legal_for(state, seat)
    current = P.order_values(state.seats[seat].orders)
    out = []
    for name, choices in legal.orders.items():
        value = (data.get(name) or "").strip().lower()
        if value and (value not in choices or value != current.get(name)):
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

"""What the game page shows, computed from an engine state: the seats panel, the legal moves of one seat
(parsed from engine.legal_commands, the only source), target previews with damage chances, the launch
builder, and the game log in sentences. Pure functions over engine values; no database, no requests."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

import games.kinds.metaltalon.engine as engine  # `engine.play`: `play` alone reads as the engine's module
from games import seats as seats_of
from games.kinds.metaltalon.engine import (
    EDITIONS,
    GameState,
    IllegalCommand,
    Ship,
    legal_commands,
    render_text,
)

SEAT_LETTERS, SEAT_COLOURS, SEAT_INKS = seats_of.LETTERS, seats_of.COLOURS, seats_of.INKS

FACTION_NAMES = {
    "zoomers": "Zoomers", "warriors": "Warriors", "bankers": "Bankers", "clovers": "Clovers",
    "murphys": "Murphys", "rebels": "Rebels", "swarm": "The Swarm", "vamps": "Vamps",
    "adapters": "Adapters", "anarchists": "Anarchists",
}


def faction_name(faction: str | None) -> str:
    return FACTION_NAMES.get(faction or "", "undecided")


def faction_power(faction: str | None, edition: str) -> str:
    return engine.faction_power(faction, EDITIONS[edition].piece_names[0])


def seat_letter(seat: int) -> str:
    return SEAT_LETTERS[seat] if 0 <= seat < len(SEAT_LETTERS) else "?"


def format_pieces(pieces: Sequence[int], edition: str) -> str:
    letters = EDITIONS[edition].letters
    return " ".join(f"{n}{letter}" for n, letter in zip(pieces, letters, strict=True) if n)


def spell_pieces(pieces: Sequence[int], edition: str) -> str:
    """"3 engines, 1 weapon" for people; the short form is for commands."""
    names = EDITIONS[edition].piece_names
    words = [f"{n} {name if n == 1 else _plural_word(name)}"
             for n, name in zip(pieces, names, strict=True) if n]
    return ", ".join(words) or "nothing"


def allowance(pieces: Sequence[int], faction: str | None, edition: str) -> tuple[int, int, int, int]:
    """(moves, shots, shields, wild) of a fresh activation: the launch builder's preview.
    Zoomers ceil(1.5 x engines); metatalon dimes may each be spent as one move or one shot (wild)."""
    n1, n5, n10 = pieces
    moves = (3 * n1 + 1) // 2 if faction == "zoomers" else n1
    wild = n10 if EDITIONS[edition].wild_dimes else 0
    return moves, n5, n10, wild


def budget(state: GameState, seat: int, cell: str) -> dict[str, Any] | None:
    """What the ship on `cell` has left this activation, counted as the rules count it (docs/rules.md: "Your
    turn", "Moving": each ship acts once; metatalon dimes may stand in for a move or a shot once the pennies
    or nickels run out)."""
    ship = next((s for s in state.ships if s.cell == cell and s.owner == seat), None)
    if ship is None:
        return None
    moves, shots, shields, wild = allowance(ship.pieces, state.seats[seat].faction, state.edition)
    act = state.activation
    used_m, used_s = (act.moves, act.shots) if act is not None and act.ship == ship.id else (0, 0)
    free = max(0, wild - max(0, used_m - moves) - max(0, used_s - shots))
    left_m, left_s = max(0, moves - used_m) + free, max(0, shots - used_s) + free
    text = f"{format_pieces(ship.pieces, state.edition)}: {left_m} move{'s' if left_m != 1 else ''}, " \
           f"{left_s} shot{'s' if left_s != 1 else ''} left, {shields} shield{'s' if shields != 1 else ''}"
    return {"moves": left_m, "shots": left_s, "shields": shields, "text": text}


# === THE SEATS PANEL ===


@dataclass
class ShipRow:
    id: int
    cell: str
    text: str
    value: int
    moves: int
    shots: int
    shields: int
    status: str  # "active", "done" or "" (may still act this turn)


@dataclass
class SeatPanel:
    index: int
    letter: str
    colour: str
    ink: str
    name: str
    faction: str | None
    faction_name: str
    power: str
    reserve: int
    home: str
    ships: list[ShipRow]
    fleet_value: int
    status: str
    active: bool
    you: bool
    out: bool
    url: str = ""  # the player's public page, set by the page (a bot or an empty seat has none)


def seat_status(state: GameState, index: int) -> str:
    s = state.seats[index]
    if s.out:
        return {"invaded": "out: home base invaded", "resigned": "resigned",
                "wiped out": "out: no ships, no reserve"}.get(s.out_reason or "", "out")
    if state.phase == "setup":
        return "ready" if s.decided else "deciding: keep or redraw"
    if state.phase == "over":
        return "winner" if state.winner == index else "lost"
    if state.pending is not None and state.pending.seat == index:
        return f"rolled {state.pending.roll}: reroll or accept?"
    return "to play" if state.active == index else "waiting"


def ship_rows(state: GameState, seat: int) -> list[ShipRow]:
    rows = []
    for ship in sorted((s for s in state.ships if s.owner == seat), key=lambda s: s.cell):
        moves, shots, shields, _ = allowance(ship.pieces, state.seats[seat].faction, state.edition)
        if state.activation is not None and state.activation.ship == ship.id:
            status = "active"
        elif ship.id in state.used and state.active == seat and state.phase == "play":
            status = "done"
        else:
            status = ""
        rows.append(ShipRow(ship.id, ship.cell, format_pieces(ship.pieces, state.edition), ship.value,
                            moves, shots, shields, status))
    return rows


def seat_panels(state: GameState, names: Sequence[str], viewer: int | None) -> list[SeatPanel]:
    panels = []
    for s in state.seats:
        rows = ship_rows(state, s.index)
        panels.append(SeatPanel(
            index=s.index, letter=seat_letter(s.index), colour=SEAT_COLOURS[s.index % 6],
            ink=SEAT_INKS[s.index % 6], name=names[s.index] if s.index < len(names) else "",
            faction=s.faction, faction_name=faction_name(s.faction),
            power=faction_power(s.faction, state.edition),
            reserve=s.reserve, home=s.home, ships=rows, fleet_value=sum(r.value for r in rows),
            status=seat_status(state, s.index), active=state.phase == "play" and state.active == s.index,
            you=viewer == s.index, out=s.out))
    return panels


# === LEGAL COMMANDS, SORTED FOR THE PAGE ===

_PIECES_RE = re.compile(r"(\d+)([a-z])")


@dataclass
class Legal:
    """legal_commands(state, seat) grouped by what the page draws. Nothing here is invented: every
    entry is one of the engine's canonical commands."""

    commands: list[str] = field(default_factory=list)
    moves: dict[str, list[str]] = field(default_factory=dict)  # ship cell -> destinations
    fires: dict[str, list[tuple[str, bool]]] = field(default_factory=dict)  # cell -> (target, at base)
    launches: list[tuple[int, int, int]] = field(default_factory=list)
    splits: dict[str, list[tuple[str, tuple[int, int, int]]]] = field(default_factory=dict)
    orders: dict[str, list[str]] = field(default_factory=dict)
    simple: set[str] = field(default_factory=set)  # end, keep, redraw, reroll, accept, resign

    @property
    def ship_cells(self) -> list[str]:
        """Cells of the seat's ships that can still do something this turn."""
        return sorted(set(self.moves) | set(self.fires) | set(self.splits), key=cell_sort_key)

    def allows(self, command: str) -> bool:
        return command in self._set

    def __post_init__(self) -> None:
        self._set = set(self.commands)


def cell_sort_key(cell: str) -> tuple[str, int]:
    """Cells in reading order of their names: column letter, then row number (D7 before D10)."""
    return cell[0], int(cell[1:]) if cell[1:].isdigit() else 0


def parse_pieces(text: str, edition: str) -> tuple[int, int, int]:
    letters = EDITIONS[edition].letters
    counts = [0, 0, 0]
    for n, letter in _PIECES_RE.findall(text):
        if letter in letters:
            counts[letters.index(letter)] += int(n)
    return counts[0], counts[1], counts[2]


def legal_for(state: GameState, seat: int | None) -> Legal:
    if seat is None:
        return Legal()
    commands = legal_commands(state, seat)
    legal = Legal(commands=commands)
    for command in commands:
        words = command.split()
        verb = words[0]
        if verb == "move":
            legal.moves.setdefault(words[1], []).append(words[2])
        elif verb == "fire":
            # (target, at base); a numbered shot at a shared space keeps its number in the target,
            # "F9 2", so that f"fire {cell} {target}" is still the listed command.
            numbered = len(words) > 3 and words[3] != "base"
            target = f"{words[2]} {words[3]}" if numbered else words[2]
            legal.fires.setdefault(words[1], []).append((target, len(words) > 3 and not numbered))
        elif verb == "launch":
            legal.launches.append(parse_pieces(" ".join(words[1:]), state.edition))
        elif verb == "split":
            legal.splits.setdefault(words[1], []).append(
                (words[2], parse_pieces(" ".join(words[3:]), state.edition)))
        elif verb == "order":
            legal.orders.setdefault(words[1], []).append(words[2])
        else:
            legal.simple.add(verb)
    return legal


# === TARGETS: RANGE, SHIELDS AND THE CHANCE OF EACH DAMAGE AMOUNT ===


def roll_chances(edition: str, dice_mode: str) -> dict[int, Fraction]:
    """The probability of each roll value for the edition's die (d6, or the stopwatch digit halved)."""
    if dice_mode == "d6":
        return {face: Fraction(1, 6) for face in range(1, 7)}
    ed = EDITIONS[edition]
    counts = Counter(ed.stopwatch_value(digit) for digit in range(10))
    return {v: Fraction(n, 10) for v, n in sorted(counts.items())}


def damage_chances(chances: dict[int, Fraction], bonus: int, penalty: int,
                   shields: int) -> dict[int, Fraction]:
    """Damage = roll (+1 Warriors) - penalty - shields, floored at 0 (docs/rules.md: "Firing"); before any
    Murphys or Clovers reroll."""
    out: dict[int, Fraction] = {}
    for roll, p in chances.items():
        dmg = max(0, roll + bonus - penalty - shields)
        out[dmg] = out.get(dmg, Fraction(0)) + p
    return dict(sorted(out.items()))


@dataclass
class Target:
    cell: str
    base: bool
    command: str
    seat: int
    letter: str
    what: str  # "ship worth 7 (3e 1w 1s)" or "home base (reserve 12)"
    penalty: int
    shields: int
    bonus: int
    value: int  # ship value, or the reserve for a base
    chances: list[tuple[int, int]]  # (damage, percent), percent rounded; a base's capped by its reserve
    kill: int  # percent chance to destroy the ship (or empty the reserve)
    expected: str
    useful: bool  # some roll does damage (a base: only while its reserve holds something to lose)


def targets_for(state: GameState, seat: int, cell: str, legal: Legal) -> list[Target]:
    chances = roll_chances(state.edition, state.dice_mode)
    bonus = 1 if state.seats[seat].faction == "warriors" else 0
    out = []
    for target, at_base in legal.fires.get(cell, []):
        command = f"fire {cell} {target}" + (" base" if at_base else "")
        target_cell, _, number = target.partition(" ")  # "F9 2": ship 2 on a shared space
        try:  # the listed fires are legal; the engine fixes range and shields without rolling
            penalty, shields = engine.shot_preview(state, seat, command)
        except IllegalCommand:
            continue
        ship = _enemy_ship(state, seat, target_cell, int(number) if number.isdigit() else 0)
        if ship is not None and not at_base:
            owner, value = ship.owner, ship.value
            position = state.position_on(ship)
            what = (f"ship{f' #{position}' if position else ''} worth {value} "
                    f"({format_pieces(ship.pieces, state.edition)})")
        else:
            owner = next((s.index for s in state.seats if s.home == target_cell and not s.out), seat)
            value = state.seats[owner].reserve
            what = f"home base (reserve {value})"
        dist = damage_chances(chances, bonus, penalty, shields)
        base = at_base or ship is None
        if base:  # a base loses its reserve and no more (docs/rules.md, "Firing"): a roll past it is lost
            dist = cap_damage(dist, value)
        kill = sum((p for d, p in dist.items() if d >= value and value > 0), Fraction(0))
        mean = sum((d * p for d, p in dist.items()), Fraction(0))
        out.append(Target(
            cell=target_cell, base=base, command=command, seat=owner,
            letter=seat_letter(owner), what=what, penalty=penalty, shields=shields, bonus=bonus, value=value,
            chances=[(d, round(float(p) * 100)) for d, p in dist.items()], kill=round(float(kill) * 100),
            expected=f"{float(mean):.1f}", useful=any(d > 0 for d in dist)))
    # The most promising shots first: likeliest kill, then the most damage on average.
    out.sort(key=lambda t: (-t.kill, -float(t.expected), t.penalty, t.cell, t.command))
    return out


def cap_damage(dist: dict[int, Fraction], most: int) -> dict[int, Fraction]:
    """The chance of each amount actually lost when no more than `most` can be (a base's reserve)."""
    out: dict[int, Fraction] = {}
    for dmg, p in dist.items():
        out[min(dmg, most)] = out.get(min(dmg, most), Fraction(0)) + p
    return dict(sorted(out.items()))


def _enemy_ship(state: GameState, seat: int, cell: str, number: int = 0) -> Ship | None:
    """The ship `fire ... cell [number]` aims at: ship `number` of all the ships on the space (lowest id
    first, as the engine counts), or without a number the first enemy ship there."""
    here = state.ships_on(cell)
    if number:
        ship = here[number - 1] if number <= len(here) else None
        return ship if ship is not None and ship.owner != seat else None
    return next((s for s in here if s.owner != seat), None)


# === MOVES OF ONE SHIP ===


@dataclass
class Destination:
    cell: str
    command: str
    note: str  # "recycle: +7 to your reserve", "invade Jane's home base", ""
    steps: int = 0  # the moves it uses (engine.move_costs), shown before it is sent


def destinations(state: GameState, seat: int, cell: str, legal: Legal,
                 names: Sequence[str] = ()) -> list[Destination]:
    """The selected ship's moves; a base it may invade is named by its player's name (`names`, by seat, as
    the rest of the page names players), or by the seat's letter where no name is given."""
    homes = {s.home: s.index for s in state.seats if not s.out}
    ship = next((s for s in state.ships if s.cell == cell and s.owner == seat), None)
    costs = engine.move_costs(state, seat, cell)
    out = []
    for dst in sorted(legal.moves.get(cell, []), key=cell_sort_key):
        owner = homes.get(dst)
        note = ""
        if owner == seat:
            note = f"recycle: +{ship.value if ship else '?'} to your reserve"
        elif owner is not None:
            who = names[owner] if owner < len(names) and names[owner] else f"Player {seat_letter(owner)}"
            note = f"invade {who}'s home base"
        out.append(Destination(dst, f"move {cell} {dst}", note, costs.get(dst, 0)))
    return out


def split_choices(state: GameState, seat: int, cell: str, legal: Legal) -> dict[str, Any]:
    """The Swarm's splits of the ship on `cell`: each listed command when there are few, else a builder
    (where to, and how many of each piece) bounded by what the engine lists."""
    listed = legal.splits.get(cell, [])
    if not listed:
        return {}
    ed = EDITIONS[state.edition]
    options = [{"to": to, "pieces": format_pieces(p, state.edition),
                "command": f"split {cell} {to} {format_pieces(p, state.edition)}"} for to, p in listed]
    most = [max(p[i] for _, p in listed) for i in range(3)]
    fields = [{"name": name, "label": _plural_word(piece).capitalize(), "max": m}
              for name, piece, m in zip(("n1", "n5", "n10"), ed.piece_names, most, strict=True) if m]
    targets = sorted({to for to, _ in listed}, key=cell_sort_key)
    return {"options": options, "targets": targets, "fields": fields}


# === THE LAUNCH BUILDER ===


@dataclass
class LaunchOption:
    pieces: tuple[int, int, int]
    command: str
    text: str
    value: int
    moves: int
    shots: int
    shields: int
    wild: int


@dataclass
class LaunchBuilder:
    reserve: int
    maxima: tuple[int, int, int]  # the most of each piece any legal launch holds
    options: list[LaunchOption]
    chosen: LaunchOption | None
    letters: tuple[str, str, str]
    piece_names: tuple[str, str, str]
    suggestions: list[LaunchOption]
    fields: list[dict[str, Any]] = field(default_factory=list)
    zoomers: bool = False
    wild: bool = False

    @property
    def encoded(self) -> str:
        """Every legal launch as "n1,n5,n10;..." for the builder's live preview (metaltalon/board.js)."""
        return ";".join(f"{o.pieces[0]},{o.pieces[1]},{o.pieces[2]}" for o in self.options)


def launch_builder(state: GameState, seat: int, legal: Legal,
                   chosen: tuple[int, int, int] | None = None) -> LaunchBuilder | None:
    if not legal.launches:
        return None
    faction = state.seats[seat].faction
    ed = EDITIONS[state.edition]

    def option(p: tuple[int, int, int]) -> LaunchOption:
        moves, shots, shields, wild = allowance(p, faction, state.edition)
        text = format_pieces(p, state.edition)
        worth = p[0] + 5 * p[1] + 10 * p[2]
        return LaunchOption(p, f"launch {text}", text, worth, moves, shots, shields, wild)

    options = [option(p) for p in legal.launches]
    maxima = (max(p[0] for p in legal.launches), max(p[1] for p in legal.launches),
              max(p[2] for p in legal.launches))
    picked = option(chosen) if chosen is not None and chosen in set(legal.launches) else None
    fields = [{"name": name, "label": _plural_word(piece).capitalize(), "unit": unit, "max": most,
               "value": chosen[i] if chosen is not None and chosen[i] else ""}
              for i, (name, piece, unit, most) in enumerate(
                  zip(("n1", "n5", "n10"), ed.piece_names, (1, 5, 10), maxima, strict=True))]
    return LaunchBuilder(reserve=state.seats[seat].reserve, maxima=maxima, options=options, chosen=picked,
                         letters=ed.letters, piece_names=ed.piece_names, suggestions=_suggest(options),
                         fields=fields, zoomers=faction == "zoomers", wild=ed.wild_dimes)


def _plural_word(name: str) -> str:
    return "pennies" if name == "penny" else name + "s"


# Ship shapes a new player can start from: (1-, 5-, 10-credit pieces); only those the engine lists appear.
_SHAPES = ((4, 1, 0), (3, 2, 1), (2, 3, 1), (5, 2, 0), (3, 1, 0), (2, 1, 0), (1, 1, 0), (2, 0, 0), (1, 0, 0))


def _suggest(options: list[LaunchOption]) -> list[LaunchOption]:
    """A few one-click launches: a scout, a fighter, a gunship (whichever of them are legal now)."""
    by_pieces = {o.pieces: o for o in options}
    picks = [by_pieces[shape] for shape in _SHAPES if shape in by_pieces]
    return picks[:4]


# === THE LOG ===


def seat_names(state: GameState | None, usernames: Sequence[str]) -> list[str]:
    """"alice (Vamps)": what the log and the panel call each seat."""
    out = []
    for i, name in enumerate(usernames):
        faction = state.seats[i].faction if state is not None and i < len(state.seats) else None
        out.append(f"{name} ({faction_name(faction)})" if faction else name)
    return out


def screen_reader_text(state: GameState, seat: int | None) -> str:
    return str(render_text(state, seat))


def command_groups(legal: Legal) -> list[tuple[str, list[str]]]:
    """The legal commands for the text view, one group per ship and then the rest; launches and orders
    are left to the launch builder and the orders form (they run to hundreds)."""
    groups = []
    for cell in legal.ship_cells:
        commands = [f"move {cell} {d}" for d in sorted(legal.moves.get(cell, []), key=cell_sort_key)]
        commands += [f"fire {cell} {t}" + (" base" if base else "") for t, base in legal.fires.get(cell, [])]
        commands += [c for c in legal.commands if c.startswith(f"split {cell} ")]
        groups.append((f"Ship at {cell}", commands))
    simple: tuple[str, ...] = ("keep", "redraw", "reroll", "accept", "end", "resign")
    rest = [c for c in simple if c in legal.simple]
    if rest:
        groups.append(("Turn", rest))
    return groups


def order_values(orders: Any) -> dict[str, str]:
    """A seat's standing orders spelled as the `order` command values (the form's current choices)."""
    return {
        "damage": orders.damage,
        "adapt": "same" if orders.adapt is None else str(orders.adapt),
        "murphy": "off" if orders.murphy is None else str(orders.murphy),
        "clover": "off" if orders.clover is None else str(orders.clover),
    }


ORDER_HELP = {
    "damage": "Pieces to keep first when one of your ships is damaged.",
    "adapt": "Adapters: how a damaged ship is rebuilt (same = the damage order; off = no rebuilding).",
    "murphy": "Murphys: force a reroll (pay 2) when an opponent's roll against you shows this or more.",
    "clover": "Clovers: reroll your own roll automatically (pay 1) when it shows less than this.",
}


def order_fields(legal: Legal, orders: Any, edition: str) -> list[dict[str, Any]]:
    """The standing-orders form: one select per order the engine lists for this seat."""
    current = order_values(orders)
    names = dict(zip(EDITIONS[edition].letters, EDITIONS[edition].piece_names, strict=True))
    fields = []
    for name, values in legal.orders.items():
        choices = []
        for v in values:
            if name in ("damage", "adapt") and v not in ("same", "off"):
                label = " > ".join(names.get(ch, ch) + "s" for ch in v)
            else:
                label = v
            choices.append((v, label))
        fields.append({"name": name, "choices": choices, "current": current.get(name),
                       "help": ORDER_HELP[name]})
    return fields

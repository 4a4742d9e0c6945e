"""Metabaloids' whole game state: plain dataclasses, JSON-safe through to_dict / from_dict (the schema, and
what is hidden from whom: state.md beside this module).

A command works on a copy (`GameState.copy`), so the state a caller holds never changes. The copy is
written by hand: copy.deepcopy's generic walk was about half of every `play` (bench/engine_bench.py).
Zones hold card ids such as `p2-wasp-3`: the owner's label, the card's code and a copy number. A draw pile
is a multiset: its stored order means nothing, since every card taken from it is picked at random at that
moment (piles.py), so no order exists to leak.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from .orders import Orders

# The phases (the platform's `phase`) and the steps of a normal turn (rules.md, "A turn").
DECKS = "decks"  # each seat picks its deck before the cut
PLACE = "place"
TURN = "turn"
OVER = "over"
START, DRAW, MAIN, DEPLOY = "start", "draw", "main", "deploy"
ATTACK, RESTOCK, END = "attack", "restock", "end"
STEPS = (START, DRAW, MAIN, DEPLOY, ATTACK, RESTOCK, END)

HAND_TARGET = 7
PLACE_POINTS = 7
COLUMNS = 3
MAX_IN_PLAY = 9
STALL_ROUNDS = 3
MAX_WINDOW_MINUTES = 15
RESHUFFLE = "reshuffle"
SHORT = "short"
# The rules text a game plays, pinned when the game is created (rules.md, "The site's rulings": a later
# publisher text becomes a new edition and is never applied to games already running).
CORE = "core"
EDITIONS = (CORE,)


def code_of(card_id: str) -> str:
    """`p2-wasp-3` -> `wasp`."""
    return card_id.split("-")[1]


def label_of(card_id: str) -> int:
    """`p2-wasp-3` -> 2: the owner's label number."""
    return int(card_id.split("-")[0][1:])


@dataclass
class Options:
    players: int = 2
    length: str = RESHUFFLE  # or SHORT: no reshuffle ever
    elimination: bool = False
    window_minutes: int = 0  # 0: no timed window; the seats' orders answer at once
    quick: bool = False  # every seat plays deck A
    edition: str = CORE  # the rules text the game plays, fixed for its whole life

    def to_dict(self) -> dict[str, Any]:
        return {"players": self.players, "length": self.length, "elimination": self.elimination,
                "window_minutes": self.window_minutes, "quick": self.quick, "edition": self.edition}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Options:
        options = cls(players=int(data.get("players", 2)), length=str(data.get("length", RESHUFFLE)),
                      elimination=bool(data.get("elimination", False)),
                      window_minutes=int(data.get("window_minutes", 0)), quick=bool(data.get("quick", False)),
                          edition=str(data.get("edition", CORE)))
        if not 2 <= options.players <= 6:
            raise ValueError("Metabaloids is for 2 to 6 players")
        if options.length not in (RESHUFFLE, SHORT):
            raise ValueError("length is reshuffle or short")
        if not 0 <= options.window_minutes <= MAX_WINDOW_MINUTES:
            raise ValueError(f"window_minutes is 0 to {MAX_WINDOW_MINUTES}")
        if options.edition not in EDITIONS:
            raise ValueError(f"edition is one of {', '.join(EDITIONS)}")
        return options


@dataclass
class Column:
    cards: list[str] = field(default_factory=list)  # front (row 1) to back
    safe: bool = False


@dataclass
class Seat:
    """One player: its zones, its counters for the turn and its private orders."""

    label: int  # 1..N in turn order (p1 moves first)
    deck: str  # "A", "B", or a custom deck's name
    deck_codes: list[str]  # the codes its deck holds (orders may name only these)
    hand: list[str] = field(default_factory=list)
    draw: list[str] = field(default_factory=list)  # a multiset: order means nothing
    discard: list[str] = field(default_factory=list)  # bottom to top
    lost: list[str] = field(default_factory=list)  # bottom to top
    reserve: list[str] = field(default_factory=list)  # arrival order
    columns: list[Column] = field(default_factory=lambda: [Column() for _ in range(COLUMNS)])
    event: str | None = None  # an event being resolved
    bonus: str | None = None  # its bonus card in a battle
    status: str = "in"  # "in" or "out"
    resigned: bool = False
    out_turn: int = 0  # the turn it went out (ranking: the last out ranks highest among the out)
    placed: int = 0  # points placed in the initial deployment
    placing_done: bool = False
    queue: list[str] = field(default_factory=list)  # place lines sent ahead of its placement turns
    orders: Orders = field(default_factory=Orders)
    # This turn (reset at each START of its own turn).
    drew: int = 0
    discarded: bool = False
    moves: int = 0
    attacked: list[int] = field(default_factory=list)  # labels it attacked this turn
    attacks_made: int = 0

    def in_play(self) -> list[str]:
        return [card for column in self.columns for card in column.cards]

    def copy(self) -> Seat:
        """Every field as it is, the lists and columns new; the orders shared, being frozen."""
        twin = copy.copy(self)
        twin.deck_codes, twin.hand, twin.draw = list(self.deck_codes), list(self.hand), list(self.draw)
        twin.discard, twin.lost, twin.reserve = list(self.discard), list(self.lost), list(self.reserve)
        twin.queue, twin.attacked = list(self.queue), list(self.attacked)
        twin.columns = [Column(list(column.cards), column.safe) for column in self.columns]
        return twin


@dataclass
class Battle:
    attacker: int  # labels
    defender: int
    card: str  # the attacking card's id
    col: int  # its column, 1-3
    target: str
    target_col: int
    bonuses: list[list[Any]] = field(default_factory=list)  # [label, amount, card id that gave it]
    stopped: bool = False
    stage: str = "declared"  # declared -> paying (damage owed) -> grid (restoration), then over
    poll: list[int] = field(default_factory=list)  # the polling round: labels still to ask, in order
    fired: bool = False  # something fired in this polling round
    polling: bool = False  # the declaration moment's polling has begun (poll holds the round's rest)
    asked: bool = False  # the defender's timed window was opened once in this battle
    owed: int = 0  # the damage still to pay in the `pay` decision
    loser: int = 0
    stake: str = ""
    report: dict[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return dict(vars(self))

    def copy(self) -> Battle:
        twin = copy.copy(self)
        twin.bonuses = [list(bonus) for bonus in self.bonuses]
        twin.poll = list(self.poll)
        twin.report = _plain(self.report)
        return twin


@dataclass
class Decision:
    """A question the game waits for: the active seat's own (`ask` orders) or a timed window."""

    label: int
    kind: str  # "pay", "grid" or "react"
    window: bool  # a timed window out of turn (the clock's `timeout` answers it)


@dataclass
class GameState:
    options: Options
    seats: list[Seat]  # by lobby seat (the platform's seat numbers)
    order: list[int]  # lobby seat numbers in turn order: order[0] is p1
    phase: str = PLACE
    step: str = START
    active: int = 1  # label of the seat whose turn (or placement turn) it is
    turn: int = 0  # turns played, counted from 1 once the first normal turn begins
    round: int = 0
    battle: Battle | None = None
    decision: Decision | None = None
    used: dict[str, int] = field(default_factory=dict)  # card id -> the turn its ability was used
    marked: list[str] = field(default_factory=list)  # attacking cards marked this turn
    stall: int = 0  # full rounds with no lost card and no draw-step draw
    stirred: bool = False  # a card was lost or drawn in a draw step this round
    result: dict[str, Any] | None = None
    cut: list[list[Any]] = field(default_factory=list)  # the cut's rounds: [[lobby seat, card code], ...]
    decks: list[str] = field(default_factory=list)  # by lobby seat: "A", "B", "" while it has not chosen
    # by lobby seat while decks are picked: a listed deck's counts (code -> copies), {} for a starter deck
    # or no choice yet; emptied when the game begins (the seats' cards hold the decks then)
    lists: list[dict[str, int]] = field(default_factory=list)

    # --- seats by label ---
    def seat(self, label: int) -> Seat:
        return self.seats[self.order[label - 1]]

    def labels(self) -> list[int]:
        return list(range(1, len(self.seats) + 1))

    def lobby_seat(self, label: int) -> int:
        return self.order[label - 1]

    def label(self, lobby_seat: int) -> int:
        return self.order.index(lobby_seat) + 1

    def live(self) -> list[int]:
        return [label for label in self.labels() if self.seat(label).status == "in"]

    def after(self, label: int) -> list[int]:
        """Every other seat still in, in turn order from the one after `label`."""
        n = len(self.seats)
        return [x for x in ((label + i - 1) % n + 1 for i in range(1, n)) if self.seat(x).status == "in"]

    def copy(self) -> GameState:
        """A state sharing nothing that can change with this one (tests/kinds/metabaloids/test_mb_copy.py
        walks both): every field as it is, each mutable one new."""
        twin = copy.copy(self)
        twin.options = copy.copy(self.options)
        twin.seats = [seat.copy() for seat in self.seats]
        twin.order = list(self.order)
        twin.battle = self.battle.copy() if self.battle else None
        twin.decision = copy.copy(self.decision)
        twin.used, twin.marked = dict(self.used), list(self.marked)
        twin.result, twin.cut = _plain(self.result), _plain(self.cut)
        twin.decks = list(self.decks)
        twin.lists = [dict(counts) for counts in self.lists]
        return twin

    # --- JSON ---
    def to_dict(self) -> dict[str, Any]:
        return {
            "options": self.options.to_dict(),
            "seats": [_seat_dict(seat) for seat in self.seats],
            "order": list(self.order), "phase": self.phase, "step": self.step, "active": self.active,
            "turn": self.turn, "round": self.round,
            "battle": self.battle.to_dict() if self.battle else None,
            "decision": vars(self.decision).copy() if self.decision else None,
            "used": dict(self.used), "marked": list(self.marked), "stall": self.stall,
            "stirred": self.stirred, "result": copy.deepcopy(self.result), "cut": copy.deepcopy(self.cut),
            "decks": list(self.decks),
            "lists": [dict(x) for x in self.lists],
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> GameState:
        battle = data.get("battle")
        decision = data.get("decision")
        return cls(
            options=Options.from_dict(data.get("options", {})),
            seats=[_seat_from(s) for s in data["seats"]],
            order=[int(x) for x in data["order"]], phase=str(data.get("phase", TURN)),
            step=str(data.get("step", MAIN)), active=int(data.get("active", 1)),
            turn=int(data.get("turn", 1)),
            round=int(data.get("round", 1)),
            battle=Battle(**copy.deepcopy(dict(battle))) if battle else None,
            decision=Decision(**dict(decision)) if decision else None,
            used={str(k): int(v) for k, v in dict(data.get("used", {})).items()},
            marked=[str(x) for x in data.get("marked", [])], stall=int(data.get("stall", 0)),
            stirred=bool(data.get("stirred", False)), result=copy.deepcopy(data.get("result")),
            cut=copy.deepcopy(list(data.get("cut", []))), decks=[str(x) for x in data.get("decks", [])],
            lists=[{str(k): int(v) for k, v in dict(x).items()} for x in data.get("lists", [])])


def _plain(value: Any) -> Any:
    """A copy of JSON-like data (lists and dicts of strings, numbers and such): new containers, all the way
    down."""
    if isinstance(value, list):
        return [_plain(item) for item in value]
    if isinstance(value, dict):
        return {key: _plain(item) for key, item in value.items()}
    return value


_LISTS = ("hand", "draw", "discard", "lost", "reserve", "queue", "attacked", "deck_codes")


def _seat_dict(seat: Seat) -> dict[str, Any]:
    data: dict[str, Any] = {key: copy.copy(value) for key, value in vars(seat).items()}
    data["columns"] = [{"cards": list(c.cards), "safe": c.safe} for c in seat.columns]
    data["orders"] = seat.orders.to_dict()
    return data


def _seat_from(data: Mapping[str, Any]) -> Seat:
    values = dict(data)
    columns = [Column(list(c.get("cards", [])), bool(c.get("safe", False)))
               for c in values.pop("columns", [])]
    while len(columns) < COLUMNS:
        columns.append(Column())
    orders = Orders.from_dict(values.pop("orders", {}) or {})
    for key in _LISTS:
        values[key] = list(values.get(key, []))
    return Seat(columns=columns, orders=orders, **values)

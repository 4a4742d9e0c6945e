"""Positions for Metabaloids' rule tests, built as the state's JSON (state.md) from short lists of codes,
and scripted picks: a draw pile is a multiset whose cards are picked at random, so a test lists the picks
it wants at the front of the pile and plays with dice that always pick the first card."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import pytest

from games.kinds.metabaloids import commands
from games.kinds.metabaloids.cards import DECKS, deck_list
from games.kinds.metabaloids.orders import apply_order, default_orders
from games.kinds.metabaloids.state import GameState, code_of
from games.kinds.protocol import Refused


class FirstPick:
    """Dice that always take the first card of a pile: the picks a test wants lie at the front."""

    def __init__(self) -> None:
        self.asked: list[int] = []

    def roll(self, sides: int) -> int:
        raise AssertionError("Metabaloids rolls no die")

    def draw(self, n: int) -> int:
        self.asked.append(n)
        return 0


def seat_dict(label: int, deck: str = "A", *, hand: Sequence[str] = (), grid: Sequence[Sequence[str]] = (),
              draw: Sequence[str] = (), discard: Sequence[str] = (), lost: Sequence[str] = (),
              reserve: Sequence[str] = (), safe: Sequence[int] = (), orders: Sequence[str] = (),
              players: int = 2, filler: int = 0, **counters: Any) -> dict[str, Any]:
    """One seat's JSON. `filler` adds that many mites at the back of the draw pile (after the picks)."""
    counts: dict[str, int] = {}

    def ids(codes: Sequence[str]) -> list[str]:
        out = []
        for code in codes:
            counts[code] = counts.get(code, 0) + 1
            out.append(f"p{label}-{code}-{counts[code]}")
        return out

    codes = sorted(DECKS[deck])
    order_state = default_orders(codes)
    for line in orders:
        order_state = apply_order(order_state, line.removeprefix("order "), codes, players, label)
    columns = [{"cards": ids(list(grid[i]) if i < len(grid) else []), "safe": (i + 1) in safe}
               for i in range(3)]
    data: dict[str, Any] = {
        "label": label, "deck": deck, "deck_codes": codes, "hand": ids(hand),
        "draw": ids([*draw, *(["mite"] * filler)]), "discard": ids(discard), "lost": ids(lost),
        "reserve": ids(reserve), "columns": columns, "orders": order_state.to_dict(),
        "placing_done": True,
    }
    data.update(counters)
    return data


def position(*seats: Mapping[str, Any], step: str = "main", active: int = 1, turn: int = 3,
             **options: Any) -> GameState:
    """A game in its turn phase; seats given in turn order (lobby seat i is p(i+1))."""
    return GameState.from_dict({
        "options": {"players": len(seats), **options},
        "seats": [dict(s) for s in seats], "order": list(range(len(seats))),
        "phase": "turn", "step": step, "active": active, "turn": turn, "round": 1,
    })


def play(state: GameState, label: int, *lines: str,
         dice: Any = None) -> tuple[GameState, list[dict[str, Any]]]:
    """Play lines for a seat (by label, lobby seat label - 1), stopping at the first refusal (raised)."""
    dice = dice or FirstPick()
    events: list[dict[str, Any]] = []
    for line in lines:
        state, more = commands.play(state, state.lobby_seat(label), line, dice)
        events += more
    return state, events


def refusal(state: GameState, label: int, line: str, clock: bool = False) -> str:
    """Why seat `label`'s `line` is refused, word for word; a refused command leaves the state as it was."""
    before = state.to_dict()
    with pytest.raises(Refused) as refused:
        commands.play(state, state.lobby_seat(label), line, FirstPick(), clock=clock)
    assert state.to_dict() == before
    return str(refused.value)


def codes(card_ids: Sequence[str]) -> list[str]:
    return [code_of(c) for c in card_ids]


def grid_codes(state: GameState, label: int) -> list[list[str]]:
    return [codes(column.cards) for column in state.seat(label).columns]


def types(events: Sequence[Mapping[str, Any]]) -> list[str]:
    return [str(e["type"]) for e in events]


class Script:
    """Dice that give scripted indices in order, then 0 (the first card of a pile) once the script ends:
    for a new game's cut and deal, which pick from whole decks."""

    def __init__(self, picks: Sequence[int]) -> None:
        self.picks = list(picks)

    def roll(self, sides: int) -> int:
        raise AssertionError("Metabaloids rolls no die")

    def draw(self, n: int) -> int:
        return self.picks.pop(0) if self.picks else 0


def cut_pick(wanted: str) -> int:
    """The index a cut takes to reveal `wanted` from a full deck A (the cut picks from the deck list)."""
    return deck_list(DECKS["A"]).index(wanted)


def deal_picks(wanted: Sequence[str]) -> list[int]:
    """The indices that deal `wanted` from a fresh deck A: each card taken leaves the pile."""
    pile = deck_list(DECKS["A"])
    out = []
    for code in wanted:
        i = pile.index(code)
        pile.pop(i)
        out.append(i)
    return out

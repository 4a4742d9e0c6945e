"""Board geometry: cells, neighbours, distances, territories, borders and drawing coordinates.

The two boards are data files (boards/*.json beside this module, made by boards/generate.py). Everything a
rule asks of a board is precomputed at load time so that play-time lookups are dictionary hits.
"""

from __future__ import annotations

import json
import math
import re
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

__all__ = ["Base", "Board", "load_board", "BOARD_NAMES"]

BOARD_NAMES = ("token", "coin")
_SQRT3 = math.sqrt(3.0)
_CELL_RE = re.compile(r"^\s*([A-Za-z])\s*0*(\d+)\s*$")
_NEIGHBOUR_STEPS = ((2, 0), (1, -1), (-1, -1), (-2, 0), (-1, 1), (1, 1))  # E, NE, NW, W, SW, SE


@dataclass(frozen=True, slots=True)
class Base:
    cell: str
    labels: tuple[str, ...]


class Board:
    """One board, loaded from its data file. Instances are shared and must be treated as read-only."""

    def __init__(self, data: dict[str, Any]) -> None:
        self.name: str = data["name"]
        cells = data["cells"]
        self.cells: tuple[str, ...] = tuple(c["name"] for c in cells)
        self._pos: dict[str, tuple[int, int]] = {c["name"]: (c["x2"], c["row"]) for c in cells}
        by_pos = {pos: name for name, pos in self._pos.items()}
        self._territory: dict[str, str] = {c["name"]: c["territory"] for c in cells}
        self.territories: tuple[str, ...] = tuple(t["id"] for t in data["territories"])
        self.territory_names: dict[str, str] = {t["id"]: t["name"] for t in data["territories"]}
        self._territory_base: dict[str, str | None] = {t["id"]: t["base"] for t in data["territories"]}
        self.bases: tuple[Base, ...] = tuple(Base(b["cell"], tuple(b["labels"])) for b in data["bases"])
        self.base_cells: frozenset[str] = frozenset(b.cell for b in self.bases)
        self._labels: dict[str, tuple[str, ...]] = {b.cell: b.labels for b in self.bases}
        self._homes: dict[int, tuple[str, ...]] = {int(k): tuple(v) for k, v in data["homes"].items()}
        self._halfway: frozenset[frozenset[str]] = frozenset(frozenset(p) for p in data["halfway"])
        first_rules = data["first_activation"].items()
        self._first_rules: dict[int, dict[str, Any]] = {int(k): v for k, v in first_rules}

        kinds = {frozenset(b["between"]): b["kind"] for b in data["borders"]}
        self._neighbours: dict[str, tuple[str, ...]] = {}
        self._border: dict[tuple[str, str], str | None] = {}
        for name, (x2, row) in self._pos.items():
            near = []
            for dx, dy in _NEIGHBOUR_STEPS:
                other = by_pos.get((x2 + dx, row + dy))
                if other is None:
                    continue
                near.append(other)
                ta, tb = self._territory[name], self._territory[other]
                self._border[(name, other)] = None if ta == tb else kinds[frozenset((ta, tb))]
            self._neighbours[name] = tuple(near)
        self._distance: dict[str, dict[str, int]] = {
            a: {b: _hex_distance(pa, pb) for b, pb in self._pos.items()} for a, pa in self._pos.items()
        }
        self._centre: dict[str, tuple[float, float]] = {
            name: (x2 * _SQRT3 / 2, row * 1.5) for name, (x2, row) in self._pos.items()
        }
        self._upper: dict[str, str] = {n.upper(): n for n in self.cells}

    def __repr__(self) -> str:
        return f"<Board {self.name}: {len(self.cells)} cells, {len(self.bases)} bases>"

    # -- lookup -----------------------------------------------------------------------------------
    def normalize(self, text: str) -> str | None:
        """Canonical cell name for user text ("d7", " D07 " -> "D7"), or None when there is no such cell."""
        if not isinstance(text, str):
            return None
        m = _CELL_RE.match(text)
        if not m:
            return None
        return self._upper.get(f"{m.group(1).upper()}{int(m.group(2))}")

    def __contains__(self, cell: object) -> bool:
        return cell in self._pos

    def position(self, cell: str) -> tuple[int, int]:
        """(doubled column, 0-based row) of a cell: the layout coordinates used by the data file."""
        return self._pos[cell]

    def labels(self, cell: str) -> tuple[str, ...]:
        """The labels printed on a base ("2", "3", "red4", "black4"; "corner", "middle"); () elsewhere."""
        return self._labels.get(cell, ())

    # -- geometry ---------------------------------------------------------------------------------
    def neighbours(self, cell: str) -> tuple[str, ...]:
        return self._neighbours[cell]

    def distance(self, a: str, b: str) -> int:
        """Steps between two cells on an empty board (both boards are convex, so this is hex distance)."""
        return self._distance[a][b]

    def territory(self, cell: str) -> str:
        return self._territory[cell]

    def base_of_territory(self, territory: str) -> str | None:
        """The base cell whose territory this is; None for the neutral ones (token Core, coin Belt)."""
        return self._territory_base[territory]

    def border(self, a: str, b: str) -> str | None:
        """Kind of territory border between two adjacent cells ("red", "black", "striped"), None inside one.

        KeyError when the cells are not adjacent."""
        return self._border[(a, b)]

    def centre(self, cell: str) -> tuple[float, float]:
        """Centre of a cell in drawing units: hexes of circumradius 1, pointy top, y growing downwards."""
        return self._centre[cell]

    def corners(self, cell: str) -> tuple[tuple[float, float], ...]:
        cx, cy = self._centre[cell]
        return tuple(
            (cx + math.cos(math.radians(a)), cy + math.sin(math.radians(a)))
            for a in (-90, -30, 30, 90, 150, 210)
        )

    # -- setup and first activation -----------------------------------------------------------
    @property
    def player_counts(self) -> tuple[int, ...]:
        return tuple(sorted(self._homes))

    def home_bases(self, players: int) -> tuple[str, ...]:
        """Home base cells for a player count, in clockwise board order; seat i gets [i]."""
        try:
            return self._homes[players]
        except KeyError:
            counts = ", ".join(str(n) for n in self.player_counts)
            raise ValueError(f"the {self.name} board is for {counts} players, not {players}") from None

    def first_activation_blocked(self, players: int, home: str, a: str, b: str) -> bool:
        """True when a ship launched this turn from `home` may not step a -> b during its first activation.

        Anarchists ignore this; the rules module decides that, not the board."""
        kind = self._border[(a, b)]
        if kind is None:
            return False
        rule = self._first_rules[players]
        if rule.get("halfway"):
            return frozenset((self._territory[a], self._territory[b])) in self._halfway
        if "labels" in rule:
            # Each home for such a player count carries only labels the rule names (boards/token.json).
            return any(kind in rule["labels"][label] for label in self._labels[home])
        return kind in rule["kinds"]

    def halfway_borders(self) -> frozenset[frozenset[str]]:
        """Territory pairs whose border lies halfway between the two-player bases (token board)."""
        return self._halfway


def _hex_distance(a: tuple[int, int], b: tuple[int, int]) -> int:
    dx, dy = abs(a[0] - b[0]), abs(a[1] - b[1])
    return dy + max(0, (dx - dy) // 2)


@cache
def load_board(name: str) -> Board:
    """The named board ("token" or "coin"), read once from the packaged data file."""
    if name not in BOARD_NAMES:
        raise ValueError(f"unknown board {name!r}; boards: {', '.join(BOARD_NAMES)}")
    text = resources.files(f"{__package__}.boards").joinpath(f"{name}.json").read_text(encoding="utf-8")
    return Board(json.loads(text))

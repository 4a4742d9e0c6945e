"""Generate the two MetalTalon board data files (token.json, coin.json).

Run `python -m games.kinds.metaltalon.engine.boards.generate` from the project root; the files are
committed, the engine only reads them. The original board pictures are lost, so the layouts are designed
here to be faithful to the rule texts and fair by construction (see docs in each builder and
tests/kinds/metaltalon/engine/test_board.py).

Coordinates: rows are horizontal (pointy-top hexes); `x2` is the doubled column position, so two cells
are neighbours when (dx2, drow) is (+-2, 0) or (+-1, +-1). A cell's name is its column letter
(x2 // 2, from A) and its 1-based row.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"


def cell_name(x2: int, row: int) -> str:
    return f"{LETTERS[x2 // 2]}{row + 1}"


def hex_distance(a: tuple[int, int], b: tuple[int, int]) -> int:
    dx, dy = abs(a[0] - b[0]), abs(a[1] - b[1])
    return dy + max(0, (dx - dy) // 2)


def _clockwise(cells: list[tuple[int, int]], centre: tuple[float, float]) -> list[tuple[int, int]]:
    """Sort cells clockwise as drawn (screen y grows downwards), starting from the top."""

    def key(c: tuple[int, int]) -> float:
        dx = (c[0] - centre[0]) * math.sqrt(3) / 2
        dy = (c[1] - centre[1]) * 1.5
        # Clockwise on screen from straight up.
        return (math.degrees(math.atan2(dx, -dy)) + 360) % 360

    return sorted(cells, key=key)


# --------------------------------------------------------------------------------------------------
# Token board (000): a hexagon of radius 8, 217 spaces, columns A-Q, rows 1-17.
#
# Directions are math angles around the centre I9 (y up). Corners of the outline lie at 0, 60, ... 300
# degrees, edge midpoints at 30, 90, ... 330. Nine bases:
#   - six corner bases one step inside the rim (ring 7): P9 (0), L2 (60), E2 (120), B9 (180), E16 (240),
#     L16 (300). "2" on P9 and B9; red "4" on L2 and L16; black "4" on E2 and E16.
#   - three "3" bases on alternate midpoint axes, two steps inside the rim (ring 6): I3 (90), D12 (210),
#     M12 (330).
# Territories (11), built with three-fold rotational symmetry and then one cut:
#   - the Core: ring <= 2, plus a spike on each of the three empty midpoint axes 30/150/270 (the ring-4
#     axis cell and the two ring-3 cells joining it) and a four-cell tongue toward each even corner
#     0/120/240 (for E2: G5, G6, F6, F5). It is cut along the two-player midline (the vertical axis
#     through I9) into the Core (east) and the Core (west); of the cells on the midline the centre I9
#     goes east and the others west.
#   - one small territory per "3" base: the base, the three neighbours on the red (clockwise) side of its
#     axis, the axis cells at rings 4 and 8 and one more ring-4 cell on that side: 7 cells. It keeps to one
#     side of its axis because I3 stands on the two-player midline: a territory holding its whole ring
#     would straddle the midline, and a launched ship could walk across inside it.
#   - six corner sectors: every other cell, by the nearest corner direction; the two cells lying exactly on
#     an empty midpoint axis go one to each side. The one-sided "3" territories take 4 cells from the
#     sector on their red side (odd corner) and none from the one on their black side (even corner); the
#     Core's tongues take those back, 2 cells at 3 steps from the even base and 2 at 4 steps, so all six
#     sectors have 26 cells at the same distances from their base (1 at 0, 6 at 1, 7 at 2, 7 at 3, 4 at
#     4, 1 at 5), and the three "3" territories are alike by rotation.
# Border colours (per pair of territories):
#   - "3" territory | corner sector clockwise of it: red; | counter-clockwise of it: black
#   - either Core half | sector of an odd corner (60, 180, 300): black; | even corner (0, 120, 240): red
#   - Core (east) | Core (west): black (why: see build_token)
#   - sector | sector along an empty midpoint axis (30, 150, 270, rim to Core): red
#   - sector | sector on a "3" axis (a single edge between the Core and the "3" territory): black
# So: 3 players (black crossable) leave their "3" territory counter-clockwise only; 4 players: each red-4
# and black-4 seat can cross into the Core and into one neighbouring sector and is stopped on two sides
# (the black-4 seats, both west, also stop at the black cut of the Core, which red-4 ships cross);
# 2 players (P9, B9): the halfway border is the whole vertical midline, rim to rim, and no territory
# straddles it (the generator checks this): sector L2 | E2 and the I3 territory | E2 at the top, the Core
# (west) | L2 and the Core halves in the middle, the Core (west) | L16 and sector L16 | E16 at the bottom.
# A ship launched from either "2" base cannot reach the other half on its first activation by any route.
# --------------------------------------------------------------------------------------------------

TOKEN_R = 8
TOKEN_CENTRE = (16, 8)


def _token_dir_cell(angle: int, ring: int) -> tuple[int, int]:
    """The cell at `ring` along a corner direction (a multiple of 60) or a midpoint axis (30 + 60k)."""
    steps = {
        0: (2, 0),
        60: (1, -1),
        120: (-1, -1),
        180: (-2, 0),
        240: (-1, 1),
        300: (1, 1),
        30: (3, -1),
        90: (0, -2),
        150: (-3, -1),
        210: (-3, 1),
        270: (0, 2),
        330: (3, 1),
    }
    dx, dy = steps[angle]
    k = ring if angle % 60 == 0 else ring // 2
    return TOKEN_CENTRE[0] + dx * k, TOKEN_CENTRE[1] + dy * k


def _angle(c: tuple[int, int], centre: tuple[int, int]) -> float:
    px = (c[0] - centre[0]) * math.sqrt(3) / 2
    py = -(c[1] - centre[1]) * 1.5
    return math.degrees(math.atan2(py, px)) % 360


# The "3" territory of I3 (the 90-degree axis), drawn on the L2 side; D12's and M12's are this rotated.
TOKEN_THREE_ZONE = ((16, 0), (16, 2), (17, 1), (18, 2), (17, 3), (16, 4), (18, 4))
# The Core's tongue into E2 (G5 and F5 at 3 steps from E2, G6 and F6 at 4); rotated for E16 and P9.
TOKEN_EVEN_TO_CORE = ((12, 4), (13, 5), (11, 5), (10, 4))


def _token_rotate(c: tuple[int, int], turn: int) -> tuple[int, int]:
    """The cell `turn` x 60 degrees counter-clockwise about the centre I9."""
    dx2, drow = c[0] - TOKEN_CENTRE[0], c[1] - TOKEN_CENTRE[1]
    x, z = (dx2 - drow) // 2, drow  # cube coordinates (x, y, z) with y = -x - z
    y = -x - z
    for _ in range(turn % 6):
        x, y, z = -y, -z, -x
    return TOKEN_CENTRE[0] + 2 * x + z, TOKEN_CENTRE[1] + z


def build_token() -> dict[str, Any]:
    cells = [
        (x2, row)
        for row in range(2 * TOKEN_R + 1)
        for x2 in range(row % 2, 4 * TOKEN_R + 1, 2)
        if hex_distance((x2, row), TOKEN_CENTRE) <= TOKEN_R
    ]
    corner_angles = [0, 60, 120, 180, 240, 300]
    three_axes = [90, 210, 330]
    empty_axes = [30, 150, 270]
    corner_base = {a: _token_dir_cell(a, 7) for a in corner_angles}
    three_base = {a: _token_dir_cell(a, 6) for a in three_axes}

    territory: dict[tuple[int, int], str] = {}
    core = {c for c in cells if hex_distance(c, TOKEN_CENTRE) <= 2}
    for a in empty_axes:
        spike = _token_dir_cell(a, 4)
        # The spike plus the two ring-3 cells joining it to the Core (one on each side of the axis).
        core.add(spike)
        core |= {c for c in cells if hex_distance(c, spike) == 1 and hex_distance(c, TOKEN_CENTRE) == 3}
    # Each "3" territory lies on the red side of its axis (I3's on the L2 side), so no territory straddles
    # the two-player midline; rotating it by 120 and 240 degrees keeps the three alike. The sector on its
    # black side would then hold four cells more than the one on its red side; the Core's tongues take
    # them back at the same distances from the base, so every sector keeps the same distance profile.
    for turn in (0, 2, 4):
        core |= {_token_rotate(c, turn) for c in TOKEN_EVEN_TO_CORE}
    for c in core:
        # Split along the two-player midline. Of the midline cells, the centre I9 goes east and the rest
        # west, so each "2" seat's launches reach as many midline cells as the other's at every range, +-1.
        territory[c] = "core-e" if c[0] > TOKEN_CENTRE[0] or c == TOKEN_CENTRE else "core-w"
    for turn, base in zip((0, 2, 4), three_base.values(), strict=True):
        name = cell_name(*base)
        for c in TOKEN_THREE_ZONE:
            cell = _token_rotate(c, turn)
            if cell in territory:
                raise ValueError(f"{name} territory overlaps {territory[cell]} at {cell_name(*cell)}")
            territory[cell] = name
    for c in cells:
        if c in territory:
            continue
        ang = _angle(c, TOKEN_CENTRE)
        # Nearest corner direction; exact ties lie on an empty midpoint axis (rings 6 and 8 only):
        # ring 6 goes clockwise, ring 8 counter-clockwise, so every sector gets one of the two.
        diffs = sorted(corner_angles, key=lambda a: (min(abs(ang - a), 360 - abs(ang - a)), a))
        first, second = diffs[0], diffs[1]
        d1 = min(abs(ang - first), 360 - abs(ang - first))
        d2 = min(abs(ang - second), 360 - abs(ang - second))
        if abs(d1 - d2) < 1e-9:
            cw, ccw = (first, second) if (second - first) % 360 == 60 else (second, first)
            ring = hex_distance(c, TOKEN_CENTRE)
            chosen = cw if ring == 6 else ccw
        else:
            chosen = first
        territory[c] = cell_name(*corner_base[chosen])

    cname = {a: cell_name(*corner_base[a]) for a in corner_angles}
    tname = {a: cell_name(*three_base[a]) for a in three_axes}
    colours: dict[frozenset[str], str] = {}
    for a in three_axes:
        colours[frozenset((tname[a], cname[(a - 30) % 360]))] = "red"
        colours[frozenset((tname[a], cname[(a + 30) % 360]))] = "black"
        colours[frozenset((cname[(a - 30) % 360], cname[(a + 30) % 360]))] = "black"
    for a in empty_axes:
        colours[frozenset((cname[(a - 30) % 360], cname[(a + 30) % 360]))] = "red"
    for a in corner_angles:
        for half in ("core-e", "core-w"):
            colours[frozenset((half, cname[a]))] = "black" if a // 60 % 2 else "red"
    # Black: three-player launches cross black borders, so for them the Core is still one territory and
    # the three "3" seats stay exactly alike (a red cut would favour I3, whose side of the board it leaves
    # whole). With four players it reads as any black border: red-4 ships cross it, black-4 ships do not.
    colours[frozenset(("core-e", "core-w"))] = "black"

    labels = {
        cname[0]: ["2"],
        cname[180]: ["2"],
        cname[60]: ["red4"],
        cname[300]: ["red4"],
        cname[120]: ["black4"],
        cname[240]: ["black4"],
    }
    for a in three_axes:
        labels[tname[a]] = ["3"]
    territories = [
        {"id": "core-e", "name": "the Core (east)", "base": None},
        {"id": "core-w", "name": "the Core (west)", "base": None},
    ]
    territories += [{"id": n, "name": f"{n} territory", "base": n} for n in sorted(labels)]
    halfway = _halfway_pairs(cells, territory, (corner_base[0], corner_base[180]))
    return _assemble(
        name="token",
        cells=cells,
        territory=territory,
        colours=colours,
        labels=labels,
        territories=territories,
        centre=TOKEN_CENTRE,
        homes_by_label={
            "2": lambda cell, lb: "2" in lb,
            "3": lambda cell, lb: "3" in lb,
            "4": lambda cell, lb: "red4" in lb or "black4" in lb,
            "6": lambda cell, lb: "3" not in lb,
        },
        first_activation={
            "2": {"halfway": True},
            "3": {"kinds": ["red"]},
            "4": {"labels": {"red4": ["red"], "black4": ["black"]}},
            "6": {"kinds": ["red", "black"]},
        },
        halfway=halfway,
    )


# --------------------------------------------------------------------------------------------------
# Coin board (001 / 002): 11 rows of hexes, rows 1, 3, ... 11 hold 16 spaces (A-P, shifted half a space
# right), rows 2, 4, ... 10 hold 17 (A-Q): 181 spaces, symmetric under both mirrors.
# Six bases one step inside the rim: corners B2, P2, B10, P10 and middles I2 (top), I10 (bottom).
# Territories: each space belongs to its nearest base; a space as near a corner as a middle goes to the
# middle; row 6, equally far from the top and bottom bases, is the neutral Belt. All borders are striped.
# --------------------------------------------------------------------------------------------------

COIN_ROWS = 11
COIN_LONG = 17


def build_coin() -> dict[str, Any]:
    cells = []
    for row in range(COIN_ROWS):
        if row % 2:  # 0-based odd rows = printed rows 2, 4, ... : the long rows
            cells += [(x2, row) for x2 in range(0, 2 * COIN_LONG, 2)]
        else:
            cells += [(x2, row) for x2 in range(1, 2 * COIN_LONG - 2, 2)]
    top, bottom = 1, COIN_ROWS - 2
    corners = [(2, top), (2 * COIN_LONG - 4, top), (2, bottom), (2 * COIN_LONG - 4, bottom)]
    middles = [(COIN_LONG - 1, top), (COIN_LONG - 1, bottom)]
    bases = corners + middles
    territory: dict[tuple[int, int], str] = {}
    for c in cells:
        best = min(hex_distance(c, b) for b in bases)
        near = [b for b in bases if hex_distance(c, b) == best]
        if {b[1] for b in near} == {top, bottom}:
            territory[c] = "belt"
        elif len(near) == 1:
            territory[c] = cell_name(*near[0])
        else:
            mids = [b for b in near if b in middles]
            if len(mids) != 1:
                raise ValueError(f"unresolved tie at {cell_name(*c)}")
            territory[c] = cell_name(*mids[0])
    labels = {cell_name(*b): ["corner"] for b in corners}
    labels |= {cell_name(*b): ["middle"] for b in middles}
    colours: dict[frozenset[str], str] = {}
    for a, b in _adjacent_pairs(cells):
        if territory[a] != territory[b]:
            colours[frozenset((territory[a], territory[b]))] = "striped"
    territories = [{"id": "belt", "name": "the Belt", "base": None}]
    territories += [{"id": n, "name": f"{n} territory", "base": n} for n in sorted(labels)]
    tl, tr, bl, br = (cell_name(*b) for b in corners)
    mid_top = cell_name(*middles[0])
    homes = {"2": [tl, br], "3": [mid_top, bl, br], "4": [tl, tr, bl, br], "6": sorted(labels)}
    return _assemble(
        name="coin",
        cells=cells,
        territory=territory,
        colours=colours,
        labels=labels,
        territories=territories,
        centre=(COIN_LONG - 1, COIN_ROWS // 2),
        homes_by_label={k: (lambda names: lambda cell, lb: cell in names)(v) for k, v in homes.items()},
        first_activation={k: {"kinds": ["striped"]} for k in ("2", "3", "4", "6")},
        halfway=[],
    )


def _halfway_pairs(
    cells: list[tuple[int, int]], territory: dict[tuple[int, int], str], bases: tuple[tuple[int, int], ...]
) -> list[list[str]]:
    """Territory pairs meeting across the line halfway between two bases; no territory may straddle it."""
    a, b = bases

    def side(c: tuple[int, int]) -> int:
        da, db = hex_distance(c, a), hex_distance(c, b)
        return (da < db) - (da > db)

    sides: dict[str, set[int]] = {}
    for c in cells:
        sides.setdefault(territory[c], set()).add(side(c))
    for name, seen in sides.items():
        if {1, -1} <= seen:
            raise ValueError(f"{name} straddles the line halfway between {cell_name(*a)} and {cell_name(*b)}")
    pairs = set()
    for p, q in _adjacent_pairs(cells):
        tp, tq = territory[p], territory[q]
        if tp != tq and (sides[tp] | sides[tq]) >= {1, -1}:
            pairs.add(tuple(sorted((tp, tq))))
    return [list(pair) for pair in sorted(pairs)]


def _adjacent_pairs(cells: list[tuple[int, int]]) -> list[tuple[tuple[int, int], tuple[int, int]]]:
    present = set(cells)
    pairs = []
    for x2, row in cells:
        for dx, dy in ((2, 0), (1, 1), (-1, 1)):
            other = (x2 + dx, row + dy)
            if other in present:
                pairs.append(((x2, row), other))
    return pairs


def _assemble(
    *,
    name: str,
    cells: list[tuple[int, int]],
    territory: dict[tuple[int, int], str],
    colours: dict[frozenset[str], str],
    labels: dict[str, list[str]],
    territories: list[dict[str, str | None]],
    centre: tuple[float, float],
    homes_by_label: dict[str, Callable[[str, list[str]], bool]],
    first_activation: dict[str, dict[str, Any]],
    halfway: list[list[str]],
) -> dict[str, Any]:
    by_name = {cell_name(*c): c for c in cells}
    for a, b in _adjacent_pairs(cells):
        ta, tb = territory[a], territory[b]
        if ta != tb and frozenset((ta, tb)) not in colours:
            raise ValueError(f"{name}: no colour for the border {ta}|{tb}")
    homes: dict[str, list[str]] = {}
    for count, test in homes_by_label.items():
        chosen = []
        for cell, lb in labels.items():
            if test(cell, lb):
                chosen.append(by_name[cell])
        homes[count] = [cell_name(*c) for c in _clockwise(chosen, centre)]
    used_colours: dict[tuple[str, ...], str] = {}
    for a, b in _adjacent_pairs(cells):
        ta, tb = territory[a], territory[b]
        if ta != tb:
            used_colours[tuple(sorted((ta, tb)))] = colours[frozenset((ta, tb))]
    return {
        "name": name,
        "layout": "pointy-top hexes; x2 = doubled column; neighbours at (+-2,0) and (+-1,+-1)",
        "cells": [
            {"name": cell_name(*c), "x2": c[0], "row": c[1], "territory": territory[c]}
            for c in sorted(cells, key=lambda c: (c[1], c[0]))
        ],
        "territories": territories,
        "bases": [
            {"cell": cell, "labels": lb}
            for cell, lb in sorted(labels.items(), key=lambda kv: (by_name[kv[0]][1], by_name[kv[0]][0]))
        ],
        "borders": [{"between": list(pair), "kind": kind} for pair, kind in sorted(used_colours.items())],
        "homes": homes,
        "first_activation": first_activation,
        "halfway": halfway,
    }


def main() -> None:
    for board in (build_token(), build_coin()):
        path = HERE / f"{board['name']}.json"
        path.write_text(json.dumps(board, indent=1) + "\n", encoding="utf-8")
        print(f"wrote {path} ({len(board['cells'])} cells)")


if __name__ == "__main__":
    main()

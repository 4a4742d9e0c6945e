"""Moving ships: steps, budgets, shortest legal paths (docs/rules.md: "Moving")."""

from collections.abc import Callable
from itertools import pairwise

from .editions import Edition
from .errors import IllegalCommand
from .render import seat_label
from .state import Activation, GameState, Ship
from .view import Game, View

# What entering a space means for the moving ship.
PASS, RECYCLE, INVADE = "pass", "recycle", "invade"
UNLIMITED = 10_000


def allowance(edition: Edition, faction: str | None, ship: Ship) -> tuple[int, int, int]:
    """(moves, shots, wild dimes) of one activation. Zoomers: ceil(1.5 x engines or pennies)."""
    n1, n5, n10 = ship.pieces
    moves = (3 * n1 + 1) // 2 if faction == "zoomers" else n1
    return moves, n5, n10 if edition.wild_dimes else 0


def left(edition: Edition, faction: str | None, ship: Ship, act: Activation | None) -> tuple[int, int]:
    """Moves and shots left; 001's dimes are spent only when pennies or nickels run out."""
    moves, shots, wild = allowance(edition, faction, ship)
    used_m, used_s = (act.moves, act.shots) if act and act.ship == ship.id else (0, 0)
    free = wild - max(0, used_m - moves) - max(0, used_s - shots)
    return max(0, moves - used_m) + free, max(0, shots - used_s) + free


def step_kind(state: GameState, view: View, ship: Ship, cell: str) -> str | None:
    """PASS for a free space, RECYCLE for the own home base, INVADE for an enemy home base that may
    be invaded now, None when the ship may not enter."""
    here = view.occ.get(cell)
    owner = view.homes.get(cell)
    if owner is None:
        return None if here else PASS
    if owner == ship.owner:
        return None if here else RECYCLE
    target = state.seats[owner]
    if target.reserve != 0:
        return None
    if here and (target.faction != "rebels" or any(s.owner == owner for s in here)):
        return None
    return INVADE


def border_check(game: Game, state: GameState, ship: Ship) -> Callable[[str, str], bool] | None:
    """The first-activation border rule for a ship launched this turn (Anarchists exempt)."""
    seat = state.seats[ship.owner]
    if ship.id != state.new_ship or seat.faction == "anarchists":
        return None
    board, players, home = game.board, state.players, seat.home
    return lambda a, b: board.first_activation_blocked(players, home, a, b)


def explore(
    game: Game, state: GameState, view: View, ship: Ship, budget: int, goal: str | None = None
) -> tuple[dict[str, int], dict[str, str]]:
    """Breadth-first search of legal destinations within `budget` steps: distances and parents."""
    blocked = border_check(game, state, ship)
    neighbours = game.board.neighbours
    dist = {ship.cell: 0}
    parent: dict[str, str] = {}
    frontier = [ship.cell]
    step = 0
    while frontier and step < budget:
        step += 1
        nxt = []
        for cell in frontier:
            for n in neighbours(cell):
                if n in dist or (blocked is not None and blocked(cell, n)):
                    continue
                kind = step_kind(state, view, ship, n)
                if kind is None:
                    continue
                dist[n] = step
                parent[n] = cell
                if n == goal:
                    return dist, parent
                if kind == PASS:
                    nxt.append(n)
        frontier = nxt
    return dist, parent


def path_to(parent: dict[str, str], start: str, goal: str) -> list[str]:
    path = [goal]
    while path[-1] != start:
        path.append(parent[path[-1]])
    return path[::-1]


def check_path(game: Game, state: GameState, view: View, ship: Ship, path: tuple[str, ...]) -> str:
    """Validate an explicit path; returns the kind of its last step."""
    blocked = border_check(game, state, ship)
    seen = {path[0]}
    kind = PASS
    for i, (a, b) in enumerate(pairwise(path)):
        if b not in game.board.neighbours(a):
            raise IllegalCommand(f"{b} is not next to {a}")
        if b in seen:
            raise IllegalCommand(f"The path visits {b} twice")
        seen.add(b)
        if blocked is not None and blocked(a, b):
            raise IllegalCommand(f"A ship launched this turn may not cross the border between {a} and {b}")
        kind = step_kind(state, view, ship, b) or ""
        if not kind:
            raise IllegalCommand(why_blocked(state, view, ship, b))
        if kind != PASS and i < len(path) - 2:
            raise IllegalCommand(f"A ship entering the base {b} stops there; it cannot pass through")
    return kind


def why_blocked(state: GameState, view: View, ship: Ship, cell: str) -> str:
    owner = view.homes.get(cell)
    if owner is not None and owner != ship.owner and not view.occ.get(cell):
        seat = state.seats[owner]
        return (
            f"{cell} is {seat_label(state, owner)}'s home base; it may be invaded "
            f"only when their reserve is 0 (it is {seat.reserve})"
        )
    return f"{cell} is occupied"

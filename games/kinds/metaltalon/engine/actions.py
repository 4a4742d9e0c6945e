"""Moving, recycling, invading, launching and splitting."""

from dataclasses import replace

from .commands import Command
from .errors import IllegalCommand
from .factions import REBELS_INVADERS_NEEDED
from .movement import (
    INVADE,
    RECYCLE,
    UNLIMITED,
    border_check,
    check_path,
    explore,
    left,
    path_to,
    step_kind,
    why_blocked,
)
from .pieces import count, format_pieces, is_subset, minus, value
from .render import plural
from .state import Activation, GameState, Ship, evolve
from .turn import Event, acting_ship, activate, add_reserve, eliminate, no_ship
from .view import Game, View

# === MOVE ===


def do_move(game: Game, state: GameState, seat: int, cmd: Command) -> tuple[GameState, list[Event]]:
    view = View(state)
    start, goal = cmd.cells[0], cmd.cells[-1]
    ship = acting_ship(state, view, seat, start)
    faction = state.seats[seat].faction
    moves_left, _ = left(game.edition, faction, ship, state.activation)
    if len(cmd.cells) > 2:
        kind = check_path(game, state, view, ship, cmd.cells)
        path = list(cmd.cells)
    else:
        path, kind = _shortest(game, state, view, ship, goal, moves_left)
    steps = len(path) - 1
    if steps == 0:
        raise IllegalCommand(f"The ship is already on {goal}")
    if steps > moves_left:
        raise IllegalCommand(f"{start} has {plural(moves_left, 'move')} left; {goal} is {steps} away")
    state = activate(state, ship)
    act = state.activation
    assert act is not None  # activate() has just made it this ship's
    state = evolve(state, activation=replace(act, moves=act.moves + steps))
    moved = replace(ship, cell=goal)
    ships = tuple(moved if s.id == ship.id else s for s in state.ships)
    state = evolve(state, ships=ships)
    events: list[Event] = [
        {
            "type": "move",
            "seat": seat,
            "ship": ship.id,
            "from": start,
            "to": goal,
            "path": path,
            "steps": steps,
            "moves_left": moves_left - steps,
        }
    ]
    if kind == RECYCLE:
        state, more = _recycle(state, seat, moved)
    elif kind == INVADE:
        state, more = _invade(state, seat, moved)
    else:
        more = []
    return state, events + more


def _shortest(
    game: Game, state: GameState, view: View, ship: Ship, goal: str, budget: int
) -> tuple[list[str], str]:
    # A move to where the ship stands is refused before this ("The ship is already on ...").
    dist, parent = explore(game, state, view, ship, budget, goal)
    if goal in dist:
        return path_to(parent, ship.cell, goal), step_kind(state, view, ship, goal) or "pass"
    # Refused: search without the budget only to say why.
    dist, _ = explore(game, state, view, ship, UNLIMITED)
    if goal in dist:
        raise IllegalCommand(f"{ship.cell} has {plural(budget, 'move')} left; {goal} is {dist[goal]} away")
    if step_kind(state, view, ship, goal) is None:
        raise IllegalCommand(why_blocked(state, view, ship, goal))
    if border_check(game, state, ship) is not None:
        raise IllegalCommand(
            f"{ship.cell} cannot reach {goal}: a ship launched this turn may not cross "
            "that territory border on its first activation"
        )
    raise IllegalCommand(f"{ship.cell} cannot reach {goal}: every way there is blocked")


def _recycle(state: GameState, seat: int, ship: Ship) -> tuple[GameState, list[Event]]:
    """Entering your own home base recycles the ship at once: its full value goes to your reserve."""
    state = evolve(state, ships=tuple(s for s in state.ships if s.id != ship.id), activation=None)
    state = add_reserve(state, seat, ship.value)
    return state, [
        {
            "type": "recycle",
            "seat": seat,
            "ship": ship.id,
            "cell": ship.cell,
            "value": ship.value,
            "reserve": state.seats[seat].reserve,
        }
    ]


def _invade(state: GameState, seat: int, ship: Ship) -> tuple[GameState, list[Event]]:
    """Landing on an opponent's home base whose reserve is 0 puts them out (Rebels: three ships of one
    invader; invaders share the base and ships landed earlier stay)."""
    target = next(s for s in state.seats if s.home == ship.cell and not s.out)
    needed = REBELS_INVADERS_NEEDED if target.faction == "rebels" else 1
    landed = sum(1 for s in state.ships if s.cell == ship.cell and s.owner == seat)
    events: list[Event] = [
        {
            "type": "invade",
            "seat": seat,
            "ship": ship.id,
            "cell": ship.cell,
            "target": target.index,
            "landed": landed,
            "needed": needed,
        }
    ]
    if landed < needed:
        return state, events
    state, more = eliminate(state, target.index, "invaded", by=seat)
    return state, events + more


# === LAUNCH ===


def do_launch(game: Game, state: GameState, seat: int, cmd: Command) -> tuple[GameState, list[Event]]:
    pieces = cmd.pieces or (0, 0, 0)
    me = state.seats[seat]
    check_launch(state, View(state), seat)
    cost = value(pieces)
    if cost == 0:
        raise IllegalCommand("A ship needs at least one piece")
    if cost > me.reserve:
        raise IllegalCommand(f"That ship is worth {cost}; your reserve is {me.reserve}")
    _check_dimes(game, pieces, me.faction)
    ship = Ship(state.next_ship, seat, me.home, pieces)
    state = add_reserve(state, seat, -cost)
    state = replace(
        state,
        ships=state.ships + (ship,),
        next_ship=ship.id + 1,
        activation=Activation(ship.id),
        used=state.used + (ship.id,),
        launched="launch",
        new_ship=ship.id,
    )
    return state, [
        {
            "type": "launch",
            "seat": seat,
            "ship": ship.id,
            "cell": me.home,
            "pieces": list(pieces),
            "text": format_pieces(pieces, game.edition.letters),
            "value": cost,
            "reserve": state.seats[seat].reserve,
        }
    ]


def check_launch(state: GameState, view: View, seat: int) -> None:
    if state.launched:
        raise IllegalCommand("You have already launched or split this turn: one launch (or split) per turn")
    home = state.seats[seat].home
    if view.own_ships_at(home, seat):
        raise IllegalCommand(f"Your home base {home} holds one of your ships; move it off before launching")
    if state.seats[seat].reserve < 1:
        raise IllegalCommand("Your reserve is empty")


def _check_dimes(game: Game, pieces: tuple[int, int, int], faction: str | None) -> None:
    if not game.edition.dime_ok(pieces, faction):
        limit = game.edition.anarchist_dime_limit if faction == "anarchists" else game.edition.dime_limit
        raise IllegalCommand(f"A ship worth more than {limit} cents needs a dime")


# === SPLIT (the Swarm) ===


def split_ship(state: GameState, view: View, seat: int, cell: str) -> Ship:
    mine = view.own_ships_at(cell, seat)
    if not mine:
        raise IllegalCommand(no_ship(state, seat, cell))
    return min(mine, key=lambda s: s.id)


def split_targets(game: Game, view: View, cell: str) -> list[str]:
    """The new stack goes to an adjacent empty space that is nobody's home base."""
    return [n for n in game.board.neighbours(cell) if n not in view.occ and n not in view.homes]


def do_split(game: Game, state: GameState, seat: int, cmd: Command) -> tuple[GameState, list[Event]]:
    me = state.seats[seat]
    if me.faction != "swarm":
        raise IllegalCommand("Only the Swarm may split ships")
    view = View(state)
    if state.launched:
        raise IllegalCommand("You have already launched or split this turn: one launch (or split) per turn")
    src, dst = cmd.cells
    ship = split_ship(state, view, seat, src)
    if dst not in game.board.neighbours(src):
        raise IllegalCommand(f"{dst} is not next to {src}")
    if dst not in split_targets(game, view, src):
        raise IllegalCommand(f"{dst} is occupied or a home base; the new stack needs an empty space")
    part = cmd.pieces
    assert part is not None  # the parser gives a split its pieces
    if not is_subset(part, ship.pieces):
        raise IllegalCommand(
            f"The ship on {src} is {format_pieces(ship.pieces, game.edition.letters)}; "
            "the new stack must come from its pieces (no change-making)"
        )
    rest = minus(ship.pieces, part)
    if count(part) == 0 or count(rest) == 0:
        raise IllegalCommand("Both stacks need at least one piece")
    # Only the Swarm splits, and its dime limit is the common one: any faction but the Anarchists' gives
    # the same check.
    _check_dimes(game, part, "swarm")  # pragma: no mutate (the common dime limit, see above)
    _check_dimes(game, rest, "swarm")  # pragma: no mutate (the common dime limit, see above)
    new = Ship(state.next_ship, seat, dst, part)
    ships = tuple(replace(s, pieces=rest) if s.id == ship.id else s for s in state.ships) + (new,)
    state = evolve(state, ships=ships, next_ship=new.id + 1, activation=None, launched="split")
    return state, [
        {
            "type": "split",
            "seat": seat,
            "ship": ship.id,
            "new_ship": new.id,
            "from": src,
            "to": dst,
            "pieces": list(part),
            "remaining": list(rest),
        }
    ]

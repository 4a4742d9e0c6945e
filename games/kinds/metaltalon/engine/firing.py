"""Firing: targets, range penalty, rolls with Murphys and Clovers, damage, Vamps (docs/rules.md: "Firing",
"Rerolls: Murphys and Clovers")."""

from dataclasses import replace

from .commands import Command
from .damage import adapted, after_damage
from .dice import Roller
from .errors import IllegalCommand
from .movement import left
from .pieces import format_pieces
from .state import GameState, Pending, Ship, evolve
from .turn import Event, acting_ship, activate, add_reserve, set_seat
from .view import Game, View

# === TARGETS AND RANGE ===


def target_at(
    view: View, seat: int, cell: str, base: bool, number: int = 0, *, shields_base: bool
) -> tuple[str, int, Ship | None]:
    """("ship", owner, ship) or ("base", owner, None) for `fire <shooter> <cell> [n | base]`: n counts
    every ship on the space, lowest id first (GameState.ships_on), so it means the same to every player.
    `shields_base`: the edition's rule that a ship on a base must be destroyed first (001)."""
    here = sorted(view.occ.get(cell, []), key=lambda s: s.id)
    enemies = [s for s in here if s.owner != seat]
    owner = view.homes.get(cell, seat)  # the seat itself where no opponent's home is
    enemy_base = owner != seat
    if number:  # the parser never gives both a number and base
        return _numbered(here, seat, cell, number, enemy_base)
    if base:
        if not enemy_base:
            raise IllegalCommand(f"{cell} is not an opponent's home base")
        if shields_base:
            raise IllegalCommand(
                f"In this edition a ship on a base must be destroyed first: say fire ... {cell}"
            )
        if not here:
            raise IllegalCommand(f"No ship stands on {cell}: say fire ... {cell} without 'base'")
        return "base", owner, None
    if enemies:
        target = enemies[0]
        return "ship", target.owner, target
    if enemy_base:
        # Only a ship the shooter could destroy shields a base (001): no enemy stands here, and the
        # shooter's own invaders on a Rebels' base do not protect it.
        return "base", owner, None
    if here:
        raise IllegalCommand(f"The ship on {cell} is your own")
    raise IllegalCommand(f"Nothing to fire at on {cell}: fire at an enemy ship or an opponent's home base")


def _numbered(
    here: list[Ship], seat: int, cell: str, number: int, enemy_base: bool
) -> tuple[str, int, Ship | None]:
    """Ship `number` of the ships on `cell`; refused with the numbers that would be legal."""
    at_base = f"say fire ... {cell} to fire at the home base" if enemy_base else ""
    if not here:
        raise IllegalCommand(f"No ship stands on {cell}" + (f": {at_base}" if at_base else ""))
    choices = [f"fire ... {cell} {i}" for i, s in enumerate(here, 1) if s.owner != seat]
    legal = "say " + " or ".join(choices) if choices else "no enemy ship stands there"
    if not choices and at_base:
        legal += "; " + at_base
    if number > len(here):
        count = "1 ship stands" if len(here) == 1 else f"{len(here)} ships stand"
        raise IllegalCommand(f"There is no ship {number} on {cell} ({count} there): {legal}")
    target = here[number - 1]
    if target.owner == seat:
        raise IllegalCommand(f"Ship {number} on {cell} is your own: {legal}")
    return "ship", target.owner, target


def fire_passable(view: View, seat: int, cell: str) -> bool:
    """A shot's path crosses only empty spaces that are not an opponent's home base."""
    if cell in view.occ:
        return False
    owner = view.homes.get(cell)
    return owner is None or owner == seat


def fire_ranges(game: Game, view: View, seat: int, start: str) -> dict[str, int]:
    """Path lengths from the shooter to every possible target space (occupied or an enemy base)."""
    neighbours = game.board.neighbours
    seen = {start}
    found: dict[str, int] = {}
    frontier = [start]
    step = 0
    while frontier:
        step += 1
        nxt = []
        for cell in frontier:
            for n in neighbours(cell):
                if n in seen:
                    continue
                seen.add(n)
                if fire_passable(view, seat, n):
                    nxt.append(n)
                else:
                    found[n] = step
        frontier = nxt
    return found


# === FIRE ===


def aim(game: Game, state: GameState, seat: int, cmd: Command) -> tuple[Ship, Pending]:
    """Check a fire command and fix its target and range penalty, before any die is rolled."""
    view = View(state)
    src, dst = cmd.cells
    ship = acting_ship(state, view, seat, src)
    me = state.seats[seat]
    _, shots_left = left(game.edition, me.faction, ship, state.activation)
    if shots_left <= 0:
        raise IllegalCommand(f"{src} has no shots left this activation")
    if src == dst:
        raise IllegalCommand("A ship cannot fire at its own space")
    shields = game.edition.ship_shields_base
    kind, owner, target = target_at(view, seat, dst, cmd.base, cmd.number, shields_base=shields)
    # The target space is never passable (an enemy ship or base), so the search finds it if it can.
    dist = fire_ranges(game, view, seat, src).get(dst)
    if dist is None:
        raise IllegalCommand(f"No legal path from {src} to {dst}: the shot is blocked")
    return ship, Pending(
        seat=seat,
        ship=ship.id,
        source=src,
        cell=dst,
        target=kind,
        target_seat=owner,
        target_ship=target.id if target else None,
        roll=0,
        penalty=dist - 1,
    )


def do_fire(
    game: Game, state: GameState, seat: int, cmd: Command, roller: Roller
) -> tuple[GameState, list[Event]]:
    ship, pending = aim(game, state, seat, cmd)
    state = activate(state, ship)
    act = state.activation
    assert act is not None  # activate() has just made it this ship's
    state = evolve(state, activation=replace(act, shots=act.shots + 1))
    roll, events = _roll(game, state, seat, roller, "fire")
    state, roll, more = _murphys(game, state, pending, roll, roller)
    events += more
    state, roll, waits, more = _clovers(game, state, pending, roll, roller)
    events += more
    if waits:
        events.append({"type": "pending", "seat": seat, "roll": roll})
        return evolve(state, pending=replace(pending, roll=roll)), events
    state, more = resolve(game, state, replace(pending, roll=roll))
    return state, events + more


def do_answer(
    game: Game, state: GameState, seat: int, cmd: Command, roller: Roller
) -> tuple[GameState, list[Event]]:
    """A Clovers roller's `reroll` (pay 1) or `accept` of a pending roll."""
    pending = state.pending
    assert pending is not None
    events: list[Event] = []
    roll = pending.roll
    if cmd.verb == "reroll":
        if state.seats[seat].reserve < 1:
            raise IllegalCommand("A reroll costs 1 and your reserve is empty; say accept")
        state = evolve(add_reserve(state, seat, -1), bank=state.bank + 1)
        events.append({"type": "clover", "seat": seat, "paid": 1, "old": roll, "auto": False})
        roll, more = _roll(game, state, seat, roller, "clover")
        events += more
    state, more = resolve(game, evolve(state, pending=None), replace(pending, roll=roll))
    return state, events + more


def _roll(game: Game, state: GameState, seat: int, roller: Roller, why: str) -> tuple[int, list[Event]]:
    if state.dice_mode == "d6":
        raw = roller.die(6)
        roll = raw
    else:
        raw = roller.die(10)
        roll = game.edition.stopwatch_value(raw)
    return roll, [
        {"type": "roll", "seat": seat, "die": state.dice_mode, "raw": raw, "roll": roll, "why": why}
    ]


def _murphys(
    game: Game, state: GameState, pending: Pending, roll: int, roller: Roller
) -> tuple[GameState, int, list[Event]]:
    """The Murphys seat fired at, if its standing order fires, forces one reroll of a roll against its
    ships or base (paying 2). Only the target's seat may force: with two Murphys seats, the other keeps
    its credits. A roll is never against the roller's own seat."""
    s = state.seats[pending.target_seat]
    if s.out or s.faction != "murphys":
        return state, roll, []
    if s.orders.murphy is None or roll < s.orders.murphy or s.reserve < 2:
        return state, roll, []
    if s.reserve == 2 and not any(ship.owner == s.index for ship in state.ships):
        # Paying the last 2 with no ship in play would put the Murphys player out by their own order.
        return state, roll, []
    state = evolve(add_reserve(state, s.index, -2), bank=state.bank + 2)
    events: list[Event] = [
        {"type": "murphy", "seat": s.index, "roller": pending.seat, "paid": 2, "old": roll}
    ]
    roll, more = _roll(game, state, pending.seat, roller, "murphy")
    return state, roll, events + more


def _clovers(
    game: Game, state: GameState, shot: Pending, roll: int, roller: Roller
) -> tuple[GameState, int, bool, list[Event]]:
    """A Clovers roller rerolls once: automatically below their order's N, else they are asked; never
    when no face of the die would take more from the target than this roll does (site's choice,
    rules.md "Rerolls": the highest face, a shot that does no damage whatever the roll, a roll that
    already takes all the target has), as paying could only lose a credit."""
    seat = shot.seat
    me = state.seats[seat]
    if me.faction != "clovers" or me.reserve < 1:
        return state, roll, False, []
    top = game.edition.die_range(state.dice_mode)[1]
    if _loss(state, shot, top) <= _loss(state, shot, roll):
        return state, roll, False, []
    if me.orders.clover is None or roll >= me.orders.clover:
        return state, roll, True, []
    state = evolve(add_reserve(state, seat, -1), bank=state.bank + 1)
    events: list[Event] = [{"type": "clover", "seat": seat, "paid": 1, "old": roll, "auto": True}]
    roll, more = _roll(game, state, seat, roller, "clover")
    return state, roll, False, events + more


def _loss(state: GameState, shot: Pending, roll: int) -> int:
    """What the shot would take from its target with this roll, as resolve() and the damage below
    reckon it: a ship loses at most its value, a reserve at most what it holds. (The roller is a Clovers
    player: no Warriors' bonus.)"""
    target = state.ship_by_id(shot.target_ship)
    if shot.target == "ship":
        assert target is not None  # just aimed at
        return min(max(0, roll - shot.penalty - target.pieces[2]), target.value)
    return min(max(0, roll - shot.penalty), state.seats[shot.target_seat].reserve)


# === DAMAGE ===


def resolve(game: Game, state: GameState, shot: Pending) -> tuple[GameState, list[Event]]:
    """Damage = roll (+1 Warriors) - penalty - target shields, floored at 0."""
    me = state.seats[shot.seat]
    bonus = 1 if me.faction == "warriors" else 0
    target = state.ship_by_id(shot.target_ship)
    owner = state.seats[shot.target_seat]
    gone = owner.out or (shot.target == "ship" and (target is None or target.owner != shot.target_seat))
    shields = target.pieces[2] if target is not None and shot.target == "ship" else 0
    damage = 0 if gone else max(0, shot.roll + bonus - shot.penalty - shields)
    event: Event = {
        "type": "fire",
        "seat": shot.seat,
        "ship": shot.ship,
        "from": shot.source,
        "to": shot.cell,
        "target": shot.target,
        "target_seat": shot.target_seat,
        "target_ship": shot.target_ship,
        "position": state.position_on(target) if target is not None and not gone else None,
        "roll": shot.roll,
        "bonus": bonus,
        "penalty": shot.penalty,
        "shields": shields,
        "damage": damage,
        "gone": gone,
    }
    events = [event]
    if damage == 0:
        return state, events
    if shot.target == "ship" and target is not None:
        state, lost, more = _damage_ship(game, state, target, damage)
    else:
        state, lost, more = _damage_base(state, shot.target_seat, damage)
    events += more
    state, more = _vamps(game, state, shot.seat, damage, lost)
    return state, events + more


def _damage_ship(game: Game, state: GameState, ship: Ship, damage: int) -> tuple[GameState, int, list[Event]]:
    owner = state.seats[ship.owner]
    letters = game.edition.letters
    left_pieces = after_damage(game.edition, ship.pieces, damage, owner.faction, owner.orders)
    before = list(ship.pieces)
    position = state.position_on(ship)  # before the ship may leave the space
    if left_pieces is None:
        lost = ship.value
        ships = tuple(s for s in state.ships if s.id != ship.id)
        state = evolve(state, ships=ships, bank=state.bank + lost)
        return (
            state,
            lost,
            [
                {
                    "type": "damage",
                    "seat": ship.owner,
                    "ship": ship.id,
                    "cell": ship.cell,
                    "position": position,
                    "damage": damage,
                    "lost": lost,
                    "before": before,
                    "after": None,
                    "destroyed": True,
                }
            ],
        )
    events: list[Event] = [
        {
            "type": "damage",
            "seat": ship.owner,
            "ship": ship.id,
            "cell": ship.cell,
            "position": position,
            "damage": damage,
            "lost": damage,
            "before": before,
            "after": list(left_pieces),
            "destroyed": False,
        }
    ]
    final = adapted(game.edition, left_pieces, owner.faction, owner.orders)
    if final != left_pieces:
        events.append(
            {
                "type": "adapt",
                "seat": ship.owner,
                "ship": ship.id,
                "before": list(left_pieces),
                "after": list(final),
                "text": format_pieces(final, letters),
            }
        )
    ships = tuple(replace(s, pieces=final) if s.id == ship.id else s for s in state.ships)
    return evolve(state, ships=ships, bank=state.bank + damage), damage, events


def _damage_base(state: GameState, seat: int, damage: int) -> tuple[GameState, int, list[Event]]:
    """Damage to a base comes out of the owner's reserve, never below 0; reserve shields count nothing."""
    s = state.seats[seat]
    lost = min(damage, s.reserve)
    seats = set_seat(state.seats, replace(s, reserve=s.reserve - lost))
    state = evolve(state, seats=seats, bank=state.bank + lost)
    return (
        state,
        lost,
        [
            {
                "type": "base_damage",
                "seat": seat,
                "cell": s.home,
                "damage": damage,
                "lost": lost,
                "reserve": s.reserve - lost,
            }
        ],
    )


def _vamps(game: Game, state: GameState, seat: int, damage: int, lost: int) -> tuple[GameState, list[Event]]:
    """Vamps dealing 3 or more take up to 3: never more than the target lost (token, web2002), or
    from the bank whatever the target lost (metatalon). Always taken."""
    # Site's choice: the target must lose something, so an empty reserve cannot be farmed in metatalon.
    if state.seats[seat].faction != "vamps" or damage < 3 or lost == 0:
        return state, []
    # What the target lost is already in the bank, so the bank always holds the gain.
    gain = min(3, state.bank if game.edition.vamps_from_bank else lost)
    state = evolve(add_reserve(state, seat, gain), bank=state.bank - gain)
    return state, [{"type": "vamp", "seat": seat, "gain": gain, "reserve": state.seats[seat].reserve}]

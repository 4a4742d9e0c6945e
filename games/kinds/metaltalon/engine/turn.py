"""Turn bookkeeping: activation, income, passing the turn, elimination and the end of the game."""

from dataclasses import replace
from typing import Any

from .errors import IllegalCommand
from .state import Activation, GameState, SeatState, Ship, evolve
from .view import Game, View

Event = dict[str, Any]


# === ACTIVATION ===


def acting_ship(state: GameState, view: View, seat: int, cell: str) -> Ship:
    """The ship a move or fire naming `cell` acts with, by the activation rules."""
    mine = view.own_ships_at(cell, seat)
    if not mine:
        raise IllegalCommand(no_ship(state, seat, cell))
    act = state.activation
    for ship in mine:
        if act is not None and ship.id == act.ship:
            return ship
    if state.launched == "split":
        raise IllegalCommand("You split a ship this turn: no ship may act any more; say end")
    if state.launched == "launch":
        raise IllegalCommand("You launched this turn: only the new ship may still act; say end when done")
    for ship in mine:
        if ship.id not in state.used:
            return ship
    raise IllegalCommand(f"The ship on {cell} has already acted this turn")


def no_ship(state: GameState, seat: int, cell: str) -> str:
    mine = sorted({s.cell for s in state.ships if s.owner == seat})
    return f"You have no ship on {cell}" + (
        f" (your ships: {', '.join(mine)})" if mine else " (no ships in play)"
    )


def activate(state: GameState, ship: Ship) -> GameState:
    """Naming another ship ends the current activation: each ship acts once per turn."""
    if state.activation is not None and state.activation.ship == ship.id:
        return state
    return evolve(state, activation=Activation(ship.id), used=state.used + (ship.id,))


def set_seat(seats: tuple[SeatState, ...], seat: SeatState) -> tuple[SeatState, ...]:
    return seats[: seat.index] + (seat,) + seats[seat.index + 1 :]


def add_reserve(state: GameState, seat: int, amount: int) -> GameState:
    s = state.seats[seat]
    return evolve(state, seats=set_seat(state.seats, replace(s, reserve=s.reserve + amount)))


# === INCOME AND THE NEXT SEAT ===


def income(game: Game, state: GameState, seat: int) -> tuple[GameState, list[Event]]:
    """+1, and +1 per own ship on an unowned base (any base not the home of a seat still in)."""
    homes = {s.home for s in state.seats if not s.out}
    bases = game.board.base_cells
    on_bases = sum(
        1 for ship in state.ships if ship.owner == seat and ship.cell in bases and ship.cell not in homes
    )
    due = 1 + on_bases
    paid = min(due, state.bank)
    state = evolve(add_reserve(state, seat, paid), bank=state.bank - paid)
    return state, [
        {
            "type": "income",
            "seat": seat,
            "amount": paid,
            "base_ships": on_bases,
            "reserve": state.seats[seat].reserve,
        }
    ]


def pass_turn(state: GameState) -> tuple[GameState, list[Event]]:
    """Play passes to the next seat still in, in board order (clockwise = next index)."""
    n = state.players
    nxt = state.active
    for k in range(1, n + 1):
        nxt = (state.active + k) % n
        if not state.seats[nxt].out:
            break
    # Back round the turn order (to a seat before the one whose turn ends): a new round begins.
    rounds = state.rounds + (state.turn + 1,) if nxt <= state.active else state.rounds
    state = replace(
        state,
        active=nxt,
        turn=state.turn + 1,
        rounds=rounds,
        activation=None,
        used=(),
        launched=None,
        new_ship=None,
        pending=None,
    )
    return state, [{"type": "turn", "seat": nxt, "turn": state.turn, "round": len(state.rounds)}]


def end_turn(game: Game, state: GameState, seat: int) -> tuple[GameState, list[Event]]:
    state, events = income(game, state, seat)
    state, more = pass_turn(state)
    return state, events + more


# === ELIMINATION ===


def eliminate(
    state: GameState, seat: int, reason: str, by: int | None = None
) -> tuple[GameState, list[Event]]:
    """Out: ships to the bank (Takeover: to the invader; Spoils of War: their value to the invader's
    reserve) and any reserve to the bank, so an eliminated seat owns nothing."""
    theirs = [s for s in state.ships if s.owner == seat]
    worth = sum(s.value for s in theirs)
    s = state.seats[seat]
    bank = state.bank + s.reserve
    seats = set_seat(state.seats, replace(s, out=True, out_reason=reason, reserve=0, decided=True))
    events: list[Event] = [
        {
            "type": "out",
            "seat": seat,
            "reason": reason,
            "by": by,
            "ships": len(theirs),
            "value": worth,
            "reserve": s.reserve,
        }
    ]
    ships = state.ships
    if by is not None and "takeover" in state.variants and theirs:
        ships = tuple(replace(x, owner=by) if x.owner == seat else x for x in ships)
        events.append({"type": "takeover", "seat": by, "from": seat, "ships": [x.id for x in theirs]})
    elif by is not None and "spoils" in state.variants and theirs:
        ships = tuple(x for x in ships if x.owner != seat)
        b = seats[by]
        seats = set_seat(seats, replace(b, reserve=b.reserve + worth))
        events.append(
            {"type": "spoils", "seat": by, "from": seat, "value": worth, "reserve": b.reserve + worth}
        )
    else:
        ships = tuple(x for x in ships if x.owner != seat)
        bank += worth
    # A seat whose roll waits for its answer cannot be put out: play() takes only reroll or accept from
    # it, and no other seat's command can eliminate it.
    return evolve(state, seats=seats, ships=ships, bank=bank), events


def settle(state: GameState) -> tuple[GameState, list[Event]]:
    """After every command: seats with no ships and no reserve are out; the last seat in wins; a turn
    held by a seat that went out passes on; setup ends when the last seat has decided."""
    events: list[Event] = []
    if state.phase == "play":
        owners = {ship.owner for ship in state.ships}
        for s in state.seats:
            if not s.out and s.reserve == 0 and s.index not in owners:
                state, more = eliminate(state, s.index, "wiped out")
                events += more
    alive = state.in_play
    if len(alive) <= 1:  # play() refuses every command once the game is over, so it is not over yet
        winner = alive[0] if alive else None
        state = evolve(state, phase="over", winner=winner, activation=None, pending=None)
        events.append({"type": "win", "seat": winner})
    elif state.phase == "play" and state.seats[state.active].out:
        state, more = pass_turn(state)
        events += more
    elif state.phase == "setup" and not state.to_act:
        first = alive[0]
        state = evolve(state, phase="play", active=first, turn=1, rounds=(1,))
        events.append({"type": "start", "seat": first})
    return state, events

"""Standing orders: decisions out of turn, editable at any time (docs/rules.md: "Firing" for damage,
"Rerolls: Murphys and Clovers")."""

from dataclasses import replace
from itertools import permutations

from .commands import Command
from .errors import IllegalCommand
from .state import GameState, evolve
from .turn import Event, set_seat
from .view import Game

# Which faction each order belongs to; damage belongs to everyone.
ORDER_FACTION = {"adapt": "adapters", "murphy": "murphys", "clover": "clovers"}


def do_order(game: Game, state: GameState, seat: int, cmd: Command) -> tuple[GameState, list[Event]]:
    s = state.seats[seat]
    need = ORDER_FACTION.get(cmd.name)
    if need is not None and s.faction != need:
        raise IllegalCommand(f"Only {need.capitalize()} seats have a {cmd.name} order")
    value: str | int | None
    if cmd.name == "damage":
        value = cmd.value
        orders = replace(s.orders, damage=cmd.value)
    elif cmd.name == "adapt":
        value = None if cmd.value == "same" else cmd.value
        orders = replace(s.orders, adapt=value)
    else:
        value = None if cmd.value == "off" else _die_number(game, state, cmd)
        orders = replace(s.orders, murphy=value) if cmd.name == "murphy" else replace(s.orders, clover=value)
    state = evolve(state, seats=set_seat(state.seats, replace(s, orders=orders)))
    return state, [{"type": "order", "seat": seat, "name": cmd.name, "value": value}]


def _die_number(game: Game, state: GameState, cmd: Command) -> int:
    lo, hi = game.edition.die_range(state.dice_mode)
    n = int(cmd.value)
    if not lo <= n <= hi:
        raise IllegalCommand(f"order {cmd.name} takes a die number from {lo} to {hi}, or off")
    return n


def order_commands(game: Game, state: GameState, seat: int) -> list[str]:
    letters = game.edition.letters
    perms = ["".join(p) for p in permutations(letters)]
    out = [f"order damage {p}" for p in perms]
    faction = state.seats[seat].faction
    lo, hi = game.edition.die_range(state.dice_mode)
    if faction == "adapters":
        out += [f"order adapt {p}" for p in perms] + ["order adapt same", "order adapt off"]
    for name in ("murphy", "clover"):
        if faction == ORDER_FACTION[name]:
            out += [f"order {name} {n}" for n in range(lo, hi + 1)] + [f"order {name} off"]
    return out

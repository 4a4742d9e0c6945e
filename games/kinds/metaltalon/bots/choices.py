"""The decisions a MetalTalon bot takes outside the turn's moves: keeping or redrawing its faction
(docs/rules.md: "Setting up"), and its standing orders ("Firing", "Rerolls: Murphys and Clovers"), which it
sets once it knows its faction."""

from __future__ import annotations

from games.kinds.metaltalon.engine import GameState

# Factions a bot keeps when dealt; it redraws the others once (the second card is final). These four won
# more than their fair share, pooled over 2, 3 and 4 players, in greedy games where every seat kept the
# faction dealt (docs/balance.md): Rebels 1.78 times a fair share, Warriors 1.65, Bankers 1.59, Vamps 1.29;
# the next, Anarchists, 0.89, is below what a redraw is worth on average (1.0).
KEEP = frozenset({"rebels", "warriors", "bankers", "vamps"})


def setup_choice(state: GameState, seat: int) -> str:
    faction = state.seats[seat].faction
    return "keep" if faction in KEEP else "redraw"


def wanted_orders(state: GameState, seat: int) -> list[str]:
    """The standing orders the bot wants for its faction, as commands, that differ from what it has.

    - Clovers reroll their own roll when it shows less than 3 (it costs 1: a 1 or a 2 rarely hurts);
    - Murphys force a reroll of a roll against them from 4 up while they can pay (the default is 5);
    - damage keeps weapons before shields before engines for armed factions (a ship that still fires
      after a hit); Zoomers keep engines first (their moves are worth half as much again).
    """
    me = state.seats[seat]
    letters = _letters(state)
    out = []
    first = {"zoomers": (0, 1, 2)}.get(me.faction or "", (1, 2, 0))
    damage = "".join(letters[i] for i in first)
    if me.orders.damage != damage:
        out.append(f"order damage {damage}")
    low = 1 if state.dice_mode == "d6" else 0
    if me.faction == "clovers" and me.orders.clover != low + 2:
        out.append(f"order clover {low + 2}")
    if me.faction == "murphys" and me.orders.murphy != 4:
        out.append("order murphy 4")
    return out


def _letters(state: GameState) -> tuple[str, str, str]:
    from .rules import table_of

    return table_of(state).letters

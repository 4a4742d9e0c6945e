"""Damage to a pirate (rules.md, "The astrolabe"): the damage wheel stops at 4, where the seat is immune
and plays on; Bastion Shields (E09) take 1 off any 2 or more suffered at once; Scrap Plating (E07) turns
away every event's damage."""

from __future__ import annotations

from dataclasses import replace

from games.kinds.protocol import Event

from .state import MAX_DAMAGE, GameState

BASTION_SHIELDS = "E09"
SCRAP_PLATING = "E07"
EVENT = "event"


def suffer(state: GameState, seat: int, amount: int, source: str) -> tuple[GameState, Event]:
    """The seat suffers `amount` damage from `source` ("battle", "event", "card"): the event says what it
    took after its armour and the wheel's stop at 4."""
    player = state.seats[seat]
    taken = amount
    if source == EVENT and SCRAP_PLATING in player.improvements:
        taken = 0
    if taken >= 2 and BASTION_SHIELDS in player.improvements:
        taken -= 1
    taken = max(0, min(taken, MAX_DAMAGE - player.damage))
    after = state.with_seat(seat, replace(player, damage=player.damage + taken))
    return after, {"type": "damage", "seat": seat, "amount": amount, "taken": taken, "source": source,
                   "damage": player.damage + taken}

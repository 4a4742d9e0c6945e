"""The sides of a battle (rules.md, "The roll"): who attacks, who defends, and the fixed order of dice and
reactions."""

from __future__ import annotations

from .battle_state import Battle
from .state import GameState


def _order(state: GameState, seats: tuple[int, ...]) -> tuple[int, ...]:
    n = state.players
    return tuple(sorted(seats, key=lambda s: (s - state.active) % n))


def attacking_side(battle: Battle) -> tuple[int, ...]:
    """The attacking principal, then its allies (a traitor is on the other side)."""
    return (battle.attacker, *(a for a in battle.allies if a != battle.traitor))


def defending_seats(battle: Battle) -> tuple[int, ...]:
    """The seats on the defending side: the challenged seat and its allies, or the traitor."""
    if battle.challenged is not None:
        return (battle.challenged, *battle.defenders)
    return () if battle.traitor is None else (battle.traitor,)


def in_order(state: GameState, battle: Battle) -> tuple[int, ...]:
    """Every seat in the battle in the order of dice and reactions."""
    attack = (battle.attacker, *_order(state, tuple(a for a in battle.allies if a != battle.traitor)))
    if battle.challenged is not None:
        defend: tuple[int, ...] = (battle.challenged, *_order(state, battle.defenders))
    else:
        defend = () if battle.traitor is None else (battle.traitor,)
    return (*attack, *defend)

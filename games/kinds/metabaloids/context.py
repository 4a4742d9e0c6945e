"""What one command carries while it runs: the state it changes (a copy), the dice, the events so far,
and the actions not yet resolved (rules.md, "Abilities and the chain"). Nothing here outlives the
command: every reaction is a standing order, answered in the same request (so no pause can leak a hand)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from games.kinds.protocol import Dice

from .cards import Ability
from .state import GameState

Event = dict[str, Any]


@dataclass
class Action:
    """A seat's action that may be stopped before it resolves: its draw, a move, an attack."""

    kind: str  # "draw", "move", "attack"
    label: int
    stopped: bool = False


@dataclass
class Item:
    """An ability or event activated and waiting in the chain."""

    label: int
    card: str  # the card id
    ability: Ability
    col: int = 0  # Molt's column
    target: Action | Item | None = None  # what a stop aims at
    stopped: bool = False


@dataclass
class Ctx:
    state: GameState
    dice: Dice
    events: list[Event] = field(default_factory=list)
    chain: list[Item] = field(default_factory=list)
    action: Action | None = None
    noted: set[tuple[int, str]] = field(default_factory=set)  # orders already noted as skipped (chain.py)

    def emit(self, event: Event) -> None:
        self.events.append(event)

    def pending(self, label: int) -> bool:
        return any(item.label == label for item in self.chain)

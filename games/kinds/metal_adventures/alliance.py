"""A battle's allies (rules.md, "Allies"): the attacker's asks and their answers, sealing, and a
challenge's recruitment. (Being written.)"""

from __future__ import annotations

from games.kinds.protocol import Event, Refused

from .state import GameState


def open_battle(state: GameState, events: list[Event]) -> tuple[GameState, list[Event]]:
    raise Refused("This battle is not fought yet.")


def open_challenge(state: GameState, events: list[Event]) -> tuple[GameState, list[Event]]:
    raise Refused("Challenges are not fought yet.")

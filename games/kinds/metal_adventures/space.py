"""Battles in Space (rules.md, "Attacking in Space"): `attack space` draws until three starships (four
with the Nav Computer) lie face up, applying the turn's first event; `attack space <n>` chooses one, the
others leaving (Pirate Hunters shuffled back into the Space deck). (Being written.)"""

from __future__ import annotations

from games.kinds.protocol import Dice, Event, Refused

from .state import GameState


def attack_space(state: GameState, seat: int, dice: Dice | None) -> tuple[GameState, list[Event]]:
    """`attack space` in travel: the battle is committed; phase battle.draw, then the draw."""
    raise Refused("Battles in Space are not fought yet.")


def choose(state: GameState, seat: int, text: str, dice: Dice | None) -> tuple[GameState, list[Event]]:
    """`attack space <n>` in battle.draw."""
    raise Refused("Battles in Space are not fought yet.")


def planet(state: GameState, seat: int, text: str, dice: Dice | None) -> tuple[GameState, list[Event]]:
    """`planet <planet>`: GOLDEN VEIN's tie; the draw then goes on."""
    raise Refused("There is no tie to settle.")


def legal(state: GameState, seat: int) -> list[str]:
    return []

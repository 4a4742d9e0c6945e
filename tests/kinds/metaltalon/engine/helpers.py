"""Building positions for rule tests: a dice stub and a state with chosen ships and reserves."""

from dataclasses import replace
from typing import Any

from games.kinds.metaltalon.engine import GameState, Ship, new_game, play
from games.kinds.metaltalon.engine.board import load_board
from games.kinds.metaltalon.engine.editions import credits_total

NEUTRAL = ("bankers", "swarm", "rebels", "adapters", "anarchists", "zoomers")


class QueueDice:
    """A dice stub: hands out the queued numbers in order and records the sides asked for."""

    def __init__(self, *rolls: int) -> None:
        self.queue = list(rolls)
        self.sides: list[int] = []

    def roll(self, sides: int) -> int:
        self.sides.append(sides)
        if not self.queue:
            raise AssertionError("the engine rolled more dice than the test queued")
        return self.queue.pop(0)


def position(
    edition: str = "token",
    players: int = 2,
    factions: tuple[str, ...] | None = None,
    ships: tuple[tuple[int, str, tuple[int, int, int]], ...] = (),
    reserves: tuple[int, ...] | None = None,
    variants: tuple[str, ...] = (),
    dice_mode: str = "d6",
    **fields: Any,
) -> GameState:
    """A game in play with ships given as (owner, cell, pieces); ids are 1, 2, ... in the given order.
    The bank is set so that credits stay conserved."""
    if factions is None:
        factions = ("bankers",) * players if edition != "token" else NEUTRAL[:players]
    state = new_game(players, edition, variants=variants, factions=factions, seed=1, dice_mode=dice_mode)
    built = tuple(Ship(i + 1, owner, cell, pieces) for i, (owner, cell, pieces) in enumerate(ships))
    seats = state.seats
    if reserves is not None:
        seats = tuple(replace(s, reserve=r) for s, r in zip(seats, reserves, strict=True))
    state = replace(state, seats=seats, ships=built, next_ship=len(built) + 1)
    bank = credits_total(players) - state.credits() + state.bank
    return replace(state, bank=bank, **fields)


def board(edition: str = "token"):
    return load_board("token" if edition == "token" else "coin")


def ship_at(state: GameState, cell: str) -> Ship:
    found = [s for s in state.ships if s.cell == cell]
    assert len(found) == 1, f"{len(found)} ships on {cell}"
    return found[0]


def of_type(events: list[dict[str, Any]], kind: str) -> list[dict[str, Any]]:
    return [e for e in events if e["type"] == kind]


def played(state: GameState, *texts: str) -> GameState:
    """The state after the active seat plays each text in turn."""
    for text in texts:
        state = play(state, state.active, text)[0]
    return state


def asked_to_reroll(reserve: int = 5, players: int = 2, roll: int = 2) -> GameState:
    """Token: seat 0 (Clovers, no automatic reroll) fired from I9 at seat 1's ship on J9, rolled `roll`
    and is asked to reroll or accept (a reserve of 0 is never asked)."""
    state = position(
        players=players,
        factions=("clovers", "bankers", "swarm")[:players],
        ships=((0, "I9", (2, 2, 0)), (1, "J9", (9, 0, 0))),
        reserves=(reserve, 10, 10)[:players],
    )
    return play(state, 0, "fire I9 J9", dice=QueueDice(roll))[0]

"""Random games for the view and narration tests: a lobby, then random legal commands from the seats the
game waits for, with a standing order or a placement sent ahead now and then (commands.py accepts both
from any seat at any moment). Each step keeps the state before, the command and its events."""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from games.kinds.metabaloids import commands, lobby
from games.kinds.metabaloids.state import OVER, GameState, Options, code_of
from games.kinds.protocol import Refused


class SeededDice:
    """Dice from a seeded random.Random: the picks of a game replay with its seed."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def roll(self, sides: int) -> int:
        return self.rng.randint(1, sides)

    def draw(self, n: int) -> int:
        return self.rng.randrange(n)


@dataclass
class Step:
    before: GameState
    after: GameState
    seat: int  # lobby seat
    command: str
    events: list[dict[str, Any]]


def _extra(state: GameState, rng: random.Random) -> tuple[int, str] | None:
    """Now and then a command out of turn: an order, the order list, or a placement sent ahead."""
    if not state.seats or rng.random() > 0.15:
        return None
    lobby_seat = rng.randrange(len(state.seats))
    seat = state.seat(state.label(lobby_seat))
    roll = rng.random()
    if roll < 0.3:
        return lobby_seat, "orders"
    if roll < 0.5:
        return lobby_seat, "order pay ask" if rng.random() < 0.5 else "order grid ask"
    if state.phase == "place" and seat.hand and not seat.placing_done:
        return lobby_seat, f"place {code_of(rng.choice(seat.hand))} {rng.randint(1, 3)}"
    if seat.hand:
        return lobby_seat, f"order keep {code_of(rng.choice(seat.hand))}"
    return None


def random_game(seed: int, players: int = 2, quick: bool = False, limit: int = 400,
                **options: Any) -> Iterator[Step]:
    rng = random.Random(seed)
    dice = SeededDice(seed + 1)
    state, events = lobby.new_game(Options(players=players, quick=quick, **options), dice)
    if quick:
        yield Step(state, state, 0, "", events)
    for _ in range(limit):
        if state.phase == OVER:
            return
        extra = _extra(state, rng)
        if extra is not None:
            lobby_seat, line = extra
        else:
            waiting = commands.to_act(state)
            lobby_seat = rng.choice(waiting)
            legal = commands.legal_commands(state, lobby_seat)
            if not legal:
                legal = commands.timeout_commands(state, lobby_seat)
            # Ending the turn at once makes short games; attacks make cards move.
            attacks = [c for c in legal if c.startswith(("attack", "use", "restock"))]
            line = rng.choice(attacks if attacks and rng.random() < 0.6 else legal)
        try:
            after, events = commands.play(state, lobby_seat, line, dice)
        except Refused:
            continue
        yield Step(state, after, lobby_seat, line, events)
        state = after

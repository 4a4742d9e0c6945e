"""Playing a game out between bots, for any kind: the loop tests, benchmarks and simulations share."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from games.bots.base import Bot

# play(state, seat, command) -> (state, events): the rules' own play with their dice.
Play = Callable[[Any, int, str], tuple[Any, Sequence[dict[str, Any]]]]


@dataclass(frozen=True)
class Step:
    seat: int
    command: str
    state: Any  # after the command
    events: Sequence[dict[str, Any]]


def play_out(state: Any, bots: Mapping[int, Bot] | Sequence[Bot], play: Play,
             to_act: Callable[[Any], Sequence[int]], steps: int) -> Iterator[Step]:
    """Each seat's bot plays whenever the game waits for that seat (the first of several waited for at
    once goes first), for at most `steps` commands or until nobody is awaited (the game is over)."""
    for _ in range(steps):
        waiting = to_act(state)
        if not waiting:
            return
        seat = waiting[0]
        command = bots[seat].choose(state, seat)
        state, events = play(state, seat, command)
        yield Step(seat, command, state, events)

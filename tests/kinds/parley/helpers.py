"""What the parley tests share: dice, a known deal, commands in a row, and seeded random playouts."""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import replace
from typing import Any

from games.kinds.parley import rules
from games.kinds.parley.kind import ParleyKind
from games.kinds.parley.rules import ParleyState
from tests.kinds.seeded_dice import SeededDice as RecordedDice

KIND = ParleyKind()
NAMES = ["Ann", "Bob", "Cy"]
# Every command a seat could type, legal or not: what the property tests offer play().
EVERY_COMMAND = ([f"ask {n}" for n in range(1, 4)] + ["call", "end", "refuse", "yes", "no", "resign"]
                 + [f"give {c}" for c in range(1, 16)] + [f"play {c}" for c in range(1, 16)])
ORDERS = [f"order give {o}" for o in rules.GIVE_ORDERS] + [f"order call {o}" for o in rules.CALL_ORDERS]


class SeededDice(RecordedDice):
    """Seeded draws, recorded; no die may be rolled (parley rolls no die)."""

    def __init__(self, seed: int) -> None:
        super().__init__(seed, no_roll="parley rolls no die")


class NoDice:
    """Fails the test if anything is drawn: after the deal, parley draws nothing at random."""

    def roll(self, sides: int) -> int:
        raise AssertionError("no die should be rolled")

    def draw(self, n: int) -> int:
        raise AssertionError("nothing should be drawn at random after the deal")


def dealt(**changes: Any) -> ParleyState:
    """A game as dealt, with known cards: Seat 1 holds 1-4, Seat 2 5-7, Seat 3 8-10; the deck 11-15 (11 on
    top)."""
    state = KIND.new_state({}, 3, SeededDice(0))
    state = replace(state, hands=((1, 2, 3, 4), (5, 6, 7), (8, 9, 10)), deck=(11, 12, 13, 14, 15))
    return replace(state, **changes)


def run(state: ParleyState, *moves: tuple[int, str]) -> tuple[ParleyState, list[dict[str, Any]]]:
    """(seat, command) in a row: the state after them and all their events."""
    events: list[dict[str, Any]] = []
    for seat, command in moves:
        state, more = KIND.play(state, seat, command, NoDice())
        events += more
    return state, events


def types(events: list[dict[str, Any]]) -> list[str]:
    return [e["type"] for e in events]


def playouts(seeds: range, steps: int = 80) -> Iterator[tuple[ParleyState, int, str, ParleyState,
                                                           list[dict[str, Any]]]]:
    """Random games: mostly a legal command of an awaited seat, sometimes a standing order from any seat
    (so questions get answered at once), rarely a resignation. Yields (before, seat, command, after,
    events) for every command played."""
    for seed in seeds:
        rng = random.Random(seed)
        options = {"window_hours": rng.randint(1, 72), "rounds": rng.randint(1, 4)}
        state = KIND.new_state(options, 3, SeededDice(seed))
        for _ in range(steps):
            awaited = KIND.to_act(state)
            if not awaited:
                break
            roll = rng.random()
            if roll < 0.25:
                seat = rng.choice([s for s in range(3) if not state.out[s]])
                command = rng.choice(ORDERS)
            else:
                seat = rng.choice(awaited)
                legal = KIND.legal_commands(state, seat)
                moves = [c for c in legal if c != "resign"]
                command = "resign" if roll > 0.985 or not moves else rng.choice(moves)
            after, events = KIND.play(state, seat, command, NoDice())
            yield state, seat, command, after, events
            state = after


def reachable(seeds: range, steps: int = 80) -> list[ParleyState]:
    """Every state the playouts of `seeds` pass through, the first and the last included."""
    states: list[ParleyState] = []
    for before, _seat, _command, after, _events in playouts(seeds, steps):
        if not states or before is not states[-1]:
            states.append(before)
        states.append(after)
    return states

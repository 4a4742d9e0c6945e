"""GameState.copy (state.py), written by hand instead of copy.deepcopy: the copy equals its original at
every position random games pass through, and shares no list, dict or mutable dataclass with it, so a
command played on the copy never reaches the state a caller holds."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from games.kinds.metabaloids.state import Battle, Decision, GameState
from tests.kinds.metabaloids.random_games import random_game


def battle_with_bonuses() -> GameState:
    """A random game's first position with a boosted battle, every other container filled in by hand
    (a listed deck's counts, a result, a polling round, an event, queued placements), so that no field of
    the state is an empty default."""
    state = next(step.after for step in random_game(0, players=2)
                 if step.after.battle is not None and step.after.battle.bonuses)
    assert isinstance(state.battle, Battle)
    state.battle.poll = [2, 1]
    state.battle.report = {"at": 5, "dt": 3, "nested": {"rows": [1, 2]}}
    state.decision = Decision(label=2, kind="pay", window=False)
    state.result = {"places": [[1], [2]], "winners": [1], "why": "stall"}
    state.lists = [{"wasp": 2}, {}]
    state.used = {state.seats[0].hand[0]: 3} if state.seats[0].hand else {"p1-wasp-1": 3}
    state.marked = state.marked or ["p1-wasp-1"]
    for seat in state.seats:
        seat.event = seat.event or "p1-spores-1"
        seat.queue = ["place wasp 1"]
        seat.attacked = [1]
    return state


def mutable_parts(value: Any, found: dict[int, Any]) -> dict[int, Any]:
    """Every list, dict and non-frozen dataclass instance reachable from `value`, by id."""
    if isinstance(value, (list, dict)) or (dataclasses.is_dataclass(value) and not isinstance(value, type)
                                           and not type(value).__dataclass_params__.frozen):  # type: ignore[attr-defined]
        found[id(value)] = value
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        for field in dataclasses.fields(value):
            mutable_parts(getattr(value, field.name), found)
    elif isinstance(value, dict):
        for key, item in value.items():
            mutable_parts(key, found)
            mutable_parts(item, found)
    elif isinstance(value, (list, tuple)):
        for item in value:
            mutable_parts(item, found)
    return found


def test_the_copy_shares_no_list_dict_or_mutable_record_with_its_original() -> None:
    state = battle_with_bonuses()
    original = mutable_parts(state, {})
    twin = mutable_parts(state.copy(), {})
    assert len(original) > 50  # the walk reached the seats' zones, the battle and the rest
    shared = [type(original[key]).__name__ for key in original.keys() & twin.keys()]
    assert shared == []


def test_changing_every_part_of_the_copy_leaves_the_original_as_it_was() -> None:
    state = battle_with_bonuses()
    before = state.to_dict()
    twin = state.copy()
    for part in mutable_parts(twin, {}).values():
        if isinstance(part, list):  # one more of what it holds, so the copy still dumps
            part.append(part[0] if part else "changed")
        elif isinstance(part, dict):
            part["changed"] = 1
    for seat in twin.seats:
        seat.status, seat.drew = "out", 99
        for column in seat.columns:
            column.safe = not column.safe
    assert isinstance(twin.battle, Battle) and isinstance(twin.decision, Decision)
    twin.battle.stage, twin.decision.kind, twin.options.players = "over", "grid", 6
    assert twin.to_dict() != before
    assert state.to_dict() == before


@pytest.mark.random_games
def test_the_copy_equals_its_original_at_every_position_of_random_games() -> None:
    compared = 0
    for seed, players in ((1, 2), (2, 3), (3, 4), (4, 6)):
        for step in random_game(seed, players=players, limit=250):
            twin = step.after.copy()
            assert twin == step.after
            assert twin.to_dict() == step.after.to_dict()
            compared += 1
    assert compared > 500

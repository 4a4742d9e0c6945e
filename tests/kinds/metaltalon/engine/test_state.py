"""The state: JSON round trip, immutability under play, deterministic replay from seed and log."""

import json
import random

import pytest

from games.bots import RandomBot, play_out
from games.kinds.metaltalon.bots.rules import RULES, engine_play, engine_to_act
from games.kinds.metaltalon.engine import GameState, legal_commands, new_game, play
from games.kinds.metaltalon.engine.state import Activation, Orders, Pending, SeatState, Ship

from .helpers import QueueDice, position


def random_log(
    edition: str, players: int, seed: int, steps: int = 300
) -> tuple[GameState, list[tuple[int, str]]]:
    """A seeded game between random bots (games/bots): the state it reached and its command log."""
    state = new_game(players, edition, seed=seed)
    bots = [RandomBot(RULES, random.Random(f"{seed}:{i}")) for i in range(players)]
    log = []
    for step in play_out(state, bots, engine_play, engine_to_act, steps):
        state = step.state
        log.append((step.seat, step.command))
    return state, log


def test_to_dict_is_json_and_from_dict_round_trips():
    state, _ = random_log("token", 4, 5)
    text = json.dumps(state.to_dict())
    assert GameState.from_dict(json.loads(text)) == state


def test_every_field_away_from_its_default_survives_the_round_trip():
    state = GameState(
        edition="web2002",
        board="coin",
        players=3,
        variants=("spoils",),
        dice_mode="stopwatch",
        seed=11,
        rolls=7,
        phase="play",
        turn=9,
        active=2,
        seats=(
            SeatState(0, "I2", "adapters", 4, Orders("pdn", adapt="npd"), out=False, decided=True),
            SeatState(1, "P10", "murphys", 0, Orders("dnp", murphy=None), out=True, out_reason="invaded"),
            SeatState(2, "B10", "clovers", 6, Orders("ndp", clover=3), decided=False, redrawn=True),
        ),
        ships=(Ship(3, 0, "C5", (1, 2, 1)), Ship(5, 2, "D5", (4, 0, 0))),
        bank=21,
        next_ship=6,
        activation=Activation(ship=5, moves=2, shots=1),
        used=(3, 5),
        launched="split",
        new_ship=5,
        pending=Pending(2, 5, "D5", "C5", "ship", 0, 3, roll=2, penalty=1),
        winner=None,
        rounds=(1, 4, 7, 9),
    )
    data = json.loads(json.dumps(state.to_dict()))
    assert GameState.from_dict(data) == state
    assert list(data) == [
        "edition",
        "board",
        "players",
        "variants",
        "dice_mode",
        "seed",
        "rolls",
        "phase",
        "turn",
        "active",
        "seats",
        "ships",
        "bank",
        "next_ship",
        "activation",
        "used",
        "launched",
        "new_ship",
        "pending",
        "winner",
        "rounds",
    ]
    assert data["seats"][1] == {
        "index": 1,
        "home": "P10",
        "faction": "murphys",
        "reserve": 0,
        "orders": {"damage": "dnp", "adapt": None, "murphy": None, "clover": None},
        "out": True,
        "out_reason": "invaded",
        "decided": True,
        "redrawn": False,
    }
    assert data["ships"][0] == {"id": 3, "owner": 0, "cell": "C5", "pieces": [1, 2, 1]}
    assert data["activation"] == {"ship": 5, "moves": 2, "shots": 1}
    assert data["pending"] == {
        "seat": 2,
        "ship": 5,
        "source": "D5",
        "cell": "C5",
        "target": "ship",
        "target_seat": 0,
        "target_ship": 3,
        "roll": 2,
        "penalty": 1,
    }


def test_round_trip_keeps_a_pending_roll():
    state = position(factions=("clovers", "bankers"), ships=((0, "I9", (2, 2, 0)), (1, "J9", (9, 0, 0))))
    pending, _ = play(state, 0, "fire I9 J9", dice=QueueDice(3))
    assert pending.pending is not None
    assert GameState.from_dict(json.loads(json.dumps(pending.to_dict()))) == pending


def test_play_never_mutates_its_input():
    state, _ = random_log("metatalon", 3, 8, steps=60)
    before = state.to_dict()
    seat = state.to_act[0]
    for cmd in legal_commands(state, seat)[:40]:
        play(state, seat, cmd)
    assert state.to_dict() == before


def test_events_are_json_safe():
    state, _ = random_log("web2002", 2, 3, steps=50)
    seat = state.to_act[0]
    for cmd in legal_commands(state, seat):
        _, events = play(state, seat, cmd)
        json.dumps(events)


def test_a_game_replays_exactly_from_seed_and_command_log():
    final, log = random_log("token", 6, 11)
    replay = new_game(6, "token", seed=11)
    for seat, cmd in log:
        replay, _ = play(replay, seat, cmd)
    assert replay.to_dict() == final.to_dict()
    assert final.rolls > 6  # the deal and some shots drew from the state's generator


def test_evolve_names_the_field_it_does_not_know():
    from games.kinds.metaltalon.engine.state import evolve

    with pytest.raises(TypeError) as refused:
        evolve(new_game(2, "token", seed=1), nope=1)
    assert str(refused.value) == "GameState has no field 'nope'"

"""The state as JSON (state.py; state.md): every field read back, the defaults of a minimal record, and a
copy or a record that shares nothing with the state it came from."""

from __future__ import annotations

from games.kinds.metabaloids.state import Battle, Decision, GameState

from .helpers import position, seat_dict


def _full() -> GameState:
    state = position(seat_dict(1, grid=[["wasp"], ["ant"]], safe=[2], filler=3),
                     seat_dict(2, "B", grid=[["crab"]], filler=3), step="attack", turn=4, window_minutes=5)
    state.round, state.stirred, state.stall = 2, True, 1
    state.decks, state.lists = ["A", "B"], [{}, {}]
    state.result = {"places": [[1], [2]], "winners": [1], "why": "stall"}
    state.battle = Battle(attacker=1, defender=2, card="p1-wasp-1", col=1, target="p2-crab-1", target_col=1,
                          stage="paying", loser=2, owed=3, poll=[2], report={"at": 4, "dt": 2})
    state.decision = Decision(2, "pay", window=True)
    return state


def test_every_field_is_read_back_from_its_record() -> None:
    state = _full()
    again = GameState.from_dict(state.to_dict())
    assert again == state
    assert again.seat(1).columns[1].safe and not again.seat(1).columns[0].safe
    assert again.to_dict()["seats"][0]["columns"][1] == {"cards": ["p1-ant-1"], "safe": True}


def test_a_minimal_record_takes_the_defaults() -> None:
    record = _full().to_dict()
    minimal = {"seats": record["seats"], "order": record["order"]}
    state = GameState.from_dict(minimal)
    assert (state.phase, state.step, state.active, state.turn, state.round) == ("turn", "main", 1, 1, 1)
    assert (state.battle, state.decision, state.stirred, state.stall, state.result) == (
        None, None, False, 0, None)
    assert (state.decks, state.lists, state.cut, state.marked, state.used) == ([], [], [], [], {})
    assert state.options.players == 2 and state.options.window_minutes == 0


def test_a_record_shares_nothing_with_its_state() -> None:
    state = _full()
    record = state.to_dict()
    record["result"]["places"].append([3])
    assert state.result == {"places": [[1], [2]], "winners": [1], "why": "stall"}


def test_a_battles_copy_shares_nothing_and_keeps_every_field() -> None:
    battle = _full().battle
    assert battle is not None
    twin = battle.copy()
    assert twin == battle
    twin.poll.append(1)
    twin.report["at"] = 9
    assert battle.poll == [2] and battle.report == {"at": 4, "dt": 2}

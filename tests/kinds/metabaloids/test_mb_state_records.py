"""The state's JSON record (state.py; state.md) field by field: the exact keys of a record and of its
options, every turn-scoped field (used abilities, marked cards, the cut, listed decks) read back, the
defaults of a seat record without columns or orders and of options without flags, the refusals of bad
options word for word, and records and copies that share no nested list with their state."""

from __future__ import annotations

import pytest

from games.kinds.metabaloids.orders import Orders
from games.kinds.metabaloids.state import Battle, Column, GameState, Options

from .helpers import position, seat_dict


def _busy() -> GameState:
    """p1's turn at ATTACK with every turn-scoped field filled: a used ability, a marked card, the cut's
    rounds, listed decks, a boosted battle and a result."""
    state = position(seat_dict(1, grid=[["wasp"], ["ant"]], filler=2),
                     seat_dict(2, grid=[["mite"]], filler=2), step="attack", turn=5)
    state.used = {"p1-ant-1": 4, "p1-wasp-1": 5}
    state.marked = ["p1-wasp-1"]
    state.cut = [[0, "wasp"], [1, "queen"]]
    state.lists = [{"wasp": 3, "ant": 2}, {}]
    state.stirred = True
    state.battle = Battle(attacker=1, defender=2, card="p1-wasp-1", col=1, target="p2-mite-1", target_col=1,
                          bonuses=[[1, 2, "p1-ant-1"]])
    state.result = {"places": [[1], [2]], "winners": [1]}
    return state


def test_a_record_has_exactly_the_schemas_keys() -> None:
    record = _busy().to_dict()
    assert list(record) == ["options", "seats", "order", "phase", "step", "active", "turn", "round",
                            "battle", "decision", "used", "marked", "stall", "stirred", "result", "cut",
                            "decks", "lists"]
    assert (record["phase"], record["step"], record["active"], record["turn"]) == ("turn", "attack", 1, 5)
    assert (record["used"], record["marked"]) == ({"p1-ant-1": 4, "p1-wasp-1": 5}, ["p1-wasp-1"])
    assert record["cut"] == [[0, "wasp"], [1, "queen"]]


def test_the_options_record_names_every_option() -> None:
    options = Options(players=3, length="short", elimination=True, window_minutes=4, quick=True)
    assert options.to_dict() == {"players": 3, "length": "short", "elimination": True, "window_minutes": 4,
                                 "quick": True, "edition": "core"}
    assert Options.from_dict(options.to_dict()) == options


def test_every_turn_scoped_field_is_read_back() -> None:
    state = _busy()
    again = GameState.from_dict(state.to_dict())
    assert again == state
    assert again.used == {"p1-ant-1": 4, "p1-wasp-1": 5}
    assert again.marked == ["p1-wasp-1"]
    assert again.cut == [[0, "wasp"], [1, "queen"]]
    assert again.lists == [{"wasp": 3, "ant": 2}, {}]
    assert again.stirred is True
    assert again.result == {"places": [[1], [2]], "winners": [1]}


def test_a_seat_record_without_columns_or_orders_takes_three_empty_columns_and_the_default_orders() -> None:
    record = seat_dict(1)
    del record["columns"], record["orders"]
    state = position(record, seat_dict(2))
    seat = state.seat(1)
    assert seat.columns == [Column([], False), Column([], False), Column([], False)]
    assert seat.orders == Orders()


def test_a_column_record_without_cards_or_safe_is_an_empty_unsafe_column() -> None:
    record = seat_dict(1)
    record["columns"] = [{}, {"cards": ["p1-wasp-1"]}, {"cards": ["p1-ant-1"], "safe": True}]
    seat = position(record, seat_dict(2)).seat(1)
    assert seat.columns == [Column([], False), Column(["p1-wasp-1"], False), Column(["p1-ant-1"], True)]


def test_options_without_flags_play_without_elimination_and_with_chosen_decks() -> None:
    options = Options.from_dict({"players": 2})
    assert options == Options(players=2, length="reshuffle", elimination=False, window_minutes=0, quick=False,
                              edition="core")
    assert options.elimination is False and options.quick is False


@pytest.mark.parametrize(("options", "message"), [
    ({"players": 1}, "Metabaloids is for 2 to 6 players"),
    ({"players": 7}, "Metabaloids is for 2 to 6 players"),
    ({"length": "long"}, "length is reshuffle or short"),
    ({"window_minutes": -1}, "window_minutes is 0 to 15"),
    ({"window_minutes": 16}, "window_minutes is 0 to 15"),
    ({"edition": "second"}, "edition is one of core"),
])
def test_bad_options_are_refused_in_words(options: dict[str, object], message: str) -> None:
    with pytest.raises(ValueError) as e:
        Options.from_dict(options)
    assert str(e.value) == message


@pytest.mark.parametrize("minutes", [0, 1, 15])
def test_a_window_of_up_to_fifteen_minutes_is_taken(minutes: int) -> None:
    assert Options.from_dict({"window_minutes": minutes}).window_minutes == minutes


def test_a_state_read_from_a_record_shares_no_nested_list_with_it() -> None:
    record = _busy().to_dict()
    state = GameState.from_dict(record)
    record["result"]["places"].append([3])
    record["cut"][0].append("extra")
    record["battle"]["bonuses"][0].append("extra")
    record["battle"]["bonuses"].append([2, 1, "p2-mite-1"])
    assert state.result == {"places": [[1], [2]], "winners": [1]}
    assert state.cut == [[0, "wasp"], [1, "queen"]]
    assert state.battle is not None and state.battle.bonuses == [[1, 2, "p1-ant-1"]]


def test_a_record_shares_no_nested_list_with_its_state() -> None:
    state = _busy()
    record = state.to_dict()
    record["cut"][1].append("extra")
    record["result"]["winners"].append(2)
    assert state.cut == [[0, "wasp"], [1, "queen"]]
    assert state.result == {"places": [[1], [2]], "winners": [1]}


def test_a_copy_keeps_the_result_and_the_cut() -> None:
    state = _busy()
    twin = state.copy()
    assert twin.result == {"places": [[1], [2]], "winners": [1]}
    assert twin.cut == [[0, "wasp"], [1, "queen"]]
    assert twin == state

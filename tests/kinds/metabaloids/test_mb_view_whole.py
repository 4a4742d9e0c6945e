"""A reader's view whole (view.py; rules.md, "Hidden information"): every key of the view, of a seat and of a
battle, a card in play marked when it attacked this turn and used only when its ability was used this turn,
the hand, orders and queue to their owner alone, no deck choosing once the cut is done, and a bot's view of
another seat's queued placements as an empty queue."""

from __future__ import annotations

from games.kinds.metabaloids import api
from games.kinds.metabaloids.state import Battle, GameState
from games.kinds.metabaloids.view import bot_state, view
from tests.kinds.metabaloids.helpers import position, seat_dict
from tests.kinds.metabaloids.random_games import SeededDice


def _table() -> GameState:
    state = position(seat_dict(1, hand=["ant"], grid=[["wasp", "weaver"], ["ant"]], filler=3, attacks_made=1,
                               attacked=[2], placed=2, queue=["place ant 2"]),
                     seat_dict(2, "B", grid=[["crab"]], filler=3, discard=["frog"], lost=["toad"],
                               reserve=["shrimp"], placing_done=False),
                     step="attack", turn=4)
    state.marked.append("p1-wasp-1")
    state.used["p1-weaver-1"] = 4
    state.used["p1-ant-2"] = 3  # a turn before: not used now
    state.stall = 2
    state.battle = Battle(attacker=1, defender=2, card="p1-wasp-1", col=1, target="p2-crab-1", target_col=1,
                          stage="paying", loser=2, owed=3, report={"attack": 4})
    return state


def _card(code: str, marked: bool = False, used: bool = False) -> dict[str, object]:
    return {"code": code, "marked": marked, "used": used}


P1 = {
    "label": 1, "lobby": 0, "deck": "A", "status": "in", "hand": ["ant"], "hand_count": 1, "draw_count": 3,
    "discard": [], "lost": [], "reserve": [],
    "columns": [{"safe": False, "cards": [_card("wasp", marked=True), _card("weaver", used=True)]},
                {"safe": False, "cards": [_card("ant")]}, {"safe": False, "cards": []}],
    "in_play": 3, "width": 2, "event": None, "bonus": None, "placed": 2, "placing_done": True,
    "attacks_made": 1, "attacked": [2],
    "orders": ["1  order pay discard draw hand reserve", "2  order keep none", "3  order grid auto",
               "4  order use trapdoor boost on defend"],
    "queue": ["place ant 2"],
}

P2 = {
    "label": 2, "lobby": 1, "deck": "B", "status": "in", "hand": None, "hand_count": 0, "draw_count": 3,
    "discard": ["frog"], "lost": ["toad"], "reserve": ["shrimp"],
    "columns": [{"safe": False, "cards": [_card("crab")]}, {"safe": False, "cards": []},
                {"safe": False, "cards": []}],
    "in_play": 1, "width": 1, "event": None, "bonus": None, "placed": 0, "placing_done": False,
    "attacks_made": 0, "attacked": [], "orders": None, "queue": None,
}


def test_a_seat_reads_the_whole_view_with_its_own_hand_orders_and_queue() -> None:
    assert view(_table(), 0) == {
        "phase": "turn", "step": "attack", "turn": 4, "round": 1, "active": 1, "you": 1,
        "options": {"players": 2, "length": "reshuffle", "elimination": False, "window_minutes": 0,
                    "quick": False, "edition": "core"},
        "seats": [P1, P2],
        "battle": {"attacker": 1, "defender": 2, "card": "wasp", "col": 1, "target": "crab", "target_col": 1,
                   "bonuses": [], "stage": "paying", "owed": 3, "loser": 2, "report": {"attack": 4}},
        "decision": None, "stall": 2, "result": None, "cut": [], "choosing": [],
    }


def test_once_the_decks_are_cut_no_deck_choosing_is_shown() -> None:
    dice = SeededDice(1)
    state = api.new_state({}, 2, dice)
    state, _ = api.play(state, 0, "deck a", dice)
    state, _ = api.play(state, 1, "deck b", dice)
    assert state.phase == "place" and state.decks == ["A", "B"]
    assert view(state, 0)["choosing"] == []


def test_a_bot_reads_another_seats_queue_as_empty_and_keeps_its_own() -> None:
    state = _table()
    state.seat(2).queue = ["place crab 1"]
    masked = bot_state(state, 0)
    assert (masked.seat(1).queue, masked.seat(2).queue) == (["place ant 2"], [])

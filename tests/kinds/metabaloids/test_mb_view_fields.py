"""A view's every field of a seat and of a battle (view.py), a card's face, and the decks a bot may not
know before the cut (view.bot_state)."""

from __future__ import annotations

from games.kinds.metabaloids.state import Battle, GameState, Options
from games.kinds.metabaloids.view import HIDDEN, bot_state, card_face, view

from .helpers import position, seat_dict


def _table() -> GameState:
    state = position(seat_dict(1, grid=[["wasp"], ["ant"]], filler=3, attacks_made=1, attacked=[2]),
                     seat_dict(2, "B", grid=[["crab"]], filler=3), step="attack", turn=4)
    state.round = 2
    state.seat(1).event = "p1-surge-1"
    state.seat(2).bonus = "p2-frog-1"
    state.battle = Battle(attacker=1, defender=2, card="p1-wasp-1", col=1, target="p2-crab-1", target_col=1,
                          stage="paying", loser=2, owed=3)
    return state


def test_the_view_gives_the_turn_round_and_every_seat_counter() -> None:
    seen = view(_table(), None)
    assert (seen["turn"], seen["round"]) == (4, 2)
    p1, p2 = seen["seats"]
    assert (p1["width"], p1["event"], p1["bonus"], p1["attacks_made"], p1["attacked"]) == (
        2, "surge", None, 1, [2])
    assert (p2["width"], p2["event"], p2["bonus"], p2["attacked"]) == (1, None, "frog", [])


def test_the_view_gives_the_battle_columns_and_target() -> None:
    battle = view(_table(), None)["battle"]
    assert {key: battle[key] for key in ("attacker", "defender", "card", "col", "target", "target_col")} == {
        "attacker": 1, "defender": 2, "card": "wasp", "col": 1, "target": "crab", "target_col": 1}


def test_a_card_face_is_its_printed_figures() -> None:
    assert card_face("p1-wasp-2") == {"code": "wasp", "name": "Wasp Drone", "cost": 3, "attack": 4,
                                      "defense": 1}


def test_before_the_cut_a_bot_knows_its_own_deck_choice_alone() -> None:
    state = GameState(options=Options(players=3), seats=[], order=[], phase="decks", decks=["A", "", "B"],
                      lists=[{"ant": 45}, {}, {"mite": 45}])
    masked = bot_state(state, 0)
    assert masked.decks == ["A", "", HIDDEN]
    assert masked.lists == [{"ant": 45}, {}, {}]

"""The specification's acceptance scenarios 5-10: the cut and the initial deployment, deploying, paid
moves, restock payments, and two battles the defender loses (rules.md beside the rules names each
ruling)."""

from __future__ import annotations

from typing import Any

import pytest

from games.kinds.metabaloids import commands, setup
from games.kinds.metabaloids.cards import DECKS
from games.kinds.metabaloids.state import ATTACK, MAIN, PLACE, TURN, GameState, Options
from games.kinds.protocol import Refused

from .helpers import Script, codes, cut_pick, deal_picks, grid_codes, play, position, seat_dict, types

# --- helpers ------------------------------------------------------------------------------------------


def _refused(state: GameState, label: int, line: str, match: str) -> None:
    """The line is refused with the reason and changes nothing."""
    before = state.to_dict()
    with pytest.raises(Refused, match=match):
        play(state, label, line)
    assert state.to_dict() == before


def _lobby_refused(state: GameState, lobby: int, line: str, match: str) -> None:
    before = state.to_dict()
    with pytest.raises(Refused, match=match):
        commands.play(state, lobby, line, Script([]))
    assert state.to_dict() == before


def _lobby(state: GameState, lobby: int, line: str) -> tuple[GameState, list[dict[str, Any]]]:
    return commands.play(state, lobby, line, Script([]))


# --- 5. Cut, labels, initial deployment ----------------------------------------------------------------

ANA, BEN, CY = 0, 1, 2  # lobby seats
BEN_HAND = ["queen", "ant", "mite", "wasp", "spider", "beetle", "surge"]
CY_HAND = ["centipede", "wasp", "mite", "ant", "spider", "beetle", "surge"]
ANA_HAND = ["wasp", "mite", "ant", "spider", "beetle", "cutter", "surge"]


def _new_game() -> tuple[GameState, list[dict[str, Any]]]:
    picks = [cut_pick("wasp"), cut_pick("scorpion"), cut_pick("mite"), cut_pick("spider"), cut_pick("queen"),
             *deal_picks(BEN_HAND), *deal_picks(CY_HAND), *deal_picks(ANA_HAND)]
    return setup.new_state(Options(players=3), [DECKS["A"]] * 3, ["A"] * 3, Script(picks))


def test_the_cut_recuts_only_the_tied_seats_and_labels_follow_the_winner() -> None:
    state, events = _new_game()
    cuts = [(e["lobby"], e["card"]) for e in events if e["type"] == "cut"]
    assert cuts == [(ANA, "wasp"), (BEN, "scorpion"), (CY, "mite"), (ANA, "spider"), (BEN, "queen")]
    assert [state.lobby_seat(label) for label in (1, 2, 3)] == [BEN, CY, ANA]
    assert state.phase == PLACE and state.active == 1
    assert sorted(codes(state.seat(1).hand)) == sorted(BEN_HAND)
    assert all(len(state.seat(label).draw) == 38 for label in (1, 2, 3))


def test_initial_deployment_in_turn_order_with_its_refusals() -> None:
    state, _ = _new_game()
    state, _ = _lobby(state, BEN, "place queen 1")
    state, _ = _lobby(state, CY, "place centipede 1")
    state, _ = _lobby(state, ANA, "place wasp 2")
    assert state.active == 1
    _lobby_refused(state, BEN, "place wasp 2", "costs 3, and you have 2 of your 7 points left")
    _lobby_refused(state, BEN, "place surge 2", "events are not placed")
    _lobby_refused(state, BEN, "use 1:1 brood", "no abilities before the first turn")
    _lobby_refused(state, BEN, "place ant 1", "column 1 would hold 2 with 1 column in use")
    state, _ = _lobby(state, BEN, "place ant 2")
    state, events = _lobby(state, CY, "place wasp 2")
    assert {"type": "placing_done", "seat": 2, "points": 7} in events
    assert state.seat(2).placing_done and not state.seat(3).placing_done
    state, _ = _lobby(state, ANA, "done")
    assert state.phase == PLACE and state.active == 1
    state, events = _lobby(state, BEN, "place mite 3")
    assert {"type": "placing_done", "seat": 1, "points": 7} in events
    assert grid_codes(state, 1) == [["queen"], ["ant"], ["mite"]]
    assert grid_codes(state, 2) == [["centipede"], ["wasp"], []]
    assert grid_codes(state, 3) == [[], ["wasp"], []]
    # every seat is done: p1 (Ben) begins turn 1, holding 4, and draws 3
    assert state.phase == TURN and state.active == 1 and state.turn == 1 and state.step == MAIN
    assert [(e["seat"], e["n"]) for e in events if e["type"] == "drew"] == [(1, 3)]
    assert len(state.seat(1).hand) == 7 and len(state.seat(1).draw) == 35


# --- 6. Deploy: reserve first, grid width, full grid ------------------------------------------------------

def test_deploy_reserve_first_within_the_grid_width_then_moves_are_over() -> None:
    state = position(
        seat_dict(1, grid=[["spider"]], reserve=["wasp", "beetle"], hand=["mite", "ant"], filler=5, drew=2),
        seat_dict(2, grid=[["mite"]], filler=5), step="main")
    _refused(state, 1, "attack 1:1 p2 1:1", "deploy your reserve first")
    _refused(state, 1, "deploy wasp 1", "column 1 would hold 2 with 1 column in use")
    state, _ = play(state, 1, "deploy wasp 3", "deploy beetle 1")
    _refused(state, 1, "move 1:2 2", "moves are over")
    assert grid_codes(state, 1) == [["spider", "beetle"], [], ["wasp"]]
    assert state.seat(1).reserve == [] and state.step == ATTACK


def test_a_full_grid_loses_the_rest_of_the_reserve() -> None:
    state = position(
        seat_dict(1, grid=[["mite", "ant", "spider"], ["beetle", "cutter", "scorpion"], ["canopy", "mound"]],
                  reserve=["wasp", "ant", "mite"], hand=["spider"], filler=5, drew=1),
        seat_dict(2, grid=[["mite"]], filler=5), step="main")
    state, events = play(state, 1, "deploy wasp 3")
    p1 = state.seat(1)
    assert len(p1.in_play()) == 9 and grid_codes(state, 1)[2] == ["canopy", "mound", "wasp"]
    assert p1.reserve == [] and codes(p1.lost) == ["ant", "mite"]
    lost = [e for e in events if e["type"] == "lost"]
    assert [(e["from"], codes([e["card"]])[0]) for e in lost] == [("reserve", "ant"), ("reserve", "mite")]
    assert state.step == ATTACK


# --- 7. Moves cost a card each, excess is lost, grid checked ------------------------------------------------

def _moving() -> GameState:
    return position(
        seat_dict(1, grid=[["spider", "beetle"], ["wasp", "cutter"]], hand=["mite", "queen"], filler=5,
                  drew=1),
        seat_dict(2, grid=[["mite"]], filler=5), step="main")


def test_moves_are_paid_one_card_each_and_checked_for_the_grid() -> None:
    state = _moving()
    _refused(state, 1, "move 1:2 2 paying mite", "column 2 would hold 3 with 2 columns in use")
    state, events = play(state, 1, "move 1:2 3 paying queen")
    assert grid_codes(state, 1) == [["spider"], ["wasp", "cutter"], ["beetle"]]
    assert codes(state.seat(1).discard) == ["queen"]
    assert [e["lost_points"] for e in events if e["type"] == "move_paid"] == [4]
    _refused(state, 1, "discard mite", "the discard comes right after drawing")
    state, events = play(state, 1, "move 3:1 1")
    assert [codes(e["paid"]) for e in events if e["type"] == "move_paid"] == [["mite"]]
    assert grid_codes(state, 1) == [["spider", "beetle"], ["wasp", "cutter"], []]
    _refused(state, 1, "move 2:2 3", "you cannot pay 1 from your hand")
    assert state.seat(1).hand == [] and codes(state.seat(1).discard) == ["queen", "mite"]


# --- 8. Restock payments -----------------------------------------------------------------------------------

def _restocking() -> GameState:
    return position(
        seat_dict(1, grid=[["spider"]], hand=["queen", "wasp", "wasp", "spider", "ant", "surge"], filler=10,
                  attacks_made=1, attacked=[2]),
        seat_dict(2, grid=[["mite"]], filler=10), step="attack")


def test_restock_payments_must_reach_the_cost_with_no_card_unneeded() -> None:
    state = _restocking()
    _refused(state, 1, "restock surge paying wasp", "events are played with `use`")
    _refused(state, 1, "restock queen paying wasp spider ant", "ant is not needed")
    state, _ = play(state, 1, "restock queen paying wasp spider")
    _refused(state, 1, "restock wasp paying ant", "that pays 1, and this costs 3")
    state, events = play(state, 1, "restock ant paying wasp")
    assert [e["lost_points"] for e in events if e["type"] == "restocked"] == [2]
    _refused(state, 1, "restock ant", "no Sugar Ant in your hand")
    p1 = state.seat(1)
    assert codes(p1.reserve) == ["queen", "ant"] and codes(p1.hand) == ["surge"]
    assert codes(p1.discard) == ["wasp", "spider", "wasp"]
    state, events = play(state, 1, "end")
    assert "no_attack" not in types(events) and state.seat(1).lost == []
    assert state.active == 2


def test_the_restocked_reserve_must_be_deployed_before_the_next_attack() -> None:
    state, _ = play(_restocking(), 1, "restock queen paying wasp spider", "restock ant paying wasp", "end")
    state, _ = play(state, 2, "end")  # p2 attacks nobody and pays its penalty
    assert state.active == 1 and state.step == MAIN
    _refused(state, 1, "attack 1:1 p2 1:1", "deploy your reserve first")
    state, _ = play(state, 1, "deploy queen 2")
    _refused(state, 1, "attack 1:1 p2 1:1", "deploy your reserve first")
    state, events = play(state, 1, "deploy ant 3", "attack 1:1 p2 1:1")
    assert grid_codes(state, 1) == [["spider"], ["queen"], ["ant"]]
    assert "battle_declared" in types(events)


# --- 9. Damage below defense; the attacked column goes safe -------------------------------------------------

def _damage_below_defense() -> GameState:
    return position(
        seat_dict(1, grid=[["wasp", "ant"], ["mite"]], hand=["spider", "cutter"], draw=["mite"], filler=5),
        seat_dict(2, grid=[["beetle", "mite"], ["spider"]], hand=["cutter"], draw=["mite"], filler=5),
        step="main")


def test_damage_below_the_stake_cards_defense_costs_only_that_card() -> None:
    state = _damage_below_defense()
    state, events = play(state, 1, "attack 1:1 p2 1:1 paying spider")
    won = [e for e in events if e["type"] == "battle_won"]
    assert [(e["at"], e["dt"], e["damage"], e["overflow"], e["loser"]) for e in won] == [(7, 5, 2, 0, 2)]
    p1, p2 = state.seat(1), state.seat(2)
    assert codes(p2.lost) == ["beetle"] and "paid" not in types(events)
    assert grid_codes(state, 2) == [["mite"], ["spider"], []]
    assert p2.columns[0].safe and not p2.columns[1].safe
    assert codes(p1.discard) == ["spider", "mite"] and codes(p2.discard) == ["mite"]
    assert codes(p2.hand) == ["cutter"] and p1.lost == []
    assert state.marked == [p1.columns[0].cards[0]] and codes(state.marked) == ["wasp"]
    _refused(state, 1, "attack 1:2 p2 2:1", "p2 has been attacked by you this turn already")
    state, events = play(state, 1, "end")
    assert "no_attack" not in types(events) and state.seat(1).lost == []
    assert state.active == 2


# --- 10. Overflow paid by the default algorithm ------------------------------------------------------------

def test_overflow_is_paid_by_the_default_algorithm() -> None:
    state = position(
        seat_dict(1, grid=[["centipede", "wasp"]], hand=["ant"], draw=["spider"], filler=5),
        seat_dict(2, grid=[["scorpion"], ["spider", "mite"]], hand=["beetle", "scorpion", "ant"],
                  discard=["ant"], draw=["mite"], filler=9),
        step="main")
    state, events = play(state, 1, "attack 1:1 p2 2:1")
    won = [e for e in events if e["type"] == "battle_won"]
    assert [(e["at"], e["dt"], e["damage"], e["overflow"]) for e in won] == [(11, 4, 7, 5)]
    paid = [(codes([e["card"]])[0], e["from"], e["points"]) for e in events if e["type"] == "paid"]
    assert paid == [("beetle", "hand", 3), ("scorpion", "hand", 3)]
    p2 = state.seat(2)
    assert codes(p2.lost) == ["spider", "beetle", "scorpion"]
    assert codes(p2.hand) == ["ant"] and len(p2.draw) == 9
    assert codes(p2.discard) == ["ant", "mite"]  # the ant was never dug; the bonus mite lands after
    assert grid_codes(state, 2) == [["scorpion"], ["mite"], []]
    assert p2.columns[1].safe and not p2.columns[0].safe
    assert codes(state.seat(1).discard) == ["ant", "spider"]


def _overflow_of_two(p2: dict[str, object]) -> list[tuple[str, str]]:
    """p1's Scarlet Centipede (5, bonus mite +1) beats p2's Glucose Mite (defense 1, column 2; p2's pile is
    empty in a short game, so no bonus card) by 5: the mite absorbs 1 and p2 pays 4. The cards p2 paid."""
    state = position(seat_dict(1, grid=[["centipede"]], hand=["ant"], draw=["mite"], filler=5), p2,
                     step="main", length="short")
    state, events = play(state, 1, "attack 1:1 p2 2:1")
    won = next(e for e in events if e["type"] == "battle_won")
    assert (won["at"], won["dt"], won["overflow"]) == (6, 1, 4)
    return [(codes([e["card"]])[0], e["from"]) for e in events if e["type"] == "paid"]


def test_a_kept_hand_card_pays_damage_only_after_the_play_area() -> None:
    # rules.md, "Paying damage": cards on the keep list are used only when nothing else can pay, and the
    # play area is something else (the last source, but a source).
    paid = _overflow_of_two(seat_dict(2, grid=[["scorpion"], ["mite"]], hand=["beetle"],
                                      orders=["order keep beetle"]))
    assert paid == [("scorpion", "play"), ("beetle", "hand")]


def test_the_discard_pile_is_dug_before_the_play_area_pays() -> None:
    # Under a zero-defense top card (Adrenal Surge) lies a Thread Spider: the listed discard source can
    # still pay, so it is dug before any card in play is lost.
    paid = _overflow_of_two(seat_dict(2, grid=[["scorpion"], ["mite"]], discard=["spider", "surge"]))
    assert paid == [("surge", "discard"), ("spider", "discard"), ("scorpion", "play")]


# --- the listed commands agree with the refusals above ------------------------------------------------------

def _listed(state: GameState, label: int) -> list[str]:
    """The seat's legal commands, each checked to be accepted (the platform's invariant)."""
    listed = commands.legal_commands(state, state.lobby_seat(label))
    for line in listed:
        play(state, label, line)
    return listed


def test_deploying_lists_no_attack_and_only_columns_the_width_allows() -> None:
    state = position(
        seat_dict(1, grid=[["spider"]], reserve=["wasp", "beetle"], hand=["mite", "ant"], filler=5, drew=2),
        seat_dict(2, grid=[["mite"]], filler=5), step="main")
    listed = _listed(state, 1)
    assert not [x for x in listed if x.startswith(("attack", "end", "restock"))]
    assert "deploy wasp 1" not in listed and {"deploy wasp 2", "deploy wasp 3"} <= set(listed)
    state, _ = play(state, 1, "deploy wasp 3", "deploy beetle 1")
    listed = _listed(state, 1)
    assert not [x for x in listed if x.startswith(("move", "deploy", "discard"))]
    assert "attack 1:1 p2 1:1" in listed


def test_after_a_move_the_discard_is_no_longer_listed() -> None:
    state = _moving()
    listed = _listed(state, 1)
    assert "discard mite" in listed and "move 1:2 2" not in listed and "move 1:2 3" in listed
    state, _ = play(state, 1, "move 1:2 3 paying queen", "move 3:1 1")
    listed = _listed(state, 1)
    assert not [x for x in listed if x.startswith(("move", "discard"))]


def test_restocking_lists_only_what_the_hand_can_pay_for() -> None:
    state, _ = play(_restocking(), 1, "restock queen paying wasp spider")
    listed = _listed(state, 1)
    assert "restock ant" in listed
    assert "restock wasp" not in listed and "restock surge" not in listed


def test_after_the_battle_p2_is_not_offered_again() -> None:
    state = _damage_below_defense()
    state, _ = play(state, 1, "attack 1:1 p2 1:1 paying spider")
    listed = _listed(state, 1)
    assert not [x for x in listed if x.startswith("attack")] and "end" in listed


def test_placement_lists_only_cards_within_the_points_and_the_width() -> None:
    state, _ = _new_game()
    for lobby, line in ((BEN, "place queen 1"), (CY, "place centipede 1"), (ANA, "place wasp 2")):
        state, _ = _lobby(state, lobby, line)
    listed = _listed(state, 1)
    assert not [x for x in listed if x.startswith(("place wasp", "place surge", "place ant 1"))]
    assert {"place ant 2", "place mite 3", "done"} <= set(listed)
    assert commands.legal_commands(state, CY) == []

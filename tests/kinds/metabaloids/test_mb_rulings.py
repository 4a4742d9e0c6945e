"""Every ruling of rules.md's "The site's rulings", one test (or two) each, named for the ruling's subject:
what the site decides where the printed rules are silent or unclear, asserted as a refusal (its reason,
the state unchanged) or as the outcome the ruling gives."""

from __future__ import annotations

import json
from collections.abc import Sequence
from itertools import product
from pathlib import Path
from typing import Any

import pytest

from games.kinds.metabaloids import api, cards, commands, ending, grid, setup
from games.kinds.metabaloids.cards import DECK_NAMES, DECKS, deck_points, deck_problems
from games.kinds.metabaloids.state import Column, GameState, Options
from games.kinds.metabaloids.view import view
from games.kinds.protocol import BadOptions, Refused

from . import test_mb_skipped_orders as skipped
from . import test_mb_window as window
from .helpers import (
    FirstPick,
    Script,
    codes,
    cut_pick,
    deal_picks,
    grid_codes,
    play,
    position,
    seat_dict,
    types,
)

Events = list[dict[str, Any]]


def refused(state: GameState, label: int, line: str, match: str) -> None:
    """The line is refused with a reason matching `match`, and the state is left as it was."""
    before = state.to_dict()
    with pytest.raises(Refused, match=match):
        play(state, label, line)
    assert state.to_dict() == before


def begin(state: GameState, label: int) -> tuple[GameState, Events]:
    """Start `label`'s turn the way the game does: the seat before it ends its turn after an attack."""
    before = state.copy()
    before.active = label - 1 if label > 1 else len(before.seats)
    before.step = "restock"
    before.seat(before.active).attacks_made = 1
    return play(before, before.active, "end")


def of(events: Events, kind: str) -> Events:
    return [e for e in events if e["type"] == kind]


def won(events: Events) -> dict[str, Any]:
    found = of(events, "battle_won")
    assert len(found) == 1
    return found[0]


def paid(events: Events) -> list[tuple[str, str, int]]:
    return [(codes([e["card"]])[0], e["from"], e["points"]) for e in of(events, "paid")]


def restocking(hand: Sequence[str], **counters: Any) -> GameState:
    """p1 in its attack step with one attack made (no penalty pending), holding `hand`."""
    return position(
        seat_dict(1, grid=[["spider"]], hand=hand, filler=5, attacks_made=1, attacked=[2], **counters),
        seat_dict(2, grid=[["mite"]], filler=5), step="attack")


def main_step(grid_: Sequence[Sequence[str]], hand: Sequence[str], **more: Any) -> GameState:
    """p1 in MAIN right after drawing 1 card (the voluntary discard still open)."""
    return position(seat_dict(1, grid=grid_, hand=hand, filler=5, drew=1, **more),
                    seat_dict(2, grid=[["mite"]], filler=5, hand=["ant"] * 7), step="main")


# --- the worth of a Metabaloid; paying one Metabaloid; one payment for several things -----------------------

def test_the_worth_of_a_metabaloid_is_its_printed_cost() -> None:
    state, events = play(restocking(["wasp", "scorpion"]), 1, "restock wasp paying scorpion")
    assert codes(state.seat(1).reserve) == ["wasp"] and codes(state.seat(1).discard) == ["scorpion"]
    assert [e["lost_points"] for e in of(events, "restocked")] == [0]
    refused(restocking(["wasp", "mite", "ant"]), 1, "restock wasp paying mite ant",
            "that pays 2, and this costs 3")


def test_paying_one_metabaloid_takes_any_card_costing_one_or_more_and_the_rest_is_lost() -> None:
    state, events = play(main_step([["spider"], ["beetle"]], ["queen"]), 1, "move 1:1 3 paying queen")
    assert [(codes(e["paid"]), e["lost_points"]) for e in of(events, "move_paid")] == [(["queen"], 4)]
    assert grid_codes(state, 1) == [[], ["beetle"], ["spider"]]


def test_a_card_never_pays_for_itself_but_another_copy_may() -> None:
    refused(restocking(["wasp"]), 1, "restock wasp paying wasp", "a card cannot pay for itself")
    state, _ = play(restocking(["wasp", "wasp"]), 1, "restock wasp paying wasp")
    assert codes(state.seat(1).reserve) == ["wasp"] and codes(state.seat(1).discard) == ["wasp"]
    assert state.seat(1).hand == []


def test_one_payment_never_covers_several_things() -> None:
    state, _ = play(main_step([["spider"], ["beetle"]], ["scorpion"]), 1, "move 1:1 3 paying scorpion")
    # The scorpion was worth 3 for a cost of 1: the 2 points left over are lost, not saved for the next move.
    refused(state, 1, "move 2:1 1", "you cannot pay 1 from your hand")


def test_cards_a_payment_does_not_need_are_refused() -> None:
    refused(restocking(["spider", "mite", "mite", "ant"]), 1, "restock spider paying mite mite ant",
            "is not needed")
    refused(restocking(["spider", "queen", "mite"]), 1, "restock spider paying queen mite",
            "mite is not needed")
    state, _ = play(restocking(["spider", "mite", "mite", "ant"]), 1, "restock spider paying mite mite")
    assert codes(state.seat(1).hand) == ["ant"] and codes(state.seat(1).discard) == ["mite", "mite"]


@pytest.fixture
def with_a_larva(monkeypatch: pytest.MonkeyPatch) -> None:
    """The card set with one more card costing 0 (no starter card costs 0): a Glucose Larva."""
    files = cards.data_files()
    data = json.loads(files["cards.json"])
    mite = next(row for row in data["cards"] if row["code"] == "mite")
    data["cards"].append({**mite, "code": "larva", "name": "Glucose Larva", "cost": 0, "collector": "S C 99"})
    found = cards.load({**files, "cards.json": json.dumps(data)})
    monkeypatch.setattr(cards, "_SET", found)
    monkeypatch.setattr(cards, "CARDS", found.cards)


@pytest.mark.usefixtures("with_a_larva")
def test_cards_costing_zero_restock_for_nothing_and_pay_nothing() -> None:
    state, events = play(restocking(["larva"]), 1, "restock larva")
    assert codes(state.seat(1).reserve) == ["larva"] and state.seat(1).discard == []
    assert [e["paid"] for e in of(events, "restocked")] == [[]]
    refused(restocking(["larva", "mite"]), 1, "restock larva paying mite", "this costs nothing")
    moving = main_step([["spider"], ["beetle"]], ["larva"])
    refused(moving, 1, "move 1:1 3 paying larva", "that pays 0, and this costs 1")
    refused(moving, 1, "move 1:1 3", "you cannot pay 1 from your hand")


# --- the grid -----------------------------------------------------------------------------------------------

def test_no_column_may_be_deeper_than_the_number_of_columns_in_use() -> None:
    state = main_step([["spider"]], ["ant"], reserve=["wasp", "beetle", "mite", "cutter"])
    refused(state, 1, "deploy wasp 1", "column 1 would hold 2 with 1 column in use")
    state, _ = play(state, 1, "deploy wasp 2", "deploy beetle 1")
    refused(state, 1, "deploy mite 1", "column 1 would hold 3 with 2 columns in use")
    state, _ = play(state, 1, "deploy mite 3", "deploy cutter 1")
    assert grid_codes(state, 1) == [["spider", "beetle", "cutter"], ["wasp"], ["mite"]]


def test_each_single_move_must_leave_a_legal_grid() -> None:
    # Two moves could end legal (1:[spider, beetle] then back), but each one is checked on its own.
    refused(main_step([["spider"], ["beetle"]], ["mite", "ant"]), 1, "move 2:1 1",
            "column 1 would hold 2 with 1 column in use")


def test_a_legal_grid_under_nine_cards_always_has_room_for_one_more() -> None:
    for depths in product(range(4), repeat=3):
        columns = [Column([f"p1-mite-{c}{r}" for r in range(d)]) for c, d in enumerate(depths)]
        if grid.legal(columns) and sum(depths) < 9:
            assert grid.open_columns(columns), depths


def test_an_illegal_grid_is_restored_at_once_and_free_by_its_owner() -> None:
    state = position(
        seat_dict(1, grid=[["mite"]], hand=["ant"], draw=["spider"], filler=5),
        seat_dict(2, grid=[["scorpion", "spider", "beetle"], ["wasp", "cutter", "mite"], ["mite"]],
                  hand=["ant", "ant", "ant"], draw=["mite"], filler=5),
        step="attack")
    state, events = play(state, 1, "attack 1:1 p2 3:1")
    assert (won(events)["damage"], won(events)["overflow"]) == (1, 0)
    assert grid_codes(state, 2) == [["scorpion", "spider"], ["wasp", "cutter", "mite"], ["beetle"]]
    assert [e["moves"] for e in of(events, "grid_restored")] == [[[1, 3]]]
    p2 = state.seat(2)
    assert codes(p2.hand) == ["ant", "ant", "ant"] and codes(p2.discard) == ["mite"]  # nothing paid for it
    assert codes(p2.lost) == ["mite"] and state.decision is None and state.battle is None


# --- battles: the attacked card, the attacker losing, damage ------------------------------------------------

def test_the_attacker_chooses_any_card_of_a_column_that_is_not_safe() -> None:
    state = position(
        seat_dict(1, grid=[["wasp"]], hand=["ant", "mite"], draw=["spider"], filler=5),
        seat_dict(2, grid=[["beetle", "mite"], ["canopy", "spider"]], draw=["mite"], filler=5), step="attack")
    state_after, events = play(state, 1, "attack 1:1 p2 1:2")
    assert [codes([e["target"]]) for e in of(events, "battle_declared")] == [["mite"]]
    assert codes([won(events)["stake"]]) == ["mite"] and grid_codes(state_after, 2)[0] == ["beetle"]
    refused(state, 1, "attack 1:1 p2 2:2", "Silk Canopy guards p2's column 2")


def _attacker_loses() -> tuple[GameState, Events]:
    state = position(
        seat_dict(1, grid=[["ant", "mite"], ["wasp"]], hand=["spider"], draw=["mite"], filler=5),
        seat_dict(2, "B", grid=[["crab"]], draw=["skink"], filler=5, hand=["frog"] * 7), step="attack")
    return play(state, 1, "attack 1:1 p2 1:1 paying spider")


def test_the_attacker_losing_a_battle_loses_its_attacking_card_and_pays_the_overflow() -> None:
    state, events = _attacker_loses()
    battle = won(events)
    assert (battle["at"], battle["dt"], battle["loser"], battle["overflow"]) == (4, 6, 1, 2)
    assert codes([battle["stake"]]) == ["ant"]
    assert paid(events) == [("spider", "discard", 2)]
    p1 = state.seat(1)
    assert codes(p1.lost) == ["ant", "spider"] and grid_codes(state, 1) == [["mite"], ["wasp"], []]
    assert not any(c.safe for c in p1.columns) and "safe" not in types(events)
    assert grid_codes(state, 2) == [["crab"], [], []] and not state.seat(2).columns[0].safe


def test_damage_is_the_difference_between_the_two_totals() -> None:
    _, lost_by_attacker = _attacker_loses()
    state = position(
        seat_dict(1, grid=[["wasp", "ant"]], hand=["spider"], draw=["mite"], filler=5),
        seat_dict(2, grid=[["beetle", "mite"]], draw=["mite"], filler=5), step="attack")
    _, lost_by_defender = play(state, 1, "attack 1:1 p2 1:1")
    for events in (lost_by_attacker, lost_by_defender):
        battle = won(events)
        assert battle["damage"] == abs(battle["at"] - battle["dt"]) > 0
    assert (won(lost_by_defender)["at"], won(lost_by_defender)["dt"]) == (7, 5)


def test_damage_equal_to_the_cards_defense_loses_the_card_and_nothing_more() -> None:
    state = position(
        seat_dict(1, grid=[["centipede"]], hand=["mite"], draw=["spider"], filler=5),
        seat_dict(2, grid=[["beetle"], ["mite"]], hand=["scorpion", "wasp"], draw=["mite"], filler=5),
        step="attack")
    state, events = play(state, 1, "attack 1:1 p2 1:1")
    assert (won(events)["damage"], won(events)["overflow"]) == (3, 0)
    p2 = state.seat(2)
    assert codes(p2.lost) == ["beetle"] and "paid" not in types(events)
    assert codes(p2.hand) == ["scorpion", "wasp"] and len(p2.draw) == 5


def test_only_the_stake_cards_own_defense_absorbs_damage_never_column_bonuses() -> None:
    state = position(
        seat_dict(1, grid=[["centipede", "wasp", "scorpion"], ["mite"], ["mite"]], hand=["ant"],
                  draw=["queen"], filler=5),
        seat_dict(2, "B", grid=[["crab", "kelp"], ["shrimp"]], hand=["frog"] * 7, draw=["shrimp"], filler=9),
        step="attack")
    state, events = play(state, 1, "attack 1:1 p2 1:1")
    battle = won(events)
    # DT counts Kelp Bed's defense and its column bonus: 4 + 2 + 2 + 1 (the bonus shrimp).
    assert (battle["at"], battle["dt"], battle["damage"]) == (17, 9, 8)
    assert battle["overflow"] == 8 - 4  # the crab's own 4; the kelp's +2 bonus absorbs nothing


def test_the_bonus_cards_own_text_does_nothing_and_it_cannot_pay_damage() -> None:
    state = position(
        seat_dict(1, grid=[["centipede"]], hand=["ant"], draw=["canopy"]),
        seat_dict(2, grid=[["mite"]], draw=["scorpion"]),
        step="attack", length="short")
    state, events = play(state, 1, "attack 1:1 p2 1:1")
    battle = won(events)
    # Only the costs count: Silk Canopy 2 (its 0/3 and Guard ignored), Dune Scorpion 3 (its 3/3 ignored).
    assert (battle["at"], battle["dt"], battle["damage"], battle["overflow"]) == (7, 4, 3, 2)
    # Nothing else of p2's can pay: its scorpion waits in the battle slot and is not used; the rest is waived.
    assert "paid" not in types(events) and [e["n"] for e in of(events, "waived")] == [2]
    p2 = state.seat(2)
    assert codes(p2.lost) == ["mite"] and codes(p2.discard) == ["scorpion"]


# --- empty piles: bonus cards, cannot draw, the reshuffle, penalties ----------------------------------------

def _bonus_from_an_empty_pile(length: str) -> tuple[GameState, Events]:
    state = position(
        seat_dict(1, grid=[["wasp"]], hand=["ant"], discard=["cutter"]),
        seat_dict(2, grid=[["beetle"]], draw=["mite"], filler=5),
        step="attack", length=length)
    return play(state, 1, "attack 1:1 p2 1:1")


def test_a_bonus_card_from_an_empty_pile_comes_after_a_reshuffle() -> None:
    state, events = _bonus_from_an_empty_pile("reshuffle")
    assert {"type": "reshuffle", "seat": 1, "n": 2} in events
    bonus = [(e["seat"], e["card"]) for e in of(events, "bonus_card")]
    assert [(seat, codes([card])[0]) for seat, card in bonus] == [(1, "cutter"), (2, "mite")]
    assert (won(events)["at"], won(events)["dt"]) == (4 + 2, 3 + 1)


def test_a_bonus_card_from_an_empty_pile_in_a_short_game_adds_nothing_and_is_not_cannot_draw() -> None:
    state, events = _bonus_from_an_empty_pile("short")
    assert [e["card"] for e in of(events, "bonus_card") if e["seat"] == 1] == [None]
    tie = of(events, "battle_tied")
    assert [(e["at"], e["dt"]) for e in tie] == [(4, 4)]
    assert "cannot_draw" not in types(events) and state.phase == "turn" and state.active == 1


def test_a_player_cannot_draw_only_in_their_draw_step_needing_a_card_none_can_give() -> None:
    short_pile = position(
        seat_dict(1, grid=[["wasp"]], hand=["ant"] * 5, draw=["mite"]),
        seat_dict(2, grid=[["mite"]], hand=["ant"] * 7, filler=5), step="end", active=2, length="short")
    state, events = begin(short_pile, 1)  # needs 2, finds 1: cannot draw in the middle of the draw
    assert [e["n"] for e in of(events, "drew")] == [1] and "cannot_draw" in types(events)
    assert state.phase == "over" and state.result is not None and state.result["places"] == [[2], [1]]
    full_hand = position(
        seat_dict(1, grid=[["wasp"]], hand=["ant"] * 7),
        seat_dict(2, grid=[["mite"]], hand=["ant"] * 7, filler=5), step="end", active=2, length="short")
    state, events = begin(full_hand, 1)
    assert "cannot_draw" not in types(events) and state.phase == "turn" and state.step == "main"
    # An empty pile met by a penalty is not "cannot draw" either.
    state, events = play(state, 1, "end")
    assert "cannot_draw" not in types(events) and state.phase == "turn" and state.active == 2


def test_the_reshuffle_happens_when_a_card_must_be_taken_from_an_empty_pile() -> None:
    drawing = position(
        seat_dict(1, grid=[["wasp"]], hand=["ant"] * 5, draw=["spider", "beetle"], discard=["mite"]),
        seat_dict(2, grid=[["mite"]], hand=["ant"] * 7, filler=5), step="end", active=2)
    state, events = begin(drawing, 1)
    # The pile ran out on the last card drawn: no reshuffle until a card is needed again.
    assert "reshuffle" not in types(events) and state.seat(1).draw == []
    assert codes(state.seat(1).discard) == ["mite"]
    state, events = play(state, 1, "discard ant", "end")  # the no-attack penalty needs a card
    assert {"type": "reshuffle", "seat": 1, "n": 2} in events
    assert len(state.seat(1).lost) == 1 and len(state.seat(1).draw) == 1 and state.seat(1).discard == []


def test_a_penalty_with_no_card_to_take_is_waived_for_the_missing_part() -> None:
    state = position(
        seat_dict(1, grid=[], hand=["ant"], draw=["wasp"]),
        seat_dict(2, grid=[["mite"]], hand=["ant"] * 7, filler=5), step="attack", length="short")
    state, events = play(state, 1, "end")  # 2 for attacking nobody with no card able to, 2 for the table
    assert codes(state.seat(1).lost) == ["wasp"]
    assert [(e["n"], e["why"]) for e in of(events, "waived")] == [(1, "no attack"), (2, "empty table")]
    assert state.phase == "turn" and state.active == 2


# --- abilities, the chain, stops ----------------------------------------------------------------------------

def test_an_up_to_effect_is_complete_with_one_card_and_is_no_unfinished_action() -> None:
    state = position(
        seat_dict(1, "B", grid=[["crab"]], hand=["regen", "frog", "shrimp"], lost=["toad"], filler=5, drew=1),
        seat_dict(2, grid=[["mite"]], filler=5), step="main")
    state, events = play(state, 1, "use regen")
    assert [codes(e["cards"]) for e in of(events, "recovered")] == [["toad"]]
    assert "unfinished" not in types(events) and state.seat(1).lost == []
    assert codes(state.seat(1).discard) == ["frog", "shrimp", "toad", "regen"]


def test_a_stopped_move_is_no_unfinished_action() -> None:
    state = position(
        seat_dict(1, grid=[["spider"], ["beetle"]], hand=["mite"], filler=5, drew=1),
        seat_dict(2, grid=[["mite"]], hand=["spores", "wasp"], filler=5,
                  orders=["order use spores on move by p1"]),
        step="main")
    state, events = play(state, 1, "move 1:1 3 paying mite")
    assert "move_stopped" in types(events) and grid_codes(state, 1) == [["spider"], ["beetle"], []]
    assert codes(state.seat(1).discard) == ["mite"]  # the payment is spent
    assert "unfinished" not in types(events) and state.seat(1).lost == [] and state.seat(2).lost == []


def test_responding_while_your_ability_waits_is_not_allowed_and_the_stopped_ability_is_unfinished() -> None:
    state = position(
        seat_dict(1, grid=[["queen"]], hand=["scorpion", "spores", "spider"], draw=["wasp"], filler=5, drew=1,
                  orders=["order use spores on ability spores"]),
        seat_dict(2, grid=[["mite"]], hand=["spores", "wasp"], filler=5,
                  orders=["order use spores on ability"]),
        step="main")
    state, events = play(state, 1, "use 1:1 brood paying scorpion")
    # p1's brood is pending, so p1 may not answer p2's Torpor Spores: its ability is stopped, and
    # it loses a card of its draw pile for the unfinished action.
    activations = [(e["seat"], codes([e["card"]])[0]) for e in of(events, "activate")]
    assert activations == [(1, "queen"), (2, "spores")]
    assert [e["seat"] for e in of(events, "unfinished")] == [1] and "drew" not in types(events)
    assert codes(state.seat(1).lost) == ["wasp"] and sorted(codes(state.seat(1).hand)) == ["spider", "spores"]


def test_once_per_card_per_player_turn_and_a_moved_card_keeps_its_use() -> None:
    state = position(
        seat_dict(1, grid=[["queen"], ["spider"], ["mite"]], hand=["scorpion", "wasp", "beetle", "ant"],
                  draw=["cutter"], filler=9, drew=1),
        seat_dict(2, grid=[["mite"]], hand=["ant"] * 7, filler=9), step="main")
    state, _ = play(state, 1, "use 1:1 brood paying scorpion", "move 1:1 2 paying ant")
    assert grid_codes(state, 1) == [[], ["spider", "queen"], ["mite"]]
    refused(state, 1, "use queen brood paying wasp", "Hive Queen's ability is used this turn")
    # At the next turn's start the count is reset.
    state, _ = play(state, 1, "end")
    state, _ = play(state, 2, "end")
    assert state.active == 1 and state.step == "main"
    state, events = play(state, 1, "use queen brood paying wasp")
    assert [e["n"] for e in of(events, "drew") if e["why"] == "brood"] == [1]


def test_simultaneous_activations_run_from_the_player_after_the_active_one_the_active_player_last() -> None:
    state = position(
        seat_dict(1, grid=[["wasp"]], hand=["mite", "surge", "spider"], draw=["mite"], filler=5,
                  orders=["order use surge on attacking"]),
        seat_dict(2, "B", grid=[["turtle"]], hand=["frog", "frog"], draw=["shrimp"], filler=5),
        step="attack")
    state, events = play(state, 1, "attack 1:1 p2 1:1 paying mite")
    activations = [(e["seat"], codes([e["card"]])[0]) for e in of(events, "activate")]
    assert activations == [(2, "turtle"), (1, "surge")]


def test_responding_to_a_stop_aimed_at_your_attack_is_allowed() -> None:
    state = position(
        seat_dict(1, grid=[["wasp"]], hand=["mite", "spores", "spider"], draw=["mite"], filler=5,
                  orders=["order use spores on ability spores"]),
        seat_dict(2, grid=[["beetle"]], hand=["spores", "cutter"], draw=["mite", "mite"], filler=5,
                  orders=["order use spores on attack against me"]),
        step="attack")
    state, events = play(state, 1, "attack 1:1 p2 1:1 paying mite")
    assert [(e["seat"], e["aim"]) for e in of(events, "activate")] == [(2, "attack"), (1, "ability")]
    assert "battle_stopped" not in types(events) and "battle_won" in types(events)
    assert [e["seat"] for e in of(events, "unfinished")] == [2]
    # A stopped event goes to the discard pile too (the bonus card lands on it).
    assert codes(state.seat(2).discard) == ["cutter", "spores", "mite"]


def test_a_stopped_attack_counts_as_made_and_its_metabaloid_is_spent() -> None:
    state = position(
        seat_dict(1, grid=[["wasp"]], hand=["mite"], draw=["mite"], filler=5),
        seat_dict(2, "B", grid=[["crab"]], hand=["ink", "frog", "shrimp"], filler=5,
                  orders=["order use ink on defend"]),
        step="attack")
    state, events = play(state, 1, "attack 1:1 p2 1:1")
    assert "battle_stopped" in types(events) and "bonus_card" not in types(events)
    p1 = state.seat(1)
    assert codes(p1.discard) == ["mite"] and p1.attacks_made == 1 and p1.attacked == [2]
    refused(state, 1, "attack 1:1 p2 1:1", "attacked")
    state, ended = play(state, 1, "end")
    assert "no_attack" not in types(ended) and state.seat(1).lost == []


def test_during_attacks_lasts_only_until_the_bonus_cards_are_drawn() -> None:
    state = position(
        seat_dict(1, grid=[["wasp", "weaver"]], hand=["mite", "surge", "spider", "ant"], draw=["mite"],
                  filler=5),
        seat_dict(2, grid=[["beetle"]], draw=["mite"], filler=5, hand=["ant"] * 7), step="attack")
    refused(state, 1, "use 1:2 boost", "used only during attacks")
    state, events = play(state, 1, "attack 1:1 p2 1:1 paying mite")
    assert state.battle is None and "battle_won" in types(events)
    refused(state, 1, "use surge", "used only during attacks")
    refused(state, 1, "use 1:2 boost", "used only during attacks")


def test_events_are_played_from_hand_paid_by_other_cards_and_then_discarded() -> None:
    state = main_step([["queen"], ["spider"]], ["molt", "mite"], safe=[1])
    refused(state, 1, "use molt 1 paying molt", "a card cannot pay for itself")
    refused(state, 1, "restock molt", "events are played with `use`")
    state, events = play(state, 1, "use molt 1 paying mite")
    p1 = state.seat(1)
    assert codes(p1.discard) == ["mite", "molt"] and p1.event is None and p1.hand == []
    assert not p1.columns[0].safe and "unsafe" in types(events)


def test_terrain_enters_play_like_a_creature_and_cannot_initiate_attacks() -> None:
    state = position(
        seat_dict(1, grid=[["canopy"], ["wasp"]], hand=["mound", "scorpion", "ant"], draw=["mite"], filler=5),
        seat_dict(2, grid=[["mound"], ["mite"]], draw=["mite"], filler=5, hand=["ant"] * 7), step="attack")
    refused(state, 1, "attack 1:1 p2 1:1", "Silk Canopy cannot initiate attacks")
    state, events = play(state, 1, "attack 2:1 p2 1:1 paying ant")
    assert codes([won(events)["stake"]]) == ["mound"]  # terrain is attacked and lost like a creature
    state, _ = play(state, 1, "restock mound paying scorpion")
    assert codes(state.seat(1).reserve) == ["mound"]


# --- what everyone sees -------------------------------------------------------------------------------------

def _table() -> GameState:
    return position(
        seat_dict(1, grid=[["wasp"]], hand=["ant", "cutter"], draw=["queen"], reserve=["beetle", "scorpion"],
                  discard=["mite", "spider", "surge"], lost=["centipede", "ant"]),
        seat_dict(2, grid=[["mite"]], hand=["ant"] * 7, filler=5))


def test_the_reserve_is_face_up_and_seen_by_all() -> None:
    for reader in (1, None):  # p2 (lobby seat 1) and a spectator
        assert view(_table(), reader)["seats"][0]["reserve"] == ["beetle", "scorpion"]


def test_the_discard_and_lost_piles_are_seen_in_full_and_in_order_by_everyone() -> None:
    for reader in (1, None):
        seen = view(_table(), reader)["seats"][0]
        assert seen["discard"] == ["mite", "spider", "surge"] and seen["lost"] == ["centipede", "ant"]


def test_the_cards_left_in_a_draw_pile_are_never_shown_not_even_to_the_owner() -> None:
    mine = view(_table(), 0)
    assert mine["seats"][0]["hand"] == ["ant", "cutter"] and mine["seats"][0]["draw_count"] == 1
    assert "queen" not in json.dumps(mine)  # the one card of p1's draw pile


def test_a_draw_is_stopped_only_before_its_first_card() -> None:
    state = position(
        seat_dict(1, grid=[["wasp"]], hand=["ant"] * 4, filler=5),
        seat_dict(2, grid=[["mite"]], hand=["spores", "wasp"], filler=5, orders=["order use spores on draw"]),
        step="end", active=2)
    state, events = begin(state, 1)
    assert types(events).index("activate") < types(events).index("draw_stopped")
    assert "drew" not in types(events)  # not a single card was drawn before the stop
    assert len(state.seat(1).hand) == 4 and len(state.seat(1).draw) == 5 and state.seat(1).drew == 0


# --- safety, penalties --------------------------------------------------------------------------------------

def test_moving_cards_in_or_out_does_not_end_safety_but_the_column_emptying_does() -> None:
    state = main_step([["queen", "spider"], ["beetle"]], ["mite", "ant", "cutter"], safe=[1])
    state, _ = play(state, 1, "move 1:2 3 paying mite")
    p1 = state.seat(1)
    assert grid_codes(state, 1) == [["queen"], ["beetle"], ["spider"]]
    assert p1.columns[0].safe and not p1.columns[2].safe  # the spider stands up in its new column
    state, _ = play(state, 1, "move 2:1 1 paying ant")
    assert grid_codes(state, 1) == [["queen", "beetle"], [], ["spider"]] and state.seat(1).columns[0].safe
    state, _ = play(state, 1, "move 1:1 2 paying cutter")
    assert grid_codes(state, 1) == [["beetle"], ["queen"], ["spider"]]
    assert [c.safe for c in state.seat(1).columns] == [True, False, False]


def test_a_column_that_empties_is_no_longer_safe() -> None:
    state = main_step([["queen"], ["spider"], ["beetle"]], ["mite"], safe=[1])
    state, _ = play(state, 1, "move 1:1 2 paying mite")
    assert grid_codes(state, 1) == [[], ["spider", "queen"], ["beetle"]]
    assert not any(c.safe for c in state.seat(1).columns)


def test_the_attack_penalty_is_one_card_when_a_card_could_attack_even_with_no_target_or_payment() -> None:
    state = position(
        seat_dict(1, grid=[["wasp"]], hand=[], draw=["cutter"], filler=5),
        seat_dict(2, grid=[["mite"]], safe=[1], hand=["ant"] * 7, filler=5), step="attack")
    assert not [x for x in commands.legal_commands(state, 0) if x.startswith("attack")]
    state, events = play(state, 1, "end")
    assert [e["n"] for e in of(events, "no_attack")] == [1] and codes(state.seat(1).lost) == ["cutter"]


def test_the_attack_penalty_is_two_cards_when_no_card_could_attack() -> None:
    state = position(
        seat_dict(1, grid=[["mound"], ["wasp"]], safe=[2], hand=["ant"], draw=["cutter", "spider"], filler=5),
        seat_dict(2, grid=[["mite"]], hand=["ant"] * 7, filler=5), step="attack")
    state, events = play(state, 1, "end")
    assert [e["n"] for e in of(events, "no_attack")] == [2]
    assert codes(state.seat(1).lost) == ["cutter", "spider"]


def test_no_attack_and_an_empty_table_cost_both_penalties() -> None:
    state = position(
        seat_dict(1, hand=["ant"], draw=["cutter", "spider", "wasp", "beetle"], filler=5),
        seat_dict(2, grid=[["mite"]], hand=["ant"] * 7, filler=5), step="attack")
    state, events = play(state, 1, "end")
    assert [e["n"] for e in of(events, "no_attack")] == [2] and "empty_table" in types(events)
    assert codes(state.seat(1).lost) == ["cutter", "spider", "wasp", "beetle"]


# --- ranking, the cut, the initial deployment ---------------------------------------------------------------

def test_the_tie_break_on_cards_in_play_ranks_fewer_cards_higher_and_ties_share() -> None:
    def ranked(p1_grid: list[list[str]]) -> list[list[int]]:
        state = position(
            seat_dict(1, grid=p1_grid, lost=["ant", "ant"], players=3),
            seat_dict(2, grid=[["mite"], ["mite"]], lost=["ant", "ant"], players=3),
            seat_dict(3, grid=[["mite"], ["mite"], ["mite"]], lost=["ant"], players=3))
        return ending.rank(state)

    assert ranked([["wasp"], ["mite"], ["ant"]]) == [[3], [2], [1]]
    assert ranked([["wasp"], ["mite"]]) == [[3], [1, 2]]


def test_only_the_players_tied_at_the_cut_cut_again_and_cut_cards_go_back() -> None:
    picks = [cut_pick("queen"), cut_pick("queen"), cut_pick("centipede"), cut_pick("mite"), cut_pick("wasp")]
    state, events = setup.new_state(Options(players=3), [DECKS["A"]] * 3, ["A"] * 3, Script(picks))
    cuts = [(e["lobby"], e["card"]) for e in of(events, "cut")]
    assert cuts == [(0, "queen"), (1, "queen"), (2, "centipede"), (0, "mite"), (1, "wasp")]
    assert [state.lobby_seat(label) for label in (1, 2, 3)] == [1, 2, 0]
    assert all(len(state.seat(label).draw) == 45 - 7 for label in (1, 2, 3))


P1_HAND = ["queen", "wasp", "scorpion", "centipede", "surge", "spores", "molt"]
P2_HAND = ["mite", "ant", "spider", "beetle", "cutter", "wasp", "surge"]


def _placing() -> GameState:
    picks = [cut_pick("queen"), cut_pick("mite"), *deal_picks(P1_HAND), *deal_picks(P2_HAND)]
    state, _ = setup.new_state(Options(players=2), [DECKS["A"]] * 2, ["A"] * 2, Script(picks))
    assert state.phase == "place" and state.active == 1 and state.lobby_seat(1) == 0
    return state


def test_the_initial_deployment_one_card_a_turn_at_most_seven_points_done_when_nothing_fits() -> None:
    state = _placing()
    with pytest.raises(Refused, match="no abilities before the first turn"):
        commands.play(state, 0, "use surge", Script([]))
    with pytest.raises(Refused, match="events are not placed"):
        commands.play(state, 0, "place surge 1", Script([]))
    state, events = commands.play(state, 0, "place queen 1", Script([]))
    # 2 points left and no creature or terrain in hand costs 2 or less: p1 is done at once.
    assert {"type": "placing_done", "seat": 1, "points": 5} in events
    assert state.active == 2 and state.seat(1).placing_done
    for line in ("place wasp 1", "place spider 2", "place mite 3"):
        state, _ = commands.play(state, 1, line, Script([]))
    with pytest.raises(Refused, match="Thermite Beetle costs 2, and you have 1 of your 7 points left"):
        commands.play(state, 1, "place beetle 1", Script([]))
    state, events = commands.play(state, 1, "place ant 1", Script([]))
    assert {"type": "placing_done", "seat": 2, "points": 7} in events


def test_the_first_players_first_turn_is_a_normal_turn() -> None:
    state = _placing()
    state, _ = commands.play(state, 0, "place queen 1", Script([]))
    state, events = commands.play(state, 1, "done", FirstPick())
    assert state.phase == "turn" and state.active == 1 and state.turn == 1 and state.step == "main"
    assert [(e["seat"], e["n"]) for e in of(events, "drew")] == [(1, 1)] and len(state.seat(1).hand) == 7
    state, events = play(state, 1, "end")
    assert [e["n"] for e in of(events, "no_attack")] == [1] and len(state.seat(1).lost) == 1


# --- the turn's steps ---------------------------------------------------------------------------------------

def test_the_voluntary_discard_comes_right_after_the_draw_and_a_use_does_not_close_it() -> None:
    state = main_step([["queen"], ["spider"]], ["scorpion", "mite", "wasp"])
    state, _ = play(state, 1, "use 1:1 brood paying scorpion", "discard mite")
    assert codes(state.seat(1).discard) == ["scorpion", "mite"]
    passed, _ = play(main_step([["queen"], ["spider"]], ["scorpion", "mite"]), 1, "pass")
    refused(passed, 1, "discard mite", "the discard comes right after drawing")


def test_steps_never_go_back() -> None:
    state = position(
        seat_dict(1, grid=[["wasp"], ["spider"]], hand=["mite", "ant", "cutter", "beetle"], draw=["mite"],
                  filler=5, drew=1),
        seat_dict(2, grid=[["beetle"]], hand=["ant"] * 7, draw=["mite"], filler=5), step="main")
    state, _ = play(state, 1, "attack 1:1 p2 1:1 paying mite")
    refused(state, 1, "move 2:1 3 paying ant", "moves are over")
    state, _ = play(state, 1, "restock cutter paying beetle")
    refused(state, 1, "deploy cutter 3", "deploying comes before attacks")
    refused(state, 1, "attack 2:1 p2 1:1", "attacks are over once you restock")


def test_cards_that_already_attacked_still_count_in_their_columns_total() -> None:
    state = position(
        seat_dict(1, grid=[["wasp", "mite"], ["ant"]], hand=["ant", "spider"], draw=["mite", "mite"],
                  filler=5, players=3),
        seat_dict(2, grid=[["mite"]], draw=["mite"], filler=5, players=3, hand=["ant"] * 7),
        seat_dict(3, grid=[["mite"]], draw=["mite"], filler=5, players=3, hand=["ant"] * 7), step="attack")
    state, first = play(state, 1, "attack 1:1 p2 1:1")
    assert won(first)["at"] == 4 + 1 + 1
    refused(state, 1, "attack 1:1 p3 1:1", "Wasp Drone has attacked this turn already")
    state, second = play(state, 1, "attack 1:2 p3 1:1")
    assert won(second)["at"] == 4 + 1 + 1  # the marked wasp still adds its 4


# --- damage payment -----------------------------------------------------------------------------------------

def _paying_window(p2: dict[str, Any]) -> GameState:
    state = position(
        seat_dict(1, grid=[["centipede", "wasp", "scorpion"], ["mite"], ["mite"]], hand=["ant"],
                  draw=["spider"], filler=5),
        p2, step="attack", window_minutes=10)
    state, _ = play(state, 1, "attack 1:1 p2 1:2")
    assert state.decision is not None and state.decision.kind == "pay" and state.decision.label == 2
    return state


def test_damage_may_be_paid_from_any_card_in_play_or_reserve_and_only_the_attacked_column_goes_safe() -> None:
    state = _paying_window(seat_dict(
        2, grid=[["spider", "mite"], ["scorpion", "spider"], ["beetle", "mite"]], safe=[2],
        reserve=["beetle"], draw=["mite"], filler=5, orders=["order pay ask"]))
    assert state.battle is not None and state.battle.owed == 14 + 0 - 4 - 1  # AT 14, DT 4, the mite's 1
    state, events = play(state, 2, "pay play 2:1", "pay play 3:1", "pay reserve beetle")
    assert paid(events) == [("scorpion", "play", 3), ("beetle", "play", 3), ("beetle", "reserve", 3)]
    assert state.decision is None and state.battle is None
    p2 = state.seat(2)
    assert grid_codes(state, 2) == [["spider"], ["spider"], ["mite"]]
    assert [c.safe for c in p2.columns] == [True, True, False]


def test_zero_defense_cards_are_lost_at_zero_from_the_discard_top_and_never_named_elsewhere() -> None:
    state = _paying_window(seat_dict(
        2, grid=[["spider", "mite"], ["ant"]], reserve=["ant"], hand=["ant"], discard=["beetle", "surge"],
        draw=["mite"], filler=5, orders=["order pay ask"]))
    for line in ("pay play 2:1", "pay reserve ant", "pay hand ant"):
        refused(state, 2, line, "Sugar Ant is worth 0 and cannot pay")
    state, events = play(state, 2, "pay discard")
    assert paid(events) == [("surge", "discard", 0)] and state.decision is not None
    state, events = play(state, 2, "pass")  # paying is mandatory: the default pays the rest
    assert paid(events)[0] == ("beetle", "discard", 3)
    assert state.decision is None


def test_when_the_attacks_metabaloid_is_paid_it_lies_on_the_discard_pile_and_can_pay_damage() -> None:
    state = position(
        seat_dict(1, grid=[["ant"]], hand=["beetle"], draw=["mite"], filler=5),
        seat_dict(2, "B", grid=[["crab"]], hand=["shell", "frog"], draw=["skink"], filler=5,
                  orders=["order use shell on defend"]),
        step="attack")
    state, events = play(state, 1, "attack 1:1 p2 1:1 paying beetle")
    assert types(events).index("battle_declared") < types(events).index("activate")
    assert [codes(e["paid"]) for e in of(events, "battle_declared")] == [["beetle"]]
    assert won(events)["loser"] == 1 and won(events)["overflow"] > 0
    assert paid(events)[0] == ("beetle", "discard", 3)


def test_hand_size_has_no_limit_and_seven_is_what_a_player_draws_up_to() -> None:
    state = position(
        seat_dict(1, grid=[["wasp"]], hand=["ant"] * 9, filler=5),
        seat_dict(2, grid=[["mite"]], hand=["ant"] * 7, filler=5), step="end", active=2)
    state, events = begin(state, 1)
    assert len(state.seat(1).hand) == 9 and "drew" not in types(events) and len(state.seat(1).draw) == 5
    assert state.seat(1).discard == []


def test_a_tie_when_a_player_took_no_bonus_card_costs_that_player_nothing() -> None:
    state = position(
        seat_dict(1, grid=[["spider"]], hand=["mite"]),
        seat_dict(2, grid=[["ant"]], hand=["ant"] * 7, draw=["spider"]),
        step="attack", length="short")
    state, events = play(state, 1, "attack 1:1 p2 1:1")
    assert [(e["at"], e["dt"]) for e in of(events, "battle_tied")] == [(2, 2)]
    assert state.seat(1).lost == [] and codes(state.seat(2).lost) == ["spider"]


# --- decks, the stall rule, hidden cards, editions ----------------------------------------------------------

def test_a_deck_has_exactly_45_cards_at_most_125_points_and_4_copies_of_a_name() -> None:
    assert deck_problems(DECKS["A"]) == [] and deck_problems(DECKS["B"]) == []
    short = {**DECKS["A"], "mite": 3}
    assert deck_problems(short) == ["44 cards (a deck has exactly 45)"]
    five = {**DECKS["A"], "mite": 5, "ant": 2}
    assert deck_problems(five) == ["more than 4 copies of Glucose Mite (5)"]
    rich = {"queen": 1, "centipede": 4, "trapdoor": 4, "wasp": 4, "weaver": 4, "scorpion": 4, "mound": 4,
            "salamander": 4, "toad": 4, "cone": 4, "turtle": 4, "mantis": 4}
    assert sum(rich.values()) == 45 and deck_points(rich) > 125
    assert deck_problems(rich) == [f"{deck_points(rich)} points (at most 125)"]


def test_a_game_that_can_never_end_ends_by_the_stall_rule() -> None:
    state = position(
        seat_dict(1, grid=[["wasp"]], hand=["ant"] * 7),
        seat_dict(2, grid=[["mite"]], hand=["ant"] * 7), step="attack")
    ends = 0
    while state.phase != "over":
        state, events = play(state, state.active, "end")
        ends += 1
        assert ends <= 6 and "drew" not in types(events) and "lost" not in types(events)
    assert ends == 6 and state.result is not None
    assert state.result["why"] == "stall" and state.result["places"] == [[1, 2]]


def test_cards_in_hand_react_only_through_orders_and_windows_open_only_for_public_reasons() -> None:
    def attacked(p2_grid: list[list[str]]) -> tuple[GameState, Events]:
        state = position(
            seat_dict(1, grid=[["wasp"]], hand=["mite"], draw=["mite"], filler=5),
            seat_dict(2, "B", grid=p2_grid, hand=["shell", "frog"], draw=["shrimp"], filler=5,
                      orders=["order window ask", "order use shell on defend"]),
            step="attack", window_minutes=10)
        return play(state, 1, "attack 1:1 p2 1:1")

    state, events = attacked([["crab"]])  # only Shell Up in hand: no window; the order answers at once
    assert state.decision is None and "asked" not in types(events)
    assert [codes([e["card"]]) for e in of(events, "activate")] == [["shell"]]
    state, events = attacked([["turtle"]])  # a face-up boost in the target column: a window
    assert state.decision is not None and state.decision.kind == "react" and state.decision.window
    assert "activate" not in types(events)


def test_the_site_plays_edition_core_pinned_when_a_game_is_created() -> None:
    assert api.check_options({}, 2)["edition"] == "core"
    with pytest.raises(BadOptions, match="edition core"):
        api.check_options({"edition": "online-2027"}, 2)
    state = api.new_state({}, 2, FirstPick())
    assert state.options.edition == "core"
    assert GameState.from_dict(state.to_dict()).options.edition == "core"
    # A game saved before editions were named plays the text it began with: core.
    saved = state.to_dict()
    del saved["options"]["edition"]
    assert GameState.from_dict(saved).options.edition == "core"
    saved["options"]["edition"] = "online-2027"
    with pytest.raises(ValueError, match="edition"):
        GameState.from_dict(saved)


def test_the_official_starter_decks_are_not_given_so_the_site_ships_its_own_labelled_decks() -> None:
    assert dict(DECK_NAMES) == {"A": "Silk & Sting", "B": "Shell & Slime"}
    assert all(card.collector.startswith("S ") for card in cards.CARDS.values())
    assert [(sum(DECKS[x].values()), deck_points(DECKS[x])) for x in "AB"] == [(45, 99), (45, 98)]


# --- the command words --------------------------------------------------------------------------------------

@pytest.mark.parametrize("line", ["end now", "end 2", "pass now", "pass the turn"])
def test_end_and_pass_take_no_more_words(line: str) -> None:
    state = position(
        seat_dict(1, grid=[["wasp"]], hand=["ant"], filler=5, attacks_made=1, attacked=[2]),
        seat_dict(2, grid=[["mite"]], hand=["ant"] * 7, filler=5), step="attack")
    refused(state, 1, line, f"{line.split()[0]} takes no more words")


@pytest.mark.parametrize("line", ["use queen brood 2", "use regen 1", "use 2:1 brood now", "use regen now",
                                  "attack 1:1 p2 1:1 + surge now", "attack 1:1 p2 1:1 + surge surge 2"])
def test_use_refuses_a_word_it_does_not_read(line: str) -> None:
    # A column is read only by an ability that names one (Molt), and an event's one ability is named by
    # its code: any other word is a slip to refuse, never ignored (rules.md, "Every command").
    state = position(
        seat_dict(1, grid=[["wasp"], ["queen"]], hand=["spider", "beetle", "regen", "surge", "ant"],
                  lost=["mite"], filler=5),
        seat_dict(2, grid=[["mite"]], filler=5))
    refused(state, 1, line, "takes no more words|has no ability")
    play(state, 1, "attack 1:1 p2 1:1 + surge surge")
    assert "use regen" in commands.legal_commands(state, 0)
    play(state, 1, "use regen")


def test_a_stopped_event_is_discarded_before_its_unfinished_action_reshuffles() -> None:
    # rules.md, "Unfinished actions": a stopped event still goes to the discard pile, and then its owner
    # loses a card from the draw pile. With that pile empty the discard pile, the event included, is
    # reshuffled first (the reshuffle takes the whole discard pile at the moment a card is needed).
    state = position(
        seat_dict(1, hand=["molt", "ant"], grid=[["wasp", "mite"], ["queen"]], safe=[1]),
        seat_dict(2, hand=["spores", "spider"], grid=[["mite"]], filler=5,
                  orders=["order use spores on ability"]))
    state, events = play(state, 1, "use molt 1")
    assert [e["n"] for e in events if e["type"] == "reshuffle"] == [2]  # Sugar Ant (its payment) and Molt
    p1 = state.seat(1)
    assert codes(p1.lost) == ["ant"] and codes(p1.draw) == ["molt"] and p1.discard == []
    assert p1.columns[0].safe


def test_pass_in_a_decision_takes_no_more_words() -> None:
    state = _paying_window(seat_dict(
        2, grid=[["spider", "mite"], ["ant"]], hand=["beetle"], draw=["mite"], filler=5,
        orders=["order pay ask"]))
    refused(state, 2, "pass auto", "pass takes no more words")


def test_done_takes_no_more_words() -> None:
    state = _placing()
    before = state.to_dict()
    with pytest.raises(Refused, match="done takes no more words"):
        commands.play(state, 0, "done placing", Script([]))
    assert state.to_dict() == before


def test_a_card_may_be_named_by_its_hyphenated_name_in_the_turns_commands() -> None:
    state = position(
        seat_dict(1, grid=[["queen"], ["wasp", "weaver"], ["mite"]], reserve=["cutter"], filler=9, drew=1,
                  hand=["spider", "ant", "ant", "mite", "mite", "beetle", "surge", "scorpion", "molt",
                        "spider"]),
        seat_dict(2, grid=[["beetle"]], hand=["ant"] * 7, draw=["mite"], filler=5), step="main")
    state, _ = play(state, 1, "discard Thread-Spider", "use hive-queen brood paying dune-scorpion",
                    "move glucose-mite 1 paying sugar-ant", "deploy leafcutter-ant 3")
    assert codes(state.seat(1).discard) == ["spider", "scorpion", "ant"]
    assert grid_codes(state, 1) == [["queen", "mite"], ["wasp", "weaver"], ["cutter"]]
    state, events = play(state, 1, "attack wasp-drone p2 1:1 paying glucose-mite + venom-weaver boost paying "
                         "sugar-ant + adrenal-surge paying glucose-mite")
    assert [codes([e["card"]]) for e in of(events, "activate")] == [["weaver"], ["surge"]]
    state, events = play(state, 1, "restock thread-spider paying thermite-beetle")
    assert codes(state.seat(1).reserve) == ["spider"]
    assert sorted(codes(state.seat(1).hand)) == ["mite", "molt"]  # the molt, and the card brood drew


def test_a_card_may_be_named_by_its_hyphenated_name_in_placing_paying_and_orders() -> None:
    state = _placing()
    state, events = commands.play(state, 0, "place hive-queen 1", Script([]))
    assert [codes([e["card"]]) for e in of(events, "placed")] == [["queen"]]
    state = _paying_window(seat_dict(
        2, grid=[["spider", "mite"], ["ant"]], hand=["beetle"], reserve=["scorpion"], draw=["mite"], filler=5,
        orders=["order pay ask", "order keep thermite-beetle", "order use torpor-spores on draw"]))
    assert state.seat(2).orders.keep == ("beetle",)
    assert [o.card for o, _ in state.seat(2).orders.uses] == ["trapdoor", "spores"]
    state, events = play(state, 2, "pay hand thermite-beetle", "pay reserve dune-scorpion")
    assert paid(events) == [("beetle", "hand", 3), ("scorpion", "reserve", 3)]


# --- every ruling has its test ------------------------------------------------------------------------------

RULINGS = {
    "the worth of a Metabaloid": test_the_worth_of_a_metabaloid_is_its_printed_cost,
    "paying one Metabaloid":
        test_paying_one_metabaloid_takes_any_card_costing_one_or_more_and_the_rest_is_lost,
    "one payment for several things": test_one_payment_never_covers_several_things,
    "cards a payment does not need": test_cards_a_payment_does_not_need_are_refused,
    "cards costing 0": test_cards_costing_zero_restock_for_nothing_and_pay_nothing,
    "column size with fewer than 3 columns": test_no_column_may_be_deeper_than_the_number_of_columns_in_use,
    "each placement, deploy and move": test_each_single_move_must_leave_a_legal_grid,
    "an illegal grid": test_an_illegal_grid_is_restored_at_once_and_free_by_its_owner,
    "choosing the attacked card": test_the_attacker_chooses_any_card_of_a_column_that_is_not_safe,
    "the attacker losing a battle":
        test_the_attacker_losing_a_battle_loses_its_attacking_card_and_pays_the_overflow,
    "what damage is": test_damage_is_the_difference_between_the_two_totals,
    "damage equal to the card's defense":
        test_damage_equal_to_the_cards_defense_loses_the_card_and_nothing_more,
    "which defense absorbs damage": test_only_the_stake_cards_own_defense_absorbs_damage_never_column_bonuses,
    "the bonus card's own text": test_the_bonus_cards_own_text_does_nothing_and_it_cannot_pay_damage,
    "a bonus card from an empty pile": test_a_bonus_card_from_an_empty_pile_comes_after_a_reshuffle,
    "when a player cannot draw":
        test_a_player_cannot_draw_only_in_their_draw_step_needing_a_card_none_can_give,
    "when the reshuffle happens": test_the_reshuffle_happens_when_a_card_must_be_taken_from_an_empty_pile,
    "a penalty with no card to take": test_a_penalty_with_no_card_to_take_is_waived_for_the_missing_part,
    "what counts as an unfinished action": test_a_stopped_move_is_no_unfinished_action,
    "once per card": test_once_per_card_per_player_turn_and_a_moved_card_keeps_its_use,
    "simultaneous activations":
        test_simultaneous_activations_run_from_the_player_after_the_active_one_the_active_player_last,
    "responding while your ability waits":
        test_responding_while_your_ability_waits_is_not_allowed_and_the_stopped_ability_is_unfinished,
    "a stopped attack": test_a_stopped_attack_counts_as_made_and_its_metabaloid_is_spent,
    'how long "during attacks" lasts': test_during_attacks_lasts_only_until_the_bonus_cards_are_drawn,
    "how events are played": test_events_are_played_from_hand_paid_by_other_cards_and_then_discarded,
    "terrain": test_terrain_enters_play_like_a_creature_and_cannot_initiate_attacks,
    "the reserve": test_the_reserve_is_face_up_and_seen_by_all,
    "the discard and lost piles": test_the_discard_and_lost_piles_are_seen_in_full_and_in_order_by_everyone,
    "stopping a draw": test_a_draw_is_stopped_only_before_its_first_card,
    "showing the cards left in your draw pile":
        test_the_cards_left_in_a_draw_pile_are_never_shown_not_even_to_the_owner,
    "what ends safety": test_moving_cards_in_or_out_does_not_end_safety_but_the_column_emptying_does,
    "the 1-card or 2-card attack penalty":
        test_the_attack_penalty_is_one_card_when_a_card_could_attack_even_with_no_target_or_payment,
    "no attack and an empty table": test_no_attack_and_an_empty_table_cost_both_penalties,
    "the tie-break on cards in play":
        test_the_tie_break_on_cards_in_play_ranks_fewer_cards_higher_and_ties_share,
    "ties at the cut": test_only_the_players_tied_at_the_cut_cut_again_and_cut_cards_go_back,
    "the initial deployment":
        test_the_initial_deployment_one_card_a_turn_at_most_seven_points_done_when_nothing_fits,
    "when the voluntary discard may be made":
        test_the_voluntary_discard_comes_right_after_the_draw_and_a_use_does_not_close_it,
    "going back to an earlier step": test_steps_never_go_back,
    "cards that already attacked": test_cards_that_already_attacked_still_count_in_their_columns_total,
    "paying damage from the play area or reserve":
        test_damage_may_be_paid_from_any_card_in_play_or_reserve_and_only_the_attacked_column_goes_safe,
    "zero-defense cards as payment":
        test_zero_defense_cards_are_lost_at_zero_from_the_discard_top_and_never_named_elsewhere,
    "hand size": test_hand_size_has_no_limit_and_seven_is_what_a_player_draws_up_to,
    "a tie when a player took no bonus card":
        test_a_tie_when_a_player_took_no_bonus_card_costs_that_player_nothing,
    "deck size": test_a_deck_has_exactly_45_cards_at_most_125_points_and_4_copies_of_a_name,
    "a game that can never end": test_a_game_that_can_never_end_ends_by_the_stall_rule,
    "reacting with hidden cards":
        test_cards_in_hand_react_only_through_orders_and_windows_open_only_for_public_reasons,
    "later changes to the publisher's rules": test_the_site_plays_edition_core_pinned_when_a_game_is_created,
    "when the attack's Metabaloid is paid":
        test_when_the_attacks_metabaloid_is_paid_it_lies_on_the_discard_pile_and_can_pay_damage,
    "a player going out while an attack waits for the defender's window":
        window.test_a_defender_resigning_in_its_window_ends_the_attack_with_no_bonus_cards,
    "the first player's first turn": test_the_first_players_first_turn_is_a_normal_turn,
    "the official starter decks":
        test_the_official_starter_decks_are_not_given_so_the_site_ships_its_own_labelled_decks,
    "a skipped order":
        skipped.test_an_order_whose_cost_the_keep_list_forbids_is_skipped_with_a_private_note_saying_so,
}


def _ruling_subjects() -> list[str]:
    """The subjects of rules.md's table "The site's rulings", without their **(compare)** marks."""
    text = (Path(cards.__file__).parent / "rules.md").read_text(encoding="utf-8")
    table = text.split("## The site's rulings", 1)[1].split("\n## ", 1)[0]
    rows = [line.split("|")[1].strip() for line in table.splitlines() if line.startswith("| ")]
    return [row.replace("**(compare)**", "").strip() for row in rows[1:]]  # the header row left out


def test_every_ruling_of_rules_md_has_its_test_here() -> None:
    subjects = _ruling_subjects()
    assert len(subjects) == 52
    assert sorted(subjects) == sorted(RULINGS)

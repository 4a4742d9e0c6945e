"""Metal Adventures' Tour of Pirates (rules.md, "The Tour of Pirates"): its shape (scenario T13: increasing
order, each action once, one block before or after the battle), the planet locks (T14), the Glory Title
(T15), Amnesty (T2), rulings R10 and R41-R46, each action's price, payee, effect and needs, the perks, and
legal_commands against play on random positions. The battle itself is another module's: a test stands for
it by setting the travel record (battle_done, planet_attacked) directly. Every state reached is checked
against the invariants."""

from __future__ import annotations

import random
from dataclasses import replace
from itertools import combinations
from typing import Any

import pytest

from games.kinds.metal_adventures import cards, commands, invariants, tour
from games.kinds.metal_adventures.battle_state import Battle
from games.kinds.metal_adventures.records import AFTER, BEFORE, Choice
from games.kinds.metal_adventures.state import GameState
from games.kinds.protocol import Dice, Event, Refused

from .helpers import A, B, C, IdentityDice, given, refusal

TRAVEL = "turn.travel"


class ShuffleDice(IdentityDice):
    """Every shuffle leaves its pile as it was (draw(n) gives n - 1); no die is rolled."""


def play(state: GameState, seat: int, command: str,
         dice: Dice | None = None) -> tuple[GameState, list[Event]]:
    """The command played, the state it was given left as it was, the new one checked."""
    before = state.to_dict()
    after, events = commands.play(state, seat, command, dice)
    assert state.to_dict() == before
    invariants.check(after)
    return after, events


def refused(state: GameState, seat: int, command: str, words: str) -> None:
    before = state.to_dict()
    with pytest.raises(Refused, match=words):
        commands.play(state, seat, command, ShuffleDice())
    assert state.to_dict() == before


def travelling(**kwargs: Any) -> GameState:
    """given(...) at seat A's travel, after its tribute."""
    return given(phase=TRAVEL, **kwargs)


def fought(state: GameState, planet: str = "") -> GameState:
    """The turn's battle done (the battle module stands aside): `planet` was attacked, if any."""
    after = replace(state, travel=replace(state.travel, battle_done=True, planet_attacked=planet))
    invariants.check(after)
    return after


def with_base(state: GameState, seat: int, base: str) -> GameState:
    """The seat's base starship set, the seat that had it taking the seat's old one."""
    old = state.seats[seat].base
    seats = tuple(replace(s, base=old) if s.base == base else s for s in state.seats)
    state = replace(state, seats=seats)
    return state.with_seat(seat, replace(state.seats[seat], base=base))


def tour_legal(state: GameState, seat: int) -> list[str]:
    return [c for c in commands.legal_commands(state, seat) if c.startswith(("tour ", "play "))]


# === T13: TOUR ORDER AND SIDE ===


def t13() -> GameState:
    return given(seats={A: {"credits": 10, "damage": 1, "trophies": ("T05",), "wrecks": ("N01",)}},
                 karokum=("N09",), bazaar=("S02",), trophy_top=("T10", "T06"))


def test_t13_the_tour_goes_forward_each_action_once_then_closes_with_the_battle() -> None:
    state, _ = play(t13(), A, "tribute")
    assert state.seats[A].credits == 10  # exempt: its damage makes its main power the lowest
    state, events = play(state, A, "tour trophies")
    assert state.treasuries.exxalia == 2 and state.seats[A].credits == 8
    assert events[0]["drawn"] == ["T10", "T06"] and state.choices[0].cards == ("T10", "T06")
    state, _ = play(state, A, "pick T10")
    assert state.seats[A].trophies == ("T05", "T10") and state.trophy_deck[-1] == "T06"
    state, _ = play(state, A, "tour repair")
    assert state.treasuries.exxalia == 3 and state.seats[A].damage == 0 and state.seats[A].credits == 7
    refused(state, A, "tour trophies", "forward only")
    refused(state, A, "tour overhaul", "no damage")
    state, _ = play(state, A, "tour scrap N01 N09")
    assert state.treasuries.karokum == 1 and state.seats[A].wrecks == ("N09",)
    assert state.karokum_pile == ("N01",)
    refused(state, A, "tour smuggle S02", "forward only")
    assert state.travel.tour_side == BEFORE and state.travel.tour_last == 9
    assert state.travel.planets_toured == ("exxalia", "karokum")
    state = fought(state)
    refused(state, A, "tour splurge", "before the battle")
    assert tour_legal(state, A) == []


def test_t13_a_tour_after_the_battle_buys_after_new_choices_and_not_new_choices_again() -> None:
    state = fought(travelling(seats={A: {"credits": 10}}, improvement_top=("E01",)))
    state, _ = play(state, A, "tour newcards", ShuffleDice())
    assert state.travel.tour_side == AFTER
    row = [c for c in state.ocg_row if c is not None]
    card = min(row, key=lambda c: cards.IMPROVEMENTS[c].cost)
    state, _ = play(state, A, f"tour buy {card}")
    assert card in state.seats[A].improvements
    refused(state, A, "tour newcards", "forward only")


def test_no_tour_action_while_a_battle_runs() -> None:
    state = travelling(seats={A: {"credits": 10, "damage": 2}})
    running = replace(state, phase="battle.allies", battle=Battle(kind="planet", attacker=A, target="bazaar"))
    invariants.check(running)
    refused(running, A, "tour repair", "battle")
    with pytest.raises(Refused, match="battle is in progress"):
        tour.command(replace(state, battle=Battle(kind="planet", attacker=A, target="bazaar")), A, "tour",
                     "repair", None)
    assert "tour repair" not in commands.legal_commands(running, A)


def test_a_seat_that_did_not_tour_before_the_battle_may_tour_after_it() -> None:
    state = fought(travelling(seats={A: {"credits": 10, "damage": 2}}))
    state, _ = play(state, A, "tour repair")
    assert state.travel.tour_side == AFTER and state.seats[A].damage == 1


def test_only_the_active_seat_tours_and_only_while_travelling() -> None:
    state = travelling(seats={A: {"credits": 10, "damage": 2}, B: {"credits": 10, "damage": 2}})
    refused(state, B, "tour repair", "turn")
    refused(replace(state, phase="turn.start"), A, "tour repair", "Brotherhood")
    resting = replace(state, phase="turn.rest")
    refused(resting, A, "tour repair", "resting")
    with pytest.raises(Refused, match="active seat while it travels"):
        tour.command(state, B, "tour", "repair", None)


# === R41: ONE BLOCK, INCREASING ORDER, EACH ONCE ===


def test_r41_actions_may_be_skipped_but_never_taken_backwards_or_twice() -> None:
    state = travelling(seats={A: {"credits": 20, "damage": 2, "jp": 1}}, bazaar=("S05",))
    state, _ = play(state, A, "tour repair")
    refused(state, A, "tour repair", "already")
    refused(state, A, "tour trophies", "forward only")
    state, _ = play(state, A, "tour amnesty")
    refused(state, A, "tour smuggle S05", "forward only")
    state, _ = play(state, A, "tour splurge")
    assert state.travel.tour_last == 10
    assert tour_legal(state, A) == []


def test_r41_the_refusal_of_an_action_behind_says_which_was_last() -> None:
    state = travelling(seats={A: {"credits": 20, "damage": 2}})
    state, _ = play(state, A, "tour overhaul")
    with pytest.raises(Refused, match=r"after action 3 \(Complete repairs\), action 2 \(Minor repairs\)"):
        commands.play(state, A, "tour repair", None)


# === T14 AND THE PLANET LOCKS ===


def test_t14a_a_planet_toured_cannot_be_attacked_the_others_can() -> None:
    state, _ = play(given(seats={A: {"credits": 10}}, bazaar=("S02",)), A, "tribute")
    state, _ = play(state, A, "tour smuggle S02")
    assert state.treasuries.bazaar == 3 and "S02" in state.seats[A].improvements
    refused(state, A, "attack planet bazaar", "tour stopped at Bazaar")
    legal = commands.legal_commands(state, A)
    assert "attack planet bazaar" not in legal and "attack planet exxalia" in legal


def test_t14b_attacking_via_karokum_leaves_karokum_open_to_the_tour() -> None:
    state = fought(travelling(seats={A: {"credits": 10, "wrecks": ("N01",)}}, karokum=("N20",)))
    state, _ = play(state, A, "tour scrap N01 N20")
    assert state.seats[A].wrecks == ("N20",) and state.karokum_pile == ("N01",)


def test_t14c_after_attacking_karokum_its_actions_are_refused_exxalia_stays_open() -> None:
    state = fought(travelling(seats={A: {"credits": 10, "damage": 1, "wrecks": ("N20",)}}, karokum=("N09",)),
                   "karokum")
    refused(state, A, "tour scrap N20 N09", "attacked Karokum")
    refused(state, A, "tour splurge", "attacked Karokum")
    assert not [c for c in tour_legal(state, A) if c.startswith(("tour scrap", "tour splurge"))]
    state, _ = play(state, A, "tour repair")
    assert state.seats[A].damage == 0


@pytest.mark.parametrize(("planet", "command"), [("exxalia", "tour repair"), ("bazaar", "tour amnesty")])
def test_no_tour_action_at_the_planet_attacked_this_turn(planet: str, command: str) -> None:
    state = fought(travelling(seats={A: {"credits": 10, "damage": 1, "jp": 1}}), planet)
    refused(state, A, command, "attacked")


# === T15 AND R44: THE GLORY TITLE ===


def t15() -> GameState:
    return given(seats={A: {"credits": 2, "glory": 3, "trophies": ("T01", "T09"),
                            "wrecks": ("N01", "N04", "N08", "N25", "N27", "D22")}})


def test_t15_ocg_wrecks_never_make_a_title_three_solar_ones_with_a_hunter_do() -> None:
    state, _ = play(t15(), A, "tribute")
    assert state.seats[A].credits == 1
    refused(state, A, "tour title N25 N27 D22", "OCG wrecks never count")
    bank = state.bank
    state, events = play(state, A, "tour title N01 N04 N08")
    seat = state.seats[A]
    title = next(e for e in events if e["type"] == "tour")
    assert title["glory"] == 4 and title["paid"] == 4
    # At the checkpoint after the command, the Trophy of the Hangman (T01) is revealed: G 5, 6 credits.
    assert seat.glory == 5 and seat.credits == 6 and state.bank == bank - 5
    assert "T01" not in seat.trophies and state.trophy_deck[-1] == "T01"
    assert seat.wrecks == ("N25", "N27", "D22")
    assert state.out_of_game[-3:] == ("N01", "N04", "N08")
    assert not {"N01", "N04", "N08"} & set(state.karokum_pile)
    assert (A, "title") in state.deeds


def test_r44_a_title_needs_three_wrecks_of_one_nation() -> None:
    state = travelling(seats={A: {"wrecks": ("N01", "N04", "N09", "N10", "N12", "N17", "N19", "N24")}})
    refused(state, A, "tour title N01 N04 N09", "one nation")
    refused(state, A, "tour title N01 N04", "three wrecks")
    refused(state, A, "tour title N01 N01 N04", "each wreck once")
    assert [c for c in tour_legal(state, A) if c.startswith("tour title")] == [
        "tour title N09 N10 N12", "tour title N17 N19 N24"]
    after, _ = play(state, A, "tour title N12 N09 N10")
    assert after.seats[A].glory == 1 and after.seats[A].wrecks == ("N01", "N04", "N17", "N19", "N24")


def test_r44_a_barrens_title_counts_its_hunter() -> None:
    state = travelling(seats={A: {"wrecks": ("N17", "N19", "N24")}})
    after, _ = play(state, A, "tour title N17 N19 N24")
    assert after.seats[A].glory == 1 and after.seats[A].wrecks == ()


def test_the_title_takes_what_the_bank_has_when_it_is_short() -> None:
    state = travelling(seats={A: {"wrecks": ("N17", "N19", "N20")}})
    short = replace(state, bank=3, treasuries=replace(state.treasuries,
                                                      exxalia=state.treasuries.exxalia + state.bank - 3))
    invariants.check(short)
    after, events = play(short, A, "tour title N17 N19 N20")
    assert after.bank == 0 and after.seats[A].credits == state.seats[A].credits + 3
    assert events[0]["short"] == 1


# === T2: AMNESTY ===


def test_t2_amnesty_is_refused_in_the_turn_a_jp_was_taken() -> None:
    state = given(seats={A: {"credits": 0, "glory": 2, "jp": 0, "wrecks": ("N08",)}})
    refused(state, A, "tribute", "no credit")
    state, _ = play(state, A, "refuse")
    assert state.seats[A].jp == 1 and state.seats[A].glory == 1
    refused(state, A, "tour amnesty N08", "took a JP this turn")
    refused(state, A, "tour amnesty", "took a JP this turn")
    assert not [c for c in tour_legal(state, A) if c.startswith("tour amnesty")]


def test_t2_amnesty_in_a_fresh_turn_cancels_a_jp_and_gives_its_glory_back() -> None:
    state, _ = play(given(seats={A: {"credits": 3, "glory": 1, "jp": 1}}), A, "tribute")
    state, events = play(state, A, "tour amnesty")
    seat = state.seats[A]
    assert seat.jp == 0 and seat.glory == 2 and seat.credits == 0 and state.treasuries.bazaar == 2
    assert events[1]["type"] == "jp_cancelled"


def test_amnesty_paid_with_a_hunter_wreck_spends_it_and_no_credit() -> None:
    state = travelling(seats={A: {"credits": 0, "jp": 2, "wrecks": ("N01", "N16")}})
    assert [c for c in tour_legal(state, A) if c.startswith("tour amnesty")] == ["tour amnesty N16"]
    refused(state, A, "tour amnesty N01", "not a Hunter")
    after, _ = play(state, A, "tour amnesty imperial-noose")
    assert after.seats[A].jp == 1 and after.seats[A].glory == 1 and after.seats[A].wrecks == ("N01",)
    assert after.out_of_game[-1] == "N16" and after.treasuries.bazaar == 0


# === R42: ACTIONS WITH NOTHING TO DO ===


@pytest.mark.parametrize(("spec", "karokum", "bazaar", "command", "words"), [
    ({"damage": 0}, (), (), "tour repair", "no damage"),
    ({"damage": 0}, (), (), "tour overhaul", "no damage"),
    ({"jp": 0}, (), (), "tour amnesty", "no JP"),
    ({"wrecks": ()}, ("N09",), (), "tour scrap N01 N09", "no wreck"),
    ({"wrecks": ("N01",)}, (), (), "tour scrap N01 N09", "Karokum pile is empty"),
    ({}, (), (), "tour smuggle S02", "Bazaar pile is empty"),
])
def test_r42_an_action_with_nothing_to_do_is_refused_and_not_listed(
        spec: dict[str, Any], karokum: tuple[str, ...], bazaar: tuple[str, ...], command: str,
        words: str) -> None:
    state = travelling(seats={A: {"credits": 20, **spec}}, karokum=karokum, bazaar=bazaar)
    refused(state, A, command, words)
    word = command.split()[1]
    assert not [c for c in tour_legal(state, A) if c.split()[1] == word]


# === ACTION 1 AND R43: TROPHIES ===


def test_trophies_for_two_credits_draws_two_to_keep_one() -> None:
    state = travelling(seats={A: {"credits": 5, "trophies": ()}}, trophy_top=("T03", "T04"))
    state, _ = play(state, A, "tour trophies")
    assert state.seats[A].credits == 3 and state.treasuries.exxalia == 2
    assert commands.legal_commands(state, A)[:2] == ["pick T03", "pick T04"]
    refused(state, A, "tour repair", "Pick one of the trophies")
    state, _ = play(state, A, "pick T04")
    assert state.seats[A].trophies == ("T04",) and state.trophy_deck[-1] == "T03"


def test_r43_with_two_trophies_the_trophy_payment_is_compulsory_and_goes_to_the_bottom_first() -> None:
    state = travelling(seats={A: {"credits": 5, "trophies": ("T05", "T07")}}, trophy_top=("T03", "T04"))
    refused(state, A, "tour trophies", "pay with one of them")
    assert [c for c in tour_legal(state, A) if c.startswith("tour trophies")] == [
        "tour trophies T05", "tour trophies T07"]
    state, events = play(state, A, "tour trophies T07")
    assert state.seats[A].credits == 4 and state.treasuries.exxalia == 1
    assert state.seats[A].trophies == ("T05",) and state.trophy_deck[-1] == "T07"
    assert events[0]["drawn"] == ["T03", "T04"]
    state, _ = play(state, A, "pick T03")
    assert state.seats[A].trophies == ("T05", "T03") and state.trophy_deck[-2:] == ("T07", "T04")


def test_a_trophy_payment_with_one_in_hand_costs_one_credit() -> None:
    state = travelling(seats={A: {"credits": 1, "trophies": ("T05",)}})
    assert [c for c in tour_legal(state, A) if c.startswith("tour trophies")] == ["tour trophies T05"]
    refused(state, A, "tour trophies", "costs you 2₡")
    refused(state, A, "tour trophies T06", "not one of your trophies")
    after, _ = play(state, A, "tour trophies sunbreaker")
    assert after.seats[A].credits == 0 and after.trophy_deck[-1] == "T05"


def test_a_seat_without_trophies_cannot_pay_with_one() -> None:
    refused(travelling(seats={A: {"credits": 5, "trophies": ()}}), A, "tour trophies T05", "no trophy")


# === ACTIONS 2 AND 3: REPAIRS ===


def test_minor_repairs_for_a_credit_or_a_wreck() -> None:
    state = travelling(seats={A: {"credits": 1, "damage": 3, "wrecks": ("N01",)}})
    assert [c for c in tour_legal(state, A) if c.startswith("tour repair")] == [
        "tour repair", "tour repair N01"]
    paid, _ = play(state, A, "tour repair")
    assert paid.seats[A].damage == 2 and paid.seats[A].credits == 0 and paid.treasuries.exxalia == 1
    spent, _ = play(state, A, "tour repair N01")
    assert spent.seats[A].damage == 2 and spent.seats[A].credits == 1 and spent.treasuries.exxalia == 0
    assert spent.seats[A].wrecks == () and spent.out_of_game[-1] == "N01"
    refused(state, A, "tour repair N01 N01", "at most 1 wreck")


def test_complete_repairs_three_ways() -> None:
    state = travelling(seats={A: {"credits": 2, "damage": 4, "wrecks": ("N01", "N09")}})
    assert [c for c in tour_legal(state, A) if c.startswith("tour overhaul")] == [
        "tour overhaul", "tour overhaul N01", "tour overhaul N09", "tour overhaul N01 N09"]
    two, _ = play(state, A, "tour overhaul")
    assert two.seats[A].damage == 0 and two.seats[A].credits == 0 and two.treasuries.exxalia == 2
    mixed, _ = play(state, A, "tour overhaul N09")
    assert mixed.seats[A].credits == 1 and mixed.seats[A].wrecks == ("N01",) and mixed.treasuries.exxalia == 1
    wrecks, _ = play(state, A, "tour overhaul N09 N01")
    assert wrecks.seats[A].credits == 2 and wrecks.seats[A].wrecks == () and wrecks.seats[A].damage == 0
    assert wrecks.out_of_game[-2:] == ("N01", "N09")  # in the seat's order, however named


def test_repairs_refused_without_the_credits() -> None:
    state = travelling(seats={A: {"credits": 1, "damage": 2, "trophies": ()}})
    refused(state, A, "tour overhaul", "costs you 2₡")
    assert [c for c in tour_legal(state, A) if c.startswith("tour ")] == ["tour repair", "tour newcards"]


# === ACTIONS 5 AND 6, R46 AND R10: THE OCG ROW ===


def test_r46_new_choices_puts_the_decks_top_four_up_and_shuffles_the_old_ones_in() -> None:
    state = travelling(seats={A: {"credits": 3}}, ocg_row=("E01", "E02", "E03", "E04"),
                       improvement_top=("E05", "E06", "E07", "E08", "E09"))
    deck = state.improvement_deck
    bank = state.bank
    after, events = play(state, A, "tour newcards", ShuffleDice())
    assert after.ocg_row == ("E05", "E06", "E07", "E08")
    assert after.improvement_deck == (*deck[4:], "E01", "E02", "E03", "E04")  # the shuffle left it so
    assert after.seats[A].credits == 2 and after.bank == bank + 1
    assert events[0]["old"] == ["E01", "E02", "E03", "E04"]


def test_r46_new_choices_shuffles_with_the_dice() -> None:
    state = travelling(seats={A: {"credits": 3}})
    dice = ShuffleDice()
    play(state, A, "tour newcards", dice)
    assert dice.asked == list(range(len(state.improvement_deck), 1, -1))
    with pytest.raises(ValueError, match="a shuffle needs dice"):
        commands.play(state, A, "tour newcards", None)


def full_row_and_hands(deck: tuple[str, ...] = ()) -> GameState:
    """Every equipment card but `deck` held or in the row, every support card on the Bazaar pile: the
    Improvement deck holds only `deck`."""
    equipment = [c for c in cards.EQUIPMENT_CARDS if c not in deck]
    row, rest = equipment[:4], equipment[4:]
    hands = {A: {"credits": 10, "improvements": tuple(rest[:3])}, B: {"improvements": tuple(rest[3:7])},
             C: {"improvements": tuple(rest[7:11])}}
    return travelling(seats=hands, ocg_row=tuple(row), bazaar=cards.SUPPORT_CARDS, improvement_top=deck)


def test_r10_new_choices_is_refused_with_an_empty_improvement_deck() -> None:
    state = full_row_and_hands()
    assert state.improvement_deck == ()
    refused(state, A, "tour newcards", "Improvement deck is empty")
    assert "tour newcards" not in tour_legal(state, A)


def test_r10_r46_a_short_deck_fills_what_it_can_then_the_old_cards_fill_the_rest() -> None:
    state = full_row_and_hands(deck=("E14", "E15"))
    old = state.ocg_row
    after, _ = play(state, A, "tour newcards", ShuffleDice())
    assert after.ocg_row == ("E14", "E15", old[0], old[1])
    assert after.improvement_deck == (old[2], old[3])


def test_r10_a_bought_cards_spot_stays_empty_when_the_deck_is() -> None:
    state = full_row_and_hands()
    card = state.ocg_row[0]
    assert card is not None
    after, events = play(state, A, f"tour buy {card}")
    assert after.ocg_row[0] is None and card in after.seats[A].improvements
    assert events[0]["refill"] is None


def test_purchase_pays_the_cards_cost_to_the_bank_and_refills_the_spot() -> None:
    state = travelling(seats={A: {"credits": 5}}, ocg_row=("E05", "E02", "E11", "E01"),
                       improvement_top=("E09",))
    bank = state.bank
    after, _ = play(state, A, "tour buy E05")
    assert after.seats[A].credits == 0 and after.bank == bank + 5
    assert after.ocg_row == ("E09", "E02", "E11", "E01") and after.rated_power(A) == 11
    assert after.travel.planets_toured == ("ocg",)
    refused(state, A, "tour buy E09", "not one of the OCG row")
    poorer = travelling(seats={A: {"credits": 4}}, ocg_row=("E05", "E02", "E11", "E01"))
    refused(poorer, A, "tour buy E05", "costs you 5₡")
    assert [c for c in tour_legal(poorer, A) if c.startswith("tour buy")] == [
        "tour buy E02", "tour buy E11", "tour buy E01"]


def test_purchase_and_smuggling_need_room_for_a_fifth_improvement() -> None:
    state = travelling(seats={A: {"credits": 20, "improvements": ("E03", "E04", "E06", "E07")}},
                       ocg_row=("E05", "E02", "E11", "E01"), bazaar=("S02",))
    refused(state, A, "tour buy E01", "already have 4 improvements")
    refused(state, A, "tour smuggle S02", "already have 4 improvements")
    assert not [c for c in tour_legal(state, A) if c.startswith(("tour buy", "tour smuggle"))]


def test_the_aliases_buy_smuggle_and_scrap_are_the_tour_actions() -> None:
    state = travelling(seats={A: {"credits": 20, "wrecks": ("N01",)}}, ocg_row=("E05", "E02", "E11", "E01"),
                       bazaar=("S02",), karokum=("N09",))
    for alias, full in (("buy rhum", "tour buy E11"), ("smuggle grog", "tour smuggle S02"),
                        ("scrap N01 N09", "tour scrap N01 N09")):
        assert play(state, A, alias)[0] == play(state, A, full)[0]
        assert alias not in commands.legal_commands(state, A) and full in commands.legal_commands(state, A)


# === ACTIONS 7, 9 AND 10, R45 ===


def test_smuggling_pays_one_more_than_the_cost_to_bazaar() -> None:
    state = travelling(seats={A: {"credits": 4}}, bazaar=("S01", "S05"))
    assert [c for c in tour_legal(state, A) if c.startswith("tour smuggle")] == [
        "tour smuggle S05", "tour smuggle S01"]
    after, _ = play(state, A, "tour smuggle jones")
    assert after.seats[A].credits == 0 and after.treasuries.bazaar == 4 and after.bazaar_pile == ("S05",)
    assert after.seats[A].improvements == ("S01",) and after.rated_power(A) == 8
    poor = travelling(seats={A: {"credits": 3}}, bazaar=("S01",))
    refused(poor, A, "tour smuggle S01", "costs you 4₡")


def test_r45_scrapping_swaps_a_wreck_for_a_pile_ship_the_wreck_face_up_on_top() -> None:
    state = travelling(seats={A: {"credits": 3, "wrecks": ("N08", "N01")}}, karokum=("N09", "N20"))
    assert [c for c in tour_legal(state, A) if c.startswith("tour scrap")] == [
        "tour scrap N08 N20", "tour scrap N08 N09", "tour scrap N01 N20", "tour scrap N01 N09"]
    after, events = play(state, A, "tour scrap N08 N09")
    assert after.seats[A].wrecks == ("N01", "N09") and after.karokum_pile == ("N20", "N08")
    assert after.seats[A].credits == 2 and after.treasuries.karokum == 1
    assert events[0]["ship"] == "N09"
    # The Hunter given stays a Hunter on the pile: it can be attacked there (the tour was before the battle).
    assert "attack karokum N08" in commands.legal_commands(after, A)


def test_r45_a_hunter_on_the_pile_can_be_taken_by_scrapping() -> None:
    state = travelling(seats={A: {"credits": 1, "wrecks": ("N01",)}}, karokum=("D14",))
    after, _ = play(state, A, "tour scrap N01 apocalypse")
    assert after.seats[A].wrecks == ("D14",) and after.karokum_pile == ("N01",)


def test_scrapping_cannot_take_back_the_wreck_it_gives() -> None:
    state = travelling(seats={A: {"credits": 1, "wrecks": ("N01",)}}, karokum=("N09",))
    refused(state, A, "tour scrap N01 N01", "not one of the Karokum pile")


def test_extravagant_expenditure_six_credits_or_any_mix_with_wrecks() -> None:
    state = travelling(seats={A: {"credits": 6, "glory": 2, "wrecks": ("N01", "N09")}})
    splurges = [c for c in tour_legal(state, A) if c.startswith("tour splurge")]
    assert splurges == ["tour splurge", "tour splurge 5c N01", "tour splurge 5c N09",
                        "tour splurge 4c N01 N09"]
    bare, _ = play(state, A, "tour splurge")
    assert bare.seats[A].glory == 3 and bare.seats[A].credits == 0 and bare.treasuries.karokum == 6
    mixed, _ = play(state, A, "tour splurge 4c N09 N01")
    assert mixed.seats[A].glory == 3 and mixed.seats[A].credits == 2 and mixed.treasuries.karokum == 4
    assert mixed.seats[A].wrecks == () and mixed.out_of_game[-2:] == ("N01", "N09")
    assert play(state, A, "tour splurge 6c")[0] == bare
    refused(state, A, "tour splurge 3c N01 N09", r"make 5\. Say `tour splurge 4c N01 N09`")
    refused(state, A, "tour splurge N01 N09", "make 2")
    refused(state, A, "tour splurge 7c", "make 7")
    refused(state, A, "tour splurge 2c 2c N01", "credits once")


def test_extravagant_expenditure_with_six_wrecks_and_no_credit() -> None:
    wrecks = ("N01", "N09", "N17", "N02", "N10", "N18")
    state = travelling(seats={A: {"credits": 0, "wrecks": wrecks}})
    assert [c for c in tour_legal(state, A) if c.startswith("tour splurge")] == [
        "tour splurge " + " ".join(wrecks)]
    after, _ = play(state, A, "tour splurge " + " ".join(reversed(wrecks)))
    assert after.seats[A].glory == 1 and after.seats[A].wrecks == () and after.treasuries.karokum == 0
    assert play(state, A, "tour splurge 0c " + " ".join(wrecks))[0] == after


# === PERKS (B4, B5) ===


@pytest.mark.parametrize(("perks", "bare", "with_trophy"), [(True, 1, 0), (False, 2, 1)])
def test_b4_salty_comet_pays_one_credit_less_for_trophies_with_perks(perks: bool, bare: int,
                                                                     with_trophy: int) -> None:
    state = with_base(travelling(seats={A: {"credits": 5, "trophies": ("T05",)}}, perks=perks), A, "B4")
    invariants.check(state)
    after, _ = play(state, A, "tour trophies")
    assert after.seats[A].credits == 5 - bare and after.treasuries.exxalia == bare
    after, _ = play(state, A, "tour trophies T05")
    assert after.seats[A].credits == 5 - with_trophy and after.treasuries.exxalia == with_trophy


@pytest.mark.parametrize(("perks", "price"), [(True, 0), (False, 1)])
def test_b5_iron_magpie_scraps_for_nothing_with_perks(perks: bool, price: int) -> None:
    state = with_base(travelling(seats={A: {"credits": 0, "wrecks": ("N01",)}}, karokum=("N09",),
                                 perks=perks), A, "B5")
    invariants.check(state)
    if price:
        refused(state, A, "tour scrap N01 N09", "costs you 1₡")
        assert not [c for c in tour_legal(state, A) if c.startswith("tour scrap")]
    else:
        after, _ = play(state, A, "tour scrap N01 N09")
        assert after.seats[A].wrecks == ("N09",) and after.treasuries.karokum == 0


def test_perks_belong_to_their_base_starship_only() -> None:
    state = with_base(travelling(seats={A: {"credits": 5, "trophies": ()}}, perks=True), A, "B5")
    after, _ = play(state, A, "tour trophies")
    assert after.seats[A].credits == 3


# === THE WORDS ===


def test_an_unknown_tour_action_is_refused_with_the_list() -> None:
    state = travelling(seats={A: {"credits": 5}})
    refused(state, A, "tour", "Which tour action")
    refused(state, A, "tour fly", "tour trophies, tour repair")
    refused(state, A, "tour newcards now", "takes nothing")


# === LEGAL_COMMANDS AGAINST PLAY ON RANDOM POSITIONS ===


def random_position(rng: random.Random) -> GameState:
    """Seat A travelling, with random credits, damage, judgment, wrecks, trophies and improvements,
    random piles, Pot and treasuries, and a random point of its travel."""
    players = rng.choice((3, 4, 5))
    ships = list(cards.STARSHIPS)
    rng.shuffle(ships)
    wrecks = tuple(ships[:rng.randrange(8)])
    ships = ships[len(wrecks):]
    karokum = tuple(ships[:rng.randrange(4)])
    improvements = list(cards.IMPROVEMENTS)
    rng.shuffle(improvements)
    held = tuple(improvements[:rng.randrange(5)])
    supports = [c for c in cards.SUPPORT_CARDS if c not in held]
    bazaar = tuple(rng.sample(supports, rng.randrange(min(4, len(supports)) + 1)))
    trophies = tuple(rng.sample(sorted(cards.TROPHIES), rng.randrange(3)))
    spec: dict[str, Any] = {"credits": rng.randrange(13), "damage": rng.randrange(5), "jp": rng.randrange(5),
                            "took_jp_this_turn": rng.random() < 0.3, "wrecks": wrecks, "trophies": trophies,
                            "improvements": held}
    others = {i: {"damage": rng.randrange(5)} for i in range(1, players)}
    state = given(players, seed=rng.randrange(50), phase=TRAVEL, seats={A: spec, **others}, karokum=karokum,
                  bazaar=bazaar, pot=rng.randrange(5), perks=rng.random() < 0.5)
    if rng.random() < 0.5:
        state = with_base(state, A, rng.choice(("B4", "B5")))
    battle_done = rng.random() < 0.5
    side = rng.choice(("", BEFORE, AFTER) if battle_done else ("", BEFORE))
    last = rng.randrange(1, 10) if side else 0
    attacked = rng.choice(("", "exxalia", "bazaar", "karokum")) if battle_done else ""
    state = replace(state, travel=replace(state.travel, battle_done=battle_done, tour_side=side,
                                          tour_last=last, planet_attacked=attacked))
    invariants.check(state)
    return state


def candidates(state: GameState, seat_index: int = A) -> list[str]:
    """Tour and own-turn commands worth trying, canonical: every form with the cards and wrecks they could
    name, and a few the seat does not hold."""
    seat = state.seats[seat_index]
    wrecks = (*seat.wrecks, "N30")
    pile = (*state.karokum_pile, "D01")
    found = ["tour trophies", "tour repair", "tour overhaul", "tour newcards", "tour amnesty", "tour splurge"]
    found += [f"tour trophies {t}" for t in (*seat.trophies, "T18")]
    found += [f"tour {word} {w}" for word in ("repair", "overhaul", "amnesty") for w in wrecks]
    found += [f"tour overhaul {a} {b}" for a, b in combinations(wrecks, 2)]
    found += [f"tour title {' '.join(group)}" for group in combinations(wrecks, 3)]
    found += [f"tour {word} {c}" for word in ("buy", "smuggle") for c in cards.IMPROVEMENTS]
    found += [f"tour scrap {w} {s}" for w in wrecks for s in pile]
    for k in range(1, 7):  # `0c` with six wrecks is accepted but not canonical
        for group in combinations(seat.wrecks, k):
            found += [f"tour splurge {' '.join(group)}"] + [f"tour splurge {n}c {' '.join(group)}"
                                                           for n in (6 - k, 5 - k) if n > 0]
    found += [f"play {c}" for c in cards.IMPROVEMENTS]
    found += [f"play {c} {n}" for c in cards.SUPPORT_CARDS for n in range(state.players + 2)]
    found += [f"play {c} {s}" for c in cards.SUPPORT_CARDS for s in pile]
    return found


def accepted(state: GameState) -> list[str]:
    before = state.to_dict()
    taken = []
    for command in candidates(state):
        try:
            after, _events = commands.play(state, A, command, ShuffleDice())
        except Refused as why:
            assert "Legal now" in str(why) or "nothing to do" in str(why), why
            continue
        assert state.to_dict() == before, command
        invariants.check(after)
        taken.append(command)
    return taken


@pytest.mark.random_games
@pytest.mark.parametrize("seed", range(30))
def test_legal_tour_and_own_turn_commands_are_what_play_accepts_on_random_positions(seed: int) -> None:
    rng = random.Random(seed)
    state = random_position(rng)
    for _step in range(4):
        legal = tour_legal(state, A)
        assert len(legal) == len(set(legal))
        assert [c for c in accepted(state) if c.startswith(("tour ", "play "))] == [
            c for c in candidates(state) if c in legal] and set(legal) <= set(candidates(state))
        if not legal:
            break
        state, _ = play(state, A, rng.choice(legal), ShuffleDice())
        while state.choices:  # the Trophies action's pick
            picks = [c for c in commands.legal_commands(state, A) if c.startswith("pick ")]
            state, _ = play(state, A, rng.choice(picks), None)


# === WORDS AND NAMES, WORD FOR WORD ===


def test_complete_repairs_take_at_most_two_wrecks_and_minor_repairs_one() -> None:
    state = travelling(seats={A: {"credits": 10, "damage": 2, "wrecks": ("N01", "N09", "N17")}})
    assert refusal(state, A, "tour overhaul N01 N09 N17") == (
        "Complete repairs takes at most 2 wrecks as payment.")
    assert refusal(state, A, "tour repair N01 N09") == "Minor repairs takes at most 1 wreck as payment."
    assert refusal(state, A, "tour overhaul N01 n1") == "Name each wreck once."
    after, _ = play(state, A, "tour overhaul N01 N09")
    assert after.seats[A].wrecks == ("N17",) and after.seats[A].damage == 0


def test_the_trophies_action_event_names_the_trophy_paid_and_those_drawn() -> None:
    state = travelling(seats={A: {"credits": 10, "trophies": ("T05",)}}, trophy_top=("T10", "T06"))
    _, events = play(state, A, "tour trophies T05")
    assert events[0]["trophy"] == "T05" and events[0]["drawn"] == ["T10", "T06"]
    _, events = play(state, A, "tour trophies")
    assert events[0]["trophy"] == "" and events[0]["drawn"] == ["T10", "T06"]


def test_scrap_reads_names_of_several_words_for_the_wreck_and_the_starship() -> None:
    state = travelling(seats={A: {"credits": 10, "wrecks": ("N11",)}}, karokum=("D22",))
    after, _ = play(state, A, "tour scrap legate's pinnace convoy seventy-seven")
    assert after.seats[A].wrecks == ("D22",) and after.karokum_pile == ("N11",)
    assert refusal(state, A, "tour scrap N11 N01") == (
        "Sunskiff (N01) is not one of the Karokum pile: Convoy Seventy-Seven (D22).")
    assert refusal(state, A, "tour scrap legates pinnace sunskiff") == (
        "Name your wreck and the starship you take: tour scrap <your wreck> <starship of the Karokum pile>.")


def test_tour_records_and_refusals_word_for_word() -> None:
    state, _ = play(t13(), A, "tribute")
    assert refusal(state, A, "tour smuggle S05") == \
        "Emergency Patch (S05) is not one of the Bazaar pile: Berserker Grog (S02)."
    drawn, events = play(state, A, "tour trophies")
    assert events == [{"type": "tour", "seat": A, "action": 1, "word": "trophies", "credits": 2,
                       "to": "exxalia", "wrecks": [], "trophy": "", "drawn": ["T10", "T06"]}]
    assert drawn.choices == (Choice(kind="trophy", seat=A, cards=("T10", "T06"), count=1, source="tour"),)
    _kept, events = play(drawn, A, "pick T10")
    assert events == [{"type": "keep_trophy", "seat": A, "trophy": "T10", "bottom": ["T06"],
                       "source": "tour"}]
    after = fought(travelling(seats={A: {"credits": 10}}))
    card, refill = after.ocg_row[0], after.improvement_deck[0]
    _bought, events = play(after, A, f"tour buy {card}")
    assert events == [{"type": "tour", "seat": A, "action": 6, "word": "buy",
                       "credits": cards.IMPROVEMENTS[card].cost, "to": "bank", "wrecks": [], "card": card,
                       "refill": refill}]


def test_the_tour_out_of_travel_and_before_a_choice_is_closed_word_for_word() -> None:
    from games.kinds.metal_adventures.tour_actions import ACTIONS

    action = ACTIONS[0]
    words = "The Tour of Pirates is taken by the active seat while it travels."
    assert tour.closed(given(3, phase="turn.rest"), A, action) == words
    travelling = given(3, phase="turn.travel")
    assert tour.closed(travelling, B, action) == words
    waiting = replace(travelling, choices=(Choice(kind="discard", seat=A, cards=("E01",)),))
    assert tour.closed(waiting, A, action) == "Make the choice before you first."

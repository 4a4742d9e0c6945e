"""Metal Adventures' turn start and rest (rules.md, "A turn"): tribute reads main power with its damage and
a tie pays (scenario T1); refusing costs a JP; a damaged seat may rest, swap a trophy and buy a card at its
cost + 1 (scenario T3). Every state a command gives keeps the invariants."""

from __future__ import annotations

from dataclasses import replace

import pytest

from games.kinds.metal_adventures import commands, invariants, turn
from games.kinds.metal_adventures.state import BLANK, GameState
from games.kinds.protocol import Refused

from .helpers import given, in_row, play, playing, refusal, with_credits, with_equipment, with_trophies

A, B, C = 0, 1, 2


def refused(state: GameState, seat: int, command: str, words: str) -> None:
    with pytest.raises(Refused, match=words):
        commands.play(state, seat, command, None)


def damaged(state: GameState, seat: int, damage: int) -> GameState:
    return state.with_seat(seat, replace(state.seats[seat], damage=damage))


def t1() -> GameState:
    """A: no equipment, damage 1 (M 7); B: M 8; C: E02, damage 2 (R 10, M 8); all 3 credits, Pot 0."""
    state = with_equipment(playing(3, 1), C, "E02")
    state = damaged(damaged(state, A, 1), C, 2)
    invariants.check(state)
    assert [state.main_power(i) for i in (A, B, C)] == [7, 8, 8]
    return state


# === T1: TRIBUTE READS DAMAGE; A TIE PAYS ===


def test_t1_the_strictly_lowest_main_power_is_exempt_and_cannot_refuse() -> None:
    state = t1()
    refused(state, A, "refuse", "exempt")
    after, events = play(state, A, "tribute")
    assert after.seats[A].credits == 3 and after.pot == 0 and after.phase == "turn.travel"
    assert [e["type"] for e in events] == ["exempt"]


def test_t1_r5_seats_tied_for_lowest_pay_and_rated_power_is_not_what_counts() -> None:
    state = t1()
    for seat in (B, C):
        after, events = play(replace(state, active=seat), seat, "tribute")
        assert after.seats[seat].credits == 2 and after.pot == 1
        assert events == [{"type": "tribute", "seat": seat, "paid": 1}]
    undamaged = damaged(state, A, 0)  # all three at M 8
    after, _ = play(undamaged, A, "tribute")
    assert after.seats[A].credits == 2 and after.pot == 1


def test_r11_the_exemption_compares_only_the_seats_still_in() -> None:
    state = damaged(t1(), B, 3)  # B: M 5, lower than A's 7
    after, _ = play(state, A, "tribute")
    assert after.pot == 1
    gone = state.with_seat(B, replace(state.seats[B], out=True))
    after, events = play(gone, A, "tribute")
    assert after.pot == 0 and events[0]["type"] == "exempt"


def test_tribute_with_no_credit_is_refused_unless_exempt() -> None:
    state = with_credits(playing(3, 2), a=0)
    refused(state, A, "tribute", "no credit")
    assert "tribute" not in commands.legal_commands(state, A)
    exempt = damaged(state, A, 1)
    after, _ = play(exempt, A, "tribute")
    assert after.seats[A].credits == 0


def test_r11_the_first_command_must_be_rest_tribute_or_refuse_and_only_the_active_seat_gives_it() -> None:
    state = playing(3, 3)
    refused(state, B, "tribute", "seat 1's turn")
    refused(state, A, "end", "Brotherhood of Pirates")
    refused(state, A, "buy rhum", "Brotherhood of Pirates")
    refused(state, A, "tribute now", "takes nothing")
    refused(state, A, "fly", "not a command")
    with pytest.raises(Refused, match="Legal now: tribute, refuse, resign"):
        commands.play(state, A, "end", None)


# === T3: REST ===


def t3() -> GameState:
    """A: damage 2, 1 credit, MF showing 4, trophies T03 T05; the Trophy deck's top T09 T12; RHUM in the
    OCG row."""
    state = with_trophies(playing(3, 5), {A: ("T03", "T05"), B: ("T01", "T02"), C: ("T04", "T06")},
                          top=("T09", "T12"))
    state = in_row(with_credits(state, a=1), "E11")
    state = state.with_seat(A, replace(state.seats[A], damage=2, mf=4))
    invariants.check(state)
    return state


def test_t3_r27_rest_pays_two_repairs_blanks_the_die_and_charges_no_tribute() -> None:
    state = t3()
    after, events = play(state, A, "rest")
    seat = after.seats[A]
    assert (seat.credits, seat.damage, seat.mf, seat.jp) == (3, 0, BLANK, 0)
    assert after.pot == state.pot and after.bank == state.bank - 2 and after.phase == "turn.rest"
    assert events == [{"type": "rest", "seat": A, "credits": 2, "repaired": 2}]


def test_t3_r13_swap_puts_the_trophy_under_first_then_shows_the_top_two_and_the_other_goes_under() -> None:
    state, _ = play(t3(), A, "rest")
    state, events = play(state, A, "swap T05")
    assert state.choices[0].cards == ("T09", "T12") and state.seats[A].trophies == ("T03",)
    assert state.trophy_deck[-1] == "T05" and "T09" not in state.trophy_deck
    refused(state, A, "end", "Pick one")
    refused(state, A, "buy rhum", "Pick one")
    assert commands.legal_commands(state, A) == ["pick T09", "pick T12", "resign", "autopilot"]
    state, _ = play(state, A, "pick T12")
    assert state.seats[A].trophies == ("T03", "T12")
    assert state.trophy_deck[-2:] == ("T05", "T09") and state.choices == ()
    assert refusal(state, A, "swap T03") == "You have already swapped a trophy this rest."
    assert not [c for c in commands.legal_commands(state, A) if c.startswith("swap")]


def test_t3_r14_a_rest_purchase_costs_the_card_plus_one_to_the_bank_and_refills_the_spot() -> None:
    state, _ = play(t3(), A, "rest")
    top, spot = state.improvement_deck[0], state.ocg_row.index("E11")
    bank = state.bank
    state, events = play(state, A, "buy rhum")
    seat = state.seats[A]
    assert seat.credits == 0 and state.bank == bank + 3 and seat.improvements == ("E11",)
    assert state.rated_power(A) == 9 and state.ocg_row[spot] == top
    assert events == [{"type": "buy", "seat": A, "card": "E11", "paid": 3, "refill": top}]
    refused(state, A, f"buy {state.ocg_row[spot]}", "already bought")


def test_t3_no_battle_while_resting_and_end_passes_to_the_next_seat() -> None:
    state, _ = play(t3(), A, "rest")
    refused(state, A, "tribute", "resting")
    refused(state, A, "attack space", "resting")
    refused(state, A, "tour repair", "resting")
    state, events = play(state, A, "end")
    assert state.phase == "turn.start" and state.active == B and state.turn == 2
    assert events[-1] == {"type": "turn", "seat": B, "turn": 2}


def test_t3_r12_an_undamaged_seat_cannot_rest() -> None:
    state = damaged(t3(), A, 0)
    refused(state, A, "rest", "no damage")
    assert "rest" not in commands.legal_commands(state, A)


def test_a_rest_purchase_is_refused_at_list_price_and_with_four_improvements() -> None:
    state = with_credits(t3(), a=0)  # 2 after resting: RHUM costs 2, 3 while resting
    state, _ = play(state, A, "rest")
    refused(state, A, "buy rhum", "costs you 3")
    assert not any(c.startswith("buy") for c in commands.legal_commands(state, A))
    full = with_equipment(with_credits(t3(), a=9), A, "E01", "E02", "E08", "E12")
    full, _ = play(full, A, "rest")
    refused(full, A, "buy rhum", "already have 4")
    missing = next(c for c in state.improvement_deck if c not in state.ocg_row)
    refused(state, A, f"buy {missing}", "is not one of the OCG row")


def test_r13_a_seat_with_no_trophy_cannot_swap() -> None:
    state = with_trophies(t3(), {B: ("T01", "T02")})
    state, _ = play(state, A, "rest")
    refused(state, A, "swap T03", "no trophy in hand")


def test_r9_the_bank_pays_a_rest_what_it_has() -> None:
    state = t3()
    state = replace(state, bank=1, pot=state.pot + state.bank - 1)
    after, events = play(state, A, "rest")
    assert after.seats[A].credits == 2 and after.bank == 0 and events[0]["short"] == 1


def test_the_laughing_kraken_rests_for_three_with_perks() -> None:
    state = t3()
    state = replace(state, options=replace(state.options, perks=True))
    state = state.with_seat(A, replace(state.seats[A], base="B2"))
    others = [i for i in (B, C) if state.seats[i].base == "B2"]
    for i in others:  # bases are unique: give the other seat A's old one
        state = state.with_seat(i, replace(state.seats[i], base=t3().seats[A].base))
    after, _ = play(state, A, "rest")
    assert after.seats[A].credits == 4
    assert turn.KRAKEN_REST_CREDITS == 3


def test_the_tribute_and_its_refusal_word_for_word() -> None:
    broke = given(3, seats={A: dict(credits=0)})
    assert refusal(broke, A, "tribute") == "You have no credit to pay the tribute (your main power is not " \
        "the lowest): refuse it and take 1 JP, or rest if you are damaged."
    _after, events = play(broke, A, "refuse")
    assert events == [{"type": "refuse", "seat": A},
                      {"type": "jp", "seat": A, "why": "refused tribute", "jp": 1, "glory": -1}]
    lowest = given(3, seats={B: dict(improvements=("E06",)), C: dict(improvements=("E05",))})
    assert turn.exempt(lowest, A)
    assert refusal(lowest, A, "refuse") == "Your main power is the lowest: you are exempt from the tribute " \
        "and have nothing to refuse (tribute costs you nothing)."
    _after, events = play(lowest, A, "tribute")
    assert events == [{"type": "exempt", "seat": A, "m": 8}]


def test_travel_refusals_and_the_challenge_event_word_for_word() -> None:
    state = given(3, phase="turn.travel")
    assert refusal(state, A, "challenge 1") == "You cannot challenge yourself."
    assert refusal(state, A, "end now") == "`end` takes nothing after it."
    assert refusal(state, A, "attack") == \
        "Attack what? attack space, attack karokum <ship>, attack planet <planet>, or challenge <seat>."
    _after, events = play(state, A, "challenge 2")
    assert events[0] == {"type": "challenge", "seat": A, "challenged": B}


def test_the_laughing_kraken_rests_for_two_without_perks_and_another_base_for_two_with_them() -> None:
    state = t3()
    kraken = [i for i in (A, B, C) if state.seats[i].base == "B2"]
    for i in kraken:  # bases are unique: swap A's with the Kraken's holder
        state = state.with_seat(i, replace(state.seats[i], base=t3().seats[A].base))
    plain = state.with_seat(A, replace(state.seats[A], base="B2"))
    assert not plain.options.perks
    after, _ = play(plain, A, "rest")
    assert after.seats[A].credits == 1 + turn.REST_CREDITS
    perks = replace(state, options=replace(state.options, perks=True))
    assert perks.seats[A].base != "B2"
    after, _ = play(perks, A, "rest")
    assert after.seats[A].credits == 1 + turn.REST_CREDITS


def test_a_new_turn_may_apply_an_event_again() -> None:
    state = replace(t3(), event_applied_this_turn=True)
    assert turn.start_turn(state, B, state.turn + 1).event_applied_this_turn is False


def test_the_trophies_a_swap_shows_are_a_choice_from_the_rest_and_say_so_when_kept() -> None:
    state, _ = play(t3(), A, "rest")
    state, _ = play(state, A, "swap T05")
    assert state.choices[0].source == "rest"
    _state, events = play(state, A, "pick T12")
    assert events[0] == {"type": "keep_trophy", "seat": A, "trophy": "T12", "bottom": ["T09"],
                         "source": "rest"}

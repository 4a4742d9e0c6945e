"""Metal Adventures' ten events (rules.md, "Events"), each applied by events.apply as a drawn event takes
effect: "every seat" effects go seat by seat in turn order from the active seat, so a short bank pays the
first ones; seats that left the game are skipped; armour (E07, E09) and the damage wheel's stop at 4 hold.
A few are drawn through `attack space` too. Every state reached keeps the invariants."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from games.kinds.metal_adventures import cards, commands, end, events, invariants
from games.kinds.metal_adventures.state import GameState
from games.kinds.protocol import Event

from .helpers import A, B, C, D, given


def travelling(players: int = 3, **kwargs: Any) -> GameState:
    """A position (given's arguments) in the active seat's travel."""
    return given(players, phase="turn.travel", **kwargs)


def apply(state: GameState, card: str) -> tuple[GameState, list[Event]]:
    """The event applied, the state it was given left as it was, the new one checked."""
    before = state.to_dict()
    after, happened = events.apply(state, card)
    assert state.to_dict() == before
    invariants.check(after)
    return after, happened


def bank_at(state: GameState, credits: int) -> GameState:
    """The bank holds `credits`; the rest of what it held waits in the Pot."""
    return replace(state, bank=credits, pot=state.pot + state.bank - credits)


def gone(state: GameState, seat: int) -> GameState:
    """The seat has left the game (its turn is not running)."""
    after, _ = end.resign(state, seat)
    invariants.check(after)
    return after


def credits(state: GameState) -> list[int]:
    return [s.credits for s in state.seats]


def damage(state: GameState) -> list[int]:
    return [s.damage for s in state.seats]


def test_every_event_of_the_card_set_has_its_effect() -> None:
    assert {e.effect for e in cards.EVENTS.values()} == set(events.EFFECTS)
    assert len(cards.EVENTS) == 10


def test_every_seat_effects_go_in_turn_order_from_the_active_seat_and_skip_seats_that_left() -> None:
    state = gone(travelling(4, active=C), B)
    assert events.seats_in_turn_order(state) == (C, D, A)


# === NE1 GOLDEN VEIN ===


def test_golden_vein_gives_five_to_the_planet_with_the_fewest_credits() -> None:
    state = travelling(treasuries={"exxalia": 2, "bazaar": 0, "karokum": 1})
    after, happened = apply(state, "NE1")
    assert after.treasuries.bazaar == 5 and after.bank == state.bank - 5 and after.choices == ()
    assert happened == [{"type": "treasury", "planet": "bazaar", "credits": 5, "card": "NE1"}]


def test_golden_vein_with_a_short_bank_gives_what_the_bank_has() -> None:
    state = bank_at(travelling(treasuries={"exxalia": 2, "karokum": 1}), 3)
    after, happened = apply(state, "NE1")
    assert after.treasuries.bazaar == 3 and after.bank == 0
    assert happened == [{"type": "treasury", "planet": "bazaar", "credits": 3, "card": "NE1", "short": 2}]


def test_golden_vein_tied_planets_wait_for_the_active_seats_pick() -> None:
    state = travelling(active=B, treasuries={"exxalia": 4, "bazaar": 1, "karokum": 1})
    after, happened = apply(state, "NE1")
    assert after.treasuries == state.treasuries and after.bank == state.bank
    choice = after.choices[0]
    assert (choice.kind, choice.seat, choice.options) == ("planet", B, ("bazaar", "karokum"))
    assert happened == [{"type": "planet_choice", "seat": B, "options": ["bazaar", "karokum"], "card": "NE1"}]


# === NE2 HAVANA CARNIVAL ===


def test_havana_carnival_gives_every_seat_one_credit() -> None:
    state = travelling()
    after, happened = apply(state, "NE2")
    assert credits(after) == [c + 1 for c in credits(state)] and after.bank == state.bank - 3
    assert [e["seat"] for e in happened] == [A, B, C]


def test_r9_havana_carnival_with_a_short_bank_pays_in_turn_order_from_the_active_seat() -> None:
    state = bank_at(travelling(4, active=C), 2)
    after, happened = apply(state, "NE2")
    assert [a - b for a, b in zip(credits(after), credits(state), strict=True)] == [0, 0, 1, 1]
    assert [(e["seat"], e["credits"], e.get("short", 0)) for e in happened] == [(C, 1, 0), (D, 1, 0),
                                                                                   (A, 0, 1), (B, 0, 1)]


def test_havana_carnival_skips_a_seat_that_left() -> None:
    state = gone(travelling(), B)
    after, _ = apply(state, "NE2")
    assert after.seats[B].credits == 0 and after.bank == state.bank - 2


# === NE3 ION STORM, DE1 SUPERNOVA: DAMAGE, E07, E09, THE STOP AT 4 ===


def test_ion_storm_damages_every_seat_by_one_but_not_scrap_plating_and_never_past_four() -> None:
    state = travelling(seats={B: {"improvements": ("E07",)}, C: {"damage": 4}})
    after, happened = apply(state, "NE3")
    assert damage(after) == [1, 0, 4]
    assert [(e["seat"], e["amount"], e["taken"]) for e in happened] == [(A, 1, 1), (B, 1, 0), (C, 1, 0)]
    assert all(e["type"] == "damage" and e["source"] == "event" and e["card"] == "NE3" for e in happened)


def test_supernova_damages_by_two_bastion_shields_by_one_scrap_plating_by_none() -> None:
    state = travelling(4, seats={B: {"improvements": ("E09",)}, C: {"improvements": ("E07",)},
                                 D: {"damage": 3}})
    after, happened = apply(state, "DE1")
    assert damage(after) == [2, 1, 0, 4]
    assert [(e["type"], e["seat"], e["card"]) for e in happened] == \
        [("damage", seat, "DE1") for seat in (A, B, C, D)]
    both = travelling(seats={A: {"improvements": ("E07", "E09")}})
    after, _ = apply(both, "DE1")
    assert damage(after) == [0, 2, 2]


def test_event_damage_skips_a_seat_that_left() -> None:
    state = gone(travelling(), C)
    after, happened = apply(state, "DE1")
    assert damage(after) == [2, 2, 0] and [e["seat"] for e in happened] == [A, B]


# === NE4 CUSTOMS SWEEP ===


def test_customs_sweep_takes_two_from_every_seat_holding_six_or_more() -> None:
    state = travelling(seats={A: {"credits": 6}, B: {"credits": 5}, C: {"credits": 9}})
    after, happened = apply(state, "NE4")
    assert credits(after) == [4, 5, 7] and after.bank == state.bank + 4
    assert happened == [{"type": "pay", "seat": seat, "credits": 2, "to": "bank", "card": "NE4"}
                        for seat in (A, C)]


# === DE2 GENERAL PARDON ===


def test_general_pardon_cancels_one_jp_of_every_seat_with_one_and_gives_its_glory_back() -> None:
    state = travelling(seats={A: {"jp": 2, "glory": 1}, B: {"jp": 0, "glory": 3}, C: {"jp": 4, "glory": -2}})
    after, happened = apply(state, "DE2")
    assert [(s.jp, s.glory) for s in after.seats] == [(1, 2), (0, 3), (3, -1)]
    assert [(e["type"], e["seat"]) for e in happened] == [("jp_cancelled", A), ("jp_cancelled", C)]


def test_general_pardon_skips_a_seat_that_left() -> None:
    state = gone(travelling(seats={B: {"jp": 1}}), B)
    after, happened = apply(state, "DE2")
    assert after.seats[B].jp == 1 and happened == []


# === DE3 TREASURE FLEET ===


def test_treasure_fleet_gives_each_planet_two() -> None:
    state = travelling(treasuries={"karokum": 1})
    after, happened = apply(state, "DE3")
    assert after.treasuries.to_dict() == {"exxalia": 2, "bazaar": 2, "karokum": 3}
    assert [e["card"] for e in happened] == ["DE3"] * 3
    assert after.bank == state.bank - 6


def test_treasure_fleet_with_a_short_bank_pays_exxalia_then_bazaar_then_karokum() -> None:
    state = bank_at(travelling(), 3)
    after, happened = apply(state, "DE3")
    assert after.treasuries.to_dict() == {"exxalia": 2, "bazaar": 1, "karokum": 0} and after.bank == 0
    assert [e.get("short", 0) for e in happened] == [0, 1, 2]


# === DE4 WANTED POSTERS ===


def test_wanted_posters_damage_every_seat_tied_for_the_most_glory() -> None:
    state = travelling(4, seats={A: {"glory": 3}, B: {"glory": 5}, C: {"glory": 5}, D: {"glory": 5}})
    after, _ = apply(state, "DE4")
    assert damage(after) == [0, 1, 1, 1]


def test_wanted_posters_damage_a_lone_leader_and_not_one_that_left() -> None:
    state = travelling(seats={A: {"glory": 2}, B: {"glory": 4}, C: {"glory": 6}})
    after, _ = apply(state, "DE4")
    assert damage(after) == [0, 0, 1]
    after, _ = apply(gone(state, C), "DE4")
    assert damage(after) == [0, 1, 0]


def test_wanted_posters_meet_scrap_plating() -> None:
    state = travelling(seats={A: {"glory": 1, "improvements": ("E07",)}})
    after, happened = apply(state, "DE4")
    assert damage(after) == [0, 0, 0] and happened[0]["taken"] == 0
    assert (happened[0]["type"], happened[0]["seat"], happened[0]["card"]) == ("damage", A, "DE4")


# === DE5 WAR TAX ===


def test_war_tax_takes_one_per_equipment_card_into_the_pot_as_much_as_a_seat_holds() -> None:
    state = travelling(seats={A: {"improvements": ("E01", "E02", "S02"), "credits": 5},
                              B: {"improvements": ("E05", "E08", "E10"), "credits": 1},
                              C: {"improvements": ("S05",), "credits": 4}})
    after, happened = apply(state, "DE5")
    assert credits(after) == [3, 0, 4] and after.pot == state.pot + 3 and after.bank == state.bank
    assert happened == [{"type": "pay", "seat": A, "credits": 2, "owed": 2, "to": "pot", "card": "DE5"},
                        {"type": "pay", "seat": B, "credits": 1, "owed": 3, "to": "pot", "card": "DE5"}]


# === DE6 BROTHERHOOD FEAST ===


def test_brotherhood_feast_shares_the_pot_rounded_down_and_the_rest_stays() -> None:
    state = travelling(pot=7)
    after, happened = apply(state, "DE6")
    assert credits(after) == [c + 2 for c in credits(state)] and after.pot == 1
    assert happened == [{"type": "gain", "seat": seat, "credits": 2, "from": "pot", "card": "DE6"}
                        for seat in (A, B, C)]


def test_brotherhood_feast_shares_among_the_seats_still_in() -> None:
    state = gone(travelling(pot=7), B)
    after, _ = apply(state, "DE6")
    assert credits(after) == [credits(state)[A] + 3, 0, credits(state)[C] + 3] and after.pot == 1


def test_brotherhood_feast_on_a_small_pot_gives_nothing() -> None:
    state = travelling(pot=2)
    after, happened = apply(state, "DE6")
    assert after == state and happened == []


# === DRAWN IN AN ATTACK ===


def deep_space(*top: str, **kwargs: Any) -> GameState:
    """A travelling position whose Space deck holds only red cards, `top` first."""
    return travelling(space=top, out=cards.BLUE, **kwargs)


@pytest.mark.parametrize(("card", "changed"), [("NE2", "credits"), ("DE1", "damage")])
def test_a_drawn_event_takes_effect_for_every_seat_and_marks_the_turn(card: str, changed: str) -> None:
    ships = ("N01", "N09", "N17") if cards.is_blue(card) else ("D01", "D02", "D03")
    top = (card, *ships)
    seats = {B: {"improvements": ("E09",)}}
    state = travelling(seats=seats, space=top) if cards.is_blue(card) else deep_space(*top, seats=seats)
    after, happened = commands.play(state, A, "attack space", None)
    invariants.check(after)
    assert after.event_applied_this_turn and not state.event_applied_this_turn
    if changed == "credits":
        assert credits(after) == [c + 1 for c in credits(state)]
    else:
        assert damage(after) == [2, 1, 2]
    assert happened[1] == {"type": "space_event", "card": card, "applied": True}


def test_a_drawn_event_after_the_turns_first_one_changes_nothing_but_goes_out() -> None:
    state = replace(deep_space("DE1", "D01", "D02", "D03"), event_applied_this_turn=True)
    after, happened = commands.play(state, A, "attack space", None)
    invariants.check(after)
    assert damage(after) == damage(state) and after.out_of_game[-1] == "DE1"
    assert [e["type"] for e in happened] == ["attack", "space_event", "face_up", "face_up", "face_up"]

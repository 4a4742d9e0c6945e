"""Metal Adventures' battles, scenario by scenario (rules.md, "Battles"): via Karokum, planets, starships
chosen in Space, allies and traitors, Pirate Hunters, the Metal Faktor debt, a challenge's spoils, and
Exxalia's trophy with a full hand. Every state reached keeps the invariants (helpers.play checks)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from games.kinds.metal_adventures import cards, commands, fight, sides
from games.kinds.metal_adventures.battle_state import Battle
from games.kinds.metal_adventures.state import BLANK, GameState

from .helpers import MF, A, B, C, D, E, F, ScriptedDice, facing, given, play, quiet, refusal, refused, result

# === T6: the attacker wins ties; the Metal Faktor debt ===


def t6():  # type: ignore[no-untyped-def]
    return given(3, seats={A: dict(improvements=("E02", "E08"), mf=2, credits=5)}, karokum=("N05",))


def test_t6_r26_the_attacker_wins_a_tie_and_pays_its_metal_faktor_debt() -> None:
    state, _ = play(t6(), A, "tribute")
    assert state.seats[A].credits == 4
    state, _ = play(state, A, "attack karokum N05")
    assert state.seats[A].credits == 2 and state.treasuries.karokum == 2
    assert state.battle is not None and state.battle.debt == 2
    state, _ = play(state, A, "ally none")
    refused(state, A, "mf yes", "shows 2")
    state, events = play(state, A, "roll", ScriptedDice(3, 3))
    result = next(e for e in events if e["type"] == "result")
    assert (result["attack"], result["defend"], result["winner"]) == (13, 13, "attack")
    assert state.seats[A].credits == 5 and state.seats[A].wrecks == ("N05",)
    assert "N05" not in state.karokum_pile and state.seats[A].mf == BLANK
    assert state.phase == "turn.travel" and state.travel.battle_done and state.battle is None


def test_t6_next_battle_the_blank_die_may_be_declared_again() -> None:
    state, _ = play(t6(), A, "tribute")
    state, _ = play(state, A, "attack karokum N05")
    state, _ = play(state, A, "ally none")
    state, _ = play(state, A, "roll", ScriptedDice(3, 3))
    state = replace(state, karokum_pile=state.karokum_pile, travel=replace(state.travel, battle_done=False))
    state, _ = play(state, A, "attack planet bazaar")
    state, _ = play(state, A, "ally none")
    state, events = play(state, A, "mf yes")
    assert state.battle is not None and state.battle.declaration(A).mf is True  # type: ignore[union-attr]


def test_an_attacker_in_debt_is_not_asked_about_its_die() -> None:
    state, _ = play(t6(), A, "tribute")
    state, _ = play(state, A, "attack karokum N05")
    state, _ = play(state, A, "ally none")
    assert commands.legal_commands(state, A) == ["roll", "autopilot"]


# === T7: support power after damage; dots; immunity ===


def test_t7_support_power_reads_damage_and_losers_take_the_dots_up_to_4() -> None:
    # The scenario gives A and B each a Plasma Cutlass (E02); there is one, so A holds another +2
    # weapon whose effect plays no part against D04: the Hunter-Killer Cannon (E04).
    state = given(3, seats={A: dict(improvements=("E04",), damage=3),
                            B: dict(improvements=("E02", "E08"), damage=1)}, karokum=("D04",))
    assert state.main_power(A) == 7 and state.main_power(B) == 11 and state.support_power(B) == 5
    state, events = play(state, A, "tribute")
    assert events[0]["type"] == "exempt"
    state, _ = play(state, A, "attack karokum D04")
    state, _ = play(state, A, "ally ask 2 for 1c")
    assert commands.to_act(state) == (B,)
    state, _ = play(state, B, "ally accept")
    assert state.battle is not None and state.battle.allies == (B,) and state.promises[0].due == "win"
    state, _ = play(state, B, "loyal")
    assert commands.to_act(state) == (B,)
    state, _ = play(state, B, "mf yes")
    assert commands.to_act(state) == (A,)
    state, _ = play(state, A, "mf no")
    state, events = play(state, A, "roll", ScriptedDice(4, 2, MF[2]))
    result = next(e for e in events if e["type"] == "result")
    assert (result["attack"], result["defend"], result["winner"]) == (18, 19, "defend")
    assert state.seats[A].damage == 4 and state.seats[B].damage == 4
    assert "D04" in state.out_of_game and not state.promises
    assert state.seats[A].jp == 0 and state.seats[B].mf == 2


# === T8, T9: betrayal ===


def betrayal(ship: str):  # type: ignore[no-untyped-def]
    state = given(3, seats={A: dict(credits=3), B: dict(glory=1, trophies=("T18",))})
    state = replace(state, phase="turn.travel")
    return facing(state, ship)


def test_t8_r29_target_and_traitor_win_the_traitor_takes_the_credits_the_attacker_1_damage() -> None:
    state, _ = play(betrayal("N22"), A, "ally ask 2 for 3c")
    state, _ = play(state, B, "ally accept")
    state, events = play(state, B, "betray")
    assert [e for e in events if e.get("secret")] and state.seats[B].jp == 0  # secret until the step closes
    state, events = play(state, B, "mf yes")
    assert state.seats[B].jp == 1 and state.seats[B].glory == 0
    assert not state.promises  # terms owed to a traitor lapse
    state, _ = play(state, A, "mf no")
    state, events = play(state, A, "roll", ScriptedDice(4, 2, MF[4]))
    result = next(e for e in events if e["type"] == "result")
    assert (result["attack"], result["defend"]) == (12, 20)
    assert state.seats[A].damage == 1 and state.seats[B].damage == 0
    # 3 + the ship's 3 credits, then at the battle's end B reveals its Trophy of the Turncoat: G 1, +3.
    assert not state.seats[B].wrecks and state.seats[B].trophies == ()
    assert (state.seats[B].credits, state.seats[B].glory) == (9, 1)
    assert "N22" in state.out_of_game and "N22" not in state.karokum_pile
    assert state.seats[A].jp == 0
    assert (B, "turncoat") in state.deeds


def test_t9_the_betrayed_attacker_wins_owes_nothing_and_the_traitor_takes_1_damage() -> None:
    state, _ = play(betrayal("N17"), A, "ally ask 2 for 3c")
    state, _ = play(state, B, "ally accept")
    state, _ = play(state, B, "betray")
    state, _ = play(state, B, "mf no")
    state, _ = play(state, A, "mf no")
    state, events = play(state, A, "roll", ScriptedDice(6, 1))
    result = next(e for e in events if e["type"] == "result")
    assert (result["attack"], result["defend"]) == (14, 11)
    assert state.seats[A].credits == 4 and state.seats[A].wrecks == ("N17",)
    assert state.seats[B].damage == 1 and state.seats[B].jp == 1
    refused(state, A, "keep P1", "")
    state, _ = play(state, A, "end")
    assert state.seats[A].jp == 0


def test_t8_the_traitor_takes_a_jp_for_betraying_the_attacker_when_its_step_closes() -> None:
    state, _ = play(betrayal("N22"), A, "ally ask 2")
    state, _ = play(state, B, "ally accept")
    state, _ = play(state, B, "betray")
    state, events = play(state, B, "mf yes")
    assert {"type": "jp", "seat": B, "why": "betrayed an attacker", "jp": 1, "glory": 0} in events


@pytest.mark.parametrize(("listed", "loyal"), [("1", False), ("3", True)])
def test_an_allys_betray_order_answers_its_loyalty_to_the_principals_it_lists(listed: str,
                                                                             loyal: bool) -> None:
    state = betrayal("N22")
    state = state.with_seat(B, state.seats[B].with_order("betray", listed))
    state, _ = play(state, A, "ally ask 2")
    state, _ = play(state, B, "ally accept")
    assert state.battle is not None and state.battle.declaration(B).loyal is loyal  # type: ignore[union-attr]


def declaring_ally(**ally: Any) -> GameState:
    """Seat 2 is Seat 1's ally in a starship battle, its declaration step open."""
    state = facing(replace(given(3, seats={A: dict(credits=3), B: ally}), phase="turn.travel"), "N17")
    state, _ = play(state, A, "ally ask 2")
    state, _ = play(state, B, "ally accept")
    return state


def test_an_ally_declaring_may_say_ready_and_arm_the_reaction_cards_it_holds() -> None:
    state = declaring_ally(improvements=("S03",))
    assert commands.legal_commands(state, B) == ["loyal", "betray", "mf yes", "mf no", "arm S03", "ready"]


def test_declaring_cards_one_does_not_hold_is_refused_word_for_word() -> None:
    state = declaring_ally(improvements=("S03",))
    assert refusal(state, B, "arm S04") == \
        "Smoke Screen (S04) is not one of the cards you may arm now: Loaded Dice (S03)."
    assert refusal(state, B, "play S02") == "You hold no Berserker Grog (S02) to play before the roll."
    assert refusal(declaring_ally(), B, "arm S01") == "You hold no reaction card to arm."


def test_a_die_showing_a_face_is_refused_word_for_word_and_the_attacker_told_it_owes_the_number() -> None:
    assert refusal(declaring_ally(mf=4), B, "mf yes") == \
        "Your Metal Faktor die shows 4: it cannot be used until it is blank again."
    state, _ = play(t6(), A, "tribute")
    state, _ = play(state, A, "attack karokum N05")
    state, _ = play(state, A, "ally none")
    assert refusal(state, A, "mf yes") == \
        "Your Metal Faktor die shows 2: it cannot be used until it is blank again (you owe its number in " \
        "this battle)."


def test_t10_betrayal_is_refused_against_a_pirate_hunter() -> None:
    state, _ = play(betrayal("N16"), A, "ally ask 2")
    state, _ = play(state, B, "ally accept")
    refused(state, B, "betray", "Pirate Hunter")
    assert "betray" not in commands.legal_commands(state, B)


# === T10: a Pirate Hunter ===


def t10(*improvements: str):  # type: ignore[no-untyped-def]
    state = given(3, seats={A: dict(credits=1, improvements=improvements)})
    state, _ = play(state, A, "tribute")
    assert state.seats[A].credits == 0
    return facing(state, "N16")


def test_t10_r30_terms_against_a_hunter_must_fit_the_attackers_means() -> None:
    state = t10()
    assert refusal(state, A, "ally ask 2 for 5c") == \
        "Against a Pirate Hunter your terms must be within your means: 3₡ (yours and the Hunter's reward), " \
        "not 5₡."
    state, _ = play(state, A, "ally ask 2 for 3c")
    state, events = play(state, B, "ally accept")
    assert state.promises[0].hunter
    assert {"type": "ally_sealed", "seat": B, "principal": A, "terms": "3c@win", "by_order": False} in events


def test_t10_a_won_hunter_pays_the_ally_by_the_engine_and_cannot_be_broken() -> None:
    state, _ = play(t10(), A, "ally ask 2 for 3c")
    state, _ = play(state, B, "ally accept")
    state, _ = play(state, B, "loyal")
    state, _ = play(state, B, "mf no")
    state, events = play(state, A, "roll", ScriptedDice(5, 2))
    result = next(e for e in events if e["type"] == "result")
    assert (result["attack"], result["defend"]) == (17, 14)
    assert state.seats[A].glory == 1 and state.seats[A].wrecks == ("N16",)
    assert state.seats[B].credits == 6 and state.seats[A].credits == 0
    assert not state.promises and state.battle is None
    refused(state, A, "break P1", "")


def test_t10_the_hunter_killer_cannon_adds_2_against_a_hunter() -> None:
    state, _ = play(t10("E04"), A, "ally ask 2 for 3c")
    state, _ = play(state, B, "ally accept")
    state, _ = play(state, B, "loyal")
    state, _ = play(state, B, "mf no")
    state, events = play(state, A, "roll", ScriptedDice(5, 2))
    assert next(e for e in events if e["type"] == "result")["attack"] == 21


# === T12: a challenge's spoils ===


def won_challenge(loser: dict[str, object]):  # type: ignore[no-untyped-def]
    state = given(3, seats={A: dict(improvements=("E06",), trophies=()), B: loser})
    state = replace(state, phase="turn.travel")
    state, _ = play(state, A, "challenge 2")
    state, _ = play(state, A, "ready")
    state, _ = play(state, B, "ready")
    state, _ = play(state, A, "mf no")
    state, _ = play(state, A, "roll")
    assert commands.to_act(state) == (B,)
    state, _ = play(state, B, "mf no", ScriptedDice(6, 1))
    assert state.choices and state.choices[0].kind == "spoils"
    return state


def test_t12_r34_take_credits_is_half_rounded_up() -> None:
    state = won_challenge(dict(credits=5, wrecks=("N04", "N12", "D09"), improvements=("E02",)))
    before = state.seats[A].credits
    state, _ = play(state, A, "take credits")
    assert state.seats[A].credits == before + 3 and state.seats[B].credits == 2
    assert state.battle is None and state.phase == "turn.travel"


def test_t12_r35_take_wrecks_shows_them_then_binds_to_half() -> None:
    state = won_challenge(dict(credits=5, wrecks=("N04", "N12", "D09"), improvements=("E02",)))
    state, _ = play(state, A, "take wrecks")
    assert state.choices[0].options == ("N04", "N12", "D09") and state.choices[0].count == 2
    refused(state, A, "take credits", "")
    assert refusal(state, A, "pick N04") == "Pick exactly 2 of the 3 wrecks you looked at (pick <id> ...)."
    assert refusal(state, A, "pick N04 N05") == (
        "DESTRIA NOVA (N05) is not one of the wrecks you looked at: Corona Warden (N04); Praetor Scout "
        "(N12); Throne of Vega (D09).")
    assert refusal(state, A, "pick N04 n4") == "Name each wreck once."
    state, _ = play(state, A, "pick N04 D09")
    assert set(state.seats[A].wrecks) == {"N04", "D09"} and state.seats[B].wrecks == ("N12",)


def test_t12_no_wrecks_no_wreck_spoils_and_a_card_moves_the_power_wheels() -> None:
    state = won_challenge(dict(credits=1, improvements=("E02",)))
    refused(state, A, "take wrecks", "no wreck")
    power_a, power_b = state.seats[A].power, state.seats[B].power
    state, _ = play(state, A, "take card E02")
    assert state.seats[A].power == power_a + 2 and state.seats[B].power == power_b - 2


def test_t12_take_credits_from_one_credit_takes_it() -> None:
    state = won_challenge(dict(credits=1))
    state, _ = play(state, A, "take credits")
    assert state.seats[B].credits == 0


# === T18: Exxalia with a full hand ===


def t18(hand: tuple[str, ...] = ("T03", "T05")):  # type: ignore[no-untyped-def]
    state = given(3, seats={A: dict(improvements=("E05", "E02", "E01"), trophies=hand)},
                  treasuries={"exxalia": 5}, trophy_top=("T11", "T12", "T13"))
    state, _ = play(state, A, "tribute")
    state, _ = play(state, A, "attack planet exxalia")
    state, _ = play(state, A, "ally none")
    state, _ = play(state, A, "roll", ScriptedDice(6, 2))
    return state


def test_t18_a_full_hand_drops_one_unseen_before_drawing_three() -> None:
    state = t18()
    assert state.treasuries.exxalia == 0
    refused(state, A, "pick T11", "")
    state, events = play(state, A, "trophy drop T03")
    assert events == [{"type": "trophy_drop", "seat": A, "trophy": "T03", "drawn": 3}]
    assert state.choices[0].cards == ("T11", "T12", "T13")
    state, _ = play(state, A, "pick T12")
    assert state.seats[A].trophies == ("T05", "T12")
    assert state.trophy_deck[-3:] == ("T03", "T11", "T13")


def test_t18_a_full_hand_is_told_word_for_word_how_to_drop_or_refuse() -> None:
    state = t18()
    assert refusal(state, A, "trophy keep") == (
        "Say `trophy drop <trophy>` (then draw three and keep one) or `trophy refuse`.")
    assert refusal(state, A, "trophy drop T09") == (
        "Trophy of the Hoarder (T09) is not one of your trophies: Trophy of the Scrapyard King (T03); "
        "Trophy of the Sunbreaker (T05).")
    assert refusal(state, A, "take credits") == "There is nothing of that kind to choose now."


def test_t18_refusing_leaves_hand_and_deck_as_they_were() -> None:
    state = t18()
    deck = state.trophy_deck
    state, _ = play(state, A, "trophy refuse")
    assert state.seats[A].trophies == ("T03", "T05") and state.trophy_deck == deck


def test_t18_with_one_trophy_three_are_drawn_at_once() -> None:
    state = t18(("T03",))
    assert state.choices[0].kind == "trophy" and state.choices[0].cards == ("T11", "T12", "T13")


def test_r39_a_seat_outside_the_battle_can_only_leave_the_game_and_give_orders() -> None:
    state, _ = play(t6(), A, "tribute")
    state, _ = play(state, A, "attack karokum N05")
    assert commands.legal_commands(state, C) == ["resign"]
    refused(state, C, "reveal T01", "Battle in progress")
    refused(state, A, "resign", "in the battle")
    state, _ = play(state, C, "resign")
    assert state.seats[C].out and state.battle is not None


# === THE SIDES: WHO DEFENDS, AND THE ORDER OF DICE AND REACTIONS (rules.md, "The roll") ===


def test_a_traitor_is_the_whole_defending_side_of_a_battle_without_a_challenged_seat_and_rolls_last() -> None:
    state = replace(given(4), active=C)
    battle = Battle(kind="space", attacker=C, allies=(A,), traitor=A)
    assert sides.attacking_side(battle) == (C,)
    assert sides.defending_seats(battle) == (A,)
    assert sides.in_order(state, battle) == (C, A)


def test_a_battle_without_a_challenged_seat_or_a_traitor_has_no_defending_seat() -> None:
    state = replace(given(4), active=C)
    battle = Battle(kind="planet", attacker=C, allies=(A,))
    assert sides.defending_seats(battle) == ()
    assert sides.in_order(state, battle) == (C, A)


def test_allies_and_defenders_act_in_seat_order_from_the_active_seat_round_the_table() -> None:
    # Seat 3 challenges seat 2 with seats 1 and 5 as allies, seats 4 and 6 defending: after the active
    # seat come 4, 5, 6, then 1 (not 1 first by its number).
    state = replace(given(6), active=C)
    battle = Battle(kind="challenge", attacker=C, challenged=B, allies=(A, E), defenders=(F, D))
    assert sides.attacking_side(battle) == (C, A, E)
    assert sides.defending_seats(battle) == (B, F, D)
    assert sides.in_order(state, battle) == (C, E, A, B, D, F)


# === THE REACTION PASS: THE ACTIVE SEAT LIVE, SMOKE SCREENS (rules.md, "The roll") ===


def bazaar_with_ally(seats: dict[int, dict[str, Any]]) -> GameState:
    """A attacks Bazaar (power 12) with B as its loyal ally, no Metal Faktor dice; at the roll."""
    state = quiet(3, seats, phase="turn.travel")
    state, _ = play(state, A, "attack planet bazaar")
    state, _ = play(state, A, "ally ask 2")
    state, _ = play(state, B, "ally accept")
    state, _ = play(state, B, "loyal")
    state, _ = play(state, B, "mf no")
    return state


def test_a_losing_ally_is_spared_by_the_smoke_screen_it_armed_and_the_card_goes_to_the_bazaar_pile() -> None:
    state = bazaar_with_ally({B: {"improvements": ("S04",), "orders": {"arm S04": "ally"}}})
    # 8 + 1 + 4 (B's support power) = 13 against 12 + 6 = 18: the attacking side loses.
    state, events = play(state, A, "roll", ScriptedDice(1, 6))
    assert [e for e in events if e["type"] in ("smoke", "result")] == [
        {"type": "smoke", "seat": B}, {"type": "result", "attack": 13, "defend": 18, "winner": "defend"}]
    assert (state.seats[A].damage, state.seats[B].damage) == (1, 0)
    assert "S04" not in state.seats[B].improvements and "S04" in state.bazaar_pile


def test_a_losing_attacker_plays_its_smoke_screen_live_and_takes_no_damage() -> None:
    state = bazaar_with_ally({A: {"improvements": ("S04",)}})
    state, events = play(state, A, "roll", ScriptedDice(1, 6))
    assert events[-1]["type"] == "result" and state.phase == "battle.react"
    assert state.battle is not None and state.battle.step == "smoke"
    assert commands.legal_commands(state, A)[:2] == ["play S04", "pass"]
    refused(state, B, "play S04", "The reaction pass runs by itself now")
    state, events = play(state, A, "play smoke")
    assert events[0] == {"type": "smoke", "seat": A}
    assert (state.seats[A].damage, state.seats[B].damage) == (0, 1)
    assert "S04" in state.bazaar_pile and not state.seats[A].improvements


def test_a_losing_attacker_that_passes_on_its_smoke_screen_takes_the_damage_and_keeps_the_card() -> None:
    state = bazaar_with_ally({A: {"improvements": ("S04",)}})
    state, _ = play(state, A, "roll", ScriptedDice(1, 6))
    assert refusal(state, A, "pass now") == "`pass` takes nothing after it."
    state, events = play(state, A, "pass")
    assert events[0] == {"type": "pass", "seat": A}
    assert state.seats[A].damage == 1 and state.seats[A].improvements == ("S04",)


def test_the_reaction_pass_refuses_the_active_seat_outside_its_live_decision() -> None:
    state = bazaar_with_ally({A: {"improvements": ("S04",)}})
    state, _ = play(state, A, "roll", ScriptedDice(1, 6))
    assert state.battle is not None
    waiting = replace(state, battle=replace(state.battle, step=""))
    for seat in (A, B):
        refused(waiting, seat, "pass",
                "The reaction pass runs by itself now: armed cards play as their holders ordered.")


def test_a_reroll_played_live_needs_dice_to_roll() -> None:
    state = bazaar_with_ally({A: {"improvements": ("S03",)}})
    state, _ = play(state, A, "roll", ScriptedDice(1, 6))
    assert state.battle is not None and state.battle.step == "react"
    with pytest.raises(ValueError) as missing:
        commands.play(state, A, "play S03", None)
    assert str(missing.value) == "a reroll needs dice"


def test_a_losing_attacker_that_passes_on_its_reroll_loses_and_keeps_the_card() -> None:
    state = bazaar_with_ally({A: {"improvements": ("S03",)}})
    state, _ = play(state, A, "roll", ScriptedDice(1, 6))
    state, events = play(state, A, "pass")
    assert events[0] == {"type": "pass", "seat": A}
    assert {"type": "result", "attack": 13, "defend": 18, "winner": "defend"} in events
    assert state.seats[A].improvements == ("S03",)


def test_a_live_loaded_dice_rerolls_the_attacking_sides_die_and_its_event_gives_the_dice_and_scores() -> None:
    state = bazaar_with_ally({A: {"improvements": ("S03",)}})
    state, events = play(state, A, "roll", ScriptedDice(1, 6))
    assert {"type": "roll", "orange": 1, "gray": 6, "mf": [], "attack": 13, "defend": 18} in events
    state, events = play(state, A, "play S03", ScriptedDice(6))
    assert events[:2] == [
        {"type": "reroll", "seat": A, "card": "S03", "orange": 6, "gray": 6, "mf": [], "attack": 18,
         "defend": 18},
        {"type": "result", "attack": 18, "defend": 18, "winner": "attack"}]


def test_an_allys_armed_reroll_card_is_played_for_it_while_its_side_loses() -> None:
    state = bazaar_with_ally({B: {"improvements": ("S03",), "orders": {"arm S03": "ally"}}})
    state, events = play(state, A, "roll", ScriptedDice(1, 6, 6))
    assert {"type": "reroll", "seat": B, "card": "S03", "orange": 6, "gray": 6, "mf": [], "attack": 18,
            "defend": 18} in events
    assert result(events) == (18, 18, "attack") and "S03" in state.bazaar_pile


def test_berserker_grog_played_by_the_attackers_ally_adds_its_3_to_the_attacking_side() -> None:
    state = quiet(3, {B: dict(improvements=("S02",))}, phase="turn.travel")
    for seat, command in ((A, "attack planet bazaar"), (A, "ally ask 2"), (B, "ally accept"), (B, "loyal"),
                          (B, "play S02"), (B, "mf no")):
        state, _ = play(state, seat, command)
    state, events = play(state, A, "roll", ScriptedDice(1, 6))
    assert result(events) == (8 + 1 + 4 + 3, 12 + 6, "defend")  # main power, die, B's support, Grog


@pytest.mark.parametrize("holder", [B, D])
def test_berserker_grog_played_on_the_challenged_side_adds_its_3_to_the_defending_side(holder: int) -> None:
    state = quiet(4, {holder: dict(improvements=("S02",))}, phase="turn.travel", pot=3)
    for seat, command in ((A, "challenge 2"), (A, "ready"), (B, "ally ask 4 for 1c"), (D, "ally accept"),
                          (B, "ready"), (A, "roll"), (holder, "play S02")):
        state, _ = play(state, seat, command)
    state, _ = play(state, D, "mf no")
    state, events = play(state, B, "mf no", ScriptedDice(1, 6))
    assert result(events) == (8 + 1, 8 + 6 + 4 + 3, "defend")  # B's main power, die, D's support, Grog


def test_a_challenged_sides_ally_that_loses_is_spared_by_the_smoke_screen_it_armed() -> None:
    state = quiet(4, {D: dict(improvements=("S04",))}, phase="turn.travel", pot=3)
    for seat, command in ((A, "challenge 2"), (A, "ready"), (B, "ally ask 4 for 1c"), (D, "ally accept"),
                          (B, "ready"), (A, "roll"), (D, "arm S04"), (D, "mf no")):
        state, _ = play(state, seat, command)
    state, events = play(state, B, "mf no", ScriptedDice(6, 1))
    assert result(events) == (8 + 6, 8 + 1 + 4, "attack")
    assert {"type": "smoke", "seat": D} in events and {"type": "spared", "seat": D} in events
    assert state.seats[D].damage == 0 and "S04" in state.bazaar_pile


def test_a_seat_that_rerolled_or_betrayed_has_no_reroll_card_to_use() -> None:
    state = bazaar_with_ally({A: {"improvements": ("S03",)}})
    state, _ = play(state, A, "roll", ScriptedDice(1, 6))
    battle = state.battle
    assert battle is not None and fight.reroll_cards(state, battle, A) == ("S03",)
    assert fight.reroll_cards(state, replace(battle, rerolled=(A,)), A) == ()
    traitor = state.with_seat(B, state.seats[B].with_improvements(("S01",)))
    winning = replace(battle, orange=6, gray=1, mf_rolls=((A, 6),), allies=(), traitor=B)
    assert fight.losing(traitor, winning, B)
    assert fight.reroll_cards(traitor, winning, B) == ()



def test_the_attackers_pass_on_its_reroll_hands_the_dice_to_an_allys_armed_reroll() -> None:
    state = bazaar_with_ally({A: {"improvements": ("S03",)},
                              B: {"improvements": ("S01",), "orders": {"arm S01": "ally"}}})
    state, _ = play(state, A, "roll", ScriptedDice(1, 6))
    assert state.battle is not None and state.battle.step == "react"
    state, events = play(state, A, "pass", ScriptedDice(6, 1))
    assert events[:3] == [
        {"type": "pass", "seat": A},
        {"type": "reroll", "seat": B, "card": "S01", "orange": 6, "gray": 1, "mf": [], "attack": 18,
         "defend": 13},
        {"type": "result", "attack": 18, "defend": 13, "winner": "attack"}]


def test_the_spoils_are_listed_to_the_challenger_alone_wrecks_among_them_while_the_loser_has_some() -> None:
    state = won_challenge(dict(credits=5, wrecks=("N04",)))
    assert commands.legal_commands(state, A) == ["take credits", "take wrecks", "autopilot"]
    assert commands.legal_commands(state, B) == [] and commands.legal_commands(state, C) == ["resign"]


def test_t10_r30_a_card_in_terms_against_a_hunter_must_be_the_attackers_own() -> None:
    # A wreck due @win is not paid at the sealing, so only the Hunter's rule of means refuses it.
    assert refusal(t10(), A, "ally ask 2 for wreck N05@win") == (
        "Against a Pirate Hunter your terms must be within your means: you do not hold that wreck.")
    assert refusal(t10(), A, "ally ask 2 for card E01@win") == (
        "Against a Pirate Hunter your terms must be within your means: you do not hold "
        f"{cards.label('E01')}.")


def test_a_card_taken_as_spoils_into_a_full_hand_is_recorded_while_the_discard_waits() -> None:
    state = given(3, seats={A: dict(improvements=("E06", "E01", "E03", "E04"), trophies=()),
                            B: dict(improvements=("E02",))})
    state = replace(state, phase="turn.travel")
    for seat, command in ((A, "challenge 2"), (A, "ready"), (B, "ready"), (A, "mf no"), (A, "roll")):
        state, _ = play(state, seat, command)
    state, _ = play(state, B, "mf no", ScriptedDice(6, 1))
    state, _ = play(state, A, "take card E02")
    assert state.choices[0].kind == "discard"
    assert state.battle is not None and state.battle.taken == "card"
    _state, events = play(state, A, "discard E01")
    assert events[0] == {"type": "discard", "seat": A, "card": "E01"}

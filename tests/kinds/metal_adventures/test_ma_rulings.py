"""Every ruling of rules.md ("Rulings index", R1-R61) and every scenario T1-T20 has a test named for it
(test_r<N>_..., test_t<N>_...) in this package's tests: the index is read from rules.md, the scenarios'
numbers belong to the tests. Here are the rulings' tests that no other module holds; the scenarios played
whole are in test_ma_scenarios.py. Every state a command gives keeps the invariants (helpers.play)."""

from __future__ import annotations

import ast
import re
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from games.kinds.metal_adventures import alliance, choices, commands, invariants, setup
from games.kinds.metal_adventures.records import Choice
from games.kinds.metal_adventures.state import BLANK, GameState
from games.kinds.metal_adventures.view import view

from .helpers import MF, A, B, C, D, FixedDice, dealt, facing, play, quiet, refusal, refused, result

PACKAGE = Path(setup.__file__).parent
TESTS = Path(__file__).parent
SCENARIOS = range(1, 21)  # T1-T20: the scenarios of the acceptance suite, each played in some test


# === THE INDEX: EVERY RULING AND SCENARIO HAS ITS TEST ===


def indexed_rulings() -> list[int]:
    """The ruling numbers rules.md's "Rulings index" lists, in its order."""
    text = (PACKAGE / "rules.md").read_text(encoding="utf-8")
    index = text.split("\n## Rulings index\n", 1)[1].split("\n## ", 1)[0]
    return [int(n) for n in re.findall(r"^- \*\*R(\d+)\*\* ", index, re.MULTILINE)]


def all_test_names() -> list[str]:
    """The name of every test function of this package's test modules."""
    names = []
    for module in sorted(TESTS.glob("test_*.py")):
        for node in ast.walk(ast.parse(module.read_text(encoding="utf-8"))):
            if isinstance(node, ast.FunctionDef) and node.name.startswith("test_"):
                names.append(node.name)
    return names


def named(letter: str, names: list[str]) -> dict[int, list[str]]:
    """Each number N that some name carries as `_<letter>N_` (T14a counts for T14), with those names."""
    found: dict[int, list[str]] = {}
    for name in names:
        for number in re.findall(rf"_{letter}(\d+)[a-z]?(?=_)", name):
            found.setdefault(int(number), []).append(name)
    return found


def test_rules_md_indexes_every_ruling_once_in_order() -> None:
    assert indexed_rulings() == list(range(1, 63))


def test_every_ruling_of_the_index_has_a_test_named_for_it() -> None:
    tested = named("r", all_test_names())
    assert [n for n in indexed_rulings() if n not in tested] == []


def test_every_scenario_has_a_test_named_for_it() -> None:
    tested = named("t", all_test_names())
    assert [n for n in SCENARIOS if n not in tested] == []


def test_no_test_names_a_ruling_or_scenario_that_does_not_exist_or_a_range_of_them() -> None:
    names = all_test_names()
    assert set(named("r", names)) <= set(indexed_rulings())
    assert set(named("t", names)) <= set(SCENARIOS)
    # "t14_to_t18" would count T14 and T18 as tested: name trophies and rulings one by one.
    assert [n for n in names if re.search(r"_[rt]\d+_to_[rt]?\d+", n)] == []


def test_the_index_reader_finds_a_missing_number() -> None:
    names = ["test_r1_x", "test_t14a_y", "test_r5_r6_z", "test_rest_w", "test_t3_r12_v"]
    assert sorted(named("r", names)) == [1, 5, 6, 12] and sorted(named("t", names)) == [3, 14]


# === HELPERS ===


def travelling(players: int = 3, seats: dict[int, dict[str, Any]] | None = None, **kwargs: Any) -> GameState:
    """quiet(...) at seat A's travel, after its tribute."""
    return quiet(players, seats, phase="turn.travel", **kwargs)


def another_battle(state: GameState) -> GameState:
    """The same turn with its battle not yet fought: a test's way to a second battle of one seat."""
    return replace(state, travel=replace(state.travel, battle_done=False, planet_attacked=""))


# === SETUP AND COMPONENTS ===


class CountingDice(FixedDice):
    """Scripted rolls that remember how many sides each roll asked for."""

    def __init__(self, *rolls: int) -> None:
        super().__init__(*rolls)
        self.sides: list[int] = []

    def roll(self, sides: int) -> int:
        self.sides.append(sides)
        return super().roll(sides)


def alone_at(planet: str, **seat: Any) -> GameState:
    """A attacks `planet` alone and is at its declaration."""
    state, _ = play(travelling(seats={A: seat}), A, f"attack planet {planet}")
    state, _ = play(state, A, "ally none")
    return state


def test_r3_the_battle_dice_are_six_sided_and_a_face_outside_1_to_6_is_a_bug() -> None:
    dice = CountingDice(6, 1)
    state, events = play(alone_at("bazaar"), A, "roll", dice)
    assert dice.sides == [6, 6] and result(events) == (8 + 6, 12 + 1, "attack")
    with pytest.raises(ValueError, match="a six-sided die gave 7"):
        commands.play(alone_at("bazaar"), A, "roll", FixedDice(7, 1))
    with pytest.raises(ValueError, match="a six-sided die gave 0"):
        commands.play(alone_at("bazaar"), A, "roll", FixedDice(1, 0))


@pytest.mark.parametrize(("roll", "face"), [(1, 0), (2, 2), (3, 2), (4, 4), (5, 4), (6, 6)])
def test_r4_the_metal_faktor_die_shows_blank_2_2_4_4_6_and_adds_its_face(roll: int, face: int) -> None:
    state, _ = play(alone_at("bazaar"), A, "mf yes")
    state, events = play(state, A, "roll", CountingDice(1, 1, roll))
    assert result(events)[:2] == (8 + 1 + face, 12 + 1)
    assert state.seats[A].mf == face


def ghost(perks: bool) -> GameState:
    """Seat A sails the Ghost of Havana (B6), whose perk refuses the tribute once a game without a JP."""
    state = quiet(perks=perks, seats={A: {"glory": 2}})
    holder = next((i for i, s in enumerate(state.seats) if s.base == "B6"), None)
    if holder is not None:  # bases are unique: the holder takes A's
        state = state.with_seat(holder, replace(state.seats[holder], base=state.seats[A].base))
    state = state.with_seat(A, replace(state.seats[A], base="B6"))
    invariants.check(state)
    return state


def test_r7_the_ghost_of_havana_refuses_the_tribute_once_a_game_without_a_jp_only_with_perks() -> None:
    state, events = play(ghost(perks=True), A, "refuse")
    assert (state.seats[A].jp, state.seats[A].glory, state.seats[A].took_jp_this_turn) == (0, 2, False)
    assert state.seats[A].perk_used and state.phase == "turn.travel" and state.pot == 0
    assert events == [{"type": "refuse", "seat": A}, {"type": "perk", "seat": A, "base": "B6"}]
    assert view(state, B)["seats"][A]["perk_used"]
    again, _ = play(replace(state, phase="turn.start"), A, "refuse")
    assert (again.seats[A].jp, again.seats[A].glory) == (1, 1)
    plain, _ = play(ghost(perks=False), A, "refuse")
    assert (plain.seats[A].jp, plain.seats[A].glory, plain.seats[A].perk_used) == (1, 1, False)


def test_r8_the_trophy_deck_keeps_six_with_every_hand_full_and_a_short_deck_gives_what_it_has() -> None:
    state = quiet(6, seats={i: {"trophies": (f"T{2 * i + 1:02}", f"T{2 * i + 2:02}")} for i in range(6)})
    assert len(state.trophy_deck) == 6 == 18 - 2 * 6
    short = replace(state, trophy_deck=state.trophy_deck[:2])  # only a bug or a variant could make this
    after, drawn = choices.draw_trophies(short, A, 3, "exxalia")
    assert drawn == short.trophy_deck and after.choices[0].cards == drawn and after.trophy_deck == ()
    empty, drawn = choices.draw_trophies(after, A, 3, "exxalia")
    assert drawn == () and empty.choices == after.choices


# === BATTLES: ALLIES AND DECLARATIONS ===


def at_bazaar(players: int = 4, seats: dict[int, dict[str, Any]] | None = None) -> GameState:
    """A attacks Bazaar and may ask for an ally."""
    state, _ = play(travelling(players, seats), A, "attack planet bazaar")
    assert state.phase == "battle.allies"
    return state


def test_r21_the_first_acceptance_of_the_terms_offered_seals_and_closes_the_other_asks() -> None:
    state, _ = play(at_bazaar(), A, "ally ask all for 1c")
    assert commands.to_act(state) == (B, C, D)
    state, _ = play(state, C, "ally accept")
    assert state.battle is not None and state.battle.allies == (C,) and state.phase == "battle.declare"
    assert [p.creditor for p in state.promises] == [C] and state.promises[0].due == "win"
    refused(state, B, "ally accept", "that time is over")
    assert commands.to_act(state) == (C,)


def test_r21_a_counter_waits_for_ally_take_and_a_third_ask_round_is_refused() -> None:
    state, _ = play(at_bazaar(), A, "ally ask 2 for 1c")
    state, _ = play(state, B, "ally accept 3c")
    assert state.battle is not None and state.battle.allies == () and commands.to_act(state) == (A,)
    assert "ally take 2" in commands.legal_commands(state, A)
    state, _ = play(state, A, "ally ask 3 for 1c")  # the second round
    state, _ = play(state, C, "ally decline")
    refused(state, A, "ally ask 4 for 2c", "asked 2 times")
    assert not [c for c in commands.legal_commands(state, A) if c.startswith("ally ask")]
    state, _ = play(state, A, "ally take 2")
    assert state.battle is not None and state.battle.allies == (B,)
    assert state.promises[0].items[0].amount == 3


def test_r21_an_acceptance_that_cannot_be_sealed_now_is_neither_listed_nor_accepted() -> None:
    # In a challenge A asks two seats for 2₡ paid at the sealing, and holds 3₡: once C is paid, D's
    # acceptance cannot be sealed. B is asked for a card it could not hold with four improvements.
    state, _ = play(travelling(4, {A: {"credits": 3}}), A, "challenge 2")
    state, _ = play(state, A, "ally ask 3,4 for 2c@now")
    state, _ = play(state, C, "ally accept")
    assert state.seats[A].credits == 1
    refused(state, D, "ally accept", "seat 1 can no longer pay")
    assert [c for c in commands.legal_commands(state, D) if c.startswith("ally")] == [
        "ally decline 1", "ally decline"]
    state, _ = play(state, D, "ally accept 1c")  # a counter of its own is still open to it
    assert "ally take 4" in commands.legal_commands(state, A)
    full = at_bazaar(3, {A: {"improvements": ("E01",)}, B: {"improvements": ("E02", "E03", "E04", "E05")}})
    full, _ = play(full, A, "ally ask 2 for card E01@now")
    refused(full, B, "ally accept", "seat 2 would hold more than 4 improvements")
    assert "ally accept" not in commands.legal_commands(full, B)


def test_r21_a_counter_that_cannot_be_sealed_now_is_not_listed_for_ally_take() -> None:
    state, _ = play(at_bazaar(3, {A: {"credits": 3}}), A, "ally ask 2 for 1c")
    state, _ = play(state, B, "ally accept 2c@now")
    assert "ally take 2" in commands.legal_commands(state, A)
    poorer = state.with_seat(A, replace(state.seats[A], credits=1))
    poorer = replace(poorer, bank=poorer.bank + 2)
    invariants.check(poorer)
    assert "ally take 2" not in commands.legal_commands(poorer, A)
    refused(poorer, A, "ally take 2", "cannot be paid")


def test_r21_a_second_ask_to_a_seat_replaces_its_counter_to_the_first() -> None:
    state, _ = play(at_bazaar(3, {A: {"credits": 2}}), A, "ally ask 2 for 1c")
    state, _ = play(state, B, "ally accept 3c@now")
    assert "ally take 2" not in commands.legal_commands(state, A)  # A holds 2₡
    state, _ = play(state, A, "ally ask 2 for 1c")
    state, _ = play(state, B, "ally accept 2c")
    assert state.battle is not None and len(alliance.counters(state.battle, A)) == 1
    state, _ = play(state, A, "ally take 2")
    assert state.battle is not None and state.battle.allies == (B,)
    assert state.seats[A].credits == 2 and state.promises[0].items[0].amount == 2


def test_r21_an_order_that_would_accept_what_cannot_be_sealed_declines() -> None:
    accept = {"orders": {"ally": "accept"}}
    state = travelling(4, {A: {"credits": 3}, C: accept, D: accept})
    state, _ = play(state, A, "challenge 2")
    state, _ = play(state, A, "ally ask 3,4 for 2c@now")
    assert state.battle is not None and state.battle.allies == (C,)
    assert [(a.seat, a.answer) for a in state.battle.asks] == [(C, "accept"), (D, "decline")]
    assert state.seats[A].credits == 1 and state.seats[D].credits == 3


def test_r22_in_space_the_starship_is_chosen_before_help_is_asked_for() -> None:
    state = travelling(space=("N01", "N09", "N17"))
    state, _ = play(state, A, "attack space")
    refused(state, A, "ally ask 2", "choosing the starship")
    assert not [c for c in commands.legal_commands(state, A) if c.startswith("ally")]
    state, _ = play(state, A, "attack space 2", FixedDice())
    assert state.space_area == ("N09",) and state.karokum_pile == ("N01", "N17")
    state, _ = play(state, A, "ally ask 2")
    assert state.battle is not None and state.battle.target == "N09"


@pytest.mark.parametrize("loyalty", ["loyal", "betray"])
def test_r23_the_ally_declares_before_the_attacker_loyal_or_not(loyalty: str) -> None:
    state, _ = play(at_bazaar(3), A, "ally ask 2")
    state, _ = play(state, B, "ally accept")
    assert commands.to_act(state) == (B,)
    refused(state, A, "mf yes", "after your allies")
    refused(state, A, "roll", "after your allies")
    assert "roll" not in commands.legal_commands(state, A)
    state, _ = play(state, B, loyalty)
    state, _ = play(state, B, "mf no")
    assert commands.to_act(state) == (A,) and "roll" in commands.legal_commands(state, A)


def test_r24_captain_jones_rerolls_the_battle_dice_and_every_metal_faktor_die_the_new_faces_stay() -> None:
    state, _ = play(at_bazaar(3, {A: {"improvements": ("S01",)}}), A, "ally ask 2")
    state, _ = play(state, B, "ally accept")
    state, _ = play(state, B, "loyal")
    state, _ = play(state, B, "mf yes")
    state, _ = play(state, A, "mf yes")
    # orange 1, gray 6, A's die 2, B's die 2: 8 + 1 + 2 + (4 + 2) = 17 against 12 + 6 = 18, losing.
    state, events = play(state, A, "roll", FixedDice(1, 6, MF[2], MF[2]))
    assert state.phase == "battle.react" and commands.legal_commands(state, A)[:2] == ["play S01", "pass"]
    # Rerolled in the same order: orange 6, gray 1, A's die 6, B's die 4: 8 + 6 + 6 + (4 + 4) = 28 to 13.
    state, events = play(state, A, "play S01", FixedDice(6, 1, MF[6], MF[4]))
    assert result(events) == (28, 13, "attack")
    assert (state.seats[A].mf, state.seats[B].mf) == (6, 4) and "S01" in state.bazaar_pile
    state, _ = play(state, A, "pick S01")  # Bazaar's prize
    next_one, _ = play(another_battle(state), A, "attack planet exxalia")
    assert next_one.battle is not None and next_one.battle.debt == 6  # the new face is owed


def test_r25_a_blank_roll_leaves_no_debt_and_the_die_may_be_used_again_at_once() -> None:
    state, _ = play(alone_at("bazaar"), A, "mf yes")
    state, _ = play(state, A, "roll", FixedDice(6, 1, MF[0]))
    assert state.seats[A].mf == BLANK
    state, _ = play(another_battle(state), A, "attack planet exxalia")
    state, _ = play(state, A, "ally none")
    assert state.battle is not None and state.battle.debt == 0
    assert "mf yes" in commands.legal_commands(state, A)
    state, _ = play(state, A, "mf yes")


# === THE METAL FAKTOR DEBT ===


def test_r26_an_allys_die_showing_a_face_is_neither_declared_nor_paid_and_keeps_its_face() -> None:
    state, _ = play(at_bazaar(3, {B: {"mf": 4}}), A, "ally ask 2")
    state, _ = play(state, B, "ally accept")
    assert "mf yes" not in commands.legal_commands(state, B)
    refused(state, B, "mf yes", "shows 4")
    state, _ = play(state, B, "loyal")
    state, events = play(state, A, "roll", FixedDice(6, 1))
    assert result(events) == (8 + 6 + 4, 12 + 1, "attack") and state.seats[B].mf == 4


def test_r26_the_challenger_pays_its_debt_and_the_challenged_seat_does_not() -> None:
    state = travelling(seats={A: {"mf": 4}, B: {"mf": 2}})
    state, _ = play(state, A, "challenge 2")
    assert state.battle is not None and state.battle.debt == 4
    state, _ = play(state, A, "ready")
    state, _ = play(state, B, "ready")
    state, events = play(state, A, "roll", FixedDice(3, 3))
    assert result(events) == (8 + 3 - 4, 8 + 3, "defend")
    assert (state.seats[A].mf, state.seats[B].mf) == (BLANK, 2)


@pytest.mark.parametrize(("face", "debt"), [(2, 1), (4, 2), (6, 3)])
def test_r26_the_signal_jammer_halves_the_debt_rounded_down(face: int, debt: int) -> None:
    state, _ = play(travelling(seats={A: {"mf": face, "improvements": ("E12",)}}), A, "attack planet bazaar")
    assert state.battle is not None and state.battle.debt == debt
    assert alliance.debt_of(state, A) == debt


# === VIA KAROKUM, TRAITORS' PAY, DAMAGE AT 4 ===


def test_r28_via_karokum_the_fee_stays_paid_when_the_attack_fails_and_karokum_stays_open() -> None:
    state = travelling(seats={A: {"credits": 5, "wrecks": ("N01",)}}, karokum=("N09", "N05"))
    state, _ = play(state, A, "attack karokum N05")
    assert (state.seats[A].credits, state.treasuries.karokum, state.travel.planet_attacked) == (3, 2, "")
    state, _ = play(state, A, "ally none")
    state, events = play(state, A, "roll", FixedDice(1, 6))
    assert result(events)[2] == "defend" and "N05" in state.out_of_game
    assert state.seats[A].credits == 3 and state.treasuries.karokum == 2
    state, _ = play(state, A, "tour scrap N01 N09")
    assert state.seats[A].wrecks == ("N09",) and state.treasuries.karokum == 3
    assert "attack planet karokum" not in commands.legal_commands(state, A)  # one battle a turn, not a lock


def test_r28_an_empty_karokum_pile_cannot_be_attacked_and_the_tractor_beam_pays_one() -> None:
    state = travelling(seats={A: {"credits": 5, "improvements": ("E13",)}})
    refused(state, A, "attack karokum N05", "Karokum pile is empty")
    assert not [c for c in commands.legal_commands(state, A) if c.startswith("attack karokum")]
    state, _ = play(replace(quiet(seats={A: {"credits": 5, "improvements": ("E13",)}}, karokum=("N05",)),
                            phase="turn.travel"), A, "attack karokum N05")
    assert state.seats[A].credits == 4 and state.treasuries.karokum == 1


def test_r30_what_a_traitor_was_paid_now_stays_its_and_its_win_terms_lapse() -> None:
    state, _ = play(at_bazaar(3), A, "ally ask 2 for 1c@now + 2c")
    state, _ = play(state, B, "ally accept")
    assert (state.seats[A].credits, state.seats[B].credits) == (2, 4)
    assert [(p.creditor, p.items[0].amount, p.due) for p in state.promises] == [(B, 2, "win")]
    state, _ = play(state, B, "betray")
    state, events = play(state, B, "mf no")
    assert not state.promises
    assert {"type": "promise_lapsed", "promise": 1, "why": "owed to a traitor"} in events
    state, _ = play(state, A, "roll", FixedDice(6, 1))  # 14 against 12 + 1 + 4: the traitor's side wins
    assert (state.seats[A].credits, state.seats[B].credits) == (2, 4)


def test_r30_a_card_named_in_terms_against_a_hunter_is_locked_then_delivered_by_the_engine() -> None:
    state = facing(travelling(seats={A: {"improvements": ("S02",)}}), "N16")
    state, _ = play(state, A, "ally ask 2 for card S02")
    state, _ = play(state, B, "ally accept")
    assert state.battle is not None and state.battle.locked == ("S02",)
    state, _ = play(state, B, "mf no")
    refused(state, A, "play S02", "no Berserker Grog")
    state, events = play(state, A, "roll", FixedDice(5, 2))
    assert result(events) == (8 + 5 + 4, 12 + 2, "attack")
    assert state.seats[B].improvements == ("S02",) and state.seats[A].improvements == ()
    assert state.battle is None and not state.promises


def test_r31_seats_at_4_damage_ally_and_attack_with_their_lower_powers_and_take_no_more() -> None:
    state, _ = play(at_bazaar(3, {A: {"damage": 4}, B: {"damage": 4}}), A, "ally ask 2")
    state, _ = play(state, B, "ally accept")
    state, _ = play(state, B, "loyal")
    state, _ = play(state, B, "mf no")
    state, events = play(state, A, "roll", FixedDice(1, 1))
    assert result(events) == (4 + 1 + 2, 12 + 1, "defend")
    assert (state.seats[A].damage, state.seats[B].damage) == (4, 4)
    taken = [e["taken"] for e in events if e["type"] == "damage"]
    assert taken == [0, 0]


def test_r31_a_seat_at_4_damage_is_challenged_with_its_main_power_of_4() -> None:
    state, _ = play(travelling(seats={B: {"damage": 4}}), A, "challenge 2")
    state, _ = play(state, A, "ready")
    state, _ = play(state, B, "ready")
    state, _ = play(state, A, "roll")
    state, events = play(state, B, "mf no", FixedDice(1, 4))
    assert result(events) == (8 + 1, 4 + 4, "attack") and state.seats[B].damage == 4


# === CHALLENGES ===


def test_r32_no_betrayal_in_a_challenge_an_infamous_challenged_seat_alone_every_loser_1_damage() -> None:
    state, events = play(travelling(4, {B: {"jp": 4}}), A, "challenge 2")
    assert state.battle is not None and state.battle.ready == (B,)
    refused(state, B, "ally ask 4", "ready|4 JP")
    state, _ = play(state, A, "ally ask 3 for 1c")
    state, _ = play(state, C, "ally accept")
    state, _ = play(state, A, "ready")
    assert state.phase == "battle.declare"
    state, _ = play(state, A, "roll")
    refused(state, C, "betray", "no betrayal in a challenge")
    assert "betray" not in commands.legal_commands(state, C)
    state, _ = play(state, C, "mf no")
    state, events = play(state, B, "mf no", FixedDice(1, 6))
    assert result(events) == (8 + 1 + 4, 8 + 6, "defend")
    assert [state.seats[i].damage for i in (A, B, C, D)] == [1, 0, 1, 0]
    assert not state.promises and state.seats[C].credits == 3  # the losing side's terms lapse


def won_with_an_ally(a: dict[str, Any] | None = None) -> GameState:
    """A challenges B with C as its ally for 1₡ on victory, and wins (orange 6, gray 1); Pot 2."""
    state, _ = play(travelling(4, {A: a or {}, B: {"improvements": ("E02",)}}, pot=2), A, "challenge 2")
    state, _ = play(state, A, "ally ask 3 for 1c")
    state, _ = play(state, C, "ally accept")
    state, _ = play(state, A, "ready")
    state, _ = play(state, B, "ready")
    state, _ = play(state, A, "roll")
    state, _ = play(state, C, "mf no")
    state, events = play(state, B, "mf no", FixedDice(6, 1))
    assert result(events)[2] == "attack"
    return state


@pytest.mark.parametrize("order", [("take credits", "keep all"), ("keep all", "take credits")])
def test_r32_the_winners_allies_get_only_their_terms_settled_before_or_after_the_spoils(
        order: tuple[str, str]) -> None:
    state = won_with_an_ally()
    assert (state.seats[A].glory, state.seats[A].credits, state.pot) == (1, 3 + 2, 0)
    assert (state.seats[C].glory, state.seats[C].credits, state.seats[C].damage) == (0, 3, 0)
    assert state.seats[B].damage == 1
    assert {"take credits", "keep all"} <= set(commands.legal_commands(state, A))
    state, _ = play(state, A, order[0])
    assert state.battle is not None and order[1] in commands.legal_commands(state, A)
    if order[0] == "take credits":  # the spoils are taken, once: none are offered again
        assert state.battle.taken == "credits" and not state.choices
        assert refusal(state, A, "take wrecks") == "The battle is being settled."
    state, _ = play(state, A, order[1])
    assert state.seats[C].credits == 4 and state.seats[B].credits == 1 and state.battle is None


def challenged_with_an_ally() -> GameState:
    """Seat 1 challenges seat 2 with the Pot at 3; seat 2 recruits seat 4 for 1₡ on victory (P1)."""
    state, _ = play(travelling(4, pot=3), A, "challenge 2")
    state, _ = play(state, A, "ready")
    state, _ = play(state, B, "ally ask 4 for 1c")
    state, _ = play(state, D, "ally accept")
    return state


def test_recruitment_closes_when_both_principals_are_ready_naming_each_sides_allies() -> None:
    state, events = play(challenged_with_an_ally(), B, "ready")
    assert events == [{"type": "ready", "seat": B}, {"type": "recruited", "allies": [], "defenders": [D]}]


def test_a_challenged_seat_with_4_jp_is_ready_at_once_and_told_why() -> None:
    state, events = play(travelling(4, {B: dict(jp=4)}), A, "challenge 2")
    assert [e for e in events if e["type"] == "ready"] == [{"type": "ready", "seat": B, "why": "4 JP"}]
    assert state.battle is not None and state.battle.ready == (B,)


def test_a_principal_ready_declines_the_counter_offers_it_did_not_take() -> None:
    state, _ = play(travelling(4), A, "challenge 2")
    state, _ = play(state, A, "ally ask 3")
    state, _ = play(state, C, "ally accept 1 2c")
    assert state.battle is not None and state.battle.asks[0].answer == "counter"
    state, events = play(state, A, "ready")
    assert events == [{"type": "ready", "seat": A}]
    assert state.battle is not None and state.battle.asks[0].answer == "decline"


def test_the_asks_refused_word_for_word() -> None:
    state, _ = play(travelling(3), A, "challenge 2")
    state, _ = play(state, A, "ally ask 3")
    assert refusal(state, A, "ally ask 3") == "Seat 3 has your ask already."
    assert refusal(state, A, "ally ask all") == "There is nobody you may ask."
    assert refusal(state, A, "ally take 3") == "Seat 3 has made you no counter-offer."
    assert refusal(state, B, "ally ask 1") == "Seat 1 cannot be asked: it is out, or already on a side."
    bazaar = at_bazaar(4)
    assert refusal(bazaar, C, "ally accept") == "Nobody is asking you for help now."
    assert refusal(bazaar, B, "ally take 1") == "Only the attacker takes a counter-offer."
    assert refusal(bazaar, A, "ally ask ,") == "Ask whom? `ally ask <seats|all> [for <terms>]`."
    asked, _ = play(bazaar, A, "ally ask 2")
    assert refusal(asked, B, "ally decline 1 please") == \
        "`ally decline` takes nothing after it but the asking seat."


def test_ally_none_opens_the_declarations_with_the_attacker_alone() -> None:
    state, events = play(at_bazaar(4), A, "ally none")
    assert events[0] == {"type": "alone", "seat": A, "why": "ally none"} and state.phase == "battle.declare"


def fought(state: GameState, dice: FixedDice) -> tuple[GameState, list[dict[str, Any]]]:
    """Recruitment closed, nobody uses a Metal Faktor die, the battle dice as given."""
    state, _ = play(state, B, "ready")
    state, _ = play(state, A, "roll")
    state, _ = play(state, D, "mf no")
    return play(state, B, "mf no", dice)


def test_r33_a_challenged_seat_that_wins_takes_1_glory_and_the_pot_and_nothing_from_the_challenger() -> None:
    state, events = fought(challenged_with_an_ally(), FixedDice(1, 6))
    assert result(events) == (8 + 1, 8 + 6 + 4, "defend")
    assert (state.seats[B].glory, state.seats[B].credits, state.pot) == (1, 3 + 3 - 1, 0)
    assert (state.seats[A].credits, state.seats[A].glory, state.seats[A].damage) == (3, 0, 1)
    assert state.seats[D].credits == 4 and not state.promises  # B's terms paid by the engine
    assert state.battle is None and state.choices == () and state.phase == "turn.travel"


def test_a_losing_principals_terms_lapse_and_its_other_promises_stand() -> None:
    state, _ = play(travelling(3, {A: dict(credits=5)}), A, "promise 3 1c@end")
    for seat, command in ((A, "attack planet bazaar"), (A, "ally ask 2 for 1c"), (B, "ally accept"),
                          (B, "loyal"), (B, "mf no")):
        state, _ = play(state, seat, command)
    state, events = play(state, A, "roll", FixedDice(1, 6))
    assert result(events)[2] == "defend"
    assert [e for e in events if e["type"].startswith("promise")] == [
        {"type": "promise_lapsed", "promise": 2, "why": "the side lost"}]
    assert [p.number for p in state.promises] == [1] and state.promises[0].creditor == C


def test_r62_a_challenged_seat_breaks_its_terms_after_recruitment_and_then_owes_nothing() -> None:
    state = challenged_with_an_ally()
    refused(state, B, "break P1", "Battle in progress: promises are kept or broken")  # still recruiting
    state, _ = play(state, B, "ready")
    assert "break P1" in commands.legal_commands(state, B)
    assert not any(c.startswith("break") for c in commands.legal_commands(state, D))
    refused(state, D, "break P1", "Battle in progress: promises are kept or broken")
    state, events = play(state, B, "break P1")
    assert [e["type"] for e in events][:1] == ["promise_broken"]
    assert state.seats[B].jp == 1 and not state.promises
    state, _ = play(state, A, "roll")
    state, _ = play(state, D, "mf no")
    state, events = play(state, B, "mf no", FixedDice(1, 6))
    assert result(events)[2] == "defend"
    assert state.seats[D].credits == 3  # the broken terms are not paid when B wins


def test_r62_a_fourth_jp_from_a_broken_term_leaves_the_sealed_ally_fighting() -> None:
    state = challenged_with_an_ally()
    state = state.with_seat(B, replace(state.seats[B], jp=3))
    state, _ = play(state, B, "ready")
    state, _ = play(state, B, "break P1")
    assert state.seats[B].jp == 4 and state.battle is not None and state.battle.defenders == (D,)
    state, _ = play(state, A, "roll")
    state, _ = play(state, D, "mf no")
    state, events = play(state, B, "mf no", FixedDice(1, 6))
    assert result(events) == (8 + 1, 8 + 6 + 4, "defend")  # the ally's S still counts


def test_r62_once_the_result_is_fixed_the_challenged_seat_cannot_break_and_a_losers_terms_lapse() -> None:
    state, _ = fought(challenged_with_an_ally(), FixedDice(6, 1))
    assert state.battle is not None and state.battle.winner == "attack"  # the challenger's spoils wait
    assert not state.promises and state.seats[B].jp == 0 and state.seats[D].credits == 3
    assert not any(c.startswith("break") for c in commands.legal_commands(state, B))
    refused(state, B, "break P1", "Battle in progress: promises are kept or broken")


@pytest.mark.parametrize(("credits", "taken"), [(0, 0), (1, 1), (4, 2), (5, 3)])
def test_r34_take_credits_takes_half_the_losers_credits_rounded_up(credits: int, taken: int) -> None:
    state, _ = play(travelling(seats={B: {"credits": credits}}), A, "challenge 2")
    state, _ = play(state, A, "ready")
    state, _ = play(state, B, "ready")
    state, _ = play(state, A, "roll")
    state, _ = play(state, B, "mf no", FixedDice(6, 1))
    state, events = play(state, A, "take credits")
    assert (state.seats[A].credits, state.seats[B].credits) == (3 + taken, credits - taken)
    assert {"type": "spoils", "seat": A, "from": B, "credits": taken} in events


# === PRIZES AND REWARDS ===


def win_planet(planet: str, **kwargs: Any) -> GameState:
    """A, R 15 (Nova Torpedoes and Broadside Battery), attacks `planet` alone and wins."""
    seat = {"improvements": ("E06", "E05"), **kwargs.pop("a", {})}
    state, _ = play(travelling(seats={A: seat}, **kwargs), A, f"attack planet {planet}")
    state, _ = play(state, A, "ally none")
    state, events = play(state, A, "roll", FixedDice(6, 1))
    assert result(events)[2] == "attack"
    return state


def test_the_support_card_won_at_bazaar_is_picked_from_its_pile_and_a_fifth_overflows() -> None:
    state = win_planet("bazaar", bazaar=("S03", "S05", "S07"))
    assert refusal(state, A, "pick S09") == "Bounty Broker (S09) is not one of the Bazaar pile: Loaded " \
        "Dice (S03); Emergency Patch (S05); Forged Pardon (S07)."
    _picked, events = play(state, A, "pick S05")
    assert events[0] == {"type": "take_support", "seat": A, "card": "S05", "source": "bazaar"}
    full = win_planet("bazaar", bazaar=("S03",), a={"improvements": ("E06", "E05", "E01", "E07")})
    _picked, events = play(full, A, "pick S03")
    assert events == [{"type": "take_support", "seat": A, "card": "S03", "source": "bazaar"},
                      {"type": "overflow", "seat": A, "card": "S03"}]


def test_r36_the_attacker_picks_its_support_card_and_its_wreck_from_the_piles() -> None:
    state = win_planet("bazaar", bazaar=("S03", "S05", "S07"))
    assert state.choices[0].options == ("S03", "S05", "S07")
    assert commands.legal_commands(state, A)[:3] == ["pick S03", "pick S05", "pick S07"]
    state, _ = play(state, A, "pick S05")
    assert "S05" in state.seats[A].improvements and state.bazaar_pile == ("S03", "S07")
    state = win_planet("karokum", karokum=("N20", "N09", "N17"))
    assert refusal(state, A, "pick N01") == (
        "Sunskiff (N01) is not one of the Karokum pile: Scrapmaw (N20); Tribune Cutter (N09); Rust Jackal "
        "(N17).")
    state, events = play(state, A, "pick N09")
    assert state.seats[A].wrecks == ("N09",) and state.karokum_pile == ("N20", "N17")
    assert events[0] == {"type": "take_wreck", "seat": A, "ship": "N09", "source": "karokum"}


def test_r37_a_fifth_improvement_from_a_reward_is_discarded_first_the_new_card_allowed() -> None:
    state = win_planet("bazaar", bazaar=("S03",), a={"improvements": ("E06", "E05", "E01", "E07")})
    state, _ = play(state, A, "pick S03")
    assert state.choices[0] == Choice(kind="discard", seat=A, cards=("S03",), count=1, source="overflow")
    listed = commands.legal_commands(state, A)
    assert [c for c in listed if c.startswith("discard")] == [
        "discard E06", "discard E05", "discard E01", "discard E07", "discard S03"]
    refused(state, A, "end", "choice")
    state, _ = play(state, A, "discard S03")
    assert state.seats[A].improvements == ("E06", "E05", "E01", "E07") and state.bazaar_pile == ("S03",)
    assert state.battle is None and "end" in commands.legal_commands(state, A)


def test_r37_the_fifth_improvement_is_discarded_before_the_terms_are_settled() -> None:
    state = won_with_an_ally({"improvements": ("E06", "E05", "E01", "E07")})
    state, _ = play(state, A, "take card E02")
    assert state.choices[0].kind == "discard"
    refused(state, A, "keep all", "choice to make first")
    assert "keep all" not in commands.legal_commands(state, A)
    state, _ = play(state, A, "discard E01")
    state, _ = play(state, A, "keep all")
    assert state.seats[A].improvements == ("E06", "E05", "E07", "E02") and state.battle is None


def support_reward(bazaar: tuple[str, ...]) -> GameState:
    """A beats N03 Dawn Lancer (power 8, its reward a support card) in Space."""
    state = facing(travelling(bazaar=bazaar), "N03")
    state, _ = play(state, A, "ally none")
    state, _ = play(state, A, "roll", FixedDice(6, 1))
    return state


def test_r38_a_support_card_reward_is_chosen_from_the_bazaar_pile() -> None:
    state = support_reward(("S05", "S07"))
    assert state.choices[0].kind == "support" and state.choices[0].options == ("S05", "S07")
    state, _ = play(state, A, "pick S07")
    assert state.seats[A].improvements == ("S07",) and state.seats[A].credits == 3


def test_r38_with_the_bazaar_pile_empty_it_is_2_credits_from_the_bank() -> None:
    state = support_reward(())
    assert state.choices == () and state.seats[A].credits == 3 + 2 and state.battle is None


def test_r40_a_seat_at_4_jp_pays_tribute_challenges_alone_and_cannot_be_asked() -> None:
    state = quiet(seats={A: {"jp": 4, "glory": 2}, C: {"jp": 4}})
    state, _ = play(state, A, "tribute")
    assert state.seats[A].credits == 2 and state.pot == 1
    state, _ = play(state, A, "challenge 2")
    assert state.battle is not None and state.battle.ready == (A,)
    refused(state, A, "ally ask 3", "ready|4 JP")
    refused(state, B, "ally ask 3", "4 JP")
    assert "ally ask 3" not in commands.legal_commands(state, B)
    state, _ = play(state, B, "ready")
    assert state.phase == "battle.declare" and state.battle is not None and state.battle.allies == ()


# === THE END AND THE DECKS ===


def test_r59_a_hunter_shuffled_back_counts_in_the_space_deck_at_the_end_check() -> None:
    def fought(spot: int) -> GameState:
        state = travelling(space=("N16", "N01", "N09", "N17", "N10"))
        rest = state.space_deck[5:]
        state = replace(state, space_deck=state.space_deck[:5], out_of_game=state.out_of_game + rest)
        invariants.check(state)
        state, _ = play(state, A, "attack space")
        assert len(state.space_deck) == 2
        state, _ = play(state, A, f"attack space {spot}", FixedDice())
        state, _ = play(state, A, "ally none")
        state, _ = play(state, A, "roll", FixedDice(6, 1))
        state, _ = play(state, A, "end")
        return state

    assert fought(2).phase == "turn.start"  # N16 went back: 3 cards
    assert fought(1).phase == "game.over"  # N16 fought: 2 cards


def test_r61_the_trophies_not_kept_go_under_in_the_order_they_were_drawn() -> None:
    state = win_planet("exxalia", trophy_top=("T11", "T12", "T13"))
    state, _ = play(state, A, "pick T12")
    assert state.trophy_deck[-2:] == ("T11", "T13")
    state = win_planet("exxalia", trophy_top=("T13", "T12", "T11"))
    state, _ = play(state, A, "pick T12")
    assert state.trophy_deck[-2:] == ("T13", "T11")


def test_r1_r2_every_count_of_seats_gets_its_bank_and_two_seats_only_under_the_house_rule() -> None:
    for players in (3, 4, 5, 6):
        assert dealt(players).bank == 72 - 3 * players
    assert dealt(2, two_player_house_rule=True).bank == 66


# === THE DOCUMENT: EVERY SECTION A MODULE CITES IS THERE ===


@pytest.mark.reads_source
def test_every_rules_md_section_a_module_or_test_cites_is_a_heading_of_rules_md() -> None:
    headings = set(re.findall(r"^#+ (.+)$", (PACKAGE / "rules.md").read_text(encoding="utf-8"), re.MULTILINE))
    cited = set()
    for source in [*PACKAGE.rglob("*.py"), *TESTS.rglob("*.py")]:
        cited |= {(source.name, title) for title in
                  re.findall(r'rules\.md,? "([^"]+)"', " ".join(source.read_text(encoding="utf-8").split()))}
    assert cited and sorted((name, title) for name, title in cited if title not in headings) == []

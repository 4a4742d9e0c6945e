"""Scenarios of the acceptance suite played whole, every battle fought by its commands: T2 (refusing,
infamy, Amnesty), T11 (a challenge with windows and orders), T13 and T14 (the tour around a battle and the
planet locks), T16 and T17 (reveals around a challenge), T19 (the end's timing and tie-breaks). The engine
has no clock: a window closes when the platform's clock plays the timeout commands of the seats it waits
for (prompts.timeout_commands), which `window_closes` stands for. Every state a command gives keeps the
invariants (helpers.play)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from games.kinds.metal_adventures import commands, end, invariants, prompts
from games.kinds.metal_adventures.state import GameState

from .helpers import MF, A, B, C, D, FixedDice, play, quiet, refused, result

HOUR = 3600


def reveals(events: list[dict[str, Any]]) -> list[tuple[int, str]]:
    return [(e["seat"], e["trophy"]) for e in events if e["type"] == "reveal"]


def window_closes(state: GameState, dice: Any = None) -> GameState:
    """W runs out: every seat the game waits for out of turn was asked a question that waits W, and at its
    close the platform's clock plays that seat's timeout commands."""
    waited = [seat for seat in commands.to_act(state) if seat != state.active]
    assert waited, "no window is open"
    for prompt in prompts.prompts(state, None):
        if prompt.seat in waited:
            assert not prompt.own_turn and prompt.seconds == state.options.window_hours * HOUR, prompt
    for seat in waited:
        for command in prompts.timeout_commands(state, seat):
            state, _ = play(state, seat, command, dice)
    return state


def win_in_space(state: GameState, spot: int = 1) -> GameState:
    """The active seat attacks in Space, chooses `spot`, fights alone and wins (orange 6, gray 1)."""
    state, _ = play(state, state.active, "attack space")
    state, _ = play(state, state.active, f"attack space {spot}", FixedDice())
    state, _ = play(state, state.active, "ally none")
    state, events = play(state, state.active, "roll", FixedDice(6, 1))
    assert result(events)[2] == "attack" and state.battle is None
    return state


# === T2: REFUSING, INFAMY, AMNESTY ===


def test_t2_refusing_costs_a_jp_and_a_glory_and_closes_amnesty_for_the_turn() -> None:
    state = quiet(seats={A: {"credits": 0, "glory": 2, "wrecks": ("N08",)}})
    refused(state, A, "tribute", "no credit")
    state, _ = play(state, A, "refuse")
    assert (state.seats[A].jp, state.seats[A].glory) == (1, 1)
    refused(state, A, "tour amnesty N08", "took a JP this turn")


def test_t2_an_infamous_seat_refusing_keeps_4_jp_loses_a_glory_and_fights_alone() -> None:
    state = quiet(active=B, seats={B: {"credits": 5, "glory": 5, "jp": 4}})
    state, _ = play(state, B, "refuse")
    assert (state.seats[B].jp, state.seats[B].glory) == (4, 4)
    state, events = play(state, B, "attack planet bazaar")
    assert {"type": "alone", "seat": B, "why": "4 JP"} in events
    refused(state, B, "ally ask 1", "4 JP")


def test_t2_amnesty_in_a_fresh_turn_gives_the_glory_back_and_pays_bazaar() -> None:
    state = quiet(seats={A: {"credits": 3, "glory": 1, "jp": 1}})
    state, _ = play(state, A, "tribute")
    state, _ = play(state, A, "tour amnesty")
    assert (state.seats[A].jp, state.seats[A].glory, state.treasuries.bazaar) == (0, 2, 2)


# === T11: A CHALLENGE WITH WINDOWS AND ORDERS ===


def t11(**d_orders: str) -> GameState:
    """Four seats, W 24 h. A: Plasma Cutlass (M 10), 3₡; B: Rusty Blunderbuss (M 9), 4₡; C: M 8, no
    orders, holds the Hoarder; D: M 8, `order ally accept min 1c`; Pot 3."""
    state = quiet(4, pot=3, window_hours=24,
                  seats={A: {"improvements": ("E02",), "credits": 3},
                         B: {"improvements": ("E01",), "credits": 4},
                         C: {"trophies": ("T09",)},
                         D: {"orders": {"ally": "accept min 1c", **d_orders}}})
    assert [state.main_power(i) for i in (A, B, C, D)] == [10, 9, 8, 8]
    return state


def t11_recruited(state: GameState) -> GameState:
    """t0: A pays the tribute, challenges B, recruits D at once by D's order, and is ready; B is silent
    until W closes its recruitment."""
    state, _ = play(state, A, "tribute")
    assert state.pot == 4 and state.seats[A].credits == 2
    state, _ = play(state, A, "challenge 2")
    state, events = play(state, A, "ally ask 4 for 1c")
    assert state.battle is not None and state.battle.allies == (D,)
    assert any(e["type"] == "ally_sealed" and e["by_order"] for e in events)
    state, _ = play(state, A, "ready")
    refused(state, C, "reveal T09", "Battle in progress")
    refused(state, C, "ally accept", "Nobody is asking you")
    assert commands.to_act(state) == (B,) and state.phase == "challenge.recruit"
    return window_closes(state)  # t0 + 24 h: B recruits nobody


def test_t11_a_challenge_waits_a_window_per_step_in_order_and_the_dice_follow_the_roll_order() -> None:
    state = t11_recruited(t11())
    assert state.phase == "battle.declare" and commands.to_act(state) == (A,)
    state, _ = play(state, A, "mf yes")
    state, _ = play(state, A, "roll")
    assert commands.to_act(state) == (D,)  # the challenger's ally: no MF order, its window runs
    state = window_closes(state)  # t0 + 48 h: D, no Metal Faktor
    assert commands.to_act(state) == (B,) and state.battle is not None
    assert state.battle.declaration(D).mf is False  # type: ignore[union-attr]
    state = window_closes(state, FixedDice(2, 5, MF[4]))  # t0 + 72 h: B, no Metal Faktor; the dice roll
    seat_a, seat_b, seat_d = state.seats[A], state.seats[B], state.seats[D]
    assert (seat_a.glory, seat_a.credits, state.pot) == (1, 2 + 4, 0)
    assert (seat_b.damage, seat_d.damage) == (1, 0)
    state, _ = play(state, A, "keep all")
    assert state.seats[D].credits == 4 and state.seats[A].credits == 5
    state, _ = play(state, A, "take credits")
    assert (state.seats[A].credits, state.seats[B].credits) == (7, 2)
    assert state.battle is None and state.phase == "turn.travel"


def test_t11_the_scores_are_challenger_metal_faktor_and_ally_against_the_challenged_seat() -> None:
    state = t11_recruited(t11())
    state, _ = play(state, A, "mf yes")
    state, _ = play(state, A, "roll")
    state = window_closes(state)
    state, events = play(state, B, "ready", FixedDice(2, 5, MF[4]))
    assert result(events) == (10 + 2 + 4 + 4, 9 + 5, "attack")


def test_t11_with_an_mf_order_the_allys_window_closes_at_once() -> None:
    state = t11_recruited(t11(**{"mf ally": "yes"}))
    state, _ = play(state, A, "mf yes")
    state, _ = play(state, A, "roll")
    assert commands.to_act(state) == (B,)  # D's step closed when it opened
    state, events = play(state, B, "mf no", FixedDice(2, 5, MF[4], MF[2]))
    assert result(events) == (10 + 2 + 4 + 4 + 2, 9 + 5, "attack") and state.seats[D].mf == 2


# === T13: THE TOUR'S ORDER AND SIDE, AROUND A BATTLE FOUGHT ===


def t13() -> GameState:
    return quiet(seats={A: {"credits": 10, "damage": 1, "trophies": ("T05",), "wrecks": ("N01",)}},
                 karokum=("N09",), bazaar=("S02",), trophy_top=("T10", "T06"), space=("N02", "N10", "N18"))


def test_t13_a_tour_before_the_battle_goes_forward_and_is_closed_after_it() -> None:
    state, _ = play(t13(), A, "tribute")
    state, _ = play(state, A, "tour trophies")
    state, _ = play(state, A, "pick T10")
    assert state.treasuries.exxalia == 2 and state.seats[A].trophies == ("T05", "T10")
    state, _ = play(state, A, "tour repair")
    assert state.treasuries.exxalia == 3 and state.seats[A].damage == 0
    refused(state, A, "tour trophies", "forward only")
    refused(state, A, "tour overhaul", "no damage")
    state, _ = play(state, A, "tour scrap N01 N09")
    assert state.treasuries.karokum == 1
    refused(state, A, "tour smuggle S02", "forward only")
    state = win_in_space(state)
    assert state.seats[A].wrecks == ("N09", "N02")
    refused(state, A, "tour splurge", "before the battle")
    assert not [c for c in commands.legal_commands(state, A) if c.startswith("tour")]
    state, _ = play(state, A, "end")
    assert state.active == B


def test_t13_with_no_tour_before_the_battle_the_tour_comes_after_it() -> None:
    state = quiet(seats={A: {"credits": 10}}, space=("N02", "N10", "N18"), improvement_top=("E01",))
    state, _ = play(state, A, "tribute")
    state = win_in_space(state)
    state, _ = play(state, A, "tour newcards", FixedDice())
    assert state.ocg_row[0] == "E01"
    state, _ = play(state, A, "tour buy E01")
    assert state.seats[A].improvements == ("E01",)
    refused(state, A, "tour newcards", "forward only")


# === T14: PLANET LOCKS; ATTACKING VIA KAROKUM ===


def test_t14a_a_planet_toured_cannot_be_attacked_and_another_can() -> None:
    state, _ = play(quiet(seats={A: {"credits": 10}}, bazaar=("S02",)), A, "tribute")
    state, _ = play(state, A, "tour smuggle S02")
    refused(state, A, "attack planet bazaar", "tour stopped at Bazaar")
    state, _ = play(state, A, "attack planet exxalia")
    assert state.battle is not None and state.battle.target == "exxalia"


def test_t14b_after_a_fight_via_karokum_the_scrapping_bonus_is_open() -> None:
    state = quiet(seats={A: {"credits": 10, "improvements": ("E06",)}}, karokum=("N20", "N09"))
    state, _ = play(state, A, "tribute")
    state, _ = play(state, A, "attack karokum N09")
    assert state.seats[A].credits == 7 and state.treasuries.karokum == 2
    state, _ = play(state, A, "ally none")
    state, _ = play(state, A, "roll", FixedDice(6, 1))
    assert state.seats[A].wrecks == ("N09",)
    state, _ = play(state, A, "tour scrap N09 N20")
    assert state.seats[A].wrecks == ("N20",) and state.karokum_pile == ("N09",)


def test_t14c_after_winning_against_karokum_its_actions_are_closed_and_exxalias_open() -> None:
    state = quiet(seats={A: {"credits": 10, "damage": 1, "improvements": ("E06", "E05")}},
                  treasuries={"karokum": 7}, karokum=("N20", "N09"))
    state, _ = play(state, A, "tribute")
    state, _ = play(state, A, "attack planet karokum")
    state, _ = play(state, A, "ally none")
    state, events = play(state, A, "roll", FixedDice(6, 1))
    assert result(events) == (14 + 6, 14 + 1, "attack")
    assert state.seats[A].credits == 9 + 7 and state.treasuries.karokum == 0
    state, _ = play(state, A, "pick N20")
    assert state.seats[A].wrecks == ("N20",) and state.battle is None
    refused(state, A, "tour scrap N20 N09", "attacked Karokum")
    refused(state, A, "tour splurge", "attacked Karokum")
    state, _ = play(state, A, "tour repair")
    assert state.seats[A].damage == 0


# === T16: ONE REVEAL PER SEAT AND TURN; DEEDS LAPSE ===


def t16(**a_orders: str) -> GameState:
    """A holds the Duelist (T14) and the Hoarder (T09), 11₡; B 6₡, `order defend none`, `order mf defend
    no`; every seat `order ally decline`; Pot 2. A pays the tribute, challenges B, is ready and rolls:
    orange 6, gray 1, A wins; it takes half B's credits."""
    decline = {"ally": "decline"}
    state = quiet(pot=2, seats={
        A: {"trophies": ("T14", "T09"), "credits": 11, "orders": {**decline, **a_orders}},
        B: {"credits": 6, "orders": {**decline, "defend": "none", "mf defend": "no"}},
        C: {"orders": decline}})
    state, _ = play(state, A, "tribute")
    assert state.seats[A].credits == 10
    state, _ = play(state, A, "challenge 2")
    state, _ = play(state, A, "ready")
    state, events = play(state, A, "roll", FixedDice(6, 1))
    assert result(events)[2] == "attack" and state.seats[A].credits == 13
    assert reveals(events) == []  # no reveal inside the battle, though A holds 13₡
    state, events = play(state, A, "take credits")
    assert state.seats[A].credits >= 16 and state.battle is None
    return state


def test_t16_auto_the_checkpoint_reveals_the_duelist_then_the_hoarder_when_the_next_turn_starts() -> None:
    state = t16()
    assert state.seats[A].credits == 16 + 2 and state.seats[A].trophies == ("T09",)
    assert state.seats[A].glory == 1 + 1
    state, events = play(state, A, "end")
    assert state.active == B and reveals(events) == [(A, "T09")]
    assert [e["type"] for e in events].index("turn") < [e["type"] for e in events].index("reveal")


def test_t16_manual_one_reveal_a_turn_and_the_other_in_the_next_turn() -> None:
    state = t16(trophies="manual")
    assert state.seats[A].credits == 16 and state.seats[A].trophies == ("T14", "T09")
    state, _ = play(state, A, "reveal T14")
    assert state.seats[A].credits == 18
    refused(state, A, "reveal T09", "one a turn")
    state, events = play(state, A, "end")
    assert reveals(events) == [] and state.active == B
    state, events = play(state, A, "reveal T09")
    assert reveals(events) == [(A, "T09")]


def test_t16_manual_a_deed_not_revealed_in_its_turn_lapses() -> None:
    # The scenario's "in B's turn `reveal T14` → refused" is the branch in which A did not reveal the
    # Duelist in its own turn (once revealed, it is no longer in A's hand).
    state, _ = play(t16(trophies="manual"), A, "end")
    refused(state, A, "reveal T14", "deed counts only until the end of the turn")
    state, events = play(state, A, "reveal T09")
    assert reveals(events) == [(A, "T09")]


# === T17: A CONDITION LOST IN A BATTLE ===


def t17(**b: Any) -> GameState:
    return quiet(seats={A: {"improvements": ("E06",)},
                        B: {"trophies": ("T10",), "improvements": ("E01", "E02"), **b}})


def won_against_b(state: GameState) -> GameState:
    """A (active, travelling) challenges B and wins: orange 6, gray 1."""
    state, _ = play(state, A, "challenge 2")
    state, _ = play(state, A, "ready")
    state, _ = play(state, B, "ready")
    refused(state, B, "reveal T10", "Battle in progress")
    state, _ = play(state, A, "roll")
    state, events = play(state, B, "mf no", FixedDice(6, 1))
    assert result(events)[2] == "attack"
    return state


def test_t17_manual_no_reveal_in_the_battle_and_a_condition_lost_in_it_cannot_be_claimed() -> None:
    state, _ = play(t17(orders={"trophies": "manual"}), A, "tribute")
    state = won_against_b(state)
    refused(state, B, "reveal T10", "Battle in progress")
    state, _ = play(state, A, "take card E02")
    assert state.seats[B].improvements == ("E01",) and state.battle is None
    refused(state, B, "reveal T10", "condition does not hold now")


def test_t17_auto_the_arsenal_is_revealed_when_the_turn_starts_before_the_challenge() -> None:
    state = replace(t17(revealed_this_turn=True), phase="turn.rest", active=C)
    invariants.check(state)
    state, events = play(state, C, "end")
    assert state.active == A and reveals(events) == [(B, "T10")]
    assert (state.seats[B].glory, state.seats[B].credits) == (1, 3 + 1)
    state, _ = play(state, A, "tribute")
    state = won_against_b(state)
    state, _ = play(state, A, "take card E02")
    assert state.seats[B].glory == 1 and state.seats[B].trophies == ()


# === T19: END TIMING AND TIE-BREAKS ===


def t19(b_jp: int) -> GameState:
    """The Space deck holds N01 N09 N17 N25 N10 and nothing else. A: G 7, 9₡, damage 1 (so exempt);
    B: G 7, 9₡, `b_jp` JP; C: G 6."""
    state = quiet(space=("N01", "N09", "N17", "N25", "N10"),
                  seats={A: {"glory": 7, "credits": 9, "damage": 1},
                         B: {"glory": 7, "credits": 9, "jp": b_jp}, C: {"glory": 6}})
    rest = state.space_deck[5:]
    state = replace(state, space_deck=state.space_deck[:5], out_of_game=state.out_of_game + rest)
    invariants.check(state)
    return state


def t19_played(b_jp: int) -> GameState:
    """A pays no tribute, attacks in Space (the deck falls to 2), beats N01 (+1₡), repairs (1₡), ends."""
    state, _ = play(t19(b_jp), A, "tribute")
    state, _ = play(state, A, "attack space")
    assert len(state.space_deck) == 2 and state.phase != "game.over"
    state, _ = play(state, A, "attack space 1", FixedDice())
    state, _ = play(state, A, "ally none")
    state, _ = play(state, A, "roll", FixedDice(1, 1))
    assert state.phase == "turn.travel" and state.seats[A].credits == 10
    state, _ = play(state, A, "tour repair")
    assert state.phase == "turn.travel"
    state, _ = play(state, A, "end")
    return state


def test_t19_the_deck_at_2_ends_the_game_only_at_the_end_of_the_turn_and_the_fewest_jp_win_a_tie() -> None:
    state = t19_played(b_jp=1)
    assert state.phase == "game.over"
    assert [(s.glory, s.credits, s.jp) for s in state.seats[:2]] == [(7, 9, 0), (7, 9, 1)]
    assert end.winners(state) == (A,) and end.places(state) == ((A,), (B,), (C,))


def test_t19_a_tie_on_glory_credits_and_jp_is_a_shared_win() -> None:
    state = t19_played(b_jp=0)
    assert end.winners(state) == (A, B)


def test_t19_nine_glory_reached_by_a_reveal_mid_turn_wins_at_the_turns_end() -> None:
    state = quiet(space=("N02", "N10", "N18"),
                  seats={A: {"glory": 8, "credits": 7}, B: {"glory": 8, "credits": 7, "trophies": ("T09",),
                                                             "improvements": ("E01",)}})
    state, _ = play(state, A, "tribute")
    assert state.seats[A].credits == 6
    state, _ = play(state, A, "offer 2 give 5c get card E01")
    state, events = play(state, B, "accept O1")
    assert state.seats[B].credits == 12 and reveals(events) == [(B, "T09")] and state.seats[B].glory == 9
    assert state.phase == "turn.travel"  # the end is not checked mid-turn
    state = win_in_space(state)
    assert state.phase == "turn.travel"
    state, _ = play(state, A, "end")
    assert state.phase == "game.over" and end.winners(state) == (B,)

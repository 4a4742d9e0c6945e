"""Metal Adventures' trophies in play (rules.md, "Trophies in play"): each trophy's condition, met and
not; the checkpoint that reveals trophies for seats in auto mode (the most G, then ₡, then the lowest id;
seats in turn order from the active seat; one reveal per seat per turn; the bank paying what it has); the
`reveal` command; deeds lapsing at the turn's end; no reveal inside a battle (R39, R48); the scenarios
T15 (its checkpoint), T16, T17 and T19's second case, built directly where a battle would be fought.
Every state reached is checked against the invariants."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from games.kinds.metal_adventures import cards, choices, commands, end, invariants, items, orders, trophies
from games.kinds.metal_adventures.battle_state import Battle
from games.kinds.metal_adventures.records import CARD, CREDITS, Item, Travel
from games.kinds.metal_adventures.state import GameState
from games.kinds.protocol import Event, Refused

from .helpers import A, B, C, given, play

MANUAL = {"trophies": "manual"}


def refused(state: GameState, seat: int, command: str, words: str) -> None:
    with pytest.raises(Refused, match=words):
        commands.play(state, seat, command, None)


def checkpoint(state: GameState) -> tuple[GameState, list[Event]]:
    after, events = trophies.checkpoint(state)
    invariants.check(after)
    return after, events


def deed(state: GameState, seat: int, name: str) -> GameState:
    after = trophies.record_deed(state, seat, name)
    invariants.check(after)
    return after


def travelled(**kwargs: Any) -> GameState:
    """A position in the travel phase whose battle is over (so `end` ends the turn)."""
    state = given(phase="turn.travel", **kwargs)
    state = replace(state, travel=Travel(battle_done=True))
    invariants.check(state)
    return state


def in_battle(state: GameState) -> GameState:
    """The same position inside a challenge of A against B, at its declarations."""
    state = replace(state, phase="battle.declare", battle=Battle(kind="challenge", attacker=A, challenged=B))
    invariants.check(state)
    return state


def reveals(events: list[Event]) -> list[tuple[int, str]]:
    return [(e["seat"], e["trophy"]) for e in events if e["type"] == "reveal"]


# === EACH TROPHY'S CONDITION (cards/trophies.json) ===

# (trophy, A's figures meeting it, A's figures one short of it)
STATES: list[tuple[str, dict[str, Any], dict[str, Any]]] = [
    ("T02", {"wrecks": ("N08",)}, {"wrecks": ("N01", "N09")}),
    ("T03", {"wrecks": ("N01", "N02", "N03", "N09", "N17")}, {"wrecks": ("N01", "N02", "N03", "N09")}),
    ("T04", {"wrecks": ("N01", "N09", "N17", "N25")}, {"wrecks": ("N01", "N09", "N17", "N02")}),
    ("T05", {"wrecks": ("N01", "N02", "N03")}, {"wrecks": ("N01", "N02", "N09")}),
    ("T06", {"wrecks": ("N09", "N10", "N11")}, {"wrecks": ("N09", "N10", "N01")}),
    ("T07", {"wrecks": ("N17", "N18", "N19")}, {"wrecks": ("N17", "N18", "N25")}),
    ("T08", {"wrecks": ("N25", "N26")}, {"wrecks": ("N25", "N17")}),
    ("T09", {"credits": 12}, {"credits": 11}),
    ("T10", {"improvements": ("E01", "E02")}, {"improvements": ("E01", "E07")}),
    # M, not R: R 17 either way; damage 1 leaves M 16, damage 2 leaves 15.
    ("T11", {"improvements": ("E06", "E05", "E08"), "damage": 1},
     {"improvements": ("E06", "E05", "E08"), "damage": 2}),
    ("T12", {"improvements": ("E01", "E07", "E11", "S01")}, {"improvements": ("E01", "E07", "E11")}),
    ("T13", {"jp": 3, "glory": 1}, {"jp": 2, "glory": 1}),
]
DEEDS = [("T01", "title"), ("T14", "won_challenge"), ("T15", "won_challenged"), ("T16", "won_planet"),
         ("T17", "beat_15"), ("T18", "turncoat")]


def test_every_trophy_has_its_condition_tested() -> None:
    assert sorted([t for t, _, _ in STATES] + [t for t, _ in DEEDS]) == sorted(cards.TROPHIES)


@pytest.mark.parametrize(("trophy", "meets", "short"), STATES, ids=[t for t, _, _ in STATES])
def test_a_state_trophy_is_met_while_its_condition_holds(trophy: str, meets: dict[str, Any],
                                                          short: dict[str, Any]) -> None:
    yes = given(seats={A: {**meets, "trophies": (trophy,), "orders": MANUAL}})
    no = given(seats={A: {**short, "trophies": (trophy,), "orders": MANUAL}})
    assert trophies.met(yes, A, trophy) and not trophies.met(no, A, trophy)
    assert trophies.legal(yes, A) == [f"reveal {trophy}"] and trophies.legal(no, A) == []
    card = cards.TROPHIES[trophy]
    after, events = play(yes, A, f"reveal {trophy}")
    seat = after.seats[A]
    before = yes.seats[A]
    assert (seat.glory, seat.credits) == (before.glory + card.glory, before.credits + card.credits)
    assert seat.trophies == () and seat.revealed_this_turn and after.trophy_deck[-1] == trophy
    assert after.bank == yes.bank - card.credits
    assert events == [{"type": "reveal", "seat": A, "trophy": trophy, "glory": card.glory,
                       "credits": card.credits, "auto": False}]
    refused(no, A, f"reveal {trophy}", "condition does not hold")


@pytest.mark.parametrize(("trophy", "name"), DEEDS, ids=[t for t, _ in DEEDS])
def test_a_deed_trophy_is_met_by_its_own_seats_deed_this_turn(trophy: str, name: str) -> None:
    state = given(phase="turn.travel", seats={A: {"trophies": (trophy,), "orders": MANUAL}})
    assert not trophies.met(state, A, trophy)
    other_seat = deed(state, B, name)
    other_deed = deed(state, A, next(d for _, d in DEEDS if d != name))
    assert not trophies.met(other_seat, A, trophy) and not trophies.met(other_deed, A, trophy)
    done = deed(state, A, name)
    assert trophies.met(done, A, trophy) and trophies.legal(done, A) == [f"reveal {trophy}"]
    after, _ = play(done, A, f"reveal {trophy}")
    assert after.seats[A].glory == cards.TROPHIES[trophy].glory
    refused(other_seat, A, f"reveal {trophy}", "only until the end of the turn")


def test_a_seat_that_left_the_game_meets_no_trophy() -> None:
    state = given(seats={B: {"credits": 12}})
    assert trophies.met(state, B, "T09")
    assert not trophies.met(state.with_seat(B, replace(state.seats[B], out=True)), B, "T09")


def test_a_deed_is_recorded_once_and_must_be_a_deed() -> None:
    state = deed(given(phase="turn.travel"), A, "title")
    assert deed(state, A, "title").deeds == ((A, "title"),)
    with pytest.raises(ValueError, match="no deed"):
        trophies.record_deed(state, A, "won_everything")


# === THE CHECKPOINT ===


def test_the_checkpoint_reveals_the_met_trophy_with_the_most_glory() -> None:
    # T03 (2 G, 0₡) beats T05 (1 G, 2₡): five wrecks, three of them Solar.
    state = given(seats={A: {"trophies": ("T05", "T03"), "wrecks": ("N01", "N02", "N03", "N09", "N17")}})
    after, events = checkpoint(state)
    assert reveals(events) == [(A, "T03")] and after.seats[A].trophies == ("T05",)


def test_between_equal_glory_the_checkpoint_reveals_the_most_credits() -> None:
    # T05 (1 G, 2₡) and T08 (1 G, 3₡).
    state = given(seats={A: {"trophies": ("T05", "T08"), "wrecks": ("N01", "N02", "N03", "N25", "N26")}})
    after, events = checkpoint(state)
    assert reveals(events) == [(A, "T08")] and after.seats[A].credits == 3 + 3


def test_between_equal_glory_and_credits_the_checkpoint_reveals_the_lowest_id() -> None:
    # T06 and T05: 1 G and 2₡ each.
    state = given(seats={A: {"trophies": ("T06", "T05"),
                             "wrecks": ("N01", "N02", "N03", "N09", "N10", "N11")}})
    _, events = checkpoint(state)
    assert reveals(events) == [(A, "T05")]


def test_the_checkpoint_serves_seats_in_turn_order_from_the_active_seat_and_a_short_bank_pays_what_it_has(
) -> None:
    # Each seat meets a 2₡ trophy; the bank holds 3₡; B is active: B is paid 2, C 1 (1 short), A 0 (2 short).
    state = given(active=B, pot=60, seats={
        A: {"trophies": ("T05",), "wrecks": ("N01", "N02", "N03")},
        B: {"trophies": ("T06",), "wrecks": ("N09", "N10", "N11")},
        C: {"trophies": ("T07",), "wrecks": ("N17", "N18", "N19")}})
    assert state.bank == 3
    after, events = checkpoint(state)
    assert reveals(events) == [(B, "T06"), (C, "T07"), (A, "T05")]
    assert [(e["credits"], e.get("short", 0)) for e in events] == [(2, 0), (1, 1), (0, 2)]
    assert [s.credits for s in after.seats] == [3, 5, 4] and after.bank == 0
    assert [s.glory for s in after.seats] == [1, 1, 1]
    assert after.trophy_deck[-3:] == ("T06", "T07", "T05")


def test_a_seat_reveals_at_most_one_trophy_a_turn_and_the_other_at_a_later_turn() -> None:
    state = travelled(seats={A: {"trophies": ("T09", "T13"), "credits": 12, "jp": 3, "glory": 0}})
    after, events = checkpoint(state)
    assert reveals(events) == [(A, "T13")]
    again, more = checkpoint(after)
    assert more == [] and again == after
    refused(after, A, "reveal T09", "already revealed a trophy this turn")
    assert trophies.legal(after, A) == []
    # A's `end`: the end-of-turn checkpoint still counts A's reveal; the next turn's start reveals T09.
    ended, _ = end.finish_turn(after)
    assert ended.seats[A].trophies == ("T09",)
    ended, events = play(after, A, "end")
    assert reveals(events) == [(A, "T09")] and ended.active == B
    assert [e["type"] for e in events][-2:] == ["turn", "reveal"]


def test_the_checkpoint_passes_over_manual_seats_and_seats_that_left() -> None:
    state = given(seats={A: {"credits": 12, "trophies": ("T09",), "orders": MANUAL},
                         B: {"credits": 12, "trophies": ("T03",)}})
    state, _ = end.resign(state, B)
    invariants.check(state)
    after, events = checkpoint(state)
    assert events == [] and after == state


def test_r48_no_checkpoint_inside_a_battle_while_setting_up_or_once_the_game_is_over() -> None:
    state = given(seats={B: {"credits": 12, "trophies": ("T09",)}})
    for stopped in (in_battle(state), replace(state, phase="game.over")):
        assert trophies.checkpoint(stopped) == (stopped, [])
        assert trophies.legal(stopped, B) == []
    # An order given during the battle is a command that leaves the battle running: nothing is revealed.
    after, events = play(in_battle(state), C, "order vote abstain")
    assert reveals(events) == [] and after.seats[B].trophies == ("T09",) + state.seats[B].trophies[1:]
    setting_up = given()
    assert trophies.checkpoint(replace(setting_up, phase="setup.trophies")) == (
        replace(setting_up, phase="setup.trophies"), [])


def test_every_command_outside_a_battle_is_followed_by_a_checkpoint() -> None:
    # B's order is the command; B's met trophy is revealed after it, in A's turn.
    state = given(seats={B: {"credits": 12, "trophies": ("T09",)}})
    after, events = play(state, B, "order vote guilty")
    assert reveals(events) == [(B, "T09")] and after.seats[B].glory == 1


def test_switching_to_auto_mode_reveals_at_the_checkpoint_after_the_order() -> None:
    state = given(seats={B: {"credits": 12, "trophies": ("T09",), "orders": MANUAL}})
    after, events = play(state, B, "order trophies auto")
    assert reveals(events) == [(B, "T09")]


def test_a_turn_started_by_a_resignation_gets_its_checkpoint() -> None:
    state = given(seats={B: {"credits": 12, "trophies": ("T09",), "revealed_this_turn": True}})
    after, events = play(state, A, "resign")
    assert after.active == B and reveals(events) == [(B, "T09")]


def test_a_checkpoint_runs_while_a_choice_waits_and_a_trophy_in_the_choice_is_nobodys_yet() -> None:
    # A looks at T01 and T12 after a deed of the Glory Title; B meets T09. The checkpoint reveals B's
    # trophy; T01 is in no hand until A picks it; then the checkpoint after `pick` reveals it (R49: the
    # deed counts for a trophy acquired after it, in the same turn).
    state = given(phase="turn.travel", trophy_top=("T01", "T12"),
                  seats={A: {"trophies": ("T03",)}, B: {"credits": 12, "trophies": ("T09",)}})
    state = deed(state, A, "title")
    state, _ = choices.draw_trophies(state, A, 2, "tour")
    invariants.check(state)
    assert trophies.met(state, A, "T01") and trophies.legal(state, A) == []
    after, events = checkpoint(state)
    assert reveals(events) == [(B, "T09")] and after.choices == state.choices
    picked, events = play(after, A, "pick T01")
    assert reveals(events) == [(A, "T01")] and picked.seats[A].trophies == ("T03",)


def test_a_seat_may_reveal_while_another_seats_choice_waits() -> None:
    state = given(phase="turn.rest", trophy_top=("T11", "T12"),
                  seats={A: {"trophies": ("T03",), "damage": 1},
                         B: {"credits": 12, "trophies": ("T09",), "orders": MANUAL}})
    state, _ = choices.draw_trophies(state, A, 2, "rest")
    assert trophies.legal(state, B) == ["reveal T09"]
    after, events = play(state, B, "reveal T09")
    assert reveals(events) == [(B, "T09")] and after.choices == state.choices


# === `reveal` ===


def test_reveal_is_accepted_in_auto_mode_when_its_condition_holds() -> None:
    # A position no checkpoint has seen yet: the seat's own `reveal` comes first.
    state = given(seats={B: {"credits": 12, "jp": 3, "glory": 3, "trophies": ("T09", "T13")}})
    after, events = play(state, B, "reveal hoarder")
    assert reveals(events) == [(B, "T09")] and after.seats[B].trophies == ("T13",)


def test_reveal_refusals_say_why() -> None:
    state = given(seats={A: {"credits": 12, "trophies": ("T09", "T03"), "orders": MANUAL},
                         C: {"trophies": (), "orders": MANUAL}})
    refused(state, A, "reveal T03", "condition does not hold now")
    refused(state, A, "reveal T05", "not one of your trophies")
    refused(state, A, "reveal", "Name one of your trophies")
    refused(state, C, "reveal T09", "You hold no trophy")
    refused(in_battle(state), A, "reveal T09", "Battle in progress")
    with pytest.raises(Refused, match="game is over"):
        trophies.reveal(replace(state, phase="game.over"), A, "T09")
    with pytest.raises(Refused, match="Play has not begun"):
        trophies.reveal(replace(state, phase="setup.trophies"), A, "T09")
    after, _ = play(state, A, "reveal T09")
    refused(after, A, "reveal T09", "already revealed")


def test_legal_lists_exactly_the_reveals_play_accepts() -> None:
    state = given(seats={A: {"credits": 12, "trophies": ("T03", "T09"), "orders": MANUAL},
                         B: {"jp": 3, "trophies": ("T13", "T12"), "orders": MANUAL}})
    for seat in (A, B, C):
        accepted = []
        for trophy in sorted(cards.TROPHIES):
            try:
                play(state, seat, f"reveal {trophy}")
            except Refused:
                continue
            accepted.append(f"reveal {trophy}")
        assert sorted(trophies.legal(state, seat)) == accepted
        assert set(trophies.legal(state, seat)) <= set(commands.legal_commands(state, seat))
    assert trophies.legal(state, A) == ["reveal T09"] and trophies.legal(state, B) == ["reveal T13"]


def test_r49_deeds_lapse_when_the_turn_ends() -> None:
    state = deed(travelled(seats={B: {"trophies": ("T15",), "orders": MANUAL}}), B, "won_challenged")
    assert trophies.met(state, B, "T15")
    after, _ = play(state, A, "end")
    assert after.deeds == () and not trophies.met(after, B, "T15")
    refused(after, B, "reveal T15", "deed counts only until the end of the turn")


def test_r49_a_deed_of_a_seat_that_is_not_active_holds_to_the_end_of_that_turn() -> None:
    # R49: the traitor's deed, in A's turn: B reveals it in A's turn, whoever is active.
    state = deed(travelled(seats={B: {"trophies": ("T18",), "orders": MANUAL}}), B, "turncoat")
    after, events = play(state, B, "reveal turncoat")
    assert reveals(events) == [(B, "T18")] and after.seats[B].credits == 3 + 3


# === SCENARIOS ===


def test_t15_the_hangman_is_revealed_at_the_checkpoint_after_the_glory_title() -> None:
    # After `tour title N01 N04 N08`: G 4, 5₡, the three wrecks out of the game, the deed recorded.
    state = given(phase="turn.travel", out=("N01", "N04", "N08"),
                  seats={A: {"wrecks": ("N25", "N27", "D22"), "trophies": ("T01", "T09"), "glory": 4,
                             "credits": 5}})
    state = deed(state, A, "title")
    after, events = checkpoint(state)
    seat = after.seats[A]
    assert reveals(events) == [(A, "T01")]
    assert (seat.glory, seat.credits, seat.trophies) == (5, 6, ("T09",))
    assert after.trophy_deck[-1] == "T01" and after.bank == state.bank - 1


def t16(**a: Any) -> GameState:
    """A has just won its challenge against B and taken its spoils: 16₡, T14 and T09 in hand, the deed."""
    state = travelled(seats={A: {"trophies": ("T14", "T09"), "credits": 16, **a}, B: {"credits": 3}})
    return deed(state, A, "won_challenge")


def test_t16_auto_one_reveal_a_turn_then_the_other_when_the_next_turn_starts() -> None:
    after, events = checkpoint(t16())
    assert reveals(events) == [(A, "T14")] and after.seats[A].credits == 18
    ended, _ = end.finish_turn(after)  # A's `end`: still not T09
    assert ended.seats[A].trophies == ("T09",) and ended.active == B
    ended, events = play(after, A, "end")  # B's turn starts: T09 revealed for A
    assert reveals(events) == [(A, "T09")] and ended.seats[A].glory == 2 and ended.active == B


def test_t16_manual_one_reveal_a_turn_and_the_other_in_the_next_turn() -> None:
    state = t16(orders=MANUAL)
    after, _ = checkpoint(state)
    assert after == state
    after, events = play(state, A, "reveal T14")
    assert reveals(events) == [(A, "T14")] and after.seats[A].credits == 18
    refused(after, A, "reveal T09", "one a turn")
    after, events = play(after, A, "end")
    assert reveals(events) == [] and after.active == B
    after, events = play(after, A, "reveal T09")
    assert reveals(events) == [(A, "T09")]


def test_t16_manual_the_deed_lapses_with_the_turn() -> None:
    after, _ = play(t16(orders=MANUAL), A, "end")
    assert trophies.legal(after, A) == ["reveal T09"]
    refused(after, A, "reveal T14", "condition does not hold now")


def test_t17_no_reveal_during_the_battle_and_a_condition_lost_in_it_cannot_be_claimed() -> None:
    state = given(phase="turn.travel",
                  seats={B: {"trophies": ("T10",), "improvements": ("E01", "E02"), "orders": MANUAL}})
    refused(in_battle(state), B, "reveal T10", "Battle in progress")
    # A won and took E02: B has one weapon left.
    lost = items.transfer(state, B, A, (Item(CARD, card="E02"),))
    lost = replace(lost, travel=Travel(battle_done=True))
    invariants.check(lost)
    refused(lost, B, "reveal T10", "condition does not hold now")


def test_t17_auto_the_arsenal_is_revealed_when_a_turn_starts_before_the_challenge() -> None:
    # C's turn (B revealed a trophy in it already) ends; A's turn starts: B's T10 is revealed before A
    # can challenge anyone.
    state = given(phase="turn.rest", active=C,
                  seats={B: {"trophies": ("T10",), "improvements": ("E01", "E02"),
                             "revealed_this_turn": True}})
    assert trophies.checkpoint(state) == (state, [])
    after, events = play(state, C, "end")
    assert (after.active, after.phase) == (A, "turn.start")
    assert [e["type"] for e in events][-2:] == ["turn", "reveal"] and reveals(events) == [(B, "T10")]


def test_t19_a_reveal_at_the_checkpoint_after_a_trade_waits_for_the_turns_end_to_win() -> None:
    state = travelled(seats={A: {"glory": 8, "credits": 6, "trophies": ()},
                             B: {"glory": 8, "credits": 7, "trophies": ("T09",), "improvements": ("E01",)}})
    # O1 accepted: A gives 5₡ for B's E01.
    traded = items.transfer(state, A, B, (Item(CREDITS, amount=5),))
    traded = items.transfer(traded, B, A, (Item(CARD, card="E01"),))
    invariants.check(traded)
    assert traded.seats[B].credits == 12
    after, events = checkpoint(traded)
    assert reveals(events) == [(B, "T09")] and after.seats[B].glory == 9
    assert after.phase == "turn.travel" and "end" in commands.legal_commands(after, A)
    over, _ = play(after, A, "end")
    assert over.phase == "game.over" and end.winners(over) == (B,)


def test_orders_module_reads_the_trophy_mode() -> None:
    state = given(seats={A: {"orders": MANUAL}})
    assert orders.trophies_mode(state, A) == "manual" and orders.trophies_mode(state, B) == "auto"


def test_reveal_refusals_before_play_and_a_second_reveal_word_for_word() -> None:
    from .helpers import refusal

    state = given(seats={A: {"credits": 12, "trophies": ("T09", "T03"), "orders": MANUAL}})
    with pytest.raises(Refused) as before:
        trophies.reveal(replace(state, phase="setup.trophies"), A, "T09")
    assert str(before.value) == "Play has not begun: trophies are revealed once it has."
    after, _ = play(state, A, "reveal T09")
    assert refusal(after, A, "reveal T03") == "You have already revealed a trophy this turn: one a turn."

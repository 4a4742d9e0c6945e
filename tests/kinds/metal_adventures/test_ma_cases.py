"""Metal Adventures' cases (rules.md, "Cases"): `accuse`, `plead`, `vote`, the verdict and its JP; who may
accuse whom, and when; `order plead` and `order vote`; the defaults the clock gives; a case never holds up
a turn, is never decided in the middle of a battle, and closes when a party leaves. Every state reached
keeps the invariants (helpers.play checks)."""

from __future__ import annotations

import json
from dataclasses import replace
from typing import Any

import pytest

from games.kinds.metal_adventures import cases, commands, promises, prompts
from games.kinds.metal_adventures.records import CREDITS, END, Case, Item, Travel
from games.kinds.metal_adventures.state import GameState
from games.kinds.metal_adventures.view import view
from games.kinds.protocol import Event

from .helpers import A, B, C, D, E, ScriptedDice, dealt, given, play, refused


def travelling(players: int = 4, **kwargs: Any) -> GameState:
    """The active seat (A) travels, its battle done: it may end its turn."""
    state = given(players, phase="turn.travel", **kwargs)
    return replace(state, travel=Travel(battle_done=True))


def kinds(events: list[Event]) -> list[str]:
    return [e["type"] for e in events]


def verdict(events: list[Event]) -> Event:
    return next(e for e in events if e["type"] == "verdict")


def at_vote(players: int = 4, **kwargs: Any) -> GameState:
    """B accuses C (C1) and C pleads innocent: the vote is open to every other seat."""
    state, _ = play(travelling(players, **kwargs), B, "accuse 3 promised me 2c for my vote")
    state, _ = play(state, C, "plead innocent")
    return state


# === accuse ===

def test_an_accusation_opens_case_c1_at_the_plea() -> None:
    state, events = play(travelling(), B, "accuse 3 promised me 2c   for my vote")
    case = state.cases[0]
    assert (case.name, case.accuser, case.accused, case.stage, case.turn) == ("C1", B, C, "plea", state.turn)
    assert case.words == "promised me 2c for my vote" and case.votes == ()
    assert state.numbers[2] == 1 and state.seats[B].accusations == (C,)
    assert events == [{"type": "accuse", "case": 1, "accuser": B, "accused": C,
                       "words": "promised me 2c for my vote"}]


def test_cases_are_numbered_after_the_last_case_number_given() -> None:
    state = replace(travelling(), numbers=(3, 2, 4))
    state, _ = play(state, D, "accuse 1 a card")
    assert state.cases[0].name == "C5" and state.numbers == (3, 2, 5)


def test_any_seat_accuses_any_other_whoever_is_active() -> None:
    state, _ = play(travelling(), A, "accuse 2 three credits")
    state, _ = play(state, C, "accuse 1 a wreck")
    assert [(c.accuser, c.accused) for c in state.cases] == [(A, B), (C, A)]


def test_an_accusation_may_be_made_at_the_start_of_a_turn() -> None:
    state, _ = play(given(4), C, "accuse 4 two credits")
    assert state.phase == "turn.start" and state.cases[0].accused == D


@pytest.mark.parametrize(("command", "words"), [
    ("accuse 2 a promise", "yourself"),
    ("accuse 3", "Say what seat 3 promised you"),
    ("accuse", "Accuse whom"),
    ("accuse 9 a promise", "Name a seat by its number"),
    ("accuse three a promise", "Name a seat by its number"),
    ("accuse 3 " + "x" * 201, "200 characters"),
])
def test_an_accusation_names_another_seat_and_what_was_promised(command: str, words: str) -> None:
    refused(travelling(), B, command, words)


def test_a_seat_that_left_cannot_be_accused() -> None:
    state = travelling(5)
    state = state.with_seat(D, replace(state.seats[D], out=True))
    refused(state, B, "accuse 4 a promise", "has left the game")


def test_no_case_opens_while_the_trophies_are_chosen() -> None:
    refused(dealt(4), B, "accuse 3 a promise", "once play has begun")


def test_no_case_opens_during_a_battle() -> None:
    state = given(4, karokum=("N05",))
    state, _ = play(state, A, "tribute")
    state, _ = play(state, A, "attack karokum N05")
    refused(state, C, "accuse 2 a promise", "Battle in progress")
    assert cases.accusable(state, C) == ()


def test_the_two_player_house_rule_has_no_cases() -> None:
    state = given(2, phase="turn.travel", two_player_house_rule=True)
    refused(state, A, "accuse 2 a promise", "no cases with two seats")
    refused(state, B, "accuse 1 a promise", "two-player house rule")


def test_a_case_needs_a_third_pirate_still_in_the_game() -> None:
    state = travelling(3)
    state = state.with_seat(C, replace(state.seats[C], out=True))
    refused(state, B, "accuse 1 a promise", "third pirate")


def test_an_accuser_has_one_open_case_at_a_time() -> None:
    state, _ = play(travelling(), B, "accuse 3 a promise")
    refused(state, B, "accuse 4 another promise", "C1 is still open")
    state, _ = play(state, C, "plead guilty")
    state, _ = play(state, B, "accuse 4 another promise")
    assert state.cases[0].accused == D


def test_one_case_per_accuser_and_accused_per_round_counted_from_the_accusers_own_turn() -> None:
    state, _ = play(travelling(), B, "accuse 3 a promise")  # in A's turn: B's round began before it
    state, _ = play(state, C, "plead guilty")
    assert cases.why_not_accuse(state, B, C) == \
        "You have accused seat 3 already this round: you may again once your next turn has begun."
    assert cases.accusable(state, B) == (A, D)
    state, _ = play(state, A, "end")  # B's own turn begins: a new round for B
    assert state.active == B and state.seats[B].accusations == ()
    state, _ = play(state, B, "accuse 3 another promise")
    assert state.cases[0].accused == C and state.cases[0].name == "C2"


def test_another_seats_turn_does_not_start_the_accusers_round_again() -> None:
    state, _ = play(travelling(), C, "accuse 2 a promise")
    state, _ = play(state, B, "plead guilty")
    state, _ = play(state, A, "end")  # B's turn: C's round goes on
    assert state.active == B and state.seats[C].accusations == (B,)
    refused(state, C, "accuse 2 another promise", "already this round")


# === plead ===

def test_a_guilty_plea_takes_1_jp_at_once_counted_as_a_promise_broken_to_the_accuser() -> None:
    state, _ = play(travelling(seats={C: dict(glory=3)}), B, "accuse 3 a promise")
    state, events = play(state, C, "plead guilty")
    assert state.seats[C].jp == 1 and state.seats[C].glory == 2 and state.seats[C].took_jp_this_turn
    assert state.cases == ()
    assert kinds(events) == ["plea", "verdict", "jp"]
    assert verdict(events)["guilty"] is True and verdict(events)["pleaded"] is True
    assert "broke a promise to seat 2" in events[-1]["why"]


def test_a_guilty_plea_at_4_jp_leaves_the_wheel_at_4_and_still_costs_glory() -> None:
    state, _ = play(travelling(seats={C: dict(jp=4, glory=1)}), B, "accuse 3 a promise")
    state, _ = play(state, C, "plead guilty")
    assert state.seats[C].jp == 4 and state.seats[C].glory == 0


def test_an_innocent_plea_opens_the_vote_to_every_other_seat_still_in() -> None:
    state = travelling(5)
    state = state.with_seat(E, replace(state.seats[E], out=True))
    state, _ = play(state, B, "accuse 3 a promise")
    state, events = play(state, C, "plead innocent")
    case = state.cases[0]
    assert case.stage == "vote" and case.vote_turn == state.turn and kinds(events) == ["plea"]
    assert cases.jurors(state, case) == (A, D) and cases.pending_jurors(state, case) == (A, D)
    assert state.seats[C].jp == 0


def test_only_the_accused_pleads_and_only_once() -> None:
    state, _ = play(travelling(), B, "accuse 3 a promise")
    refused(state, B, "plead guilty", "Nobody waits for your plea")
    refused(state, D, "plead innocent", "Nobody waits for your plea")
    refused(state, C, "plead maybe", "guilty or innocent")
    state, _ = play(state, C, "plead innocent")
    refused(state, C, "plead guilty", "Nobody waits for your plea")


def test_a_seat_accused_in_two_cases_names_the_one_it_pleads_in() -> None:
    state, _ = play(travelling(), B, "accuse 3 a promise")
    state, _ = play(state, D, "accuse 3 another")
    refused(state, C, "plead guilty", "C1 and C2")
    assert [c for c in commands.legal_commands(state, C) if c.startswith("plead")] == [
        "plead C1 guilty", "plead C1 innocent", "plead C2 guilty", "plead C2 innocent"]
    state, _ = play(state, C, "plead C2 innocent")
    assert [c.stage for c in state.cases] == ["plea", "vote"]
    assert [c for c in commands.legal_commands(state, C) if c.startswith("plead")] == [
        "plead guilty", "plead innocent"]


# === vote ===

@pytest.mark.parametrize(("votes", "guilty"), [
    (("guilty", "abstain", "abstain"), True),
    (("guilty", "guilty", "innocent"), True),
    (("guilty", "innocent", "abstain"), False),
    (("abstain", "abstain", "abstain"), False),
    (("innocent", "innocent", "guilty"), False),
    (("innocent", "abstain", "abstain"), False),
])
def test_guilty_when_guilty_votes_are_at_least_one_and_more_than_innocent_votes(
        votes: tuple[str, str, str], guilty: bool) -> None:
    state = at_vote(5)
    for juror, choice in zip((A, D, E), votes, strict=True):
        state, events = play(state, juror, f"vote C1 {choice}")
    assert verdict(events)["guilty"] is guilty and state.cases == ()
    assert verdict(events)["votes"] == {v: votes.count(v) for v in ("guilty", "innocent", "abstain")}
    assert state.seats[C].jp == (1 if guilty else 0)


def test_a_guilty_verdict_costs_the_accused_1_jp_and_marks_its_turn_and_an_acquittal_costs_nobody() -> None:
    state = at_vote(seats={C: dict(glory=2)})
    state, _ = play(state, A, "vote C1 guilty")
    assert state.cases[0].votes == ((A, "guilty"),) and state.seats[C].jp == 0  # D still to vote
    state, events = play(state, D, "vote C1 abstain")
    assert state.seats[C].jp == 1 and state.seats[C].glory == 1 and state.seats[C].took_jp_this_turn
    assert "broke a promise to seat 2" in events[-1]["why"]
    acquitted = at_vote(seats={B: dict(glory=2), C: dict(glory=2)})
    before = acquitted.seats
    acquitted, _ = play(acquitted, A, "vote C1 innocent")
    acquitted, events = play(acquitted, D, "vote C1 guilty")
    assert verdict(events)["guilty"] is False and acquitted.seats == before


def test_the_verdict_marks_the_accused_for_the_turn_under_way_only() -> None:
    state = at_vote()
    state, _ = play(state, A, "vote C1 guilty")
    state, _ = play(state, D, "vote C1 guilty")
    assert state.seats[C].took_jp_this_turn
    state, _ = play(state, A, "end")
    assert not state.seats[C].took_jp_this_turn


@pytest.mark.parametrize(("seat", "command", "words"), [
    (B, "vote C1 guilty", "party to C1"),
    (C, "vote C1 innocent", "party to C1"),
    (A, "vote C1 maybe", "guilty, innocent or abstain"),
    (A, "vote C2 guilty", "no open case C2"),
    (A, "vote guilty", "Name the case"),
    (A, "vote X1 guilty", "Name a case by its id"),
])
def test_only_a_juror_votes_guilty_innocent_or_abstain_in_an_open_case(seat: int, command: str,
                                                                       words: str) -> None:
    refused(at_vote(), seat, command, words)


def test_a_vote_is_cast_once_and_only_after_an_innocent_plea() -> None:
    state, _ = play(travelling(), B, "accuse 3 a promise")
    refused(state, A, "vote C1 guilty", "has not pleaded")
    state, _ = play(state, C, "plead innocent")
    state, _ = play(state, A, "vote C1 guilty")
    refused(state, A, "vote C1 innocent", "voted in C1 already")


def test_legal_commands_list_the_pleas_and_votes_awaited() -> None:
    state, _ = play(travelling(), B, "accuse 3 a promise")
    assert [c for c in commands.legal_commands(state, C) if c.startswith(("plead", "vote"))] == [
        "plead guilty", "plead innocent"]
    state, _ = play(state, C, "plead innocent")
    for seat in (A, D):
        assert [c for c in commands.legal_commands(state, seat) if c.startswith("vote")] == [
            "vote C1 guilty", "vote C1 innocent", "vote C1 abstain"]
    for seat in (B, C):
        assert not [c for c in commands.legal_commands(state, seat) if c.startswith(("plead", "vote"))]
    assert not [c for c in commands.legal_commands(state, B) if c.startswith("accuse")]


# === standing orders ===

def test_order_plead_guilty_answers_the_accusation_at_once() -> None:
    state = travelling(seats={C: dict(orders={"plead": "guilty"})})
    state, events = play(state, B, "accuse 3 a promise")
    assert kinds(events) == ["accuse", "plea", "verdict", "jp"] and events[1]["by"] == "order"
    assert state.cases == () and state.seats[C].jp == 1


def test_order_plead_innocent_and_order_vote_decide_the_case_at_once() -> None:
    state = travelling(seats={C: dict(orders={"plead": "innocent"}), A: dict(orders={"vote": "guilty"}),
                              D: dict(orders={"vote": "abstain"})})
    state, events = play(state, B, "accuse 3 a promise")
    assert kinds(events) == ["accuse", "plea", "vote", "vote", "verdict", "jp"]
    assert [e["by"] for e in events if e["type"] in ("plea", "vote")] == ["order"] * 3
    assert verdict(events)["guilty"] is True and state.seats[C].jp == 1


def test_a_juror_without_an_order_leaves_the_vote_open() -> None:
    state = travelling(seats={C: dict(orders={"plead": "innocent"}), A: dict(orders={"vote": "guilty"})})
    state, _ = play(state, B, "accuse 3 a promise")
    assert state.cases[0].votes == ((A, "guilty"),) and cases.pending_jurors(state, state.cases[0]) == (D,)


def test_an_order_given_once_the_question_is_asked_waits_for_the_next_one() -> None:
    state = at_vote()
    state, _ = play(state, D, "order vote guilty")
    assert cases.pending_jurors(state, state.cases[0]) == (A, D)


# === the defaults: the clock, the end of the active seat's turn ===

def test_the_clock_pleads_innocent_for_an_accused_seat_out_of_time() -> None:
    state, _ = play(travelling(), B, "accuse 3 a promise")
    assert prompts.timeout_commands(state, C) == ["plead innocent"]
    state, events = play(state, C, "plead innocent")
    assert state.cases[0].stage == "vote"


def test_the_clock_abstains_for_a_juror_out_of_time() -> None:
    state = at_vote()
    assert prompts.timeout_commands(state, D) == ["vote C1 abstain"]
    assert prompts.timeout_commands(state, A) == ["autopilot"]  # the active seat's turn: live
    state, _ = play(state, D, "vote C1 abstain")
    assert state.cases[0].votes == ((D, "abstain"),)


def test_the_active_seat_leaving_its_turn_with_an_older_question_open_takes_the_default() -> None:
    state = at_vote()
    state, _ = play(state, D, "vote C1 guilty")  # A, active, still to vote
    state = replace(state, turn=state.turn + 1)  # the vote opened in an earlier turn than A's
    state, events = play(state, A, "end")
    cast = next(e for e in events if e["type"] == "vote")
    assert (cast["seat"], cast["vote"], cast["by"]) == (A, "abstain", "end of turn")
    assert verdict(events)["guilty"] is True and state.seats[C].jp == 1


def test_a_plea_the_active_seat_owed_since_before_its_turn_becomes_innocent_at_its_end() -> None:
    state, _ = play(travelling(), B, "accuse 1 a promise")
    state = replace(state, turn=state.turn + 1)
    state, events = play(state, A, "end")
    plea = next(e for e in events if e["type"] == "plea")
    assert (plea["seat"], plea["plea"], plea["by"]) == (A, "innocent", "end of turn")
    case = state.cases[0]
    assert case.stage == "vote" and cases.jurors(state, case) == (C, D)


def test_a_question_put_to_the_active_seat_in_its_own_turn_outlives_that_turn() -> None:
    state, _ = play(travelling(), B, "accuse 1 a promise")
    state, events = play(state, A, "end")
    assert "plea" not in kinds(events) and state.cases[0].stage == "plea"
    assert A in commands.to_act(state) and prompts.timeout_commands(state, A) == ["plead innocent"]


# === a case never holds up a turn ===

def test_the_active_seat_plays_on_and_ends_its_turn_while_a_case_is_open() -> None:
    state = given(4, karokum=("N05",))
    state, _ = play(state, B, "accuse 3 a promise")
    assert commands.to_act(state) == (A, C)
    assert [p.own_turn for p in prompts.prompts(state, None)] == [True, False]
    state, _ = play(state, A, "tribute")
    state, _ = play(state, A, "attack karokum N05")
    state, _ = play(state, A, "ally none")
    state, _ = play(state, A, "roll", ScriptedDice(6, 1))
    state, _ = play(state, A, "end")
    assert state.active == B and state.cases[0].stage == "plea"


def test_the_case_goes_on_in_later_turns() -> None:
    state = at_vote()
    state, _ = play(state, A, "end")
    state, _ = play(state, A, "vote C1 guilty")  # A votes on B's turn
    state, events = play(state, D, "vote C1 abstain")
    assert verdict(events)["guilty"] is True and state.seats[C].took_jp_this_turn


# === battles: pleas and votes go on, verdicts wait for the end ===

def test_a_guilty_plea_in_a_battle_takes_its_jp_when_the_battle_is_over() -> None:
    state = given(4, karokum=("N05",), seats={C: dict(jp=3)})
    state, _ = play(state, B, "accuse 3 a promise")
    state, _ = play(state, A, "tribute")
    state, _ = play(state, A, "attack karokum N05")
    state, _ = play(state, A, "ally ask 3")
    state, _ = play(state, C, "ally accept")
    state, events = play(state, C, "plead guilty")  # a sealed ally at 3 JP: its fourth waits
    assert state.cases[0].stage == "guilty" and state.seats[C].jp == 3 and kinds(events) == ["plea"]
    state, _ = play(state, C, "loyal")
    state, _ = play(state, C, "mf no")
    state, events = play(state, A, "mf no")
    state, events = play(state, A, "roll", ScriptedDice(6, 1))
    assert state.battle is None and state.cases == ()
    assert kinds(events).index("battle_over") < kinds(events).index("verdict")
    assert state.seats[C].jp == 4 and state.seats[C].took_jp_this_turn


def test_votes_in_a_battle_count_and_the_verdict_comes_after_it() -> None:
    state = at_vote(players=5)
    state = replace(state, travel=Travel(), karokum_pile=("N05",),
                    space_deck=tuple(c for c in state.space_deck if c != "N05"))
    state, _ = play(state, A, "attack karokum N05")
    state, _ = play(state, A, "ally ask 4")
    state, _ = play(state, D, "vote C1 guilty")  # asked for help, and a juror: it may vote
    state, _ = play(state, E, "vote C1 abstain")
    state, _ = play(state, A, "vote C1 abstain")  # the attacker too
    assert cases.pending_jurors(state, state.cases[0]) == () and state.seats[C].jp == 0
    state, _ = play(state, D, "ally decline")
    state, _ = play(state, A, "ally none")
    state, events = play(state, A, "roll", ScriptedDice(6, 1))
    assert verdict(events)["guilty"] is True and state.seats[C].jp == 1


# === leaving ===

@pytest.mark.parametrize("leaver", [B, C])
def test_a_case_closes_without_a_verdict_when_its_accuser_or_accused_leaves(leaver: int) -> None:
    state = at_vote(seats={C: dict(glory=2)})
    state, _ = play(state, A, "vote C1 guilty")
    state, events = play(state, leaver, "resign")
    assert state.cases == () and "verdict" not in kinds(events)
    assert {"type": "case_dropped", "case": 1, "seat": leaver} in events
    assert state.seats[C].glory == 2


def test_a_juror_who_leaves_is_no_longer_awaited_and_the_votes_cast_decide() -> None:
    state = at_vote(players=5)
    state, _ = play(state, D, "vote C1 guilty")
    state, _ = play(state, A, "vote C1 abstain")
    state, events = play(state, E, "resign")
    assert verdict(events)["guilty"] is True and state.seats[C].jp == 1


def test_votes_cast_by_a_juror_who_left_still_count() -> None:
    state = at_vote(players=5)
    state, _ = play(state, D, "vote C1 guilty")
    state, _ = play(state, D, "resign")
    state, _ = play(state, A, "vote C1 abstain")
    state, events = play(state, E, "vote C1 abstain")
    assert verdict(events)["votes"] == {"guilty": 1, "innocent": 0, "abstain": 2}
    assert verdict(events)["guilty"] is True


# === one moment: a verdict and broken promises to the same seat (R53) ===

def test_a_verdict_at_the_end_of_a_turn_counts_with_the_promises_broken_to_the_same_seat_then() -> None:
    state = at_vote(seats={C: dict(credits=0, glory=3)})
    state, _ = play(state, D, "vote C1 guilty")
    state, _ = promises.make(state, C, B, (Item(CREDITS, amount=5, due=END),), END)
    state = replace(state, turn=state.turn + 1)  # A owed its vote since before its turn
    state, events = play(state, A, "end")
    assert verdict(events)["guilty"] is True
    assert "promise_broken" in kinds(events) and kinds(events).count("jp") == 1
    assert state.seats[C].jp == 1 and state.seats[C].glory == 2


def test_a_verdict_and_a_promise_broken_to_another_seat_at_once_cost_2_jp() -> None:
    state = at_vote(seats={C: dict(credits=0, glory=3)})
    state, _ = play(state, D, "vote C1 guilty")
    state, _ = promises.make(state, C, D, (Item(CREDITS, amount=5, due=END),), END)
    state = replace(state, turn=state.turn + 1)
    state, events = play(state, A, "end")
    assert kinds(events).count("jp") == 2 and state.seats[C].jp == 2


# === the record ===

def test_cases_and_accusations_are_public_and_read_back_from_json() -> None:
    state = at_vote(5)
    state, _ = play(state, A, "vote C1 guilty")
    shown = view(state, E)
    assert shown["cases"] == [{"number": 1, "accuser": B, "accused": C, "words": "promised me 2c for my vote",
                               "stage": "vote", "turn": state.turn, "votes": [[A, "guilty"]],
                               "vote_turn": state.turn}]
    assert shown["seats"][B]["accusations"] == [C]
    assert GameState.from_dict(json.loads(json.dumps(state.to_dict()))) == state


def test_every_case_stage_reads_back_and_an_unknown_one_is_refused() -> None:
    for stage in ("plea", "vote", "guilty"):
        case = Case(1, B, C, "a promise", stage, 2, votes=(), vote_turn=2 if stage == "vote" else 0)
        assert Case.from_dict(case.to_dict()) == case
    with pytest.raises(ValueError, match="a case's stage"):
        Case.from_dict({**Case(1, B, C, "a", "plea", 2).to_dict(), "stage": "appeal"})
    data = travelling().to_dict()
    data["seats"][1]["accusations"] = "3"
    with pytest.raises(ValueError, match="accusations"):
        GameState.from_dict(data)


def test_a_seat_that_left_is_told_it_cannot_accuse_word_for_word() -> None:
    state = travelling()
    state = state.with_seat(C, replace(state.seats[C], out=True))
    assert cases.why_not_accuse(state, C, B) == "You have left the game."
    assert cases.accusable(state, C) == ()


def test_a_vote_is_recorded_with_its_case_seat_choice_and_how_it_was_given() -> None:
    _state, events = play(at_vote(), A, "vote C1 guilty")
    assert events[0] == {"type": "vote", "case": 1, "seat": A, "vote": "guilty", "by": "command"}


def test_a_plea_of_more_than_two_words_is_refused_word_for_word() -> None:
    from .helpers import refusal

    state, _ = play(travelling(), B, "accuse 3 a promise")
    assert refusal(state, C, "plead C1 not guilty") == \
        "Plead guilty or innocent: plead guilty, or plead innocent."


def test_a_plea_is_recorded_with_its_case_seat_plea_and_how_it_was_given() -> None:
    state, _ = play(travelling(), B, "accuse 3 a promise")
    _state, events = play(state, C, "plead innocent")
    assert events == [{"type": "plea", "case": 1, "seat": C, "plea": "innocent", "by": "command"}]


def test_no_seat_may_accuse_during_the_setup_word_for_word() -> None:
    assert cases.why_not_accuse(dealt(4), B, C) == "Cases open once play has begun."

"""What each awaited seat is asked (prompts.py) and what the clock plays for it (timeout_commands), with
the questions out of turn that hold nothing up (windows.py, rules.md "Questions out of turn"): a trade
offer to a seat other than the active one, a case's plea and its vote. They join to_act beside whoever
the game waits for; the active seat keeps its own turn (its clock runs) whenever the game waits for it,
and is never asked a question out of turn; nobody who left is asked anything; and playing the clock for
every awaited seat always takes a random game on to its end."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

import pytest

from games.kinds.metal_adventures import commands, invariants, prompts
from games.kinds.metal_adventures.records import Travel
from games.kinds.metal_adventures.state import GameState
from games.kinds.protocol import PROMPT_KEY, Prompt
from tests.kinds.seeded_dice import SeededDice

from .helpers import A, B, C, D, ScriptedDice, given, play, random_states

W = 24 * 3600  # the default window, in seconds


def travelling(players: int = 4, **kwargs: Any) -> GameState:
    """The active seat (A) travels, its battle done."""
    state = given(players, phase="turn.travel", **kwargs)
    return replace(state, travel=Travel(battle_done=True))


def asked(state: GameState) -> dict[int, Prompt]:
    found = prompts.prompts(state, None)
    assert [p.seat for p in found] == list(commands.to_act(state))
    return {p.seat: p for p in found}


# === the active seat ===

def test_the_active_seat_is_asked_its_own_turn_keyed_by_the_turn_number() -> None:
    state = travelling()
    assert asked(state) == {A: Prompt(A, str(state.turn), "it is your turn")}
    assert prompts.timeout_commands(state, A) == ["autopilot"]


# === trade offers (D11) ===

def test_an_offer_to_another_seat_asks_it_out_of_turn_with_a_window_and_decline_by_default() -> None:
    state, _ = play(travelling(), A, "offer 3 give 2c get card E01")
    assert commands.to_act(state) == (A, C)
    prompt = asked(state)[C]
    assert (prompt.key, prompt.own_turn, prompt.seconds, prompt.default) == (
        f"{state.turn}-o1", False, W, "decline")
    assert "Seat 1 offers you a trade, O1" in prompt.text and "accept O1 or decline O1" in prompt.text
    assert asked(state)[A].own_turn and asked(state)[A].key == str(state.turn)
    assert prompts.timeout_commands(state, C) == ["decline O1"]
    after, events = play(state, C, "decline O1")
    assert after.offers == () and commands.to_act(after) == (A,)


def test_the_offer_window_uses_the_games_window_option() -> None:
    state, _ = play(travelling(window_hours=5), A, "offer 2 give 1c get nothing")
    assert asked(state)[B].seconds == 5 * 3600


@pytest.mark.parametrize(("seat", "command"), [(A, "withdraw O1"), (B, "accept O1"), (A, "end")])
def test_the_offer_window_closes_with_the_offer_accepted_withdrawn_or_expired_at_the_turns_end(
        seat: int, command: str) -> None:
    state, _ = play(travelling(), A, "offer 2 give 1c get nothing")
    assert B in commands.to_act(state)
    state, _ = play(state, seat, command)
    assert state.offers == ()
    assert commands.to_act(state) == ((B,) if command == "end" else (A,))
    assert asked(state)[state.active].own_turn


def test_an_offer_to_the_active_seat_asks_nobody_out_of_turn() -> None:
    state, _ = play(travelling(), C, "offer 1 give 1c get nothing")
    assert commands.to_act(state) == (A,) and asked(state)[A].own_turn


def test_an_offer_waits_while_a_battle_runs_and_its_question_comes_back_with_the_same_key() -> None:
    state = given(4, phase="turn.travel", karokum=("N05",))
    state, _ = play(state, A, "offer 3 give 1c get nothing")
    key = asked(state)[C].key
    state, _ = play(state, A, "attack karokum N05")
    assert C not in commands.to_act(state)
    state, _ = play(state, A, "ally none")
    state, _ = play(state, A, "roll", ScriptedDice(6, 1))
    assert state.battle is None and asked(state)[C].key == key


# === cases (D13, D14) ===

def test_the_accused_is_asked_to_plead_out_of_turn_innocent_by_default() -> None:
    state, _ = play(travelling(), B, "accuse 3 promised me two credits in chat")
    assert commands.to_act(state) == (A, C)
    prompt = asked(state)[C]
    assert (prompt.key, prompt.own_turn, prompt.seconds, prompt.default) == (
        f"{state.turn}-c1p", False, W, "plead innocent")
    assert "Seat 2 accuses you in C1" in prompt.text and '"promised me two credits in chat"' in prompt.text
    assert prompts.timeout_commands(state, C) == ["plead innocent"]


def test_after_an_innocent_plea_the_jurors_are_asked_to_vote_abstain_by_default() -> None:
    state = travelling(5)
    state, _ = play(state, B, "accuse 3 a promise")
    state, _ = play(state, C, "plead innocent")
    assert commands.to_act(state) == (A, D, 4)  # A is a juror too: it answers live, in its turn
    for seat in (D, 4):
        prompt = asked(state)[seat]
        assert (prompt.key, prompt.own_turn, prompt.default) == (f"{state.turn}-c1v", False, "abstain")
        assert prompts.timeout_commands(state, seat) == ["vote C1 abstain"]
    assert asked(state)[A].own_turn
    named = {p.seat: p for p in prompts.prompts(state, ["Ann", "Bob", "Cy", "Di", "Eve"])}
    assert named[D].text == \
        "C1: Bob accuses Cy of breaking a promise: \"a promise\"; vote C1 guilty, innocent or abstain"


def test_a_long_accusation_is_cut_short_in_the_prompt() -> None:
    state, _ = play(travelling(), B, "accuse 3 " + "word " * 30)
    assert len(asked(state)[C].text) < 200 and "…" in asked(state)[C].text


def test_a_cases_key_stays_the_same_while_turns_go_by() -> None:
    state, _ = play(travelling(), B, "accuse 4 a promise")
    key = asked(state)[D].key
    state, _ = play(state, A, "end")
    state, _ = play(state, B, "autopilot", SeededDice(1))
    assert state.active == C and asked(state)[D].key == key


def test_the_accused_on_its_own_turn_is_asked_its_turn_and_the_plea_it_owed_is_innocent_at_its_end() -> None:
    state, _ = play(travelling(), C, "accuse 2 a promise")
    state, _ = play(state, A, "end")
    assert state.active == B and asked(state) == {B: Prompt(B, str(state.turn), "it is your turn")}
    assert prompts.timeout_commands(state, B) == ["autopilot"]
    state, events = play(state, B, "autopilot", SeededDice(2))
    assert state.active == C and state.cases[0].stage == "vote"
    assert {"type": "plea", "case": 1, "seat": B, "plea": "innocent", "by": "end of turn"} in events


def test_a_plea_asked_of_the_active_seat_in_its_turn_is_asked_out_of_turn_once_the_turn_is_over() -> None:
    state, _ = play(travelling(), C, "accuse 1 a promise")
    assert asked(state) == {A: Prompt(A, str(state.turn), "it is your turn")}
    opened = state.turn
    state, _ = play(state, A, "end")
    assert asked(state)[A].key == f"{opened}-c1p" and not asked(state)[A].own_turn


# === several questions, battles ===

def test_a_seat_asked_several_things_is_asked_one_at_a_time_offers_first_the_clock_answering_it() -> None:
    state, _ = play(travelling(), B, "accuse 3 a promise")
    state, _ = play(state, D, "accuse 3 another")
    state, _ = play(state, A, "offer 3 give 1c get nothing")
    assert asked(state)[C].key == f"{state.turn}-o1" and prompts.timeout_commands(state, C) == ["decline O1"]
    state, _ = play(state, C, "decline O1")
    assert asked(state)[C].key == f"{state.turn}-c1p"
    assert prompts.timeout_commands(state, C) == ["plead C1 innocent"]
    state, _ = play(state, C, "plead C1 innocent")
    assert asked(state)[C].key == f"{state.turn}-c2p" and prompts.timeout_commands(state, C) == [
        "plead innocent"]


def test_the_second_side_asking_the_same_seat_is_a_new_question_with_a_key_of_its_own() -> None:
    state = given(3)
    for seat, command in ((A, "tribute"), (A, "challenge 2"), (A, "ally ask 3"), (A, "ready")):
        state, _ = play(state, seat, command)
    first = asked(state)[C]
    assert first.key == f"{state.turn}-a1" and first.text.startswith("Seat 1 asks you to fight as an ally")
    state, _ = play(state, B, "ally ask 3 for 2c")
    second = asked(state)[C]
    assert second.key == f"{state.turn}-a2" and second.text.startswith("both sides ask you")
    (named,) = [p for p in prompts.prompts(state, ["Ann", "Bob", "Cy"]) if p.seat == C]
    assert named.text == ("both sides ask you to fight as their ally, Ann (seat 1) and Bob (seat 2) for 2₡ "
                          "if Bob's side wins: ally accept <seat> or ally decline <seat>")


def test_a_battles_question_comes_before_a_case_and_the_clock_answers_it_first() -> None:
    state = given(4, karokum=("N05",))
    state, _ = play(state, B, "accuse 3 a promise")
    state, _ = play(state, A, "tribute")
    state, _ = play(state, A, "attack karokum N05")
    state, _ = play(state, A, "ally ask 3")
    assert commands.to_act(state) == (C,)
    assert asked(state)[C].key == f"{state.turn}-a1" and prompts.timeout_commands(state, C) == [
        "ally decline 1"]
    state, _ = play(state, C, "ally decline 1")
    assert commands.to_act(state) == (A, C) and asked(state)[C].key == f"{state.turn}-c1p"


def test_while_a_battle_waits_on_others_the_active_seat_is_asked_nothing_and_no_prompt_is_own_turn() -> None:
    state = given(4, karokum=("N05",))
    state, _ = play(state, B, "accuse 3 a promise")
    state, _ = play(state, C, "plead innocent")  # A is a juror
    state, _ = play(state, A, "tribute")
    state, _ = play(state, A, "attack karokum N05")
    state, _ = play(state, A, "ally ask 2")
    assert commands.to_act(state) == (B, D)
    assert not any(p.own_turn for p in prompts.prompts(state, None))  # the platform holds A's clock
    assert "vote C1 guilty" in commands.legal_commands(state, A)  # A may still vote, live


# === to_act ===

def test_to_act_puts_the_awaited_active_seat_first_then_the_others_in_turn_order_from_it() -> None:
    state = given(4, phase="turn.travel", active=C)
    state = replace(state, travel=Travel(battle_done=True))
    state, _ = play(state, A, "accuse 2 a promise")
    state, _ = play(state, C, "offer 4 give 1c get nothing")
    state, _ = play(state, C, "offer 1 give 1c get nothing")
    assert commands.to_act(state) == (C, D, A, B)


def test_to_act_never_lists_a_seat_that_left() -> None:
    state, _ = play(travelling(5), A, "offer 4 give 1c get nothing")
    state, _ = play(state, B, "accuse 3 a promise")
    state, _ = play(state, C, "plead innocent")
    for seat in (D, C, 4):
        state, _ = play(state, seat, "resign")
        assert seat not in commands.to_act(state)
        assert all(not state.seats[s].out for s in commands.to_act(state))


# === every prompt, and the clock, through random games ===

SEEDS = range(6)


def each_prompt_is_well_formed(state: GameState) -> None:
    for prompt in prompts.prompts(state, ["Ann", "Bob", "Cy", "Di", "Ed", "Flo"][:state.players]):
        assert PROMPT_KEY.fullmatch(prompt.key), prompt.key
        assert prompt.own_turn == (prompt.seat == state.active and state.phase != "setup.trophies")
        if not prompt.own_turn:
            assert prompt.seconds and prompt.default
        legal = commands.legal_commands(state, prompt.seat)
        assert all(c in legal for c in prompts.timeout_commands(state, prompt.seat)), prompt


@pytest.mark.random_games
@pytest.mark.parametrize("seed", SEEDS)
def test_every_awaited_seat_has_a_well_formed_prompt_and_a_legal_default(seed: int) -> None:
    states = random_states(400 + seed, players=3 + seed % 4, steps=500, talk=0.2)
    assert any(len(commands.to_act(s)) > 1 and s.phase == "turn.travel" for s in states)
    for state in states:
        each_prompt_is_well_formed(state)


STEPS = 4000  # far more clock answers than a game takes


@pytest.mark.random_games
@pytest.mark.parametrize("seed", SEEDS)
def test_playing_the_clock_for_every_awaited_seat_always_takes_a_random_game_on_to_its_end(seed: int) -> None:
    states = random_states(500 + seed, players=3 + seed % 4, steps=400, talk=0.2)
    rng = random.Random(seed)
    dice = SeededDice(seed)
    for state in rng.sample(states, 6) + [s for s in states if s.cases][:2]:
        for _ in range(STEPS):
            if state.phase == "game.over":
                break
            awaited = commands.to_act(state)
            assert awaited, state.phase
            for seat in awaited:
                if seat not in commands.to_act(state):
                    continue  # an earlier answer took the question away
                before = state.to_dict()
                answers = prompts.timeout_commands(state, seat)
                assert answers, (state.phase, seat)
                for command in answers:
                    assert command in commands.legal_commands(state, seat), (command, state.phase)
                    state, _ = commands.play(state, seat, command, dice)
                    invariants.check(state)
                assert state.to_dict() != before  # it moved the game on
        assert state.phase == "game.over"
        assert commands.to_act(state) == ()


def test_a_name_several_seats_share_is_told_apart_by_the_seat_number() -> None:
    from games.kinds.metal_adventures.prompts import name

    names = ["Ann", "Random bot", "Random bot"]
    assert [name(i, names) for i in range(3)] == ["Ann", "Random bot 2", "Random bot 3"]
    assert name(1, None) == "Seat 2"


# === the same questions in words alone, for the game page ===

NAMES = ["Ann", "Bob", "Cy", "Di", "Ed"]


def words_for(state: GameState, seat: int) -> str:
    return prompts.situations(state, NAMES[:state.players])[seat]


def test_the_page_words_of_a_question_name_no_command_to_type_where_the_prompt_says_how_to_answer() -> None:
    state = given(3)
    for seat, command in ((A, "tribute"), (A, "challenge 2")):
        state, _ = play(state, seat, command)
    assert words_for(state, B) == ("Ann challenges you: ask other pirates to fight on your side if you want, "
                                   "then say you are ready")
    (typed,) = [p.text for p in prompts.prompts(state, NAMES[:3]) if p.seat == B]
    assert "(ally ask <seats> for <terms>)" in typed
    for seat, command in ((B, "ready"), (A, "ally ask 3 for 1c@win")):
        state, _ = play(state, seat, command)
    assert words_for(state, C) == ("Ann asks you to fight as an ally for 1₡ if Ann's side wins: accept, "
                                   "decline, or name terms of your own")
    state, _ = play(given(3), B, "accuse 3 promised me two credits")
    assert words_for(state, C) == ('Bob accuses you in C1 of breaking a promise: "promised me two credits"; '
                                   "plead guilty (1 JP) or innocent (the others vote)")
    state, _ = play(travelling(), A, "offer 3 give 2c get card E01")
    assert words_for(state, C).startswith("Ann offers you a trade, O1: you give ")
    assert "accept O1" not in words_for(state, C) and "accept O1" in asked(state)[C].text


def test_the_page_words_when_both_sides_ask_name_the_players_without_their_seat_numbers() -> None:
    state = given(3)
    for seat, command in ((A, "tribute"), (A, "challenge 2"), (A, "ally ask 3"), (A, "ready"),
                          (B, "ally ask 3 for 2c")):
        state, _ = play(state, seat, command)
    assert words_for(state, C) == ("both sides ask you to fight as their ally, Ann and Bob for 2₡ if Bob's "
                                   "side wins: accept one, or decline")


def test_a_jurors_page_words_ask_for_a_vote_without_the_cases_command() -> None:
    state = travelling(5)
    state, _ = play(state, B, "accuse 3 a promise")
    state, _ = play(state, C, "plead innocent")
    assert words_for(state, D) == 'C1: Bob accuses Cy of breaking a promise: "a promise"; vote guilty, ' \
                                  "innocent, or abstain"


def test_a_declarations_page_words_say_what_is_asked_in_words() -> None:
    state = given(4, karokum=("N05",))
    for seat, command in ((A, "tribute"), (A, "attack karokum N05"), (A, "ally ask 2"), (B, "ally accept")):
        state, _ = play(state, seat, command)
    awaited = [s for s in commands.to_act(state) if s != A]
    assert awaited, commands.to_act(state)
    words = words_for(state, awaited[0])
    assert words.startswith("Ann's battle waits for your declaration before the roll: ")
    assert words.endswith("say you are ready") and "mf yes" not in words
    (typed,) = [p.text for p in prompts.prompts(state, NAMES[:4]) if p.seat == awaited[0]]
    assert typed.endswith("ready") and "mf yes or mf no" in typed


@pytest.mark.random_games
def test_every_awaited_seat_has_page_words_and_they_name_no_command() -> None:
    for state in random_states(7, players=4, steps=200):
        shown = prompts.situations(state, NAMES[:4])
        assert list(shown) == list(commands.to_act(state))
        for words in shown.values():
            assert "<" not in words and "ally " not in words and "mf " not in words, words


def test_the_prompts_out_of_turn_word_for_word() -> None:
    """Each question a seat is asked out of turn, its key and its default, as the platform shows them."""
    from .test_ma_battle import declaring_ally
    from .test_ma_narration import trading
    from .test_ma_rulings import travelling as before_battle

    assert prompts.prompts(declaring_ally(), None) == [Prompt(
        B, "1-d2", "Seat 1's battle waits for your declaration before the roll: loyal or betray; mf yes or "
        "mf no (the Metal Faktor die); then ready", own_turn=False, seconds=86400,
        default="loyal, no Metal Faktor, no cards")]
    challenged, _ = play(before_battle(4), A, "challenge 2")
    assert prompts.prompts(challenged, None)[1] == Prompt(
        B, "1-r", "Seat 1 challenges you: ask seats to fight on your side (ally ask <seats> for <terms>), "
        "then say ready", own_turn=False, seconds=86400, default="fight with the allies you have")
    offered, _ = play(trading(), A, "offer 2 give wreck N05 get trophy T09 + 1c")
    assert prompts.prompts(offered, None)[1] == Prompt(
        B, "1-o1", "Seat 1 offers you a trade, O1: you give Trophy of the Hoarder (T09) and 1₡ and get "
        "DESTRIA NOVA (N05); accept O1 or decline O1", own_turn=False, seconds=86400, default="decline")


def test_each_seat_asked_for_help_is_prompted_by_its_own_ask() -> None:
    from .test_ma_rulings import travelling as before_battle

    state = before_battle(4)
    state, _ = play(state, A, "attack planet bazaar")
    state, _ = play(state, A, "ally ask 2,3")
    words = "Seat 1 asks you to fight as an ally: ally accept, ally accept <your terms>, or ally decline"
    assert prompts.prompts(state, None) == [
        Prompt(B, "1-a1", words, own_turn=False, seconds=86400, default="decline"),
        Prompt(C, "1-a2", words, own_turn=False, seconds=86400, default="decline")]
    state, _ = play(state, B, "ally decline")
    assert [p.seat for p in prompts.prompts(state, None)] == [C]


def test_setting_up_every_seat_is_prompted_to_keep_two_trophies_the_clocks_two_named() -> None:
    from .helpers import dealt

    state = dealt(3, 0)
    assert prompts.prompts(state, None)[1] == Prompt(
        B, "setup", "keep two of your three trophies", own_turn=False, seconds=259200,
        default="keep Trophy of the Iron Wall (T15) and Trophy of the Headhunter (T02)")

"""What each awaited seat is asked (prompts.py), whole: the prompt (key, text, whether it is the seat's
own turn, its window, the clock's default) and the page's words, for the setup's trophy choice, the
active seat, an offer, a vote, a challenged seat's recruitment and a declaration."""

from __future__ import annotations

import pytest

from games.kinds.metal_adventures import cards, commands, declare, prompts, setup
from games.kinds.metal_adventures.state import GameState
from games.kinds.protocol import Prompt

from .helpers import A, B, C, D, dealt, given, play
from .test_ma_prompts import W, asked, travelling


def test_the_setups_trophy_choice_asks_every_seat_for_three_windows_the_clock_keeping_the_best_two() -> None:
    state = dealt(3, 0)
    first, second = setup.default_choice(state, A)  # the two with the most glory (test_ma_setup.py)
    assert prompts.prompts(state, None)[A] == Prompt(
        A, "setup", "keep two of your three trophies", own_turn=False, seconds=3 * W,
        default=f"keep {cards.label(first)} and {cards.label(second)}")
    assert prompts.situations(state, None) == {seat: "keep two of your three trophies" for seat in (A, B, C)}
    assert prompts.timeout_commands(state, A) == [f"choose {first} {second}"]


def test_the_active_seats_page_words_say_it_is_its_turn() -> None:
    assert prompts.situations(travelling(), None) == {A: "it is your turn"}


def test_a_long_accusation_is_quoted_up_to_an_ellipsis() -> None:
    state, _ = play(travelling(), B, "accuse 3 " + "word " * 30)
    assert asked(state)[C].text == (
        'Seat 2 accuses you in C1 of breaking a promise: "' + "word " * 11 + 'word…"; plead guilty (1 JP) '
        "or plead innocent (the others vote)")


def test_an_offers_prompt_says_what_its_receiver_gives_and_gets() -> None:
    state, _ = play(travelling(seats={A: {"credits": 3}}), A, "offer 3 give 2c get 1c")
    assert asked(state)[C].text == (
        "Seat 1 offers you a trade, O1: you give 1₡ and get 2₡; accept O1 or decline O1")


def test_a_jurors_prompt_waits_a_window_and_abstains_by_default() -> None:
    state = travelling(5)
    state, _ = play(state, B, "accuse 3 a promise")
    state, _ = play(state, C, "plead innocent")
    assert asked(state)[D] == Prompt(
        D, f"{state.turn}-c1v",
        'C1: Seat 2 accuses Seat 3 of breaking a promise: "a promise"; vote C1 guilty, innocent or abstain',
        own_turn=False, seconds=W, default="abstain")


def test_a_challenged_seats_recruitment_is_a_question_out_of_turn() -> None:
    state, _ = play(given(3), A, "tribute")
    state, _ = play(state, A, "challenge 2")
    assert asked(state)[B] == Prompt(
        B, f"{state.turn}-r", "Seat 1 challenges you: ask seats to fight on your side (ally ask <seats> for "
        "<terms>), then say ready", own_turn=False, seconds=W, default="fight with the allies you have")


def declaring() -> GameState:
    """A attacks via Karokum with B as its ally: B is asked its declaration."""
    state = given(4, karokum=("N05",))
    for seat, command in ((A, "tribute"), (A, "attack karokum N05"), (A, "ally ask 2"), (B, "ally accept")):
        state, _ = play(state, seat, command)
    assert commands.to_act(state) == (B,)
    return state


def test_an_allys_declaration_prompt_names_each_question_and_the_clocks_loyal_default() -> None:
    state = declaring()
    assert asked(state)[B] == Prompt(
        B, f"{state.turn}-d{state.battle.window if state.battle else 0}", "Seat 1's battle waits for your "
        "declaration before the roll: loyal or betray; mf yes or mf no (the Metal Faktor die); then ready",
        own_turn=False, seconds=W, default="loyal, no Metal Faktor, no cards")


def test_a_declaration_with_nothing_left_to_ask_only_waits_for_ready(monkeypatch: pytest.MonkeyPatch) -> None:
    state = declaring()
    monkeypatch.setattr(declare, "questions", lambda *_: ())
    assert asked(state)[B].text == "Seat 1's battle waits for your declaration before the roll: ready"
    assert prompts.situations(state, None)[B] == (
        "Seat 1's battle waits for your declaration before the roll: say you are ready")


def test_an_allys_declaration_words_on_its_page_name_each_question() -> None:
    assert prompts.situations(declaring(), None)[B] == (
        "Seat 1's battle waits for your declaration before the roll: stay loyal or betray; roll your Metal "
        "Faktor die or not; then say you are ready")


def test_both_sides_asking_unnamed_seats_calls_them_seat_n_without_a_number_beside() -> None:
    state = given(3)
    for seat, command in ((A, "tribute"), (A, "challenge 2"), (A, "ally ask 3"), (A, "ready"),
                          (B, "ally ask 3 for 2c")):
        state, _ = play(state, seat, command)
    assert asked(state)[C].text == ("both sides ask you to fight as their ally, Seat 1 and Seat 2 for 2₡ if "
                                    "Seat 2's side wins: ally accept <seat> or ally decline <seat>")


def test_an_accusation_of_exactly_the_characters_shown_is_quoted_whole() -> None:
    words = "x" * (prompts.WORDS_SHOWN - 1) + "y"
    state, _ = play(travelling(), B, "accuse 3 " + words)
    assert asked(state)[C].text == (
        f'Seat 2 accuses you in C1 of breaking a promise: "{words}"; plead guilty (1 JP) '
        "or plead innocent (the others vote)")

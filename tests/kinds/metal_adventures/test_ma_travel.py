"""Metal Adventures' travel phase (travel.py; rules.md, "A turn"): the battle commands it opens, `end`
once the battle is done, and each of its refusals word for word (a refusal read only in part lets its
words change unnoticed)."""

from __future__ import annotations

from games.kinds.metal_adventures.state import GameState

from .helpers import A, B, given, play, refusal


def travelling() -> GameState:
    """Three seats, A travelling: A has paid its tribute and fought no battle yet."""
    state, _ = play(given(3), A, "tribute")
    return state


def test_a_challenge_event_names_the_seat_challenged() -> None:
    _, events = play(travelling(), A, "challenge 2")
    assert events[0] == {"type": "challenge", "seat": A, "challenged": B}


def test_a_seat_cannot_challenge_itself_word_for_word() -> None:
    assert refusal(travelling(), A, "challenge 1") == "You cannot challenge yourself."


def test_end_before_the_battle_and_end_with_words_are_refused_word_for_word() -> None:
    state = travelling()
    assert refusal(state, A, "end") == (
        "You must fight one battle before your turn can end: attack space, attack karokum <ship>, attack "
        "planet <planet> or challenge <seat>.")
    assert refusal(state, A, "end now") == "`end` takes nothing after it."


def test_an_attack_on_nothing_known_is_refused_word_for_word() -> None:
    assert refusal(travelling(), A, "attack moon") == (
        "Attack what? attack space, attack karokum <ship>, attack planet <planet>, or challenge <seat>.")

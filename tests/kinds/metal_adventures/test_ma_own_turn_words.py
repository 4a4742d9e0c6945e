"""Metal Adventures' own-turn support cards (own_turn.py; rules.md, "Support cards on your own turn"): why
one cannot be played now, word for word."""

from __future__ import annotations

from games.kinds.metal_adventures import own_turn

from .helpers import A, given, play, refusal


def test_a_forged_pardon_without_a_jp_is_refused_word_for_word() -> None:
    state, _ = play(given(3, seats={A: {"improvements": ("S07",)}}), A, "tribute")
    assert refusal(state, A, "play S07") == "You have no JP to cancel."


def test_a_pot_raid_on_an_empty_pot_says_so() -> None:
    state = given(3, seats={A: {"improvements": ("S08",)}}, pot=0)
    assert own_turn.why_not(state, A, "S08", "") == "The Pirates' Pot is empty."

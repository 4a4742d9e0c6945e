"""Metal Adventures' `reveal` refused (trophies.py; rules.md, "Trophies in play"), word for word."""

from __future__ import annotations

from dataclasses import replace

import pytest

from games.kinds.metal_adventures import trophies
from games.kinds.protocol import Refused

from .helpers import A, given, refusal


def test_a_deed_trophy_not_met_is_refused_saying_a_deed_lasts_its_turn() -> None:
    state = given(3, seats={A: {"trophies": ("T01",)}})
    assert refusal(state, A, "reveal T01") == (
        "Trophy of the Hangman (T01) cannot be revealed: its condition does not hold now (you took the Glory "
        "Title action (tour action 4) this turn). A deed counts only until the end of the turn it was done "
        "in.")


def test_a_reveal_with_no_trophy_or_after_the_game_is_refused_word_for_word() -> None:
    assert refusal(given(3, seats={A: {"trophies": ()}}), A, "reveal T01") == "You hold no trophy to reveal."
    over = replace(given(3, seats={A: {"trophies": ("T01",)}}), phase="game.over")
    with pytest.raises(Refused) as refused:
        trophies.reveal(over, A, "T01")
    assert str(refused.value) == "The game is over."


def test_a_checkpoints_reveal_is_marked_automatic() -> None:
    state = given(3, seats={A: {"trophies": ("T03",), "wrecks": ("N01", "N02", "N03", "N09", "N17")}})
    _, events = trophies.checkpoint(state)
    (revealed,) = [e for e in events if e["type"] == "reveal"]
    assert revealed["auto"] is True

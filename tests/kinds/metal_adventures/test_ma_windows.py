"""Metal Adventures' questions out of turn (windows.py; rules.md, "Questions out of turn"): each question
whole, its kind among them."""

from __future__ import annotations

from games.kinds.metal_adventures import windows
from games.kinds.metal_adventures.windows import Question

from .helpers import B, C, D, play
from .test_ma_prompts import travelling


def test_a_juror_is_asked_a_vote_question_abstaining_by_default() -> None:
    state = travelling(5)
    state, _ = play(state, B, "accuse 3 a promise")
    state, _ = play(state, C, "plead innocent")
    assert windows.questions(state, D) == (
        Question(D, f"{state.turn}-c1v", windows.VOTE, 1, "vote C1 abstain"),)

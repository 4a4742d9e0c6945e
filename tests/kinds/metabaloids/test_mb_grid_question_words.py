"""The grid question word for word (rules.md, "Damage payment and grid restoration, step by step"): the
board's lines for the seat asked to put its grid back in shape (board.py), every one of its answers shown
however many, and the prompt that asks it (prompts.py)."""

from __future__ import annotations

from games.kinds.metabaloids.board import SHOWN, text_board
from games.kinds.metabaloids.commands import legal_commands
from games.kinds.metabaloids.prompts import prompts
from games.kinds.metabaloids.state import GameState
from games.kinds.protocol import Prompt

from .helpers import play
from .test_mb_scenarios_c import _scenario_19

NAMES = ["Ana", "Ben"]


def _asked_for_the_grid() -> GameState:
    """Scenario 19 with a window: p2 loses its Sugar Ant from column 3 and, by `order grid ask`, is asked to
    restore its grid itself (columns of 3, 3 and 0 cards: every card may move)."""
    state, _ = play(_scenario_19(window_minutes=10), 1, "attack 1:1 p2 3:1")
    assert state.decision is not None and (state.decision.kind, state.decision.label) == ("grid", 2)
    return state


def test_the_seat_asked_for_its_grid_reads_the_question_and_every_answer_past_a_dozen() -> None:
    state = _asked_for_the_grid()
    legal = legal_commands(state, 1)
    assert len(legal) > SHOWN  # a question's answers are never cut, unlike a turn's
    lines = text_board(state, 1, NAMES, legal).splitlines()
    assert lines[-4:] == [
        "Your hand: (empty)                          Your orders: 4 (reply \"orders\" to list)",
        "Your grid must be put back in shape: move <col:row> <col> lines (free) until it is legal, or pass "
        "for the default restoration.",
        "You may: move 1:1 2 | move 1:1 3 | move 1:2 2 | move 1:2 3 | move 1:3 2 | move 1:3 3 | move 2:1 1 | "
        "move 2:1 3 | move 2:2 1 | move 2:2 3 | move 2:3 1 | move 2:3 3 | pass",
        "Reply with one command per line.",
    ]


def test_the_grid_question_is_prompted_with_its_default_restoration() -> None:
    state = _asked_for_the_grid()
    assert prompts(state, None) == [Prompt(
        1, "3-grid-2", "put your grid back in shape", own_turn=False, seconds=10 * 60,
        default="pass (the default restoration)")]

"""The round and the stall rule's counters (rules.md, "The stall rule"; state.md's `round`, `stall` and
`stirred`): a round closes when the turn wraps past the last seat; a round in which a card was drawn in a
draw step (or lost) sets the stall count back to 0, a quiet one adds 1, and the third quiet round ends the
game at the END step."""

from __future__ import annotations

import pytest

from games.kinds.metabaloids.state import GameState

from .helpers import position, seat_dict
from .test_mb_rulings import begin


def _table(*, hand_1: int = 7, stall: int = 0, stirred: bool = False) -> GameState:
    state = position(seat_dict(1, grid=[["wasp"]], hand=["ant"] * hand_1, filler=5),
                     seat_dict(2, grid=[["mite"]], hand=["ant"] * 7, filler=5), step="end", active=2)
    state.stall, state.stirred = stall, stirred
    return state


def test_the_turn_passing_to_the_next_seat_keeps_the_round() -> None:
    state = _table(stall=1, stirred=True)
    after, _ = begin(state, 2)
    assert (after.round, after.stall, after.stirred) == (1, 1, True)


@pytest.mark.parametrize(("stall", "stirred", "stall_after"), [(2, True, 0), (0, False, 1), (1, False, 2)])
def test_a_round_closing_counts_the_quiet_rounds(stall: int, stirred: bool, stall_after: int) -> None:
    after, events = begin(_table(stall=stall, stirred=stirred), 1)
    assert after.round == 2
    assert after.stall == stall_after
    assert after.stirred is False  # p1 holds 7 cards: nothing drawn in its draw step
    assert events == [{"type": "turn", "seat": 1, "turn": 4}]
    assert after.step == "main"


def test_a_draw_step_draw_stirs_the_new_round() -> None:
    # The closing round was quiet (stall 1); the new one is stirred by p1's draw, read when it closes.
    after, _ = begin(_table(hand_1=6), 1)
    assert (after.round, after.stall, after.stirred) == (2, 1, True)


def test_the_third_quiet_round_ends_the_game_at_the_end_step() -> None:
    after, events = begin(_table(stall=2), 1)
    assert events == [{"type": "stalled", "rounds": 3},
                      {"type": "game_over", "places": [[1, 2]], "why": "stall"}]
    assert (after.round, after.stall, after.step, after.active) == (2, 3, "end", 2)

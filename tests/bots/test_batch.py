"""games.bots.batch: many games, in one process or several, come back in the order of their games."""

from __future__ import annotations

from games.bots.batch import run_games


def square_plus(plan: int, g: int) -> int:
    return g * g + plan


def test_games_come_back_in_their_order_from_one_process_or_two() -> None:
    heard: list[int] = []
    assert run_games(square_plus, 10, 5, progress=heard.append) == [10, 11, 14, 19, 26] == heard
    assert run_games(square_plus, 10, 5, workers=2) == [10, 11, 14, 19, 26]

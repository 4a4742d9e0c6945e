"""Many seeded games between bots, in this process or in several (a kind's balance simulation): the
results in the order of their games, whatever the order the workers finish in."""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor


def run_games[P, R](one_game: Callable[[P, int], R], plan: P, games: int, workers: int = 1,
                    progress: Callable[[R], None] | None = None) -> list[R]:
    """`one_game(plan, g)` for g in 0..games-1, in `workers` processes (1: in this one); `one_game` is a
    module's function, so that a worker process can import it. `progress` hears of each result."""
    results: list[R] = []
    if workers <= 1:
        outcomes = (one_game(plan, g) for g in range(games))
        for result in outcomes:
            results.append(result)
            if progress:
                progress(result)
        return results
    with ProcessPoolExecutor(max_workers=workers) as pool:
        for result in pool.map(one_game, [plan] * games, range(games)):
            results.append(result)
            if progress:
                progress(result)
    return results

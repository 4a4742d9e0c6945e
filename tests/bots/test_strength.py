"""How strong the bots are, on a seeded sample (docs/bots.md): greedy beats random. The games are seeded,
so the sample is the same on every run; the full figures come from `manage.py simulate`. (Search against
greedy is measured there too; its test joins this file once the sample shows the issue's bar.)"""

from __future__ import annotations

from games.bots.metaltalon.simulate import Plan, run, summarise


def win_rate(plan: Plan, level: str) -> tuple[int, int]:
    summary = summarise(run(plan, workers=2))
    rate = next(r for r in summary.by_level if r.label == level)
    return rate.wins, rate.games


def test_greedy_beats_random_in_a_seeded_sample():
    wins, games = win_rate(Plan(games=GREEDY_GAMES, players=2, bots=("greedy", "random"), seed=1000,
                                turn_cap=60), "greedy")
    assert wins >= GREEDY_WINS, f"greedy won {wins} of {games}"


# The sample: as many games as a test run affords, and the wins that meet the bar (95%).
GREEDY_GAMES, GREEDY_WINS = 10, 10

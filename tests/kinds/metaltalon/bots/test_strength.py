"""How strong the bots are, on a seeded sample (docs/bots.md): greedy beats random, search beats greedy,
and the beginner sits between random and greedy (sensible, and beatable).
The games are seeded, so the sample is the same on every run: the first games of the 200-game runs whose
figures docs/bots.md gives (`manage.py simulate`)."""

from __future__ import annotations

from games.kinds.metaltalon.bots.simulate import Plan, run, summarise


def win_rate(plan: Plan, level: str) -> tuple[int, int]:
    summary = summarise(run(plan, workers=2))
    rate = next(r for r in summary.by_level if r.label == level)
    return rate.wins, rate.games


def test_greedy_beats_random_in_a_seeded_sample():
    wins, games = win_rate(Plan(games=GREEDY_GAMES, players=2, bots=("greedy", "random"), seed=1000,
                                turn_cap=100), "greedy")
    assert wins >= GREEDY_WINS, f"greedy won {wins} of {games}"


def test_the_beginner_beats_random_in_a_seeded_sample():
    wins, games = win_rate(Plan(games=BEGINNER_GAMES, players=2, bots=("beginner", "random"), seed=1000,
                                turn_cap=100), "beginner")
    assert wins >= BEGINNER_WINS, f"the beginner won {wins} of {games}"


def test_greedy_beats_the_beginner_in_a_seeded_sample():
    wins, games = win_rate(Plan(games=BEGINNER_GAMES, players=2, bots=("greedy", "beginner"), seed=2000,
                                turn_cap=100), "greedy")
    assert wins >= BEATEN_WINS, f"greedy won {wins} of {games} against the beginner"


def test_search_beats_greedy_in_a_seeded_sample():
    wins, games = win_rate(Plan(games=SEARCH_GAMES, players=2, bots=("search", "greedy"), seed=1), "search")
    assert wins >= SEARCH_WINS, f"search won {wins} of {games}"


# The samples: as many games as a test run affords, and the wins that meet the bars (95%, 70%).
GREEDY_GAMES, GREEDY_WINS = 10, 10
SEARCH_GAMES, SEARCH_WINS = 10, 7
# The beginner: sensible (it beats the random bot as greedy does) and beatable (greedy wins most games).
BEGINNER_GAMES, BEGINNER_WINS, BEATEN_WINS = 10, 9, 7

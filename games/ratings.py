"""The rating math (docs/ratings.md): openskill's Plackett-Luce model, which rates a free-for-all of any
size from its order of finish. Pure functions over (mu, sigma) pairs; games/actions/ratings.py keeps the
ladders."""

from __future__ import annotations

from collections.abc import Sequence

from openskill.models import PlackettLuce

MODEL = PlackettLuce()
START: tuple[float, float] = (MODEL.mu, MODEL.sigma)
# A rating is provisional, and the leaderboard lists it apart, until this many rated games.
PROVISIONAL_GAMES = 5


def rate(best_first: Sequence[tuple[float, float]],
         places: Sequence[int] | None = None) -> list[tuple[float, float]]:
    """Each player's (mu, sigma) after a game they finished in this order, the winner first; `places`
    (1, 2, 2, 4), parallel, when some of them tied: a tie rates as a tie, not as the order it is listed
    in."""
    if len(best_first) < 2:
        raise ValueError("a rated game has at least two rated players")
    ranks = [float(p) for p in (places if places is not None else range(1, len(best_first) + 1))]
    if len(ranks) != len(best_first) or ranks != sorted(ranks):
        raise ValueError("places are one per player, best first")
    teams = [[MODEL.rating(mu=mu, sigma=sigma)] for mu, sigma in best_first]
    after = MODEL.rate(teams, ranks=ranks)
    return [(team[0].mu, team[0].sigma) for team in after]


def score(mu: float, sigma: float) -> float:
    """The figure shown and sorted by: openskill's ordinal, mu - 3 sigma, a rating the player is very
    likely above. It starts at 0 and rises as games make sigma shrink."""
    return MODEL.rating(mu=mu, sigma=sigma).ordinal()

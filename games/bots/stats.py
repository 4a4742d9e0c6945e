"""Win rates with their 95% confidence intervals, for the simulations' reports (docs/bots.md)."""

from __future__ import annotations

from dataclasses import dataclass
from statistics import NormalDist

Z95 = NormalDist().inv_cdf(0.975)


def wilson(wins: int, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion: unlike the normal approximation it stays inside [0, 1]
    and holds up for small samples and rates near 0 or 1, which factions and bots produce."""
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    denominator = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denominator
    half = z * ((p * (1 - p) / n + z * z / (4 * n * n)) ** 0.5) / denominator
    return (max(0.0, centre - half), min(1.0, centre + half))


@dataclass
class Rate:
    label: str
    wins: int = 0
    games: int = 0

    @property
    def rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        return wilson(self.wins, self.games)

    def line(self, width: int = 14) -> str:
        """The rate as a report prints it, its label padded to `width` (a deck's or a base's name is
        longer than a faction's)."""
        low, high = self.interval
        return (f"{self.label:<{width}} {self.wins:>5} / {self.games:<5} {self.rate:6.1%}   "
                f"95% CI {low:6.1%} - {high:6.1%}")

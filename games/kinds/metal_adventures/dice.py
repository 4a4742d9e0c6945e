"""Random draws of Metal Adventures: every shuffle and random pick goes through the game's dice
(games/kinds/protocol.py `Dice`), so a live game draws from the site's secret dice and a replay reads the
recorded values back."""

from __future__ import annotations

from collections.abc import Sequence

from games.kinds.protocol import Dice


def pick(dice: Dice, n: int) -> int:
    """One of n (0..n-1), checked: a dice object that answers outside the range is a bug, not a draw."""
    value = int(dice.draw(n))
    if not 0 <= value < n:
        raise ValueError(f"dice.draw({n}) gave {value}, outside 0..{n - 1}")
    return value


def shuffled[T](items: Sequence[T], dice: Dice) -> tuple[T, ...]:
    """A Fisher-Yates shuffle: for i from the last place down to 1, swap place i with place draw(i + 1).
    One draw per place but the first, so a pile of one or none draws nothing."""
    cards = list(items)
    for i in range(len(cards) - 1, 0, -1):
        j = pick(dice, i + 1)
        cards[i], cards[j] = cards[j], cards[i]
    return tuple(cards)

"""Whether a seat's prompt is owed one more notice (a turn mail, a webhook's POST), and which: a prompt is
told once each time the game comes to wait for the seat on it. The same prompt comes back to a seat that
was not awaited meanwhile when an own turn is held while others answer its questions out of turn
(docs/clock.md): the player must hear that the game waits for them again."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime


def next_repeat(told: Iterable[tuple[int, datetime]], awaited_since: datetime | None) -> int | None:
    """The `repeat` the next notice of a prompt takes, given the (repeat, created) of those made before:
    None when one was made since the seat was last awaited (or it has no such time); else 0 for the
    first, one more than the last."""
    before = list(told)
    if any(awaited_since is None or created >= awaited_since for _, created in before):
        return None
    return max((repeat + 1 for repeat, _ in before), default=0)

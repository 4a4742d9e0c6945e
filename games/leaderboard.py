"""The leaderboards (docs/ratings.md): one per ladder, the established players ranked by rating and the
provisional ones (fewer than PROVISIONAL_GAMES rated games) listed apart, unranked. Only active accounts
are listed; a rating is a public figure, like the results it comes from."""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Exists, OuterRef

from games.models import Ladder, Rating
from games.ratings import PROVISIONAL_GAMES

SHOWN = 100


@dataclass(frozen=True)
class Pool:
    """A kind's rating pool and its ladders' player counts (0: every count), for the page's links."""

    kind: str
    pool: str
    label: str
    counts: list[int]


@dataclass(frozen=True)
class Board:
    ladder: Ladder
    ranked: list[tuple[int, Rating]]
    provisional: list[Rating]
    ranked_count: int
    provisional_games: int = PROVISIONAL_GAMES


def pools() -> list[Pool]:
    out: dict[tuple[str, str], Pool] = {}
    # EXISTS (one index probe a ladder), not a join over every rating made DISTINCT.
    rated = Exists(Rating.objects.filter(ladder=OuterRef("pk")))
    for ladder in Ladder.objects.filter(rated).order_by("kind", "pool", "players"):
        key = (ladder.kind, ladder.pool)
        out.setdefault(key, Pool(ladder.kind, ladder.pool, ladder.label, []))
        out[key].counts.append(ladder.players)
    return list(out.values())


def board(ladder: Ladder) -> Board:
    rows = (Rating.objects.filter(ladder=ladder, user__is_active=True).select_related("user__profile")
            .order_by("-score", "-games", "user_id"))
    ranked = rows.filter(games__gte=PROVISIONAL_GAMES)
    return Board(ladder=ladder, ranked=list(enumerate(ranked[:SHOWN], 1)),
                 provisional=list(rows.filter(games__lt=PROVISIONAL_GAMES)[:SHOWN]),
                 ranked_count=ranked.count())

"""Ship compositions: (n1, n5, n10) counts of 1-, 5- and 10-credit pieces in every edition."""

from collections.abc import Iterator

Pieces = tuple[int, int, int]
VALUES: Pieces = (1, 5, 10)


def value(pieces: Pieces) -> int:
    return pieces[0] + 5 * pieces[1] + 10 * pieces[2]


def count(pieces: Pieces) -> int:
    return pieces[0] + pieces[1] + pieces[2]


def format_pieces(pieces: Pieces, letters: tuple[str, str, str]) -> str:
    """`3e 1w 1s` with zero counts omitted; `0e` would never be a ship."""
    return " ".join(f"{n}{letters[i]}" for i, n in enumerate(pieces) if n)


def compositions(total: int) -> Iterator[Pieces]:
    """Every composition worth exactly `total`."""
    for tens in range(total // 10 + 1):  # pragma: no mutate (one more ten leaves a negative rest)
        rest = total - 10 * tens
        for fives in range(rest // 5 + 1):
            yield (rest - 5 * fives, fives, tens)


def change_downwards(pieces: Pieces, total: int) -> Iterator[Pieces]:
    """Compositions worth `total` reachable from `pieces` by removing pieces and breaking
    larger pieces into smaller ones (a weapon may become engines, never engines a weapon)."""
    a, b, c = pieces
    if total > value(pieces):
        return
    for tens in range(min(c, total // 10) + 1):
        for fives in range(min(b + 2 * (c - tens), (total - 10 * tens) // 5) + 1):
            yield (total - 10 * tens - 5 * fives, fives, tens)


def is_subset(part: Pieces, whole: Pieces) -> bool:
    return part[0] <= whole[0] and part[1] <= whole[1] and part[2] <= whole[2]


def minus(whole: Pieces, part: Pieces) -> Pieces:
    return (whole[0] - part[0], whole[1] - part[1], whole[2] - part[2])


def best_by_priority(candidates: list[Pieces], priority: tuple[int, int, int]) -> Pieces:
    """The candidate keeping most of the first-priority piece, then the second, then the third."""
    return max(candidates, key=lambda p: (p[priority[0]], p[priority[1]], p[priority[2]]))

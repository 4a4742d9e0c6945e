"""Damage allocation by the target owner's standing orders (docs/rules.md: "Firing")."""

from .editions import Edition
from .pieces import Pieces, best_by_priority, change_downwards, compositions, value
from .state import Orders


def priority(order: str, letters: tuple[str, str, str]) -> tuple[int, int, int]:
    a, b, c = (letters.index(ch) for ch in order)
    return (a, b, c)


def after_damage(
    edition: Edition, pieces: Pieces, damage: int, faction: str | None, orders: Orders
) -> Pieces | None:
    """What is left of a ship after `damage` points, or None when it is destroyed.

    Any composition of the remaining value reachable by removing pieces and making change downwards,
    the one keeping most of the order's first piece, then its second. 001's dime rule is applied to
    the result: among the reachable compositions only valid ones are chosen (one always exists when
    the ship was valid, because a ship over the limit has a dime that can stay)."""
    left = value(pieces) - damage
    if left <= 0:
        return None
    reachable = list(change_downwards(pieces, left))
    valid = [p for p in reachable if edition.dime_ok(p, faction)] or reachable
    return best_by_priority(valid, priority(orders.damage, edition.letters))


def adapted(edition: Edition, pieces: Pieces, faction: str | None, orders: Orders) -> Pieces:
    """Adapters recompose a damaged ship freely at equal value by their adapt order."""
    if faction != "adapters" or orders.adapt == "off":
        return pieces
    order = orders.adapt or orders.damage  # None: the damage order ("order adapt same" stores None)
    # Never empty: every value has a composition the dime rule allows (use dimes). The faction is the
    # Adapters here, whose dime limit is everyone's but the Anarchists'.
    valid = [p for p in compositions(value(pieces)) if edition.dime_ok(p, None)]
    return best_by_priority(valid, priority(order, edition.letters))

"""Standing orders (rules.md, "Standing orders"): `order <name> <value>` sets one, `order <name> off`
unsets it, `order` lists the seat's own; the battle, the checkpoint and the cases read them through the
questions below, which give None while the order is unset (the window then runs). (Being written.)"""

from __future__ import annotations

from games.kinds.protocol import Event, Refused

from .records import Item
from .state import GameState

ALLY = "ally"
DEFEND = "defend"


def command(state: GameState, seat: int, text: str) -> tuple[GameState, list[Event]]:
    raise Refused("Standing orders are not taken yet.")


def ally_answer(state: GameState, seat: int, principal: int,
                terms: tuple[Item, ...]) -> tuple[str, tuple[Item, ...]] | None:
    """How `order ally` answers `principal`'s ask with these terms: ("accept", ()), ("decline", ()) or
    ("counter", terms); None when unset."""
    return None


def defend(state: GameState, seat: int) -> tuple[tuple[tuple[int, ...], tuple[Item, ...]], ...] | None:
    """`order defend`: the asks a challenged seat sends at once, each (seats, terms), then `ready`; () for
    `none`; None when unset."""
    return None


def betray(state: GameState, seat: int, principal: int) -> bool | None:
    """`order betray`: True to betray `principal`, False for loyal; None when unset."""
    return None


def mf(state: GameState, seat: int, role: str) -> bool | None:
    """`order mf ally|defend` (role ALLY or DEFEND): the Metal Faktor declaration; None when unset."""
    return None


def armed(state: GameState, seat: int, role: str) -> tuple[str, ...]:
    """The support cards the seat holds whose `order arm <card>` covers `role` (ALLY or DEFEND): S02 is
    played before the roll, S01/S03/S04 armed for the reaction pass."""
    return ()


def trophies_mode(state: GameState, seat: int) -> str:
    """"auto" (the default) or "manual"."""
    return "auto"


def overflow(state: GameState, seat: int) -> str:
    """`order overflow`: "new" (the default) or the id of the seat's own card to let go."""
    return "new"

"""Promises (rules.md, "Trades and promises"): made by ally terms, accepted offers and `promise`; kept
with `keep`, broken with `break`, settled by the engine at their due points, 1 JP per creditor with a
broken promise at one settlement moment. Also `discard`. (Being written.)"""

from __future__ import annotations

from dataclasses import replace

from games.kinds.protocol import Event, Refused

from .records import Item, Promise
from .state import GameState


def make(state: GameState, debtor: int, creditor: int, items: tuple[Item, ...], due: str, *,
         ally_terms: bool = False, hunter: bool = False) -> tuple[GameState, Promise]:
    """Records a promise, numbered P<n> after the last one given."""
    offer_n, promise_n, case_n = state.numbers
    promise = Promise(number=promise_n + 1, debtor=debtor, creditor=creditor, items=items, due=due,
                      turn=state.turn, ally_terms=ally_terms, hunter=hunter)
    return replace(state, promises=(*state.promises, promise),
                   numbers=(offer_n, promise_n + 1, case_n)), promise


def settle(state: GameState, numbers: tuple[int, ...], why: str) -> tuple[GameState, list[Event]]:
    """At a due point: each promise kept if its debtor can deliver every item now, else broken."""
    raise NotImplementedError


def lapse(state: GameState, numbers: tuple[int, ...], why: str) -> tuple[GameState, list[Event]]:
    """The promises lapse without penalty (a losing side's terms, terms owed to a traitor)."""
    gone = set(numbers)
    after = replace(state, promises=tuple(p for p in state.promises if p.number not in gone))
    return after, [{"type": "promise_lapsed", "promise": n, "why": why} for n in numbers]


def at_end_of_turn(state: GameState) -> tuple[GameState, list[Event]]:
    """`@end` promises of this turn and `@next` promises the active seat made in an earlier turn."""
    return state, []


def command(state: GameState, seat: int, verb: str, text: str) -> tuple[GameState, list[Event]]:
    raise Refused("Promises are kept by the engine for now.")


def promise_command(state: GameState, seat: int, text: str) -> tuple[GameState, list[Event]]:
    raise Refused("`promise` is not taken yet.")


def discard(state: GameState, seat: int, text: str) -> tuple[GameState, list[Event]]:
    raise Refused("`discard` is not taken yet.")


def settle_battle(state: GameState, seat: int, verb: str, text: str) -> tuple[GameState, list[Event]]:
    """The active seat's `keep <P>`, `keep all` or `break <P>` of its `@win` terms at a battle's end."""
    raise Refused("Promises are kept by the engine for now.")


def legal(state: GameState, seat: int) -> list[str]:
    return []

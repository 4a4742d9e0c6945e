"""Questions out of turn that hold nothing up (rules.md, "Questions out of turn"): a trade offer made to a
seat other than the active seat (D11), a case's plea (D13) and its vote (D14). Each is put to its seat
with a window of W and a passive default, while the turn goes on: the seat joins commands.to_act beside
whoever the game waits for, and when its window runs out the clock plays the default
(prompts.timeout_commands).

A seat asked several such things is asked one at a time, in this order: the offers made to it (they
expire with the turn) by number, then its cases by number. The active seat is never asked: it answers
live during its turn (cases.end_of_turn gives the defaults of what it leaves open). An offer waits while
a battle runs, since no trade can be answered then; pleas and votes may be given during battles."""

from __future__ import annotations

from dataclasses import dataclass

from . import cases
from .state import BATTLE_PHASES, OVER, SETUP, GameState

OFFER = "offer"
PLEA = "plea"
VOTE = "vote"


@dataclass(frozen=True)
class Question:
    """One question out of turn: its prompt's key, what it is about, and the clock's answer."""

    seat: int
    # The prompt's key: `<turn>-o<n>` for offer O<n> made in that turn, `<turn>-c<n>p` for case C<n>'s
    # plea (the turn it was opened in), `<turn>-c<n>v` for its vote (the turn the vote opened in). The
    # turn is the question's own, not the current one, so the key (and the window) stays the same while
    # other turns go by.
    key: str
    kind: str  # OFFER, PLEA or VOTE
    number: int  # the offer's or the case's number
    default: str  # the command the clock plays when the window runs out


def questions(state: GameState, seat: int) -> tuple[Question, ...]:
    """The seat's open questions out of turn, in the order they are put to it; none for the active seat,
    a seat that left, or while the game is set up or over."""
    if state.phase in (SETUP, OVER) or seat == state.active or state.seats[seat].out:
        return ()
    # Offers first; none while a battle runs.
    found = [Question(seat, f"{o.turn}-o{o.number}", OFFER, o.number, f"decline {o.name}")
             for o in state.offers if o.receiver == seat and state.phase not in BATTLE_PHASES]
    pleas = cases.to_plead(state, seat)
    for case in state.cases:
        if case in pleas:
            default = "plead innocent" if len(pleas) == 1 else f"plead {case.name} innocent"
            found.append(Question(seat, f"{case.turn}-c{case.number}p", PLEA, case.number, default))
        elif seat in cases.pending_jurors(state, case):
            found.append(Question(seat, f"{case.vote_turn}-c{case.number}v", VOTE, case.number,
                                  f"vote {case.name} {cases.ABSTAIN}"))
    return tuple(found)


def awaited(state: GameState) -> tuple[int, ...]:
    """The seats with a question out of turn, in turn order from the active seat."""
    return tuple(s for s in cases.in_turn_order(state) if questions(state, s))

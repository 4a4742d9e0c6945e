"""Judgment of Pirates cases (rules.md, "Cases"): a promise made only in chat is judged by the pirates.
Its creditor accuses the promiser (`accuse <seat> <words>`); the accused pleads (`plead guilty`: 1 JP at
once; `plead innocent`: the vote opens); every other seat still in votes (`vote <C> guilty|innocent|
abstain`). Guilty when at least one juror votes guilty and more vote guilty than innocent: 1 JP, counted
as a promise broken to the accuser at that moment. No penalty for a failed accusation.

Cases never hold up a turn: their questions are windows (windows.py); `order plead` and `order vote`
answer the moment the question arises. No case is decided while a battle runs: a guilty plea's JP and a
verdict its last vote completes wait until the battle is over (commands.play calls `settle` after every
command that leaves no battle running). Each command raises Refused with the reason alone."""

from __future__ import annotations

import re
from dataclasses import replace

from games.kinds.protocol import Event, Refused

from . import judgment, orders, promises
from .records import GUILTY, PLEA, VOTE, VOTES, Case
from .state import BATTLE_PHASES, OVER, SETUP, GameState

GUILTY_WORD, INNOCENT, ABSTAIN = VOTES
PLEAS = (GUILTY_WORD, INNOCENT)
MIN_SEATS = 3  # an accuser, an accused and at least one juror still in the game
MAX_WORDS = 200  # the longest accusation, in characters
ACCUSE_HELP = "accuse <seat> <what was promised>"
VOTE_HELP = "vote <C> guilty|innocent|abstain"
BY_COMMAND = "command"
BY_ORDER = "order"
BY_TURN_END = "end of turn"  # the seat's own turn ended with the question open: the default
_NUMBER = re.compile(r"c?(\d+)", re.I)

Pairs = tuple[tuple[int, int], ...]


def command(state: GameState, seat: int, verb: str, text: str) -> tuple[GameState, list[Event]]:
    if state.phase == SETUP:
        raise Refused("Cases open once play has begun.")
    if verb == "accuse":
        return accuse(state, seat, text)
    if verb == "plead":
        return plead(state, seat, text)
    return vote(state, seat, text)


# === WHO ===

def in_turn_order(state: GameState) -> tuple[int, ...]:
    """The seats still in, in turn order from the active seat."""
    n = state.players
    order = ((state.active + step) % n for step in range(n))
    return tuple(s for s in order if not state.seats[s].out)


def jurors(state: GameState, case: Case) -> tuple[int, ...]:
    """Every seat still in but the accuser and the accused, in turn order from the active seat."""
    return tuple(s for s in in_turn_order(state) if s not in (case.accuser, case.accused))


def pending_jurors(state: GameState, case: Case) -> tuple[int, ...]:
    """The jurors still to vote (none before the vote opens)."""
    if case.stage != VOTE:
        return ()
    voted = {s for s, _ in case.votes}
    return tuple(s for s in jurors(state, case) if s not in voted)


def to_plead(state: GameState, seat: int) -> tuple[Case, ...]:
    """The cases waiting for the seat's plea, in number order."""
    return tuple(c for c in state.cases if c.stage == PLEA and c.accused == seat)


def to_vote(state: GameState, seat: int) -> tuple[Case, ...]:
    """The cases waiting for the seat's vote, in number order."""
    return tuple(c for c in state.cases if seat in pending_jurors(state, c))


def _find(state: GameState, word: str) -> Case:
    match = _NUMBER.fullmatch(word.strip())
    if match is None:
        raise Refused(f"Name a case by its id (C1, C2...), not {word.strip()!r}.")
    number = int(match.group(1))
    found = next((c for c in state.cases if c.number == number), None)
    if found is None:
        raise Refused(f"There is no open case C{number}: a case is closed once decided.")
    return found


# === accuse ===

def why_not_accuse(state: GameState, seat: int, accused: int) -> str:
    """Why the seat cannot accuse `accused` now ("" when it can)."""
    if state.phase == SETUP:
        return "Cases open once play has begun."
    if state.phase == OVER:
        return "The game is over."
    if state.seats[seat].out:
        return "You have left the game."
    if state.players < MIN_SEATS:
        return ("There are no cases with two seats (the two-player house rule): a case needs a third pirate "
                "to judge it.")
    if len(in_turn_order(state)) < MIN_SEATS:
        return "A case needs a third pirate still in the game to judge it."
    if state.phase in BATTLE_PHASES:
        return "Battle in progress: accusations wait until it is over."
    if accused == seat:
        return "You cannot accuse yourself."
    if state.seats[accused].out:
        return f"Seat {accused + 1} has left the game."
    mine = next((c for c in state.cases if c.accuser == seat), None)
    if mine is not None:
        return f"Your case {mine.name} is still open: one open case at a time."
    if accused in state.seats[seat].accusations:
        return (f"You have accused seat {accused + 1} already this round: you may again once your next turn "
                "has begun.")
    return ""


def accusable(state: GameState, seat: int) -> tuple[int, ...]:
    """The seats the seat may accuse now, in seat order."""
    return tuple(s for s in range(state.players) if not why_not_accuse(state, seat, s))


def accuse(state: GameState, seat: int, text: str) -> tuple[GameState, list[Event]]:
    """`accuse <seat> <words>`: case C<n> opens at the plea; the accused's `order plead` answers at once."""
    word, _, words = text.strip().partition(" ")
    words = " ".join(words.split())
    if not word:
        raise Refused(f"Accuse whom, of what? {ACCUSE_HELP}.")
    accused = promises.seat_named(state, word)
    why = why_not_accuse(state, seat, accused)
    if why:
        raise Refused(why)
    if not words:
        raise Refused(f"Say what seat {accused + 1} promised you: {ACCUSE_HELP}.")
    if len(words) > MAX_WORDS:
        raise Refused(f"Say what was promised in {MAX_WORDS} characters at most.")
    offer_n, promise_n, case_n = state.numbers
    case = Case(number=case_n + 1, accuser=seat, accused=accused, words=words, stage=PLEA, turn=state.turn)
    accuser = state.seats[seat]
    after = replace(state.with_seat(seat, replace(accuser, accusations=(*accuser.accusations, accused))),
                    cases=(*state.cases, case), numbers=(offer_n, promise_n, case.number))
    events: list[Event] = [{"type": "accuse", "case": case.number, "accuser": seat, "accused": accused,
                            "words": words}]
    ordered = orders.plead(after, accused)
    if ordered is not None:
        after, more = _plead(after, case, ordered, BY_ORDER)
        events += more
    after, decided = settle(after)
    return after, events + decided


# === plead ===

def plead(state: GameState, seat: int, text: str) -> tuple[GameState, list[Event]]:
    """`plead guilty|innocent`; `plead <C> guilty|innocent` when the seat is accused in several cases."""
    mine = to_plead(state, seat)
    words = text.split()
    if not mine:
        raise Refused("Nobody waits for your plea: you are accused in no case at its plea.")
    if len(words) == 2:
        case = _find(state, words[0])
        if case not in mine:
            raise Refused(f"{case.name} waits for no plea of yours.")
    elif len(words) == 1 and len(mine) == 1:
        case = mine[0]
    elif len(words) == 1:
        raise Refused(f"You are accused in {' and '.join(c.name for c in mine)}: say which, plead <C> "
                      "guilty|innocent.")
    else:
        raise Refused("Plead guilty or innocent: plead guilty, or plead innocent.")
    plea = words[-1].lower()
    if plea not in PLEAS:
        raise Refused(f"Plead guilty or innocent, not {words[-1]!r}.")
    after, events = _plead(state, case, plea, BY_COMMAND)
    after, decided = settle(after)
    return after, events + decided


def _plead(state: GameState, case: Case, plea: str, by: str) -> tuple[GameState, list[Event]]:
    """The plea: guilty waits for `settle` (which takes the JP at once outside battles); innocent opens
    the vote, where each juror's `order vote` answers at once."""
    event: Event = {"type": "plea", "case": case.number, "seat": case.accused, "plea": plea, "by": by}
    if plea == GUILTY_WORD:
        return _with(state, replace(case, stage=GUILTY)), [event]
    voting = replace(case, stage=VOTE, vote_turn=state.turn)
    state = _with(state, voting)
    events = [event]
    for juror in jurors(state, voting):
        ordered = orders.vote(state, juror)
        if ordered is not None:
            state, cast = _vote(state, juror, voting, ordered, BY_ORDER)
            voting = _case(state, case.number)
            events.append(cast)
    return state, events


def _with(state: GameState, case: Case) -> GameState:
    return replace(state, cases=tuple(case if c.number == case.number else c for c in state.cases))


def _case(state: GameState, number: int) -> Case:
    return next(c for c in state.cases if c.number == number)


# === vote ===

def vote(state: GameState, seat: int, text: str) -> tuple[GameState, list[Event]]:
    """`vote <C> guilty|innocent|abstain`: a juror's vote, once, final."""
    words = text.split()
    if len(words) != 2:
        raise Refused(f"Name the case and your vote: {VOTE_HELP}.")
    case = _find(state, words[0])
    choice = words[1].lower()
    if seat in (case.accuser, case.accused):
        raise Refused(f"You are a party to {case.name}: the other pirates judge it.")
    if case.stage == PLEA:
        raise Refused(f"Seat {case.accused + 1} has not pleaded in {case.name} yet: the vote opens on a plea "
                      "of innocent.")
    if case.stage == GUILTY:
        raise Refused(f"Seat {case.accused + 1} pleaded guilty in {case.name}: there is nothing to vote on.")
    if any(s == seat for s, _ in case.votes):
        raise Refused(f"You have voted in {case.name} already: a vote is final.")
    if choice not in VOTES:
        raise Refused(f"Vote guilty, innocent or abstain, not {words[1]!r}: {VOTE_HELP}.")
    after, event = _vote(state, seat, case, choice, BY_COMMAND)
    after, decided = settle(after)
    return after, [event, *decided]


def _vote(state: GameState, seat: int, case: Case, choice: str, by: str) -> tuple[GameState, Event]:
    after = _with(state, replace(case, votes=(*case.votes, (seat, choice))))
    return after, {"type": "vote", "case": case.number, "seat": seat, "vote": choice, "by": by}


# === VERDICTS ===

def _tally(case: Case) -> dict[str, int]:
    return {word: sum(1 for _, v in case.votes if v == word) for word in VOTES}


def decide(state: GameState) -> tuple[GameState, list[Event], Pairs]:
    """Outside battles: every case decided closes, in number order (a guilty plea; a vote every juror
    still in has cast); guilty when the guilty votes are at least one and more than the innocent ones.
    Gives the (accused, accuser) pairs found guilty: their JP is the caller's to take."""
    if state.phase in (*BATTLE_PHASES, SETUP, OVER):
        return state, [], ()
    events: list[Event] = []
    guilty: list[tuple[int, int]] = []
    for case in state.cases:
        if case.stage == PLEA or pending_jurors(state, case):
            continue
        tally = _tally(case)
        pleaded = case.stage == GUILTY
        found = pleaded or (tally[GUILTY_WORD] >= 1 and tally[GUILTY_WORD] > tally[INNOCENT])
        state = replace(state, cases=tuple(c for c in state.cases if c.number != case.number))
        events.append({"type": "verdict", "case": case.number, "accused": case.accused,
                       "accuser": case.accuser, "guilty": found, "pleaded": pleaded, "votes": tally})
        if found:
            guilty.append((case.accused, case.accuser))
    return state, events, tuple(guilty)


def settle(state: GameState) -> tuple[GameState, list[Event]]:
    """Every case decided closes (decide), and each seat found guilty takes its JP now (its
    took_jp_this_turn set for the turn under way)."""
    state, events, guilty = decide(state)
    for accused, accuser in guilty:
        state, jp = judgment.take_jp(state, accused, f"broke a promise to seat {accuser + 1} (a case)")
        events.append(jp)
    return state, events


def end_of_turn(state: GameState) -> tuple[GameState, list[Event], Pairs]:
    """The active seat's turn ends: the active seat has no window, so a question of a case it already
    had when its turn began and has not answered takes its default now (plead innocent, abstain); the
    cases so decided close. Gives the pairs found guilty, whose JP counts with the promises broken at
    this moment (promises.at_end_of_turn)."""
    seat = state.active
    events: list[Event] = []
    for case in to_plead(state, seat):
        if case.turn < state.turn:
            state, more = _plead(state, case, INNOCENT, BY_TURN_END)
            events += more
    for case in to_vote(state, seat):
        if case.vote_turn < state.turn:
            state, cast = _vote(state, seat, case, ABSTAIN, BY_TURN_END)
            events.append(cast)
    state, decided, guilty = decide(state)
    return state, events + decided, guilty


def drop_seat(state: GameState, seat: int) -> tuple[GameState, list[Event]]:
    """A seat leaves the game: its cases, as accuser or accused, close without a verdict; votes it cast
    stand, and a vote it has not cast is no longer awaited (which may decide a case: settle)."""
    gone = tuple(c for c in state.cases if seat in (c.accuser, c.accused))
    after = replace(state, cases=tuple(c for c in state.cases if c not in gone))
    events: list[Event] = [{"type": "case_dropped", "case": c.number, "seat": seat} for c in gone]
    after, decided = settle(after)
    return after, events + decided


# === legal ===

def legal(state: GameState, seat: int) -> list[str]:
    """The pleas and votes the seat may give now: `plead guilty`, `plead innocent` (`plead <C> ...` for
    each case when it is accused in several), `vote <C> <vote>`. `accuse` takes the player's own words:
    none is listed."""
    if state.phase in (SETUP, OVER) or state.seats[seat].out:
        return []
    pleas = to_plead(state, seat)
    found = ([f"plead {p}" for p in PLEAS] if len(pleas) == 1
             else [f"plead {c.name} {p}" for c in pleas for p in PLEAS])
    found += [f"vote {c.name} {v}" for c in to_vote(state, seat) for v in VOTES]
    return found

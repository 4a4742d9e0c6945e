"""Promises (rules.md, "Trades and promises"): made by ally terms, accepted offers and `promise`; kept
early with `keep`, broken with `break`, settled by the engine at their due points, 1 JP per creditor with
a broken promise at one settlement moment. Also `discard`, which lets an improvement go at any time
outside battles.

Each command takes a state commands.play has routed here and raises Refused with the reason alone."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace

from games.kinds.protocol import Event, Refused

from . import cards, choices, items, judgment
from .battle_state import ATTACK
from .delivery import deliver
from .records import END, NEXT, TROPHY, WIN, Item, Promise
from .records import SPOILS as TAKE_SPOILS
from .state import BATTLE_PHASES, OVER, SETUP, TRAVEL, GameState

SPOILS = "battle.spoils"  # the battle's settlement (B9): the active seat settles its `@win` terms there
ALL = "all"
BATTLE_IN_PROGRESS = "Battle in progress: promises are kept or broken, and cards discarded, once it is over."
HUNTER_TERMS = ("Terms owed for a battle against a Pirate Hunter cannot be broken: the engine pays them when "
                "the battle is won.")
_NUMBER = re.compile(r"p?(\d+)", re.I)


def make(state: GameState, debtor: int, creditor: int, items: tuple[Item, ...], due: str, *,
         ally_terms: bool = False, hunter: bool = False) -> tuple[GameState, Promise]:
    """Records a promise, numbered P<n> after the last one given."""
    offer_n, promise_n, case_n = state.numbers
    promise = Promise(number=promise_n + 1, debtor=debtor, creditor=creditor, items=items, due=due,
                      turn=state.turn, ally_terms=ally_terms, hunter=hunter)
    return replace(state, promises=(*state.promises, promise),
                   numbers=(offer_n, promise_n + 1, case_n)), promise


def made(promise: Promise) -> Event:
    """The event of a promise made."""
    return {"type": "promise", "promise": promise.number, "debtor": promise.debtor,
            "creditor": promise.creditor, "items": [i.to_dict() for i in promise.items], "due": promise.due}


def make_each_due(state: GameState, debtor: int, creditor: int,
                  owed: tuple[Item, ...]) -> tuple[GameState, list[Event]]:
    """One promise per due point among the items (`@end`, then `@next`, then `@win`), each holding the
    items of its due point in the order given."""
    events: list[Event] = []
    for due in (END, NEXT, WIN):
        part = tuple(i for i in owed if i.due == due)
        if part:
            state, promise = make(state, debtor, creditor, part, due)
            events.append(made(promise))
    return state, events


def lapse(state: GameState, numbers: tuple[int, ...], why: str) -> tuple[GameState, list[Event]]:
    """The promises lapse without penalty (a losing side's terms, terms owed to a traitor)."""
    gone = set(numbers)
    after = replace(state, promises=tuple(p for p in state.promises if p.number not in gone))
    return after, [{"type": "promise_lapsed", "promise": n, "why": why} for n in numbers]


# === DELIVERING ===

def _find(state: GameState, number: int) -> Promise | None:
    return next((p for p in state.promises if p.number == number), None)


def _without(state: GameState, promise: Promise) -> GameState:
    return replace(state, promises=tuple(p for p in state.promises if p.number != promise.number))


def _filled(state: GameState, promise: Promise, chosen: tuple[str, ...] = (),
            spent: tuple[str, ...] = ()) -> tuple[Item, ...]:
    """The promise's items with each plain `trophy` filled: by `chosen` (the debtor named them), else by
    the trophies the debtor has held longest, sparing those its other open promises name and those already
    `spent` in the same delivery."""
    plain = items.plain_trophies(promise.items)
    if not plain or chosen:
        return items.choosing(promise.items, chosen)
    named_here = {i.card for i in promise.items if i.kind == TROPHY}
    named_elsewhere = {i.card for p in state.promises if p.debtor == promise.debtor and p != promise
                       for i in p.items if i.kind == TROPHY}
    free = [t for t in state.seats[promise.debtor].trophies if t not in named_here and t not in spent]
    free.sort(key=lambda t: t in named_elsewhere)  # stable: the hand's order otherwise
    return items.choosing(promise.items, tuple(free[:plain]))


def _kept(promise: Promise, given: tuple[Item, ...], why: str) -> Event:
    return {"type": "promise_kept", "promise": promise.number, "debtor": promise.debtor,
            "creditor": promise.creditor, "items": [i.to_dict() for i in given], "why": why}


def _keep(state: GameState, promise: Promise, given: tuple[Item, ...],
          why: str) -> tuple[GameState, list[Event]]:
    after, overflow = deliver(_without(state, promise), promise.debtor, promise.creditor, given)
    return after, [_kept(promise, given, why), *overflow]


def _jp(state: GameState, broken: list[tuple[int, int]]) -> tuple[GameState, list[Event]]:
    """1 JP per debtor and creditor with at least one broken promise at this moment (R53)."""
    events: list[Event] = []
    for debtor, creditor in dict.fromkeys(broken):
        state, event = judgment.take_jp(state, debtor, f"broke a promise to seat {creditor + 1}")
        events.append(event)
    return state, events


def settle(state: GameState, numbers: tuple[int, ...], why: str,
           also: tuple[tuple[int, int], ...] = ()) -> tuple[GameState, list[Event]]:
    """At a due point: each promise, in id order, is kept if its debtor can deliver every item now (after
    the promises before it), else broken; nothing is delivered in part (R54). Then 1 JP per creditor with a
    broken promise, for each debtor (R53), counting `also`: (debtor, creditor) pairs found at this same
    moment to have broken a promise made in chat (a case's guilty verdict). Numbers no longer open are
    passed over."""
    events: list[Event] = []
    broken: list[tuple[int, int]] = list(also)
    for number in sorted(set(numbers)):
        promise = _find(state, number)
        if promise is None:
            continue
        given = _filled(state, promise)
        short = items.lacking(state, promise.debtor, given)
        if short:
            state = _without(state, promise)
            broken.append((promise.debtor, promise.creditor))
            events.append({"type": "promise_broken", "promise": number, "debtor": promise.debtor,
                           "creditor": promise.creditor, "why": why, "short": short})
        else:
            state, delivered = _keep(state, promise, given, why)
            events += delivered
    state, jp = _jp(state, broken)
    return state, events + jp


def at_end_of_turn(state: GameState,
                   also: tuple[tuple[int, int], ...] = ()) -> tuple[GameState, list[Event]]:
    """`@end` promises of this turn and `@next` promises the active seat made in an earlier turn; `also` as
    settle's."""
    due = tuple(p.number for p in state.promises
                if p.due == END or (p.due == NEXT and p.debtor == state.active and p.turn < state.turn))
    return settle(state, due, "end of turn", also)


# === COMMANDS: keep, break ===

def _number(word: str) -> int:
    match = _NUMBER.fullmatch(word.strip())
    if match is None:
        raise Refused(f"Name a promise by its id (P1, P2...), not {word.strip()!r}.")
    return int(match.group(1))


def _mine(state: GameState, seat: int, word: str) -> Promise:
    number = _number(word)
    promise = _find(state, number)
    if promise is None:
        raise Refused(f"There is no open promise P{number}: a promise is closed once kept, broken or "
                      "lapsed.")
    if promise.debtor != seat:
        raise Refused(f"P{number} is seat {promise.debtor + 1}'s promise, not yours.")
    return promise


def _choice_first(state: GameState) -> None:
    if state.choices:
        raise Refused(f"Seat {state.choices[0].seat + 1} has a choice to make first.")


def command(state: GameState, seat: int, verb: str, text: str) -> tuple[GameState, list[Event]]:
    """`keep <P> [trophy <t>]...`, `keep all`, `break <P>`: any time outside battles (off-turn too); at the
    battle's settlement, the active seat's `@win` terms (settle_battle)."""
    if state.phase in BATTLE_PHASES:
        if state.phase == SPOILS:
            return settle_battle(state, seat, verb, text)
        early = filed_early(state, seat) if verb == "break" else ()
        if early:
            return _break(state, seat, text, early)
        raise Refused(BATTLE_IN_PROGRESS)
    _choice_first(state)
    mine = tuple(p for p in state.promises if p.debtor == seat)
    if verb == "keep":
        return _keep_command(state, seat, text, mine, "keep")
    return _break(state, seat, text, mine)


def _keep_command(state: GameState, seat: int, text: str, mine: tuple[Promise, ...],
                  why: str) -> tuple[GameState, list[Event]]:
    word, _, rest = text.strip().partition(" ")
    if not word:
        raise Refused("Keep which promise? keep <P> or keep all.")
    if word.lower() == ALL:
        if rest.strip():
            raise Refused("`keep all` takes nothing after it: name a trophy with keep <P> trophy <t>.")
        if not mine:
            raise Refused("You have no open promise to keep.")
        return _keep_all(state, seat, mine, why)
    promise = _mine(state, seat, word)
    if promise not in mine:
        raise Refused(f"{promise.name} is not due at this battle's settlement: keep it once the battle is "
                      "over.")
    chosen = items.named_trophies(rest, state.seats[seat].trophies)
    plain = items.plain_trophies(promise.items)
    if chosen and len(chosen) != plain:
        if not plain:
            raise Refused(f"{promise.name} leaves no trophy to your choice: keep {promise.name}.")
        raise Refused(f"{promise.name} leaves {items.trophies_word(plain)} to your choice: name {plain}, or "
                      "none and give those you have held longest.")
    given = _filled(state, promise, chosen)
    short = items.lacking(state, seat, given)
    if short:
        raise Refused(f"You cannot deliver {promise.name} in full now ({short}): a promise is kept whole "
                      "or not at all.")
    return _keep(state, promise, given, why)


def _keep_all(state: GameState, seat: int, mine: tuple[Promise, ...],
              why: str) -> tuple[GameState, list[Event]]:
    """Every promise of `mine` at once, in id order, or none: refused when they cannot all be delivered."""
    spent: tuple[str, ...] = ()
    fills = []
    for promise in sorted(mine, key=lambda p: p.number):
        given = _filled(state, promise, spent=spent)
        spent += tuple(i.card for i in given if i.kind == TROPHY)
        fills.append((promise, given))
    short = items.lacking(state, seat, tuple(i for _, given in fills for i in given))
    if short:
        raise Refused(f"You cannot keep all your promises at once ({short}): keep them one by one with "
                      "keep <P>.")
    events: list[Event] = []
    for promise, given in fills:
        state, delivered = _keep(state, promise, given, why)
        events += delivered
    return state, events


def _break(state: GameState, seat: int, text: str,
           mine: tuple[Promise, ...]) -> tuple[GameState, list[Event]]:
    if not text.strip():
        raise Refused("Break which promise? break <P>.")
    promise = _mine(state, seat, text)
    if promise not in mine:
        raise Refused(f"{promise.name} is not due at this battle's settlement: you may break it once the "
                      "battle is over.")
    if promise.hunter:
        raise Refused(HUNTER_TERMS)
    after = _without(state, promise)
    event: Event = {"type": "promise_broken", "promise": promise.number, "debtor": seat,
                    "creditor": promise.creditor, "why": "break"}
    after, jp = _jp(after, [(seat, promise.creditor)])
    return after, [event, *jp]


# === THE BATTLE'S SETTLEMENT (B9) ===

def win_terms(state: GameState, seat: int) -> tuple[Promise, ...]:
    """The seat's open `@win` terms, in id order."""
    return tuple(p for p in state.promises if p.debtor == seat and p.due == WIN)


# From the close of recruitment to the result: once no ask can be sealed, a fourth JP from a broken term
# cannot leave an infamous principal recruiting (rules.md, "Keeping your word").
EARLY_BREAK_PHASES = ("battle.declare", "battle.react")


def filed_early(state: GameState, seat: int) -> tuple[Promise, ...]:
    """The challenged seat's own `@win` terms while its battle runs: it is not the active seat, so it does not
    settle them live, and the engine pays them if it wins unless it breaks them before (rules.md,
    "Keeping your word")."""
    battle = state.battle
    if (battle is None or state.phase not in EARLY_BREAK_PHASES or battle.challenged != seat
            or battle.winner):
        return ()
    return win_terms(state, seat)


def due_at_win(state: GameState) -> tuple[Promise, ...]:
    """The `@win` terms the active seat settles live at its battle's settlement: its own, when its side
    won (those of a losing side lapse, those owed to a traitor too: the battle lapses them)."""
    battle = state.battle
    if state.phase != SPOILS or battle is None or battle.winner != ATTACK:
        return ()
    return win_terms(state, state.active)


def settlement_waits(state: GameState) -> bool:
    """A choice comes before the settlement of the terms (a fifth improvement, cards being looked at);
    the challenger's spoils do not: it takes them and settles its terms in either order (rules.md)."""
    return any(choice.kind != TAKE_SPOILS for choice in state.choices)


def settle_battle(state: GameState, seat: int, verb: str, text: str) -> tuple[GameState, list[Event]]:
    """`keep <P> [trophy <t>]...`, `keep all`, `break <P>` at the battle's settlement (phase
    battle.spoils), by the active seat, for its `@win` terms (due_at_win). A choice waiting comes first,
    except the challenger's spoils (settlement_waits). What follows once none is left is the battle's
    business."""
    if state.phase != SPOILS or state.battle is None:
        raise Refused(BATTLE_IN_PROGRESS)
    due = due_at_win(state)
    if seat != state.active:
        raise Refused(f"Battle in progress: seat {state.active + 1} is settling its terms." if due
                      else BATTLE_IN_PROGRESS)
    if settlement_waits(state):
        _choice_first(state)
    if not due:
        raise Refused("You owe no terms at this battle's settlement.")
    if verb == "keep":
        return _keep_command(state, seat, text, due, "battle won")
    return _break(state, seat, text, due)


# === promise ===

def promise_command(state: GameState, seat: int, text: str) -> tuple[GameState, list[Event]]:
    """`promise <seat> <items@due>`: the active seat, travelling, pledges items to another seat, due `@end`
    (this turn's end) or `@next` (the end of its next turn); one promise per due point named."""
    if state.phase != TRAVEL or seat != state.active:
        raise Refused("Only the active seat makes a promise, while travelling.")
    word, _, rest = text.strip().partition(" ")
    creditor = seat_named(state, word)
    if creditor == seat:
        raise Refused("You cannot promise anything to yourself.")
    owed = items.parse(rest, "", (END, NEXT))
    return make_each_due(state, seat, creditor, owed)


def seat_named(state: GameState, word: str) -> int:
    """The seat `word` names by its number (1..n), still in the game."""
    if not word.isdigit() or not 1 <= int(word) <= state.players:
        raise Refused(f"Name a seat by its number, 1 to {state.players}.")
    seat = int(word) - 1
    if state.seats[seat].out:
        raise Refused(f"Seat {seat + 1} has left the game.")
    return seat


# === discard ===

def discard(state: GameState, seat: int, text: str) -> tuple[GameState, list[Event]]:
    """`discard <card>`: any seat, outside battles, lets one of its improvements go: equipment to the
    bottom of the Improvement deck, a support card to the Bazaar pile. A card named in terms against a
    Pirate Hunter stays until that battle is over."""
    if state.phase in BATTLE_PHASES:
        raise Refused(BATTLE_IN_PROGRESS)
    _choice_first(state)
    player = state.seats[seat]
    if not player.improvements:
        raise Refused("You have no improvement to discard.")
    card = cards.find(text, player.improvements, "your improvements")
    if state.battle is not None and card in state.battle.locked:
        raise Refused(f"{cards.label(card)} is named in terms against a Pirate Hunter: it stays until the "
                      "battle is over.")
    kept = tuple(c for c in player.improvements if c != card)
    after = state.with_seat(seat, player.with_improvements(kept))
    return choices.put_away(after, card), [{"type": "discard", "seat": seat, "card": card}]


# === legal ===

def _works(play: Callable[[str, str], object], verb: str, text: str) -> bool:
    try:
        play(verb, text)
    except Refused:
        return False
    return True


def _keeps(state: GameState, seat: int, promises: tuple[Promise, ...],
           play: Callable[[str, str], object]) -> list[str]:
    """`keep <P>` (and its variants naming trophies of the seat's choice), `keep all`, `break <P>`, each
    listed when `play(verb, text)` accepts it."""
    hand = state.seats[seat].trophies
    keeps: list[str] = []
    for promise in promises:
        plain = items.plain_trophies(promise.items)
        texts = [promise.name]
        if plain:  # any trophies of the hand: `_works` drops one the promise also names (named twice)
            texts += [" ".join([promise.name, *(f"trophy {t}" for t in group)])
                      for group in items.groups(hand, plain)]
        keeps += [f"keep {t}" for t in texts if _works(play, "keep", t)]
    if promises and _works(play, "keep", ALL):
        keeps.append("keep all")
    return keeps + [f"break {p.name}" for p in promises if not p.hunter]


def legal(state: GameState, seat: int) -> list[str]:
    """The `keep`, `keep all`, `break` and `discard <card>` commands open to the seat now, canonical."""
    if state.phase in (SETUP, OVER) or state.seats[seat].out:
        return []
    if state.phase in BATTLE_PHASES:
        early = filed_early(state, seat)
        if early:
            return [f"break {p.name}" for p in early]
        if state.phase != SPOILS or seat != state.active or settlement_waits(state):
            return []
        return _keeps(state, seat, due_at_win(state),
                      lambda verb, text: settle_battle(state, seat, verb, text))
    if state.choices:
        return []
    mine = tuple(p for p in state.promises if p.debtor == seat)
    found = _keeps(state, seat, mine, lambda verb, text: command(state, seat, verb, text))
    return found + [f"discard {c}" for c in state.seats[seat].improvements]

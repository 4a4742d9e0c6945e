"""A battle's allies (rules.md, "Allies"): in a starship or planet battle the attacker asks seats for
help with terms, the first acceptance of the offered terms seals the one alliance, counters wait for the
attacker's `ally take`, and `ally none` fights alone (at most two ask rounds). In a challenge, both
principals recruit at once, each with as many allies as accept, until both are `ready` and no ask waits.
Standing orders (`order ally`, `order defend`) answer at once.

Commands: `ally ask <seats|all> [for <terms>]`, `ally accept [<principal>] [<terms>]`, `ally decline
[<principal>]`, `ally take <seat>`, `ally none`, `ready` (a challenge's principals)."""

from __future__ import annotations

from dataclasses import replace

from games.kinds.protocol import Event, Refused

from . import cards, declare, items, orders, promises
from .battle_state import ACCEPT, COUNTER, DECLINE, UNANSWERED, Ask, Battle
from .records import ANY_TROPHY, CARD, CREDITS, NOW, TROPHY, WIN, Item, items_text
from .state import IMPROVEMENT_LIMIT, MAX_JP, TROPHY_LIMIT, GameState

ALLIES = "battle.allies"
RECRUIT = "challenge.recruit"
ASK_ROUNDS = 2  # ask rounds per principal and battle
SIGNAL_JAMMER = "E12"  # halves the Metal Faktor debt, rounded down


def _battle(state: GameState) -> Battle:
    if state.battle is None:
        raise ValueError("no battle is in progress")
    return state.battle


def with_battle(state: GameState, battle: Battle) -> GameState:
    return replace(state, battle=battle)


def debt_of(state: GameState, seat: int) -> int:
    """What the attacker's Metal Faktor die costs it this battle: the face it shows, halved (rounded down)
    with the Signal Jammer."""
    face = state.seats[seat].mf
    return face // 2 if SIGNAL_JAMMER in state.seats[seat].improvements else face


def target_is_hunter(battle: Battle) -> bool:
    ship = cards.STARSHIPS.get(battle.target)
    return battle.kind in ("space", "karokum") and ship is not None and ship.hunter


def participants(battle: Battle) -> tuple[int, ...]:
    found = [battle.attacker, *battle.allies]
    if battle.challenged is not None:
        found.append(battle.challenged)
    return (*found, *battle.defenders)


def can_ally(state: GameState, seat: int) -> bool:
    """A seat that may be asked: still in, below 4 JP, not yet on a side of this battle."""
    battle = _battle(state)
    player = state.seats[seat]
    return not player.out and player.jp < MAX_JP and seat not in participants(battle)


def askable(state: GameState, principal: int) -> tuple[int, ...]:
    """The seats the principal may ask now, in seat order from the active seat."""
    n = state.players
    order = [(state.active + step) % n for step in range(n)]
    battle = _battle(state)
    pending = {a.seat for a in battle.asks if a.principal == principal and a.answer == UNANSWERED}
    return tuple(s for s in order if s != principal and can_ally(state, s) and s not in pending)


def rounds(battle: Battle, principal: int) -> int:
    return max((a.round for a in battle.asks if a.principal == principal), default=0)


def unanswered(battle: Battle) -> tuple[Ask, ...]:
    return tuple(a for a in battle.asks if a.answer == UNANSWERED)


def counters(battle: Battle, principal: int) -> tuple[Ask, ...]:
    return tuple(a for a in battle.asks if a.principal == principal and a.answer == COUNTER)


def principal_can_recruit(state: GameState, principal: int) -> bool:
    return state.seats[principal].jp < MAX_JP


# === OPENING ===

def open_battle(state: GameState, events: list[Event]) -> tuple[GameState, list[Event]]:
    """A starship or planet battle's target is fixed: the attacker may ask for an ally (battle.allies);
    with 4 JP or nobody to ask, it fights alone and the declarations begin."""
    battle = _battle(state)
    state = with_battle(replace(state, phase=ALLIES), replace(battle, debt=debt_of(state, battle.attacker)))
    if not principal_can_recruit(state, battle.attacker) or not askable(state, battle.attacker):
        why = "4 JP" if not principal_can_recruit(state, battle.attacker) else "nobody to ask"
        return declare.open_steps(state, [*events, {"type": "alone", "seat": battle.attacker, "why": why}])
    return state, events


def open_challenge(state: GameState, events: list[Event]) -> tuple[GameState, list[Event]]:
    """A challenge: recruitment opens for both principals (challenge.recruit). A principal with 4 JP
    recruits nobody and is ready at once; the challenged seat's `order defend` answers for it at once."""
    battle = _battle(state)
    state = with_battle(replace(state, phase=RECRUIT),
                        replace(battle, debt=debt_of(state, battle.attacker), window=battle.window + 1))
    assert battle.challenged is not None
    for principal in (battle.attacker, battle.challenged):
        if not principal_can_recruit(state, principal):
            state, more = _ready(state, principal, "4 JP")
            events = [*events, *more]
    challenged = battle.challenged
    if challenged not in _battle(state).ready:
        plan = orders.defend(state, challenged)
        if plan is not None:
            for seats, terms in plan:
                wanted = tuple(s for s in seats if s in askable(state, challenged))
                if wanted and rounds(_battle(state), challenged) < ASK_ROUNDS:
                    state, more = _ask(state, challenged, wanted, terms)
                    events = [*events, *more]
            state, more = _ready(state, challenged, "order defend")
            events = [*events, *more]
    return recruit_progress(state, events)


# === COMMANDS ===

def command(state: GameState, seat: int, verb: str, text: str) -> tuple[GameState, list[Event]]:
    """`ally ...` and, in a challenge's recruitment, `ready`."""
    if verb == "ready":  # battle.py routes `ready` here only during a challenge's recruitment
        if text:
            raise Refused("`ready` takes nothing after it.")
        battle = _battle(state)
        if seat not in (battle.attacker, battle.challenged):
            raise Refused("Only the challenger and the challenged seat recruit.")
        if seat in battle.ready:
            raise Refused("You are ready already.")
        after, events = _ready(state, seat)
        return recruit_progress(after, events)
    word, _, rest = text.strip().partition(" ")
    word, rest = word.lower(), rest.strip()
    if state.phase not in (ALLIES, RECRUIT):
        if word == "ask" and seat == _battle(state).attacker and not principal_can_recruit(state, seat):
            raise Refused("With 4 JP you can neither ask for nor have an ally: you fight alone.")
        raise Refused("Allies are asked for right after the target is fixed; that time is over.")
    if word == "ask":
        return ask(state, seat, rest)
    if word in ("accept", "decline"):
        return answer(state, seat, word, rest)
    if word == "take":
        return take(state, seat, rest)
    if word == "none":
        return none(state, seat, rest)
    raise Refused("Say `ally ask <seats|all> [for <terms>]`, `ally accept`, `ally decline`, `ally take "
                  "<seat>` or `ally none`.")


def _principal(state: GameState, seat: int) -> None:
    """The seat may ask now. battle.allies never holds a sealed ally: the sealing opens the declarations
    at once (_progress_after), so a second ally is refused as asked too late."""
    battle = _battle(state)
    if state.phase == ALLIES:
        if seat != battle.attacker:
            raise Refused("Only the attacker asks for an ally.")
        if unanswered(battle):
            raise Refused("Your ask is still open: wait for the answers, or `ally none` to fight alone.")
    else:
        if seat not in (battle.attacker, battle.challenged):
            raise Refused("Only the challenger and the challenged seat recruit.")
        if seat in battle.ready:
            raise Refused("You said you were ready: your recruitment is over.")
    if not principal_can_recruit(state, seat):
        raise Refused("With 4 JP you can neither ask for nor have an ally.")


def read_seats(state: GameState, principal: int, text: str) -> tuple[int, ...]:
    if text.strip().lower() == "all":
        found = askable(state, principal)
        if not found:
            raise Refused("There is nobody you may ask.")
        return found
    seats: list[int] = []
    for word in text.replace(",", " ").split():
        if not word.isdigit() or not 1 <= int(word) <= state.players:
            raise Refused(f"Name seats by their numbers, 1 to {state.players}, or `all`.")
        seat = int(word) - 1
        if seat == principal:
            raise Refused("You cannot ask yourself.")
        if state.seats[seat].jp >= MAX_JP and not state.seats[seat].out:
            raise Refused(f"Seat {seat + 1} has 4 JP: it can be nobody's ally.")
        if not can_ally(state, seat):
            raise Refused(f"Seat {seat + 1} cannot be asked: it is out, or already on a side.")
        if seat in {a.seat for a in unanswered(_battle(state)) if a.principal == principal}:
            raise Refused(f"Seat {seat + 1} has your ask already.")
        if seat not in seats:
            seats.append(seat)
    if not seats:
        raise Refused("Ask whom? `ally ask <seats|all> [for <terms>]`.")
    return tuple(seats)


def ask(state: GameState, seat: int, text: str) -> tuple[GameState, list[Event]]:
    """`ally ask <seats|all> [for <terms>]`: terms default to nothing; an item without a due point is
    promised on victory (@win); @now items move at the sealing."""
    _principal(state, seat)
    battle = _battle(state)
    if rounds(battle, seat) >= ASK_ROUNDS:
        raise Refused(f"You have asked {ASK_ROUNDS} times in this battle: take a counter-offer, or fight "
                      "with the allies you have.")
    who, sep, terms_text = text.partition(" for ")
    if not sep and text.lower().endswith(" for"):
        raise Refused("Say the terms after `for`.")
    seats = read_seats(state, seat, who)
    terms = items.parse(terms_text, WIN, (NOW, WIN)) if sep else ()
    check_terms(state, seat, terms)
    return _progress_after(*_ask(state, seat, seats, terms))


def check_terms(state: GameState, principal: int, terms: tuple[Item, ...]) -> None:
    """Terms a principal can offer: what moves at the sealing must be held now; against a Pirate Hunter
    every term must fit its means (its credits plus the Hunter's printed credits; cards it holds)."""
    if any(i.kind == TROPHY and i.card == ANY_TROPHY for i in terms):
        raise Refused("Name the trophy you offer in an ally's terms (`trophy <id>`).")
    now = items.now_items(terms)
    why = items.lacking(state, principal, now)
    if why:
        raise Refused(f"Your @now terms cannot be paid at the sealing: {why}.")
    battle = _battle(state)
    if target_is_hunter(battle):
        means = state.seats[principal].credits + cards.STARSHIPS[battle.target].credits
        credits = sum(i.amount for i in terms if i.kind == CREDITS)
        if credits > means:
            raise Refused(f"Against a Pirate Hunter your terms must be within your means: {means}₡ (yours "
                          f"and the Hunter's reward), not {credits}₡.")
        why = items.lacking(state, principal, tuple(i for i in terms if i.kind != CREDITS))
        if why:
            raise Refused(f"Against a Pirate Hunter your terms must be within your means: {why}.")


def _ask(state: GameState, principal: int, seats: tuple[int, ...],
         terms: tuple[Item, ...]) -> tuple[GameState, list[Event]]:
    """The asks go out; each asked seat's `order ally` answers at once, in the order asked. A new ask to a
    seat replaces the principal's earlier one: a counter-offer the seat made to that one closes."""
    battle = _battle(state)
    round_ = rounds(battle, principal) + 1
    new = tuple(Ask(principal, s, terms, round_) for s in seats)
    old = tuple(replace(a, answer=DECLINE) if a.principal == principal and a.seat in seats
                and a.answer == COUNTER else a for a in battle.asks)
    state = with_battle(state, replace(battle, asks=(*old, *new), window=battle.window + 1))
    events: list[Event] = [{"type": "ally_ask", "seat": principal, "asked": list(seats),
                            "terms": items_text(terms), "round": round_}]
    for asked in seats:
        current = _battle(state)
        pending = next((a for a in current.asks if a.principal == principal and a.seat == asked
                        and a.answer == UNANSWERED), None)
        if pending is None:
            continue  # closed by an earlier seal
        reply = orders.ally_answer(state, asked, principal, terms)
        if reply is None:
            continue
        word, counter = reply
        if word == ACCEPT and seal_problem(state, pending, terms):
            word = DECLINE  # the order accepts only what can be sealed now
        state, more = _answer(state, pending, word, counter, by_order=True)
        events += more
    return state, events


def answer(state: GameState, seat: int, word: str, text: str) -> tuple[GameState, list[Event]]:
    """`ally accept [<principal>] [<terms>]` / `ally decline [<principal>]`."""
    battle = _battle(state)
    mine = [a for a in unanswered(battle) if a.seat == seat]
    if not mine:
        raise Refused("Nobody is asking you for help now.")
    first, _, rest = text.partition(" ")
    if first.isdigit():
        principal = int(first) - 1
        text = rest.strip()
        asks = [a for a in mine if a.principal == principal]
        if not asks:
            raise Refused(f"Seat {principal + 1} is not asking you.")
    else:
        asks = mine
        if len({a.principal for a in asks}) > 1:
            raise Refused("Both sides ask you: name the one you answer (`ally accept <seat>`).")
    pending = asks[0]
    if word == "decline":
        if text:
            raise Refused("`ally decline` takes nothing after it but the asking seat.")
        return _progress_after(*_answer(state, pending, DECLINE, ()))
    if not text:
        why = seal_problem(state, pending, pending.terms)
        if why:
            raise Refused(f"These terms cannot be sealed now: {why}. Decline them, or answer with terms of "
                          "your own (ally accept <terms>).")
        return _progress_after(*_answer(state, pending, ACCEPT, ()))
    counter = items.parse(text, WIN, (NOW, WIN))
    return _progress_after(*_answer(state, pending, COUNTER, counter))


def _answer(state: GameState, pending: Ask, word: str, counter: tuple[Item, ...],
            by_order: bool = False) -> tuple[GameState, list[Event]]:
    battle = _battle(state)
    if word == ACCEPT:
        return seal(state, pending, pending.terms, by_order)
    done = replace(pending, answer=word, counter=counter)
    asks = tuple(done if a is pending else a for a in battle.asks)
    after = with_battle(state, replace(battle, asks=asks))
    event: Event = {"type": "ally_answer", "seat": pending.seat, "principal": pending.principal,
                    "answer": word, "by_order": by_order}
    if word == COUNTER:
        event["terms"] = items_text(counter)
    return after, [event]


def _fits(state: GameState, seat: int, gets: tuple[Item, ...]) -> str:
    """Why receiving these items now would take the seat over a limit ("" when it fits)."""
    player = state.seats[seat]
    if len(player.improvements) + sum(1 for i in gets if i.kind == CARD) > IMPROVEMENT_LIMIT:
        return f"seat {seat + 1} would hold more than 4 improvements"
    if len(player.trophies) + sum(1 for i in gets if i.kind == TROPHY) > TROPHY_LIMIT:
        return f"seat {seat + 1} would hold more than 2 trophies"
    return ""


def seal_problem(state: GameState, pending: Ask, terms: tuple[Item, ...]) -> str:
    """Why the alliance cannot be sealed on these terms now ("" when it can): what moves at the sealing
    must be the principal's now (it may have paid another ally meanwhile) and fit the ally's limits."""
    now = items.now_items(terms)
    if items.lacking(state, pending.principal, now):
        return f"seat {pending.principal + 1} can no longer pay what these terms give at the sealing"
    return _fits(state, pending.seat, now)


def seal(state: GameState, pending: Ask, terms: tuple[Item, ...],
         by_order: bool = False) -> tuple[GameState, list[Event]]:
    """The alliance is sealed: the ally joins the principal's side; @now terms move at once; @win terms
    become a promise (paid by the engine against a Pirate Hunter, whose named cards are locked). Every
    other ask to this seat closes; in a starship or planet battle every other open ask closes too."""
    battle = _battle(state)
    principal, ally = pending.principal, pending.seat
    now = items.now_items(terms)
    why = seal_problem(state, pending, terms)
    if why:
        raise Refused(f"These terms cannot be sealed now: {why}.")
    state = items.transfer(state, principal, ally, now)
    later = items.later_items(terms)
    hunter = target_is_hunter(battle)
    events: list[Event] = []
    if later:
        state, promise = promises.make(state, principal, ally, later, WIN, ally_terms=True, hunter=hunter)
        events.append({"type": "promise", "promise": promise.number, "debtor": principal, "creditor": ally,
                       "items": items_text(later, hide=True), "due": WIN})
    battle = _battle(state)
    closes_all = battle.kind != "challenge"
    asks = []
    for a in battle.asks:
        if a == pending:
            asks.append(replace(a, answer=ACCEPT, counter=terms if terms != a.terms else ()))
        elif a.answer in (UNANSWERED, COUNTER) and (a.seat == ally or closes_all):
            asks.append(replace(a, answer=DECLINE))
        else:
            asks.append(a)
    locked = battle.locked + tuple(i.card for i in later if hunter and i.card)
    if principal == battle.attacker:
        battle = replace(battle, allies=(*battle.allies, ally), asks=tuple(asks), locked=locked)
    else:
        battle = replace(battle, defenders=(*battle.defenders, ally), asks=tuple(asks), locked=locked)
    state = with_battle(state, battle)
    return state, [{"type": "ally_sealed", "seat": ally, "principal": principal, "terms": items_text(terms),
                    "by_order": by_order}, *events]


def take(state: GameState, seat: int, text: str) -> tuple[GameState, list[Event]]:
    """`ally take <seat>`: the principal seals that seat's counter-offer."""
    _principal_for_take(state, seat)
    word = text.strip()
    if not word.isdigit():
        raise Refused("Take whose counter-offer? `ally take <seat>`.")
    other = int(word) - 1
    offer = next((a for a in counters(_battle(state), seat) if a.seat == other), None)
    if offer is None:
        raise Refused(f"Seat {other + 1} has made you no counter-offer.")
    if not can_ally(state, other):
        raise Refused(f"Seat {other + 1} is already on a side.")
    check_terms(state, seat, offer.counter)
    return _progress_after(*seal(state, offer, offer.counter))


def _principal_for_take(state: GameState, seat: int) -> None:
    battle = _battle(state)
    if state.phase == ALLIES:  # with no ally yet: see _principal
        if seat != battle.attacker:
            raise Refused("Only the attacker takes a counter-offer.")
    elif seat not in (battle.attacker, battle.challenged) or seat in battle.ready:
        raise Refused("Only a principal still recruiting takes a counter-offer.")


def none(state: GameState, seat: int, text: str) -> tuple[GameState, list[Event]]:
    """`ally none`: the attacker fights without (more) allies; open asks close."""
    if text:
        raise Refused("`ally none` takes nothing after it.")
    battle = _battle(state)
    if state.phase != ALLIES or seat != battle.attacker:
        raise Refused("Only the attacker of a starship or planet battle says `ally none`; a challenge's "
                      "principals say `ready`.")
    asks = tuple(replace(a, answer=DECLINE) if a.answer in (UNANSWERED, COUNTER) else a for a in battle.asks)
    after = with_battle(state, replace(battle, asks=asks))
    return declare.open_steps(after, [{"type": "alone", "seat": seat, "why": "ally none"}])


def _ready(state: GameState, seat: int, why: str = "") -> tuple[GameState, list[Event]]:
    """The principal's recruitment is over: its counter-offers not taken are declined; `why` when the
    rules said it for the seat (4 JP, its `order defend`)."""
    battle = _battle(state)
    asks = tuple(replace(a, answer=DECLINE) if a.principal == seat and a.answer == COUNTER else a
                 for a in battle.asks)
    after = with_battle(state, replace(battle, asks=asks, ready=(*battle.ready, seat)))
    event: Event = {"type": "ready", "seat": seat}
    if why:
        event["why"] = why
    return after, [event]


def _progress_after(state: GameState, events: list[Event]) -> tuple[GameState, list[Event]]:
    if state.phase == RECRUIT:
        return recruit_progress(state, events)
    battle = _battle(state)
    if battle.allies:
        return declare.open_steps(state, events)
    return state, events


def recruit_progress(state: GameState, events: list[Event]) -> tuple[GameState, list[Event]]:
    """Recruitment closes when both principals are ready and no ask waits for an answer."""
    battle = _battle(state)
    if battle.challenged is None or len(battle.ready) < 2 or unanswered(battle):
        return state, events
    return declare.open_steps(state, [*events, {"type": "recruited", "allies": [s for s in battle.allies],
                                                "defenders": [s for s in battle.defenders]}])


def timeout_answers(state: GameState, seat: int) -> list[str]:
    """What the clock answers for an asked seat whose window ran out: decline every open ask to it; for
    a challenged seat still recruiting, `ready`."""
    battle = _battle(state)
    found = [f"ally decline {a.principal + 1}" for a in unanswered(battle) if a.seat == seat]
    if state.phase == RECRUIT and seat == battle.challenged and seat not in battle.ready:
        found.append("ready")
    return found


def legal(state: GameState, seat: int) -> list[str]:
    """The `ally` and `ready` commands open to the seat (asks without terms: terms are the player's)."""
    battle = _battle(state)
    found: list[str] = []
    principal = seat == battle.attacker or (state.phase == RECRUIT and seat == battle.challenged)
    # Still recruiting: not ready (only a challenge's principals say it); an attacker asking has no ally yet
    # (see _principal).
    if principal and principal_can_recruit(state, seat) and seat not in battle.ready:
        open_ask = state.phase == ALLIES and bool(unanswered(battle))
        if not open_ask and rounds(battle, seat) < ASK_ROUNDS and askable(state, seat):
            found += [f"ally ask {s + 1}" for s in askable(state, seat)] + ["ally ask all"]
        found += [f"ally take {a.seat + 1}" for a in counters(battle, seat) if _takeable(state, seat, a)]
    if state.phase == ALLIES and seat == battle.attacker:
        found.append("ally none")
    if state.phase == RECRUIT and principal and seat not in battle.ready:
        found.append("ready")
    mine = [a for a in unanswered(battle) if a.seat == seat]
    both = len({a.principal for a in mine}) > 1
    for a in mine:
        accept = not seal_problem(state, a, a.terms)
        for named in (f" {a.principal + 1}", *(("",) if not both else ())):
            if accept:
                found.append(f"ally accept{named}")
            found.append(f"ally decline{named}")
    return list(dict.fromkeys(found))


def _takeable(state: GameState, principal: int, counter: Ask) -> bool:
    """`ally take` would seal this counter-offer now."""
    if not can_ally(state, counter.seat) or seal_problem(state, counter, counter.counter):
        return False
    try:
        check_terms(state, principal, counter.counter)
    except Refused:
        return False
    return True


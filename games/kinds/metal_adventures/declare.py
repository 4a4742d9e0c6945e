"""Declarations before the roll (rules.md, "Declarations"): in steps, each participant says whether it
uses its Metal Faktor die, plays Berserker Grog, arms reaction cards, and (an ally in a starship or planet
battle) whether it stays loyal. A starship or planet battle: the ally, then the attacker. A challenge:
the challenger, its allies, then the challenged side. A step of seats out of turn is a window: standing
orders answer at once, held declarations count when it opens, and a declaration is secret until its step
closes. The dice are rolled when the last step has closed (fight.py).

When is a seat's declaration complete? When it has answered its last real question: loyalty (if it can
betray), then the die (if it shows blank). Cards are played and armed before that answer. A seat whose
only question is its cards closes with `ready` (after `play`/`arm`, or alone); `ready` also closes a
declaration at any time, unanswered questions taking the passive answer (loyal, no die, no cards)."""

from __future__ import annotations

from dataclasses import replace

from games.kinds.protocol import Dice, Event, Refused

from . import cards, fight, judgment, orders, promises
from .battle_state import (
    ALLY_STEP,
    ATTACKER_STEP,
    CHALLENGED_STEP,
    CHALLENGER_ALLIES_STEP,
    CHALLENGER_STEP,
    Battle,
    Declaration,
)
from .state import BLANK, GameState

DECLARE = "battle.declare"
GROG = "S02"  # the one pre-roll card
REACTION_CARDS = ("S01", "S03", "S04")
LOYALTY = "loyalty"
DIE = "mf"
CARDS = "cards"
ACTIVE_STEPS = (ATTACKER_STEP, CHALLENGER_STEP)


def _battle(state: GameState) -> Battle:
    if state.battle is None:
        raise ValueError("no battle is in progress")
    return state.battle


def _in_seat_order(state: GameState, seats: tuple[int, ...]) -> tuple[int, ...]:
    """Seats in seat order from the active seat (the order of dice and of the reaction pass)."""
    n = state.players
    return tuple(sorted(seats, key=lambda s: (s - state.active) % n))


def steps(battle: Battle) -> tuple[str, ...]:
    if battle.kind == "challenge":
        return (CHALLENGER_STEP, *((CHALLENGER_ALLIES_STEP,) if battle.allies else ()), CHALLENGED_STEP)
    return (*((ALLY_STEP,) if battle.allies else ()), ATTACKER_STEP)


def step_seats(state: GameState, battle: Battle, step: str) -> tuple[int, ...]:
    if step in ACTIVE_STEPS:
        return (battle.attacker,)
    if step in (ALLY_STEP, CHALLENGER_ALLIES_STEP):
        return _in_seat_order(state, battle.allies)
    if step == CHALLENGED_STEP and battle.challenged is not None:
        return (battle.challenged, *_in_seat_order(state, battle.defenders))
    return ()


def step_of(battle: Battle, seat: int) -> str:
    """The declaration step the seat belongs to ("" for a seat outside the battle)."""
    if seat == battle.attacker:
        return CHALLENGER_STEP if battle.kind == "challenge" else ATTACKER_STEP
    if seat in battle.allies:
        return CHALLENGER_ALLIES_STEP if battle.kind == "challenge" else ALLY_STEP
    if seat == battle.challenged or seat in battle.defenders:
        return CHALLENGED_STEP
    return ""


def role(battle: Battle, seat: int) -> str:
    """For standing orders: the challenged seat defends; every other non-active participant is an ally."""
    return orders.DEFEND if seat == battle.challenged else orders.ALLY


def is_hunter_battle(battle: Battle) -> bool:
    ship = cards.STARSHIPS.get(battle.target)
    return battle.kind in ("space", "karokum") and ship is not None and ship.hunter


def can_betray(battle: Battle, seat: int) -> bool:
    return battle.kind != "challenge" and seat in battle.allies and not is_hunter_battle(battle)


def die_free(state: GameState, battle: Battle, seat: int) -> bool:
    """The seat's Metal Faktor die shows blank, so it may be declared (an attacker in debt may not)."""
    return state.seats[seat].mf == BLANK and not (seat == battle.attacker and battle.debt > 0)


def usable_cards(state: GameState, battle: Battle, seat: int) -> tuple[str, ...]:
    """Support cards the seat may still declare: Grog for every participant, reaction cards to arm for
    the others; none for a traitor; none locked by terms, none declared already."""
    decl = battle.declaration(seat) or Declaration(seat)
    if decl.loyal is False:
        return ()
    kinds = (GROG,) if seat == battle.attacker else (GROG, *REACTION_CARDS)
    held = state.seats[seat].improvements
    return tuple(c for c in held if c in kinds and c not in battle.locked and c not in decl.play
                 and c not in decl.arm)


def questions(state: GameState, battle: Battle, seat: int) -> tuple[str, ...]:
    """The seat's real questions now: loyalty, the die, and cards while it still has some to declare."""
    found = []
    if can_betray(battle, seat):
        found.append(LOYALTY)
    if die_free(state, battle, seat):
        found.append(DIE)
    if usable_cards(state, battle, seat):
        found.append(CARDS)
    return tuple(found)


def complete(state: GameState, battle: Battle, decl: Declaration, covered: bool = False) -> bool:
    """The declaration has answered every question it must (see the module's docstring); `covered`: the
    seat's standing orders cover its cards."""
    if decl.done:
        return True
    asked = questions(state, battle, decl.seat)
    needs = [q for q in asked if q in (LOYALTY, DIE)]
    if needs:
        return (LOYALTY not in needs or decl.loyal is not None) and (DIE not in needs or decl.mf is not None)
    return CARDS not in asked or covered


# === OPENING AND CLOSING STEPS ===

def open_steps(state: GameState, events: list[Event],
               dice: Dice | None = None) -> tuple[GameState, list[Event]]:
    """The sides are sealed: the declarations begin with the first step."""
    battle = _battle(state)
    state = replace(state, phase=DECLARE,
                    battle=replace(battle, step=steps(battle)[0], window=battle.window + 1))
    return _run(state, events, dice)


def _run(state: GameState, events: list[Event], dice: Dice | None) -> tuple[GameState, list[Event]]:
    """The current step: standing orders and held declarations answer; a step every seat of which has
    answered closes, and the next opens (a new window); after the last, the dice roll. Stops at a step
    that waits."""
    while True:
        battle = _battle(state)
        step = battle.step
        if step not in ACTIVE_STEPS:
            state = _apply_orders(state, step)
        if not _step_done(state, step):
            return state, events
        state, closed = _close_step(state)
        events = [*events, *closed]
        battle = _battle(state)
        order = steps(battle)
        at = order.index(step)
        if at + 1 < len(order):
            state = replace(state, battle=replace(battle, step=order[at + 1], window=battle.window + 1))
            continue
        if dice is None:
            raise ValueError("rolling the battle's dice needs dice")
        return fight.roll(state, events, dice)


def _apply_orders(state: GameState, step: str) -> GameState:
    """Each seat of a step out of turn: standing orders answer its open questions; complete ones close."""
    battle = _battle(state)
    for seat in step_seats(state, battle, step):
        decl = battle.declaration(seat) or Declaration(seat)
        if decl.done:
            continue
        player = state.seats[seat]
        if can_betray(battle, seat) and decl.loyal is None:
            betray = orders.betray(state, seat, battle.attacker)
            if betray is not None:
                decl = replace(decl, loyal=not betray)
        if die_free(state, battle, seat) and decl.mf is None:
            use = orders.mf(state, seat, role(battle, seat))
            if use is not None:
                decl = replace(decl, mf=use)
        held = tuple(c for c in player.improvements
                     if c in (GROG, *REACTION_CARDS) and c not in battle.locked)
        covered = all(player.order(f"arm {c}") is not None for c in held)
        if decl.loyal is not False:
            for card in orders.armed(state, seat, role(battle, seat)):
                if card in battle.locked:
                    continue
                if card == GROG and card not in decl.play:
                    decl = replace(decl, play=(*decl.play, card))
                elif card in REACTION_CARDS and card not in decl.arm:
                    decl = replace(decl, arm=(*decl.arm, card))
        else:
            decl = replace(decl, play=(), arm=())
        battle = battle.with_declaration(decl)
        if complete(state, battle, decl, covered):
            battle = battle.with_declaration(replace(decl, done=True))
    return replace(state, battle=battle)


def _close_step(state: GameState) -> tuple[GameState, list[Event]]:
    """Every seat of the step has declared: the declarations are shown to all; an ally's betrayal costs
    its JP now, and the terms promised to it lapse."""
    battle = _battle(state)
    shown = []
    events: list[Event] = []
    for seat in step_seats(state, battle, battle.step):
        decl = battle.declaration(seat) or Declaration(seat)
        decl = replace(decl, done=True, loyal=decl.loyal if decl.loyal is not None else (
            True if can_betray(battle, seat) else None), mf=bool(decl.mf) if die_free(state, battle, seat)
            else False)
        battle = battle.with_declaration(decl)
        shown.append({"seat": seat, "loyal": decl.loyal, "mf": decl.mf, "play": list(decl.play),
                      "arm": list(decl.arm)})
        if decl.loyal is False:
            battle = replace(battle, traitor=seat)
    state = replace(state, battle=battle)
    events.append({"type": "declared", "step": battle.step, "declarations": shown})
    if battle.traitor is not None and battle.step == ALLY_STEP:
        state, jp = judgment.take_jp(state, battle.traitor, "betrayed an attacker")
        owed = tuple(p.number for p in state.promises if p.ally_terms and p.creditor == battle.traitor
                     and p.debtor == battle.attacker)
        state, lapsed = promises.lapse(state, owed, "owed to a traitor")
        events += [{"type": "betrayal", "seat": battle.traitor, "attacker": battle.attacker}, jp, *lapsed]
    return state, events


# === COMMANDS ===

VERBS = ("loyal", "betray", "mf", "play", "arm", "ready", "roll")


def command(state: GameState, seat: int, verb: str, text: str,
            dice: Dice | None) -> tuple[GameState, list[Event]]:
    """A declaration, by a participant, in its step or held before it."""
    battle = _battle(state)
    step = step_of(battle, seat)
    if not step:
        raise Refused("You are not in this battle: a battle in progress leaves you only chat and orders.")
    active = seat == battle.attacker
    if active:
        if state.phase != DECLARE or battle.step != step:
            raise Refused("The battle is under way: your declaration comes in its turn, after your allies' "
                          "(and before the challenged side's).")
    elif state.phase == DECLARE and _past(battle, step):
        raise Refused("Your declaration is made: the dice are on their way.")
    decl = battle.declaration(seat) or Declaration(seat)
    if decl.done:
        raise Refused("Your declaration is made.")
    decl, event = _declare(state, battle, seat, decl, verb, text)
    battle = battle.with_declaration(decl)
    state = replace(state, battle=battle)
    events: list[Event] = [event]
    if state.phase != DECLARE or battle.step != step:
        return state, events  # held until its step opens
    closes = verb == "roll" if active else (verb == "ready" or complete(state, battle, decl))
    if closes:
        state = replace(state, battle=battle.with_declaration(replace(decl, done=True)))
        if _step_done(state, step):
            return _run(state, events, dice)
    return state, events


def _past(battle: Battle, step: str) -> bool:
    """The declarations have gone past `step` (a step this battle does not have counts as not begun)."""
    order = steps(battle)
    return battle.step in order and step in order and order.index(battle.step) > order.index(step)


def _step_done(state: GameState, step: str) -> bool:
    battle = _battle(state)
    return all((battle.declaration(s) or Declaration(s)).done for s in step_seats(state, battle, step))


def _declare(state: GameState, battle: Battle, seat: int, decl: Declaration, verb: str,
             text: str) -> tuple[Declaration, Event]:
    active = seat == battle.attacker
    secret: Event = {"type": "declare", "seat": seat, "secret": not active}
    if verb in ("loyal", "betray"):
        if text:
            raise Refused(f"`{verb}` takes nothing after it.")
        if battle.kind == "challenge":
            raise Refused("There is no betrayal in a challenge: sides are sealed by a handshake.")
        if seat not in battle.allies:
            raise Refused("Only the attacker's ally declares loyalty.")
        if is_hunter_battle(battle) and verb == "betray":
            raise Refused("Betrayal is refused against a Pirate Hunter: you fight loyally.")
        if decl.loyal is not None:
            raise Refused("You have declared your loyalty already.")
        if verb == "betray":
            return replace(decl, loyal=False, play=(), arm=()), {**secret, "loyal": False}
        return replace(decl, loyal=True), {**secret, "loyal": True}
    if verb == "mf":
        word = text.strip().lower()
        if word not in ("yes", "no"):
            raise Refused("Say `mf yes` or `mf no`.")
        if not die_free(state, battle, seat):
            face = state.seats[seat].mf
            raise Refused(f"Your Metal Faktor die shows {face}: it cannot be used until it is blank again"
                          + (" (you owe its number in this battle)." if seat == battle.attacker else "."))
        if decl.mf is not None:
            raise Refused("You have declared your Metal Faktor die already.")
        return replace(decl, mf=word == "yes"), {**secret, "mf": word == "yes"}
    if verb in ("play", "arm"):
        if decl.loyal is False:
            raise Refused("A traitor uses no support cards.")
        usable = usable_cards(state, battle, seat)
        kinds = (GROG,) if verb == "play" else REACTION_CARDS
        if active and verb == "arm":
            raise Refused("You decide your reaction cards after the roll: `play` them then.")
        options = tuple(c for c in usable if c in kinds)
        if not options:
            what = "Berserker Grog (S02) to play before the roll" if verb == "play" else (
                "reaction card to arm")
            raise Refused(f"You hold no {what}.")
        card = cards.find(text, options, "the cards you may " + verb + " now")
        if verb == "play":
            return replace(decl, play=(*decl.play, card)), {**secret, "play": card}
        return replace(decl, arm=(*decl.arm, card)), {**secret, "arm": card}
    if verb == "ready":
        if text:
            raise Refused("`ready` takes nothing after it.")
        if active:
            raise Refused("Say `roll` when you are done declaring.")
        return decl, {**secret, "ready": True}
    if verb == "roll":
        if text:
            raise Refused("`roll` takes nothing after it.")
        if not active:
            raise Refused("Only the attacker rolls; say `ready` when you are done declaring.")
        return decl, {**secret, "roll": True}
    raise Refused(f"`{verb}` is not a declaration.")


def legal(state: GameState, seat: int) -> list[str]:
    """The declarations open to the seat now, canonical."""
    battle = _battle(state)
    step = step_of(battle, seat)
    if not step:
        return []
    active = seat == battle.attacker
    if active and (state.phase != DECLARE or battle.step != step):
        return []
    if not active and state.phase == DECLARE and _past(battle, step):
        return []
    if not active and state.phase not in (DECLARE, "battle.allies", "challenge.recruit"):
        return []
    decl = battle.declaration(seat) or Declaration(seat)
    if decl.done:
        return []
    found: list[str] = []
    if battle.kind != "challenge" and seat in battle.allies and decl.loyal is None:
        # Against a Pirate Hunter `loyal` is accepted (it says what is so); `betray` is not.
        found += ["loyal"] if is_hunter_battle(battle) else ["loyal", "betray"]
    if die_free(state, battle, seat) and decl.mf is None:
        found += ["mf yes", "mf no"]
    if decl.loyal is not False:
        usable = usable_cards(state, battle, seat)
        found += [f"play {c}" for c in dict.fromkeys(c for c in usable if c == GROG)]
        if not active:
            found += [f"arm {c}" for c in dict.fromkeys(c for c in usable if c in REACTION_CARDS)]
    if active:
        found.append("roll")
    elif state.phase == DECLARE:
        found.append("ready")
    return found


def timeout_answers(state: GameState, seat: int) -> list[str]:
    """What the clock answers for a seat whose declaration window ran out: the passive answers."""
    battle = _battle(state)
    if (state.phase != DECLARE or seat not in step_seats(state, battle, battle.step)
            or seat == battle.attacker):
        return []
    return ["ready"]

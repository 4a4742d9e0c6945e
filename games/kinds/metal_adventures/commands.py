"""Metal Adventures' commands: `play(state, seat, command, dice)` reads one command and gives the new state
and its events, never changing the state it was given; `legal_commands(state, seat)` lists what `play`
accepts from that seat now, in canonical text; `to_act(state)` says who is expected to act: the seats the
game waits for, then the seats asked out of turn about offers and cases, who hold nothing up.

`play` routes each command by its first word to the module of its topic; each of them checks its own
conditions and raises Refused with the reason alone, to which `play` adds what is legal now. After every
command that leaves no battle running, the cases decided are pronounced and the checkpoint reveals trophies
(rules.md, "Cases", "Trophies in play")."""

from __future__ import annotations

from games.kinds.protocol import Dice, Event, Refused

from . import (
    autopilot,
    battle,
    cases,
    choices,
    end,
    offers,
    orders,
    promises,
    setup,
    tour,
    travel,
    trophies,
    turn,
    windows,
)
from .state import BATTLE_PHASES, IMPROVEMENT_LIMIT, OVER, REST, SETUP, START, TRAVEL, GameState

# Commands any seat may give at any time the module allows (each says when not).
ANYTIME = ("autopilot", "order", "resign", "reveal", "keep", "break", "offer", "accept", "decline",
           "withdraw", "discard", "accuse", "plead", "vote")
# Commands of a choice that waits (choices.py; battle.py and space.py answer theirs).
CHOICE_VERBS = ("pick", "discard", "trophy", "take", "planet")
TURN_VERBS = ("choose", "rest", "tribute", "refuse", "swap", "buy", "end", "attack", "challenge", "tour",
              "smuggle", "scrap", "play", "promise")
BATTLE_VERBS = ("attack", "planet", "ally", "ready", "loyal", "betray", "mf", "play", "arm", "roll", "pass",
                "keep", "break")
VERBS = tuple(dict.fromkeys((*ANYTIME, *CHOICE_VERBS, *TURN_VERBS, *BATTLE_VERBS)))


def to_act(state: GameState) -> tuple[int, ...]:
    """Every seat the game asks something now: first the seats it cannot go on without (held_up_by: the
    active seat first whenever it is one of them), then the seats asked out of turn about a trade offer
    or a case (windows.py), which hold nothing up, in turn order from the active seat. Never a seat that
    left; nobody once the game is over."""
    first = held_up_by(state)
    seats = (*first, *(s for s in windows.awaited(state) if s not in first))
    return tuple(s for s in seats if not state.seats[s].out)


def held_up_by(state: GameState) -> tuple[int, ...]:
    """The seats the game waits for before it can go on: every seat still choosing in setup; the seat
    whose choice waits; in a battle, the seats it asks (battle.to_act); otherwise the active seat; nobody
    once it is over."""
    if state.phase == SETUP:
        return state.awaiting_choice()
    if state.phase == OVER:
        return ()
    waiting = choices.waiting_on(state)
    if waiting is not None:
        return (waiting,)
    if state.phase in BATTLE_PHASES:
        return battle.to_act(state)
    return (state.active,)


def legal_commands(state: GameState, seat: int) -> list[str]:
    """Every command `play` accepts from the seat now (`autopilot` last for an awaited active seat)."""
    found = _legal(state, seat)
    if (state.phase not in (SETUP, OVER) and seat == state.active and seat in to_act(state)
            and not state.seats[seat].out and autopilot.choose(state, seat, found) is not None):
        found.append("autopilot")
    return found


def _legal(state: GameState, seat: int) -> list[str]:
    """Every command `play` accepts from the seat now, canonical: cards by id, in the order of their zone.
    Commands whose words are the player's own (`order`, `offer`, `promise`, `ally ask`, `accuse`) are
    listed by their first words only where help needs them (commands.help)."""
    if not 0 <= seat < state.players or state.seats[seat].out or state.phase == OVER:
        return []
    leave = [] if end.in_battle(state, seat) else ["resign"]
    if state.phase == SETUP:
        return setup.choice_commands(state, seat) + leave
    anytime = (trophies.legal(state, seat) + promises.legal(state, seat) + offers.legal(state, seat)
               + cases.legal(state, seat))
    if state.choices:
        return choices.legal(state, seat) + battle.choice_legal(state, seat) + anytime + leave
    if state.phase in BATTLE_PHASES:
        return battle.legal(state, seat) + anytime + leave
    if seat != state.active:
        return anytime + leave
    player = state.seats[seat]
    found: list[str] = []
    if state.phase == START:
        if turn.can_rest(state, seat):
            found.append("rest")
        if turn.exempt(state, seat) or player.credits >= turn.TRIBUTE:
            found.append("tribute")
        if not turn.exempt(state, seat):
            found.append("refuse")
    elif state.phase == REST:
        if "swap" not in state.turn_done:
            found.extend(f"swap {t}" for t in player.trophies)
        if "buy" not in state.turn_done and len(player.improvements) < IMPROVEMENT_LIMIT:
            found.extend(f"buy {c}" for c in state.ocg_row
                         if c is not None and turn.rest_price(c) <= player.credits)
        found.append("end")
    elif state.phase == TRAVEL:
        found.extend(travel.legal(state, seat) + tour.legal(state, seat))
    return found + anytime + leave


def play(state: GameState, seat: int, command: str,
         dice: Dice | None = None) -> tuple[GameState, list[Event]]:
    """Play `command` for `seat`. Refused (saying why and what is legal now) when it is not legal."""
    try:
        after, events = _play(state, seat, command, dice)
    except Refused as why:
        legal = legal_commands(state, seat) if 0 <= seat < state.players else []
        now = f" Legal now: {', '.join(legal)}." if legal else " You have nothing to do now."
        raise Refused(f"{why}{now}") from None
    if after.phase in BATTLE_PHASES or after.phase in (SETUP, OVER):
        return after, events
    # Cases decided during a battle are pronounced once it is over, before the checkpoint (cases.py).
    after, decided = cases.settle(after)
    after, revealed = trophies.checkpoint(after)
    return after, events + decided + revealed


def _play(state: GameState, seat: int, command: str, dice: Dice | None) -> tuple[GameState, list[Event]]:
    verb, _, rest = command.strip().partition(" ")
    verb, rest = verb.lower(), rest.strip()
    if verb not in VERBS:
        raise Refused(f"{command.strip()!r} is not a command of this game.")
    if not 0 <= seat < state.players:
        raise Refused(f"There is no seat {seat + 1} in this game.")
    if state.phase == OVER:
        raise Refused("The game is over.")
    if state.seats[seat].out:
        raise Refused("You have left the game.")
    if verb == "order":
        return orders.command(state, seat, rest)
    if verb == "autopilot":
        _no_words(verb, rest)
        return _autopilot(state, seat, dice)
    if verb == "resign":
        _no_words(verb, rest)
        if end.in_battle(state, seat):
            raise Refused("You are in the battle in progress: you may leave once it is over.")
        return end.resign(state, seat)
    if verb in ("accuse", "plead", "vote"):
        return cases.command(state, seat, verb, rest)
    if verb == "choose" or state.phase == SETUP:
        return setup.choose(state, seat, command)
    if verb == "reveal":
        return trophies.reveal(state, seat, rest)
    if verb in ("keep", "break"):
        if state.phase == "battle.spoils" and seat == state.active and not state.choices:
            return battle.command(state, seat, verb, rest, dice)
        return promises.command(state, seat, verb, rest)
    if verb in ("offer", "accept", "decline", "withdraw"):
        return offers.command(state, seat, verb, rest)
    if state.choices:
        return _choice(state, seat, verb, rest, dice)
    if verb == "discard":
        return promises.discard(state, seat, rest)
    if state.phase in BATTLE_PHASES:
        return battle.command(state, seat, verb, rest, dice)
    if seat != state.active:
        raise Refused(f"It is seat {state.active + 1}'s turn, not yours.")
    if state.phase == START:
        return _start(state, seat, verb, rest)
    if state.phase == REST:
        return _rest(state, seat, verb, rest)
    if state.phase == TRAVEL:
        return _travel(state, seat, verb, rest, dice)
    raise Refused(f"Nothing of that kind can be done in phase {state.phase}.")


AUTOPILOT_STEPS = 60  # far more decisions than a turn of the autopilot's ever takes


def _autopilot(state: GameState, seat: int, dice: Dice | None) -> tuple[GameState, list[Event]]:
    """`autopilot`: the engine plays the active seat's decisions (autopilot.py) until the game waits for
    someone else, the turn is over, or the game is."""
    if seat != state.active or seat not in to_act(state) or state.phase == SETUP:
        raise Refused("The autopilot plays your own turn, when the game waits for you.")
    events: list[Event] = []
    turn_ = state.turn
    for _ in range(AUTOPILOT_STEPS):
        if state.turn != turn_ or seat not in to_act(state) or seat != state.active:
            break
        step = autopilot.choose(state, seat, legal_commands(state, seat))
        if step is None:
            break
        state, more = play(state, seat, step, dice)
        events += [{"type": "autopilot", "seat": seat, "command": step}, *more]
    if not events:
        raise Refused("The autopilot has nothing to play for you now.")
    return state, events


def _no_words(verb: str, rest: str) -> None:
    if rest:
        raise Refused(f"`{verb}` takes nothing after it.")


def _choice(state: GameState, seat: int, verb: str, rest: str,
            dice: Dice | None) -> tuple[GameState, list[Event]]:
    """A choice waits: only its seat's answer to it goes on."""
    choice = state.choices[0]
    if seat != choice.seat:
        raise Refused(f"Seat {choice.seat + 1} has a choice to make first.")
    if verb == "pick" and choice.kind in choices.PICKED:
        after, events = choices.pick(state, seat, rest)
    elif verb == "discard" and choice.kind == "discard":
        after, events = choices.discard_overflow(state, seat, rest)
    elif verb in CHOICE_VERBS:
        after, events = battle.choice_command(state, seat, verb, rest, dice)
    else:
        if choice.kind == "trophy":
            raise Refused("Pick one of the trophies you are looking at first.")
        raise Refused("Make the choice before you first: " + choices_help(state) + ".")
    return battle.after_choice(after, events, dice)


def choices_help(state: GameState) -> str:
    legal = choices.legal(state, state.choices[0].seat) + battle.choice_legal(state, state.choices[0].seat)
    return "; ".join(legal) if legal else "nothing"


def _start(state: GameState, seat: int, verb: str, rest: str) -> tuple[GameState, list[Event]]:
    if verb not in ("rest", "tribute", "refuse"):
        raise Refused("Your turn starts with the Brotherhood of Pirates: rest (if damaged), pay the tribute "
                      "or refuse it.")
    _no_words(verb, rest)
    if verb == "rest":
        return turn.rest(state, seat)
    if verb == "tribute":
        return turn.tribute(state, seat)
    return turn.refuse(state, seat)


def _rest(state: GameState, seat: int, verb: str, rest: str) -> tuple[GameState, list[Event]]:
    if verb == "swap":
        return turn.swap(state, seat, rest)
    if verb == "buy":
        return turn.buy(state, seat, rest)
    if verb == "end":
        _no_words(verb, rest)
        return end.finish_turn(state)
    raise Refused("You are resting in Havana: you may swap a trophy, buy a card of the OCG row, and end "
                  "your turn.")


def _travel(state: GameState, seat: int, verb: str, rest: str,
            dice: Dice | None) -> tuple[GameState, list[Event]]:
    if verb in ("tour", "buy", "smuggle", "scrap"):
        return tour.command(state, seat, verb, rest, dice)
    if verb == "promise":
        return promises.promise_command(state, seat, rest)
    return travel.command(state, seat, verb, rest, dice)

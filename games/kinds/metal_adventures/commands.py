"""Metal Adventures' commands: `play(state, seat, command, dice)` reads one command and gives the new state
and its events, never changing the state it was given; `legal_commands(state, seat)` lists what `play`
accepts from that seat now, in canonical text; `to_act(state)` says who is expected to act.

This slice plays the setup's `choose`, a turn's start (`rest`, `tribute`, `refuse`), the rest (`swap`,
`pick`, `buy`, `end`) and `resign`. The travel phase's commands (battles, the Tour of Pirates, `end`
after the battle) come with the next slice: until then nothing is legal in `turn.travel`."""

from __future__ import annotations

from games.kinds.protocol import Dice, Event, Refused

from . import end, setup, turn
from .state import BATTLE_PHASES, IMPROVEMENT_LIMIT, OVER, REST, SETUP, START, TRAVEL, GameState

VERBS = ("choose", "rest", "tribute", "refuse", "swap", "pick", "buy", "end", "resign")


def to_act(state: GameState) -> tuple[int, ...]:
    """Who the game waits for: every seat still choosing in setup; the active seat in its turn; nobody
    once it is over."""
    if state.phase == SETUP:
        return state.awaiting_choice()
    if state.phase == OVER:
        return ()
    return (state.active,)


def legal_commands(state: GameState, seat: int) -> list[str]:
    """Every command `play` accepts from the seat now, canonical: cards by id, in the order of their zone."""
    if not 0 <= seat < state.players or state.seats[seat].out or state.phase == OVER:
        return []
    leave = [] if state.phase in BATTLE_PHASES else ["resign"]
    if state.phase == SETUP:
        return setup.choice_commands(state, seat) + leave
    if seat != state.active:
        return leave
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
        if state.looking:
            found.extend(f"pick {t}" for t in state.looking)
        else:
            if "swap" not in state.turn_done:
                found.extend(f"swap {t}" for t in player.trophies)
            if "buy" not in state.turn_done and len(player.improvements) < IMPROVEMENT_LIMIT:
                found.extend(f"buy {c}" for c in state.ocg_row
                             if c is not None and turn.rest_price(c) <= player.credits)
            found.append("end")
    return found + leave


def play(state: GameState, seat: int, command: str,
         dice: Dice | None = None) -> tuple[GameState, list[Event]]:
    """Play `command` for `seat`. Refused (saying why and what is legal now) when it is not legal."""
    try:
        return _play(state, seat, command, dice)
    except Refused as why:
        legal = legal_commands(state, seat) if 0 <= seat < state.players else []
        now = f" Legal now: {', '.join(legal)}." if legal else " You have nothing to do now."
        raise Refused(f"{why}{now}") from None


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
    if verb == "resign":
        _no_words(verb, rest)
        if state.phase in BATTLE_PHASES:
            raise Refused("A battle is in progress: you may leave once it is over.")
        return end.resign(state, seat)
    if verb == "choose" or state.phase == SETUP:
        try:
            return setup.choose(state, seat, command)
        except Refused as why:
            raise Refused(str(why)) from None
    if seat != state.active:
        raise Refused(f"It is seat {state.active + 1}'s turn, not yours.")
    if state.phase == START:
        return _start(state, seat, verb, rest)
    if state.phase == REST:
        return _rest(state, seat, verb, rest)
    if state.phase == TRAVEL:
        raise Refused("You are travelling: a battle is compulsory before your turn can end, and the "
                      "battles and the Tour of Pirates are not yet played on this site.")
    raise Refused(f"Nothing of that kind can be done in phase {state.phase}.")


def _no_words(verb: str, rest: str) -> None:
    if rest:
        raise Refused(f"`{verb}` takes nothing after it.")


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
    if state.looking and verb != "pick":
        raise Refused("Pick one of the trophies you are looking at first.")
    if verb == "swap":
        return turn.swap(state, seat, rest)
    if verb == "pick":
        return turn.pick(state, seat, rest)
    if verb == "buy":
        return turn.buy(state, seat, rest)
    if verb == "end":
        _no_words(verb, rest)
        return end.finish_turn(state)
    raise Refused("You are resting in Havana: you may swap a trophy, buy a card of the OCG row, and end "
                  "your turn.")

"""play(): validate and apply commands, atomically, returning a new state and the events."""

from typing import NamedTuple

from .actions import do_launch, do_move, do_split
from .commands import Command
from .dice import Dice, Roller
from .errors import IllegalCommand
from .factions import faction_name
from .firing import aim, do_answer, do_fire
from .orders import do_order
from .render import seat_label
from .setup import do_keep, do_redraw
from .state import GameState, evolve
from .turn import Event, eliminate, end_turn, settle
from .view import Game, game_of


class Outcome(NamedTuple):
    state: GameState
    events: list[Event]


def play(state: GameState, seat: int, text: str, dice: Dice | None = None) -> Outcome:
    """Apply one or several commands (`;` or newlines) for `seat`: all of them or none."""
    game = game_of(state.edition)
    commands = game.parser.parse(text)
    roller = Roller(state.seed, state.rolls, dice)
    events: list[Event] = []
    for i, cmd in enumerate(commands):
        try:
            state, more = apply(game, state, seat, cmd, roller)
        except IllegalCommand as exc:
            if len(commands) == 1:
                raise
            raise IllegalCommand(f"Command {i + 1} ({cmd.canonical(game.edition.letters)}): {exc}") from None
        events += more
    return Outcome(state, events)


class ShotPreview(NamedTuple):
    penalty: int  # spaces strictly between shooter and target on the shortest legal path
    shields: int  # the target ship's shields (0 for a base: reserve shields count nothing)


def shot_preview(state: GameState, seat: int, text: str) -> ShotPreview:
    """What one `fire` command would face, checked as play() checks it, without rolling or changing
    anything: the figures a player sees before choosing a target."""
    game = game_of(state.edition)
    commands = game.parser.parse(text)
    if len(commands) != 1 or commands[0].verb != "fire":
        raise IllegalCommand("Give one fire command, e.g. 'fire D7 F9'")
    cmd = commands[0]
    _check_seat(state, seat, cmd)  # refuses the shooter whose roll waits for an answer
    if state.phase != "play" or seat != state.active:
        raise IllegalCommand("Only the player to act may fire now")
    _, shot = aim(game, state, seat, cmd)
    target = state.ship_by_id(shot.target_ship)
    return ShotPreview(shot.penalty, target.pieces[2] if target is not None else 0)


def apply(
    game: Game, state: GameState, seat: int, cmd: Command, roller: Roller
) -> tuple[GameState, list[Event]]:
    _check_seat(state, seat, cmd)
    state, events = _dispatch(game, state, seat, cmd, roller)
    if roller.rolls != state.rolls:
        state = evolve(state, rolls=roller.rolls)
    state, more = settle(state)
    return state, events + more


def _check_seat(state: GameState, seat: int, cmd: Command) -> None:
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < state.players:
        raise IllegalCommand(f"There is no seat {seat!r} in this game")
    if state.phase == "over":
        won = f": {seat_label(state, state.winner)} won" if state.winner is not None else ""
        raise IllegalCommand(f"The game is over{won}")
    if state.seats[seat].out:
        raise IllegalCommand(f"{seat_label(state, seat)} is out of the game")
    pending = state.pending
    if pending is not None and pending.seat == seat and cmd.verb not in ("reroll", "accept"):
        raise IllegalCommand(f"You rolled {pending.roll}: answer reroll (pay 1) or accept first")


def _dispatch(
    game: Game, state: GameState, seat: int, cmd: Command, roller: Roller
) -> tuple[GameState, list[Event]]:
    verb = cmd.verb
    if verb == "order":
        return do_order(game, state, seat, cmd)
    if verb == "resign":
        state, events = eliminate(state, seat, "resigned")
        return state, events
    if state.phase == "setup":
        if verb == "keep":
            return do_keep(state, seat)
        if verb == "redraw":
            return do_redraw(state, seat, roller)
        raise IllegalCommand("The game has not started: every seat first says keep or redraw")
    if verb in ("keep", "redraw"):
        raise IllegalCommand(f"Factions are settled: you play {faction_name(state.seats[seat].faction)}")
    if state.pending is not None:
        if seat == state.pending.seat:
            return do_answer(game, state, seat, cmd, roller)
        raise IllegalCommand(
            f"Waiting for {seat_label(state, state.pending.seat)} to answer reroll or accept"
        )
    if verb in ("reroll", "accept"):
        raise IllegalCommand("There is no roll waiting for reroll or accept")
    if seat != state.active:
        raise IllegalCommand(
            f"It is {seat_label(state, state.active)}'s turn; you may send standing orders or resign"
        )
    if verb == "move":
        return do_move(game, state, seat, cmd)
    if verb == "fire":
        return do_fire(game, state, seat, cmd, roller)
    if verb == "launch":
        return do_launch(game, state, seat, cmd)
    if verb == "split":
        return do_split(game, state, seat, cmd)
    return end_turn(game, state, seat)

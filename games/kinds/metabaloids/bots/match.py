"""One seeded Metabaloids game between bots, on the rules alone: what the bots' tests and `manage.py
simulate --game metabaloids` play. The decks are the plan's (each seat's `deck a|b` is sent for it before
the bots take over); the dice pick every card and the cut from a generator seeded by the game's seed (the
bots never see them: each decides on its seat's bot state), so a seed replays its game exactly."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from games.bots.base import Bot
from games.bots.loop import play_out

from .. import commands, lobby
from ..state import OVER, GameState, Options
from ..view import bot_state

TURN_CAP = 150  # rounds: a game still going then is stopped and ranked as it stands ("turn cap")
STEP_CAP = 200_000
CANNOT_DRAW = "cannot draw"
STALL = "stall"
CAPPED = "turn cap"
ENDINGS = (CANNOT_DRAW, STALL, CAPPED)


class Dice:
    """Seeded picks for a simulated game (games/kinds/protocol.py, Dice)."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(f"{seed}:dice")

    def roll(self, sides: int) -> int:
        return self.rng.randint(1, sides)

    def draw(self, n: int) -> int:
        return self.rng.randrange(n)


@dataclass(frozen=True)
class Result:
    seed: int
    levels: tuple[str, ...]  # each lobby seat's bot level
    decks: tuple[str, ...]  # each lobby seat's deck, "A" or "B"
    first: int  # the lobby seat that won the cut (p1)
    winners: tuple[int, ...]  # lobby seats sharing first place
    ending: str  # one of ENDINGS
    turns: int
    rounds: int
    commands: int
    lost: tuple[int, ...]  # each lobby seat's lost pile at the end
    in_play: tuple[int, ...]


def new_game(seed: int, decks: Sequence[str],
             options: dict[str, Any] | None = None) -> tuple[GameState, Dice]:
    """A game past the deck choice: each lobby seat plays `decks[seat]` ("A" or "B")."""
    dice = Dice(seed)
    state, _ = lobby.new_game(Options.from_dict({**(options or {}), "players": len(decks)}), dice)
    for seat, deck in enumerate(decks):
        state, _ = commands.play(state, seat, f"deck {deck.lower()}", dice)
    return state, dice


class Masked:
    """A bot as the site runs it (games/actions/bots.py): it chooses on its seat's bot state, the game
    with everything the seat may not see put out of reach (view.bot_state)."""

    def __init__(self, bot: Bot) -> None:
        self.bot = bot
        self.level = getattr(bot, "level", "")

    def choose(self, state: GameState, seat: int) -> str:
        return self.bot.choose(bot_state(state, seat), seat)


def play_game(seed: int, decks: Sequence[str], make: Callable[[int, random.Random], Bot],
              levels: Sequence[str], *, turn_cap: int = TURN_CAP, options: dict[str, Any] | None = None,
              watch: Callable[[GameState, int, str], None] | None = None) -> Result:
    """Play a game out: `make(seat, rng)` gives each lobby seat's bot, its generator seeded from the
    game's seed. `watch(state, seat, command)` sees every command before it is played (the tests'
    referee)."""
    state, dice = new_game(seed, decks, options)
    players = len(decks)
    bots = {i: Masked(make(i, random.Random(f"{seed}:bot:{i}"))) for i in range(players)}

    def play(before: GameState, seat: int, command: str) -> tuple[GameState, list[dict[str, Any]]]:
        if watch is not None:
            watch(before, seat, command)
        return commands.play(before, seat, command, dice)

    count = 0
    for step in play_out(state, bots, play, commands.to_act, STEP_CAP):
        state = step.state
        count += 1
        if state.round > turn_cap:
            break
    return result(state, seed, levels, decks, count)


def result(state: GameState, seed: int, levels: Sequence[str], decks: Sequence[str], count: int) -> Result:
    """What a game's last state says: the winners (or, stopped at the cap, the seats ranked first as
    they stand: fewest lost, then fewer in play), how it ended, its length, every seat's lost pile."""
    from ..ending import rank

    if state.phase == OVER and state.result is not None:
        winners = [state.lobby_seat(x) for x in state.result["winners"]]
        ending = STALL if state.result["why"] == STALL else CANNOT_DRAW
    else:
        winners = [state.lobby_seat(x) for x in rank(state)[0]]
        ending = CAPPED
    by_lobby = sorted(state.seats, key=lambda s: state.lobby_seat(s.label))
    return Result(seed=seed, levels=tuple(levels), decks=tuple(decks), first=state.lobby_seat(1),
                  winners=tuple(sorted(winners)), ending=ending, turns=state.turn, rounds=state.round,
                  commands=count, lost=tuple(len(s.lost) for s in by_lobby),
                  in_play=tuple(len(s.in_play()) for s in by_lobby))

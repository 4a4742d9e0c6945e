"""One seeded Metal Adventures game between bots, on the rules alone: what the bots' tests and
`manage.py simulate --game metal-adventures` play. Seeded dice roll and shuffle (the bots never see them:
each decides on its seat's bot state), so a seed replays its game exactly."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from games.bots.base import Bot
from games.bots.loop import play_out

from .. import commands, end, setup
from ..state import OVER, GameState

TURN_CAP = 40  # rounds: a game still going then is stopped and ranked as it stands ("turn cap")
STEP_CAP = 100_000
GLORY = "9 glory"
DECK = "Space deck ran down"
LAST_SEAT = "one seat left"
CAPPED = "turn cap"
ENDINGS = (GLORY, DECK, LAST_SEAT, CAPPED)


class Dice:
    """Seeded dice for a simulated game (games/kinds/protocol.py, Dice)."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(f"{seed}:dice")

    def roll(self, sides: int) -> int:
        return self.rng.randint(1, sides)

    def draw(self, n: int) -> int:
        return self.rng.randrange(n)


@dataclass(frozen=True)
class Result:
    seed: int
    levels: tuple[str, ...]  # each seat's bot level, in turn order
    bases: tuple[str, ...]  # each seat's base starship (B1-B6)
    winners: tuple[int, ...]  # the seats sharing first place
    ending: str  # one of ENDINGS
    turns: int  # turns played
    rounds: int  # rounds: turns over the seats
    commands: int
    glory: tuple[int, ...]
    credits: tuple[int, ...]
    jp: tuple[int, ...]
    space_left: int = 0  # cards left in the Space deck
    battles: dict[str, int] = field(default_factory=dict)  # battles fought, by kind
    gains: dict[str, int] = field(default_factory=dict)  # glory won (or lost), by where it came from


# Where glory comes from, as the game's events say it (tally): a beaten starship's reward, a challenge
# won, a trophy revealed, the Glory Title and the Extravagant Expenditure on the tour, a JP cancelled
# (Amnesty, the Forged Pardon, GENERAL PARDON), and a JP taken (negative).
GAINS = ("starship", "challenge", "trophy", "title", "splurge", "jp cancelled", "jp taken")
BATTLES = ("space", "karokum", "planet", "challenge")


def tally(events: Sequence[Mapping[str, Any]], battles: Counter[str], gains: Counter[str]) -> None:
    """Counts the battles begun and the glory moved by these events."""
    for event in events:
        kind = event.get("type")
        if kind == "attack":
            battles[str(event["kind"])] += 1
        elif kind == "challenge":
            battles["challenge"] += 1
        elif kind == "glory":
            gains["starship"] += int(event["glory"])
        elif kind == "challenge_won":
            gains["challenge"] += int(event["glory"])
        elif kind == "reveal":
            gains["trophy"] += int(event["glory"])
        elif kind == "tour" and event.get("word") in ("title", "splurge"):
            gains[str(event["word"])] += 1
        elif kind == "jp_cancelled":
            gains["jp cancelled"] += 1
        elif kind == "jp":
            gains["jp taken"] -= 1


def new_game(seed: int, players: int, options: Mapping[str, Any] | None = None) -> tuple[GameState, Dice]:
    dice = Dice(seed)
    return setup.new_state(dict(options or {}), players, dice), dice


def play_game(seed: int, players: int, make: Callable[[int, random.Random], Bot], levels: Sequence[str],
              *, turn_cap: int = TURN_CAP, options: Mapping[str, Any] | None = None,
              watch: Callable[[GameState, int, str], None] | None = None) -> Result:
    """Play a game out: `make(seat, rng)` gives each seat's bot, its generator seeded from the game's seed.
    `watch(state, seat, command)` sees every command before it is played (the tests' referee)."""
    state, dice = new_game(seed, players, options)
    bots = {i: make(i, random.Random(f"{seed}:bot:{i}")) for i in range(players)}

    def play(before: GameState, seat: int, command: str) -> tuple[GameState, list[dict[str, Any]]]:
        if watch is not None:
            watch(before, seat, command)
        return commands.play(before, seat, command, dice)

    count = 0
    battles: Counter[str] = Counter()
    gains: Counter[str] = Counter()
    for step in play_out(state, bots, play, commands.to_act, STEP_CAP):
        state = step.state
        count += 1
        tally(step.events, battles, gains)
        if state.turn > turn_cap * players:
            break
    return result(state, seed, levels, count, battles, gains)


def result(state: GameState, seed: int, levels: Sequence[str], count: int,
           battles: Mapping[str, int] | None = None, gains: Mapping[str, int] | None = None) -> Result:
    """What a game's last state says: the winners (or, stopped at the cap, the seats ranked first as
    they stand), how it ended, its length, every seat's glory, credits and JP."""
    if state.phase == OVER:
        winners = end.winners(state)
        seats = end.seats_in(state)
        if any(state.seats[i].glory >= end.GLORY_TO_WIN for i in seats):
            ending = GLORY
        elif len(state.space_deck) <= end.SPACE_DECK_END:
            ending = DECK
        else:
            ending = LAST_SEAT
    else:
        first = end.places(state)[0]
        winners = tuple(i for i in first if not state.seats[i].out)
        ending = CAPPED
    turns = state.turn
    return Result(seed=seed, levels=tuple(levels), bases=tuple(s.base for s in state.seats), winners=winners,
                  ending=ending, turns=turns, rounds=-(-turns // state.players), commands=count,
                  glory=tuple(s.glory for s in state.seats), credits=tuple(s.credits for s in state.seats),
                  jp=tuple(s.jp for s in state.seats), space_left=len(state.space_deck),
                  battles=dict(battles or {}), gains=dict(gains or {}))

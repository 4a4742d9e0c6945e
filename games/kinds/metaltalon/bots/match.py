"""One seeded MetalTalon game between bots, on the engine alone: what `manage.py simulate`, the bots'
tests and the benchmarks play. The state's own seeded generator rolls the dice, so a seed replays the
game exactly; the bots never see that seed (rules.blind)."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from games.bots.base import Bot, moves_on
from games.bots.loop import play_out
from games.kinds.metaltalon.engine import GameState, new_game

from .rules import RULES, engine_play, engine_to_act

# A game still undecided after this many turns stops there; the seat with the most credits (ships and
# reserve) is scored the winner, and the game's end is "turn cap".
TURN_CAP = 200
STEP_CAP = 20_000


@dataclass
class Result:
    seed: int
    levels: tuple[str, ...]  # the bot level of each seat, in turn order
    factions: tuple[str, ...]
    winner: int | None
    ending: str  # "invasion", "attrition", "resignation" or "turn cap"
    turns: int  # full rounds: every seat still in played about this many turns
    commands: int
    credits: tuple[int, ...] = field(default=())


def play_game(seed: int, players: int, edition: str, make: Callable[[int, random.Random], Bot],
              levels: Sequence[str], *, variants: tuple[str, ...] = (), turn_cap: int = TURN_CAP,
              keep_dealt: bool = False) -> Result:
    """`make(seat, rng)` gives the bot of each seat; every bot's generator comes from the seed too.
    `keep_dealt`: every seat keeps the faction it is dealt, so the factions are measured as the deal
    gives them rather than as the bots choose them (the balance report, docs/balance.md)."""
    state = new_game(players=players, edition=edition, variants=variants, seed=seed)
    bots: dict[int, Bot] = {i: make(i, random.Random(f"{seed}:bot:{i}")) for i in range(players)}
    if keep_dealt:
        bots = {i: KeepsDealt(bot) for i, bot in bots.items()}
    ending = "turn cap"
    commands = 0
    for step in play_out(state, bots, engine_play, engine_to_act, STEP_CAP):
        state = step.state
        commands += 1
        for event in step.events:
            if event.get("type") == "out":
                ending = _ending(event.get("reason", ""))
        if state.turn > turn_cap * players:
            break
    winner = state.winner if state.phase == "over" else _leader(state)
    if state.phase != "over":
        ending = "turn cap"
    return Result(seed, tuple(levels), tuple(s.faction or "" for s in state.seats), winner, ending,
                  (state.turn + players - 1) // players, commands, _credits(state))


class KeepsDealt:
    """A bot that keeps whatever faction it is dealt, and otherwise plays as `bot` does."""

    def __init__(self, bot: Bot) -> None:
        self.bot = bot
        self.level = bot.level

    def choose(self, state: GameState, seat: int) -> str:
        if state.phase == "setup" and "keep" in moves_on(RULES, state, seat):
            return "keep"
        return self.bot.choose(state, seat)


def _ending(reason: str) -> str:
    return {"invaded": "invasion", "wiped out": "attrition", "resigned": "resignation"}.get(reason, reason)


def _credits(state: GameState) -> tuple[int, ...]:
    worth = [0 if s.out else s.reserve for s in state.seats]
    for ship in state.ships:
        worth[ship.owner] += ship.value
    return tuple(worth)


def _leader(state: GameState) -> int | None:
    worth = _credits(state)
    best = max(worth)
    leaders = [i for i, w in enumerate(worth) if w == best and not state.seats[i].out]
    return leaders[0] if len(leaders) == 1 else None

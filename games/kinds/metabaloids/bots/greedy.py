"""The greedy bot of Metabaloids: at every decision the command worth most to it now, by worth.py's cheap
measures of its seat's bot state (view.bot_state). It never reads the real state's hidden parts and
simulates nothing: `choose` turns the state into the seat's view first and takes the seat's legal
commands (built from its own hand and the public table), so two games that differ only in what the seat
cannot see get the same answer (tests/kinds/metabaloids/bots/test_mb_greedy.py).

A turn, in the order of rules.md's turn steps: cards back from the lost pile (Regenerate, regrow), a safe
column stood up by Molt when nothing else can attack, the reserve deployed into the shallowest columns,
the attacks worth more than the penalty for not attacking (with boosts and Adrenal Surge when they pay),
the best cards restocked while the grid has room, then `end`."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from games.bots.base import BotStuck
from games.kinds.protocol import Refused

from .. import commands
from ..cards import card
from ..state import MAX_IN_PLAY
from ..view import view as seat_view
from . import worth
from .rules import RULES
from .worth import SeatView, View, seat_of

LEVEL = "greedy"
SPENT_CARD = 0.3  # a hand card paid as a Metabaloid: not lost, but no longer there to restock
ALWAYS_HELP = ("use regen",)  # a Regenerate takes lost cards back: always worth its 2 points


class GreedyBot:
    level = LEVEL

    def __init__(self, rng: random.Random | None = None) -> None:
        # Only the deck choice is left to chance: every other decision is the same each time.
        self.rng = rng or random.Random()

    def choose(self, state: Any, seat: int) -> str:
        """The bot's next command for `seat` (a lobby seat), decided on the seat's bot state alone."""
        view = seat_view(state, seat)
        legal = [c for c in RULES.legal_commands(state, seat) if not RULES.anytime(c)]
        if not legal:
            raise BotStuck(f"nothing to play for seat {seat}")
        wanted = decide(view, legal, self.rng)
        if wanted in legal or _accepted(state, seat, wanted):
            return wanted
        # A line of its own making (an attack with in-line uses) that the rules refuse: the plain form.
        return wanted.split(" paying ")[0] if wanted.split(" paying ")[0] in legal else fallback(legal)


def _accepted(state: Any, seat: int, command: str) -> bool:
    """Whether the rules accept a line the bot wrote itself. An attack line is checked whole before
    anything happens (rules.md, "Declaring an attack"), so the answer never depends on a hidden card; the
    trial stops at the first card it would take from a draw pile (in the bot state, a placeholder), and
    what the line would do is thrown away."""
    try:
        commands.play(state, seat, command, _StopAtPick())
    except Refused:
        return False
    except _Picked:
        return True
    return True


class _Picked(Exception):
    """The line got as far as a random pick: it was accepted."""


class _StopAtPick:
    def roll(self, sides: int) -> int:
        raise _Picked

    def draw(self, n: int) -> int:
        raise _Picked


def fallback(legal: Sequence[str]) -> str:
    for passive in ("end", "pass", "done", "pay auto", "deploy all"):
        if passive in legal:
            return passive
    return legal[0]


def decide(view: View, legal: list[str], rng: random.Random) -> str:
    phase = view["phase"]
    if phase == "decks":
        return rng.choice(legal)
    if phase == "place":
        return place(view, legal)
    if view["decision"] is not None:
        return "pay auto" if "pay auto" in legal else fallback(legal)
    return turn(view, legal)


# === THE INITIAL DEPLOYMENT ===

def place(view: View, legal: list[str]) -> str:
    """Its best card that fits the points left, into the shallowest column it may go to."""
    mine = seat_of(view, view["you"])
    options: dict[str, list[int]] = {}
    for command in legal:
        words = command.split()
        if words[0] == "place":
            options.setdefault(words[1], []).append(int(words[2]))
    if not options:
        return "done"
    best = max(options, key=lambda code: (worth.table_worth(code), card(code).cost, code))
    return f"place {best} {worth.shallowest(mine, options[best])}"


# === A TURN ===

def turn(view: View, legal: list[str]) -> str:
    me: int = view["you"]
    mine = seat_of(view, me)
    helped = _help(view, mine, legal)
    if helped is not None:
        return helped
    if "deploy all" in legal:
        return "deploy all"
    attack = best_attack(view, me, mine, legal)
    if attack is not None:
        return attack
    restock = best_restock(mine, legal)
    if restock is not None:
        return restock
    return fallback(legal)


def _help(view: View, mine: SeatView, legal: list[str]) -> str | None:
    """Lost cards back to the discard pile (the lost pile is the score), and Molt when its only attackers
    stand in a safe column (no attack means a card lost to the penalty)."""
    for command in legal:
        if command in ALWAYS_HELP or (command.startswith("use ") and command.endswith(" regrow")):
            return command
    molts = [c for c in legal if c.startswith("use molt ")]
    if molts and view["step"] == "main" and not _upright_attacker(mine):
        for command in molts:
            col = int(command.split()[2])
            if any(card(c["code"]).can_attack for c in mine["columns"][col - 1]["cards"]):
                return command
    return None


def _upright_attacker(mine: SeatView) -> bool:
    return any(card(c["code"]).can_attack and not c["marked"]
               for column in mine["columns"] if not column["safe"] for c in column["cards"])


def best_attack(view: View, me: int, mine: SeatView, legal: list[str]) -> str | None:
    """The attack worth most, with the boosts and Adrenal Surge that pay for themselves, when it is worth
    more than not attacking: the first attack of a turn saves the penalty card."""
    penalty = 1.0 if mine["attacks_made"] == 0 else 0.0
    best: tuple[float, str] | None = None
    for command in legal:
        if not command.startswith("attack "):
            continue
        planned = _plan_attack(view, me, mine, command)
        if best is None or planned[0] > best[0]:
            best = planned
    if best is None or best[0] <= -penalty:
        return None
    return best[1]


def _plan_attack(view: View, me: int, mine: SeatView, command: str) -> tuple[float, str]:
    _, mine_at, who, their_at = command.split()
    col, row = (int(x) for x in mine_at.split(":"))
    defender = int(who[1:])
    tcol, trow = (int(x) for x in their_at.split(":"))
    stake = mine["columns"][col - 1]["cards"][row - 1]["code"]
    target = seat_of(view, defender)["columns"][tcol - 1]["cards"][trow - 1]["code"]

    def value(extra: int) -> float:
        return worth.battle_worth(view, me, col, stake, defender, tcol, target, extra)

    payers = _payers(mine)
    if not payers:
        return value(0) - SPENT_CARD, command
    uses: list[str] = []
    extra = 0
    line = f"{command} paying {payers.pop(0)}"
    boosts = [f"{col}:{r}" for r, c in enumerate(mine["columns"][col - 1]["cards"], 1)
              if c["code"] in worth.ATTACK_BOOSTS and not c["used"]]
    surge = ["surge"] if "surge" in (mine["hand"] or []) else []
    for use in [*(f"{b} boost" for b in boosts), *surge]:
        if use == "surge" and "surge" in payers:
            payers.remove("surge")
        if not payers or value(extra + 2) - value(extra) <= SPENT_CARD:
            break
        extra += 2
        uses.append(f" + {use} paying {payers.pop(0)}")
    return value(extra) - SPENT_CARD * (1 + len(uses)), line + "".join(uses)


def _payers(mine: SeatView) -> list[str]:
    """Its hand cards as payments of 1, the cheapest and least defensive first, events last but one for
    Adrenal Surge (which it may play instead)."""
    hand = [c for c in (mine["hand"] or []) if card(c).cost > 0]
    return sorted(hand, key=lambda c: (c == "surge", card(c).is_event, card(c).cost, card(c).dfn, c))


def best_restock(mine: SeatView, legal: list[str]) -> str | None:
    """The best card it can pay for, while the grid has room for it next turn (a reserve that finds the
    grid full is lost)."""
    room = MAX_IN_PLAY - mine["in_play"] - len(mine["reserve"])
    if room <= 0:
        return None
    codes = [c.split()[1] for c in legal if c.startswith("restock ")]
    if not codes:
        return None
    best = max(codes, key=lambda code: (worth.table_worth(code), -card(code).cost, code))
    return f"restock {best}"

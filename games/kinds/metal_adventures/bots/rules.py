"""Metal Adventures as the platform's bots read it (games/bots/base.py, Rules): the legal commands of a
seat's bot state (view.bot_state), so that even the random bot never holds what its seat cannot see, and
the commands that never move the game on (standing orders, resigning, handing the turn to the autopilot),
which the random bot leaves alone."""

from __future__ import annotations

from typing import Any

from .. import commands
from ..view import bot_state

# Commands that answer no question of the game: a seat may give them at any time.
ANYTIME_VERBS = ("order", "resign", "autopilot")


class BotRules:
    def legal_commands(self, state: Any, seat: int) -> list[str]:
        return commands.legal_commands(bot_state(state, seat), seat)

    def anytime(self, command: str) -> bool:
        words = command.split(None, 1)
        return bool(words) and words[0].lower() in ANYTIME_VERBS


RULES = BotRules()

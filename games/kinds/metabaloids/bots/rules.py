"""Metabaloids as the platform's bots read it (games/bots/base.py, Rules): the seat's legal commands and
the commands that never move the game on (standing orders, their list, help, resigning), which the random
bot leaves alone. The legal commands of a seat are built from its own hand and the public table only
(commands.legal_commands), so a bot that reads them learns nothing its seat cannot see."""

from __future__ import annotations

from typing import Any

from .. import commands

# Answer no question of the game (api.anytime lists `place` and `done` too: those are moves here).
ANYTIME_VERBS = ("order", "orders", "help", "resign")


class BotRules:
    def legal_commands(self, state: Any, seat: int) -> list[str]:
        return commands.legal_commands(state, seat)

    def anytime(self, command: str) -> bool:
        words = command.split(None, 1)
        return bool(words) and words[0].lower() in ANYTIME_VERBS


RULES = BotRules()

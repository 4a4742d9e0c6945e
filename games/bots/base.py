"""What every bot is, and the least of a game's rules a bot needs."""

from __future__ import annotations

from typing import Any, Protocol


class Rules(Protocol):
    """The part of the kinds' protocol (games/kinds/protocol.py) a bot reads."""

    def legal_commands(self, state: Any, seat: int) -> list[str]: ...
    def anytime(self, command: str) -> bool: ...


class Bot(Protocol):
    level: str

    def choose(self, state: Any, seat: int) -> str:
        """The next command for `seat`, one of the rules' legal commands for it now."""
        ...


class BotStuck(Exception):
    """The rules list nothing a bot could play for a seat the game waits for."""


def moves_on(rules: Rules, state: Any, seat: int) -> list[str]:
    """The legal commands that move the game on: not standing orders or resigning, which any seat may
    give at any time and which never end what the game waits for."""
    options = [c for c in rules.legal_commands(state, seat) if not rules.anytime(c)]
    if not options:
        raise BotStuck(f"nothing to play for seat {seat}")
    return options

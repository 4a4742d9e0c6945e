"""Metal Adventures as the platform calls it (games/kinds/rules_kind.py hands each protocol call to the
function of the same name here): options, a new game, who acts and what each is asked, the commands, the
result, and what each reader may see. Pure: no Django."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from games.kinds.protocol import Event, SeatOutcome, split_submission

from . import cards, commands, end, setup
from .board import board_svg, text_board
from .narration import describe, narrate
from .prompts import prompts, timeout_commands
from .state import OVER, SETUP, GameState
from .view import bot_state, view

MAX_TEXT = 2000  # characters in one submission
MAX_COMMANDS = 30  # commands in one submission

__all__ = [
    "anytime", "board_svg", "bot_state", "check_options", "default_options", "describe", "describe_options",
    "is_command", "leave_commands", "legal_commands", "narrate", "new_state", "play", "prompts", "result",
    "seat_outcome", "split", "tallies", "text_board", "timeout_commands", "to_act", "undo_barrier", "view",
]

default_options = setup.default_options
describe_options = setup.describe_options
new_state = setup.new_state
to_act = commands.to_act
legal_commands = commands.legal_commands
play = commands.play


def check_options(options: Mapping[str, Any], players: int) -> dict[str, Any]:
    return setup.check_options(options, players).to_dict()


def platform_phase(state: GameState) -> str:
    """The platform's words for where a game stands: "setup", "play" or "over"."""
    if state.phase == SETUP:
        return "setup"
    return "over" if state.phase == OVER else "play"


# === THE RESULT ===

def seat_outcome(state: GameState, seat: int) -> SeatOutcome:
    player = state.seats[seat]
    label = cards.BASES[player.base].name
    if player.out:
        return SeatOutcome("resigned", label)
    if state.phase == OVER:
        return SeatOutcome("won" if seat in end.winners(state) else "lost", label)
    return SeatOutcome("playing", label)


def result(state: GameState, events: Sequence[Event]) -> dict[str, Any]:
    """The winner (None for a shared win, or before the end), every seat by place, best first, and each
    one's rank: seats tied on every count share it, and the next rank skips as many (1, 2, 2, 4)."""
    del events  # the state says it all
    if state.phase != OVER:
        return {"winner": None, "places": []}
    winners = end.winners(state)
    groups = end.places(state)
    return {"winner": winners[0] if len(winners) == 1 else None,
            "places": [seat for group in groups for seat in group],
            # Not mutated: end.ranks gives one rank per group, so the strictness of zip is never tried.
            "ranks": [rank for group, rank in zip(groups, end.ranks(groups), strict=True)  # pragma: no mutate
                      for _ in group]}


def tallies(state: GameState) -> dict[int, dict[str, int]]:
    """What the game-over charts follow turn by turn: glory and credits, both public."""
    return {i: {"Glory": seat.glory, "Credits": seat.credits} for i, seat in enumerate(state.seats)}


# === COMMANDS ===

def split(text: str) -> list[str]:
    """One submission into commands: separated by `;` or new lines, at most 30 and 2000 characters."""
    return split_submission(text, most=MAX_COMMANDS, longest=MAX_TEXT,
                            examples="tribute, attack space, end or help")


def _verb(command: str) -> str:
    words = command.split()
    return words[0].lower() if words else ""  # pragma: no mutate (any non-verb reads the same: no verb)


def command_words() -> tuple[str, ...]:
    return commands.VERBS


def is_command(text: str) -> bool:
    return _verb(text) in commands.VERBS


def anytime(command: str) -> bool:
    """Standing orders and leaving: any seat, whoever's turn it is, and never what the game waits for."""
    return _verb(command) in ("order", "resign")


def leave_commands(state: GameState, seat: int) -> list[str]:
    del state, seat
    return ["resign"]


def undo_barrier(command: str, events: Sequence[Event]) -> bool:
    """Only a standing order can be taken back: every other command moves cards, credits or dice, or
    asks or answers another seat."""
    return _verb(command) != "order" or any(event.get("type") != "order" for event in events)

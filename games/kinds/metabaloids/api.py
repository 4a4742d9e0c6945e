"""Metabaloids as the platform calls it (games/kinds/rules_kind.py hands each protocol call to the function
of the same name here): options, a new game, who acts and what each is asked, the commands, the result,
and what each reader may see. Pure: no Django."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from games.kinds.protocol import BadOptions, Dice, Event, SeatOutcome, split_submission

from . import commands, lobby
from .board import text_board
from .narration import describe, narrate
from .prompts import prompts
from .state import (
    CORE,
    DECKS,
    EDITIONS,
    MAX_WINDOW_MINUTES,
    OVER,
    PLACE,
    RESHUFFLE,
    SHORT,
    GameState,
    Options,
)
from .view import bot_state, view

MAX_TEXT = 2000  # characters in one submission
MAX_COMMANDS = 30  # commands in one submission (a whole turn by mail fits)
OPTION_KEYS = ("length", "elimination", "window_minutes", "quick", "edition")

__all__ = [
    "anytime", "bot_state", "check_options", "default_options", "describe", "describe_options",
    "is_command", "leave_commands", "legal_commands", "narrate", "new_state", "play", "prompts", "result",
    "seat_outcome", "split", "tallies", "text_board", "timeout_commands", "to_act", "undo_barrier", "view",
]

to_act = commands.to_act
legal_commands = commands.legal_commands
timeout_commands = commands.timeout_commands


def default_options() -> dict[str, Any]:
    return {"length": RESHUFFLE, "elimination": False, "window_minutes": 0, "quick": False, "edition": CORE}


def check_options(options: Mapping[str, Any], players: int) -> dict[str, Any]:
    """The options completed with their defaults; BadOptions, saying what to choose, when not offered."""
    unknown = sorted(str(k) for k in options if k not in OPTION_KEYS)
    if unknown:
        raise BadOptions(f"Metabaloids has no option {', '.join(unknown)}; its options are length (reshuffle "
                         f"or short), elimination (on or off), window_minutes (0-{MAX_WINDOW_MINUTES}), "
                         "quick (every seat plays deck A) and edition (core).")
    if not 2 <= players <= 6:
        raise BadOptions("Metabaloids is for 2 to 6 players.")
    checked = {**default_options(), **options}
    if checked["length"] not in (RESHUFFLE, SHORT):
        raise BadOptions(f"length is reshuffle or short, not {checked['length']!r}.")
    minutes = checked["window_minutes"]
    if isinstance(minutes, bool) or not isinstance(minutes, int) or not 0 <= minutes <= MAX_WINDOW_MINUTES:
        raise BadOptions(f"window_minutes must be a whole number from 0 to {MAX_WINDOW_MINUTES}, "
                         f"not {minutes!r}.")
    if checked["edition"] not in EDITIONS:
        # pragma on the next line: state.EDITIONS holds one edition, so the join has no separator to show
        raise BadOptions(f"Metabaloids is played in edition {' or '.join(EDITIONS)}, "  # pragma: no mutate
                         f"not {checked['edition']!r}.")
    for flag in ("elimination", "quick"):
        if not isinstance(checked[flag], bool):
            raise BadOptions(f"{flag} is on or off (true or false), not {checked[flag]!r}.")
    return checked


def describe_options(options: Mapping[str, Any]) -> str:
    checked = {**default_options(), **options}
    words = ["reshuffle game" if checked["length"] == RESHUFFLE else "short game (no reshuffle)"]
    if checked["elimination"]:
        words.append("elimination")
    if checked["window_minutes"]:
        words.append(f"{checked['window_minutes']} min windows to answer out of turn")
    if checked["quick"]:
        words.append("quick start (deck A for all)")
    return ", ".join(words)


def new_state(options: Mapping[str, Any], players: int, dice: Dice) -> GameState:
    checked = check_options(options, players)
    state, _ = lobby.new_game(Options.from_dict({**checked, "players": players}), dice)
    return state


def play(state: GameState, seat: int, command: str, dice: Dice | None) -> tuple[GameState, list[Event]]:
    return commands.play(state, seat, command, dice)


def platform_phase(state: GameState) -> str:
    """The platform's words: "setup" (decks and the initial deployment), "play" or "over"."""
    if state.phase in (DECKS, PLACE):
        return "setup"
    return "over" if state.phase == OVER else "play"


def seat_outcome(state: GameState, seat: int) -> SeatOutcome:
    if state.phase == DECKS:
        return SeatOutcome("playing", "")  # pragma: no mutate (protocol.py: the label defaults to "")
    player = state.seat(state.label(seat))
    label = f"p{player.label} · deck {player.deck}"
    if player.resigned:
        return SeatOutcome("resigned", label)
    if state.phase == OVER and state.result is not None:
        won = player.label in state.result["winners"]
        return SeatOutcome("won" if won else "lost", label)
    if player.status == "out":
        return SeatOutcome("out", label)
    return SeatOutcome("playing", label)


def result(state: GameState, events: Sequence[Event]) -> dict[str, Any]:
    """The winner (None for a shared first place, or before the end), every seat by place (lobby seats),
    and each one's rank: seats sharing a place share its rank, and the next rank skips as many."""
    del events
    if state.phase != OVER or state.result is None:
        return {"winner": None, "places": []}
    groups = [[state.lobby_seat(label) for label in group] for group in state.result["places"]]
    ranks: list[int] = []
    rank = 1
    for group in groups:
        ranks += [rank] * len(group)
        rank += len(group)
    winners = groups[0] if groups else []
    return {"winner": winners[0] if len(winners) == 1 else None,
            "places": [seat for group in groups for seat in group], "ranks": ranks}


def tallies(state: GameState) -> dict[int, dict[str, int]]:
    """What the game-over charts follow turn by turn: lost cards (the score) and cards in play."""
    if state.phase == DECKS:
        return {}
    return {state.lobby_seat(s.label): {"Lost": len(s.lost), "In play": len(s.in_play())}
            for s in state.seats}


def split(text: str) -> list[str]:
    return split_submission(text, most=MAX_COMMANDS, longest=MAX_TEXT,
                            examples="attack 1:1 p2 1:1, restock wasp, end or help")


def _verb(command: str) -> str:
    words = command.split()
    return words[0].lower() if words else ""  # pragma: no mutate (any non-word: "" is in no list of verbs)


def command_words() -> tuple[str, ...]:
    return commands.VERBS


def is_command(text: str) -> bool:
    return _verb(text) in commands.VERBS


def anytime(command: str) -> bool:
    """Standing orders, their list, leaving, and placements sent ahead of one's placement turn."""
    return _verb(command) in commands.ANYTIME


def leave_commands(state: GameState, seat: int) -> list[str]:
    del state, seat
    return ["resign"]


def undo_barrier(command: str, events: Sequence[Event]) -> bool:
    """Only a standing order (or its list) can be taken back: every other command moves cards, picks
    cards at random, or lets other seats' orders fire."""
    return _verb(command) not in ("order", "orders") or any(
        event.get("type") not in ("order", "orders") for event in events)

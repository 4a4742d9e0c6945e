"""How every page, picture and mail tells seats apart, and where a seat finished.

Seat letters and Okabe-Ito colours (distinguishable with the common colour-vision deficiencies), each with
the text colour that reads on it: the letter always goes with the colour. And, for a finished game, the
winning seat and a seat's place, read from Game.result ({"winner": index, "places": [index, ...]})."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

LETTERS = "ABCDEF"
COLOURS = ("#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9")
INKS = ("#ffffff", "#ffffff", "#ffffff", "#1b1b1b", "#1b1b1b", "#1b1b1b")


# What a bot level is called on the site (docs/bots.md), and what the level every kind offers does, for
# the lobby's choices; a kind says what its other levels do (Kind.bot_hints).
# The platform's words for the level every kind has; a kind's own hints (Kind.bot_hints) come first.
BOT_HINTS = {"random": "any legal move"}


def bot_title(level: str) -> str:
    return f"{level.capitalize()} bot"


def bot_choice(level: str, hints: Mapping[str, str]) -> str:
    hint = {**BOT_HINTS, **hints}.get(level)
    return f"{bot_title(level)} ({hint})" if hint else bot_title(level)


def letter(seat: int | None) -> str:
    return LETTERS[seat] if seat is not None and 0 <= seat < len(LETTERS) else ""


def colour(seat: int) -> str:
    return COLOURS[seat % len(COLOURS)]


def names(seats: Sequence[Any], players: int) -> list[str]:
    """The player names of a started game's seats (models.Seat) by turn index, "seat N" where none sits."""
    by_index = {s.index: s for s in seats if s.index is not None}
    return [by_index[i].name if i in by_index else f"seat {i + 1}" for i in range(players)]


def told_apart(names: Sequence[str]) -> list[str]:
    """The names with the seat's number after each one that more than one seat holds (three "Greedy bot"s:
    "Greedy bot 2" is seat 2), as Metal Adventures' narration writes them: lists that name every seat."""
    return [f"{name} {i + 1}" if list(names).count(name) > 1 else name for i, name in enumerate(names)]


def winner_of(result: dict[str, Any] | None, seats: Sequence[Any]) -> Any:
    """The winning seat among `seats` (models.Seat), or None."""
    winner = (result or {}).get("winner")
    return next((s for s in seats if s.index is not None and s.index == winner), None)


def place_of(result: dict[str, Any] | None, index: int | None) -> int | None:
    """1 for the winner, 2 for the next, ...; seats the result ranks together share a place ("ranks",
    parallel to "places": 1, 2, 2, 4); None when the result does not place the seat."""
    places = (result or {}).get("places") or []
    if index is None or index not in places:
        return None
    ranks = (result or {}).get("ranks") or []
    at = places.index(index)
    return int(ranks[at]) if len(ranks) == len(places) else at + 1


def ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"

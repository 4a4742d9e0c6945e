"""Sentences word for word for events the random games seldom reach (narration.py; rules.md, "Reading the
table by mail"): a bonus card drawn, a column made safe, a stalled game's end, and the help listing."""

from __future__ import annotations

from typing import Any

from games.kinds.metabaloids.narration import describe_for

from .test_mb_narration import NAMES, table


def said(event: dict[str, Any], you: int | None = None) -> str | None:
    """The event read by `you` (None: a spectator) at test_mb_narration's table of Ann (p1) and Ben (p2)."""
    return describe_for(event, table(), NAMES, you, you)  # type: ignore[no-untyped-call]


def test_a_drawn_bonus_card_is_named_with_its_cost() -> None:
    event = {"type": "bonus_card", "seat": 1, "card": "p1-queen-1"}
    assert said(event) == "Ann (p1) drew Hive Queen as a bonus card (+5)."


def test_a_column_made_safe_is_named_by_its_owner() -> None:
    event = {"type": "safe", "seat": 2, "col": 3}
    assert said(event) == "Ben (p2)'s column 3 is safe from attacks."
    assert said(event, 2) == "Your column 3 is safe from attacks."


def test_a_stalled_game_ends_in_its_own_words() -> None:
    event = {"type": "stalled", "rounds": 3}
    assert said(event) == (
        "Three rounds passed with no card lost and none drawn: the game ends.")


def test_help_lists_the_commands_for_its_seat() -> None:
    event = {"type": "help", "seat": 1}
    assert said(event, 1) == (
        "The commands: deck, place, done, discard, move, deploy, attack, use, restock, pass, end, pay, "
        "timeout, resign, order, orders, help. Send orders for your standing orders.")

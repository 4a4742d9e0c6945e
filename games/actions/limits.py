"""Per-player rate limits on what a person can repeat fast (docs/architecture.md, Rate limits): chat
messages, commands, invitations and reports, counted by the `limits` library (games/rates.py) across every
channel and process. A limit reached refuses with RateLimited, which says how long to wait; nothing is
done.

Commands are counted one by one, not by submission (a submission holds up to the kind's limit of them),
with their characters, per player and per game (all its players together): a submission that does not
fit in all of them is refused whole."""

from __future__ import annotations

from typing import Any

from django.conf import settings

from games import rates
from games.actions.errors import IllegalMove, RateLimited

# What each limit is called in its refusal, and the setting that holds its rates.
LIMITS = {
    "chat": ("chat messages", "CHAT_RATE_LIMIT"),
    "commands": ("commands", "COMMAND_RATE_LIMIT"),
    "invitations": ("invitations", "INVITE_RATE_LIMIT"),
    "reports": ("reports", "REPORT_RATE_LIMIT"),
}


def check_rate(what: str, user: Any) -> None:
    """Count one `what` ("chat", "invitations", "reports") for the user; RateLimited when over."""
    words, setting = LIMITS[what]
    wait = rates.hit(getattr(settings, setting), f"player-{what}", str(user.pk))
    if wait:
        raise RateLimited(f"Too many {words} in a short time: try again in {_wait_words(wait)}.", wait)


def check_commands(user: Any, game_id: int, commands: list[str]) -> None:
    """Count a submission's commands and characters for the player (COMMAND_RATE_LIMIT,
    COMMAND_CHARS_RATE_LIMIT) and its game (GAME_COMMAND_RATE_LIMIT); RateLimited, nothing counted, when
    any is over; IllegalMove when the submission is larger than a limit's whole window."""
    chars = sum(len(command) for command in commands)
    counts = {
        rates.Count(settings.COMMAND_RATE_LIMIT, "player-commands", str(user.pk), len(commands)):
            ("commands", "commands"),
        rates.Count(settings.COMMAND_CHARS_RATE_LIMIT, "player-command-chars", str(user.pk), chars):
            ("characters of commands", "characters"),
        rates.Count(settings.GAME_COMMAND_RATE_LIMIT, "game-commands", str(game_id), len(commands)):
            ("commands in this game", "commands"),
    }
    for count, (_, unit) in counts.items():
        most = rates.largest_cost(count.rates)
        if count.cost > most:
            raise IllegalMove(f"That is {count.cost} {unit} at once; the site takes at most {most} in a "
                              f"row: send fewer.")
    refused = rates.hit_all(list(counts))
    if refused:
        count, wait = refused
        raise RateLimited(f"Too many {counts[count][0]} in a short time: try again in {_wait_words(wait)}.",
                          wait)


def _wait_words(seconds: int) -> str:
    if seconds < 120:
        return f"{seconds} seconds" if seconds != 1 else "a second"
    minutes = (seconds + 59) // 60
    return f"{minutes} minutes" if minutes < 120 else f"{(minutes + 59) // 60} hours"

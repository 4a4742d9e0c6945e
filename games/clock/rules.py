"""A game's clock, chosen at creation (docs/clock.md): no clock, a plain move deadline, or a time bank;
the reminders; and what a timeout does. Stored as Game.clock (to_dict) and read back with from_dict.

Game-agnostic: a kind only says what its seats do when their time runs out (Kind.timeout_commands).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass, fields
from typing import Any

NONE, DEADLINE, BANK = "none", "deadline", "bank"
MODES = {NONE: "No clock", DEADLINE: "A deadline per turn", BANK: "A time bank per player"}
# What a timeout does: the clock ends the seat's turn, or does that and, after `expel_after` timeouts
# in a row, asks the other players whether to expel the player or keep waiting.
# Or a bot plays the turn for the player (docs/bots.md), who keeps the seat and plays the next turn.
END, VOTE, BOT = "end", "vote", "bot"
ON_TIMEOUT = {END: "End the turn for the player", VOTE: "End the turn; after repeated timeouts the others "
                                                        "may vote to expel the player",
              BOT: "A bot plays the turn for the player"}

HOURS_MAX = 24 * 30
BANK_MAX = 24 * 60
EXPEL_MAX = 10
# A reminder this long before the time runs out (besides the one at half-time).
LAST_CALL_HOURS = 12


class ClockError(ValueError):
    """Clock settings the site does not offer; the message says what would do."""


@dataclass(frozen=True)
class ClockRules:
    mode: str = DEADLINE
    hours: int = 72  # deadline: per turn (3 days)
    bank_hours: int = 7 * 24  # time bank: what each player starts with
    increment_hours: int = 24  # added to the bank after each turn the player plays
    cap_hours: int = 14 * 24  # the bank never grows beyond this
    reminders: bool = True  # at half-time and LAST_CALL_HOURS before the time runs out
    on_timeout: str = END
    expel_after: int = 3  # timeouts in a row before the others may vote (on_timeout "vote")

    @property
    def runs(self) -> bool:
        return self.mode != NONE

    def allowance_hours(self) -> int:
        """What a seat starts with: its turn's hours, or (time bank) its starting bank."""
        return self.hours if self.mode == DEADLINE else self.bank_hours

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any] | None) -> ClockRules:
        """The stored rules; a game stored without any (before clocks) has none."""
        if not data:
            return cls(mode=NONE)
        known = {f.name for f in fields(cls)}
        return cls(**{k: v for k, v in data.items() if k in known})

    def describe(self) -> str:
        """One line for lists, invitations and mails: "3 days per turn", "time bank: 7 days, +1 day a
        turn, up to 14 days", "no deadline"."""
        if self.mode == NONE:
            return "no deadline"
        if self.mode == DEADLINE:
            text = f"{span(self.hours)} per turn"
        else:
            text = (f"time bank: {span(self.bank_hours)}, +{span(self.increment_hours)} a turn, up to "
                    f"{span(self.cap_hours)}")
        if self.on_timeout == VOTE:
            text += f"; expel vote after {self.expel_after} timeouts"
        elif self.on_timeout == BOT:
            text += "; a bot plays a turn that runs out"
        return text


def span(hours: float) -> str:
    """Hours as people say them: "12 hours", "3 days", "1 day 6 hours"."""
    whole = int(hours)
    days, rest = divmod(whole, 24)
    if days == 0:
        return f"{whole} hour" + ("s" if whole != 1 else "")
    text = f"{days} day" + ("s" if days != 1 else "")
    if rest:
        text += f" {rest} hour" + ("s" if rest != 1 else "")
    return text


def check(data: Mapping[str, Any]) -> ClockRules:
    """The rules a creator chose, completed with the defaults; ClockError with what is wrong."""
    defaults = ClockRules()
    picked = {f.name: data.get(f.name) for f in fields(ClockRules) if data.get(f.name) is not None}
    rules = ClockRules(**{**defaults.to_dict(), **picked})
    if rules.mode not in MODES:
        raise ClockError("The clock is none, a deadline per turn or a time bank.")
    if rules.on_timeout not in ON_TIMEOUT:
        raise ClockError("A timeout ends the turn, ends it and lets the others vote to expel, or has a bot "
                         "play it.")
    for name, low, high in (("hours", 1, HOURS_MAX), ("bank_hours", 1, BANK_MAX),
                            ("increment_hours", 0, HOURS_MAX), ("cap_hours", 1, BANK_MAX),
                            ("expel_after", 1, EXPEL_MAX)):
        value = getattr(rules, name)
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            raise ClockError(_range_message(name, low, high))
    if rules.mode == BANK and rules.cap_hours < rules.bank_hours:
        raise ClockError("The time bank's cap is at least what each player starts with.")
    if rules.mode == NONE:
        return ClockRules(mode=NONE)
    return rules


def _range_message(name: str, low: int, high: int) -> str:
    words = {"hours": "The turn deadline", "bank_hours": "The starting time bank",
             "increment_hours": "The time added after each turn", "cap_hours": "The time bank's cap",
             "expel_after": "The timeouts before an expel vote"}[name]
    if name == "expel_after":
        return f"{words} are between {low} and {high}."
    return f"{words} is between {span(low) if low else 'no time'} and {span(high)} ({high} hours)."

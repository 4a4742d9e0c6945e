"""Who acts, with what authority (docs/architecture.md): every action takes an Actor, never a source
string, so no channel can claim more than it has.

- a player (a signed-in user, through the web, e-mail or the API) acts for their own seat;
- a bot acts only for the seat it holds;
- the clock acts only for a seat whose turn it is (a timeout);
- a moderator is a staff user in the moderator group (or a superuser) with a reason, and may act for any
  seat;
- the system (management commands, the demo) acts with a reason.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from games.actions.errors import NotAllowed
from games.moderators import is_moderator

CHANNELS = ("web", "email", "api")


@dataclass(frozen=True)
class Actor:
    role: str  # "player", "bot", "clock", "moderator" or "system"
    user: Any = None
    seat: int | None = None  # a bot's own seat
    channel: str = "web"  # a player's channel: web, email or api
    reason: str = ""

    @classmethod
    def player(cls, user: Any, channel: str = "web") -> Actor:
        if channel not in CHANNELS:
            raise ValueError(f"unknown channel {channel!r}")
        return cls("player", user=user, channel=channel)

    @classmethod
    def bot(cls, seat: int) -> Actor:
        return cls("bot", seat=seat)

    @classmethod
    def clock(cls) -> Actor:
        return cls("clock")

    @classmethod
    def moderator(cls, user: Any, reason: str) -> Actor:
        return cls("moderator", user=user, reason=reason.strip())

    @classmethod
    def system(cls, reason: str) -> Actor:
        return cls("system", reason=reason.strip())

    @property
    def source(self) -> str:
        """What the log records as the action's source (games.models.Action.Source)."""
        return {"player": self.channel, "bot": "bot", "clock": "timeout", "moderator": "moderator",
                "system": "system"}[self.role]

    @property
    def user_id(self) -> Any:
        return getattr(self.user, "pk", None) if self.user is not None else None

    @property
    def signed_in(self) -> bool:
        return self.user is not None and bool(getattr(self.user, "is_authenticated", False))

    def require_player(self) -> Any:
        """The signed-in user behind a player actor; NotAllowed for anyone else."""
        if self.role != "player" or not self.signed_in:
            raise NotAllowed("Log in to do that.", code="not_signed_in")
        return self.user

    def require_moderator(self) -> Any:
        """A staff user with the moderator group's permission (superusers have every permission)."""
        if self.role != "moderator" or not (self.signed_in and is_moderator(self.user)):
            raise NotAllowed("Only moderators can do that.")
        if not self.reason:
            raise NotAllowed("A moderator gives a reason for every action.", code="reason_required")
        return self.user

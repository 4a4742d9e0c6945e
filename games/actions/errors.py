"""Refusals: typed errors with a code and a message the player reads. Nothing was changed.

Each channel turns codes into its own form in one place (the web: games/views/refusals.py); the codes
are listed in docs/architecture.md and are part of the public API's error format.
"""

from __future__ import annotations


class ActionError(Exception):
    """A refusal in words a player understands; nothing was changed."""

    code = "refused"

    def __init__(self, message: str, code: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        if code is not None:
            self.code = code


class NotAllowed(ActionError):
    """The actor may not do this: not their seat, not their game, not a moderator."""

    code = "not_allowed"


class NotYourTurn(NotAllowed):
    code = "not_your_turn"


class NotInPlay(ActionError):
    """The game is not at the stage this needs (not started, already over, already started)."""

    code = "not_in_play"


class GameMovedOn(ActionError):
    """The form was built for an older version of the game: refused, never applied twice."""

    code = "moved_on"


class IllegalMove(ActionError):
    """The rules refuse the command (the kind's Refused, with its words)."""

    code = "illegal"


class BadOptions(ActionError):
    """Game options the kind does not offer."""

    code = "bad_options"


class Invalid(ActionError):
    """Input the action cannot use: an empty message, an unknown player, a duplicate report."""

    code = "invalid"


class RateLimited(ActionError):
    """Too many of these too fast (games/rates.py): nothing was done; `retry_after` seconds to wait."""

    code = "rate_limited"

    def __init__(self, message: str, retry_after: int) -> None:
        super().__init__(message)
        self.retry_after = retry_after


class NothingToUndo(ActionError):
    code = "nothing_to_undo"


MOVED_ON = "The game has moved on since that page was loaded: here is the current board. Nothing was applied."
PAUSED = "A moderator has paused this game: no moves until it is resumed."

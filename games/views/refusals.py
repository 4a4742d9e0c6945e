"""The web's form of a refusal: one table from error codes (games/actions/errors.py) to HTTP statuses.
Every view that calls an action answers a refusal through here, never with a status of its own."""

from __future__ import annotations

from games.actions import ActionError

HTTP_STATUS = {
    "not_signed_in": 403,
    "not_allowed": 403,
    "not_your_seat": 403,
    "not_your_turn": 403,
    "no_seat": 403,
    "reason_required": 403,
    "moved_on": 409,
    "paused": 409,
    "not_in_play": 403,
    "full": 403,
    "nothing_to_undo": 400,
    "illegal": 400,
    "stopped_after_roll": 400,
    "bad_options": 400,
    "invalid": 400,
    "bad_version": 400,
    "empty": 400,
    "too_long": 400,
    "duplicate": 400,
    "on_vacation": 400,
    "not_on_vacation": 400,
    "no_vacation_days": 400,
    "not_due": 400,
    "vote_over": 409,
    "not_a_voter": 403,
    "rate_limited": 429,
    "unknown_kind": 500,
}


def http_status(error: ActionError) -> int:
    return HTTP_STATUS.get(error.code, 400)

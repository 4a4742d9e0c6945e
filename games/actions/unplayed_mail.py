"""Owing the answer to a mail that reached the site but is not played (games/mail/not_played.py decides
which, and words why): its row (InboundMail, outcome "rejected", nothing played) and its answer, a
Notification of kind "reply" like every other answer to a mail (docs/architecture.md, "Playing by
e-mail"). The row is written for the player who is answered, at the verified address the report names,
with the seat whose position the answer may show: that player's own, never another's.
"""

from __future__ import annotations

from django.contrib.auth.models import AbstractBaseUser
from django.db import IntegrityError, transaction

from games.actions.notify import notify_reply
from games.models import InboundMail, Seat


def owe_unplayed_answer(*, game_id: int, user: AbstractBaseUser, seat: Seat | None, key: str, to: str,
                        why: str, message_id: str = "", subject: str = "", size: int = 0,
                        ) -> InboundMail | None:
    """Write the row and owe its answer to `to`; None when this mail was answered before (same key)."""
    report = {"played": [], "refused": None, "not_tried": [], "asked": [], "ignored": "", "stop": "",
              "meant": "", "rejected": why, "from": to, "subject": subject, "message_id": message_id}
    with transaction.atomic():
        try:
            with transaction.atomic():  # a savepoint: a duplicate's IntegrityError leaves the rest usable
                row = InboundMail.objects.create(key=key, message_id=message_id[:300], game_id=game_id,
                                                 seat=seat, user=user, size=size,
                                                 outcome=InboundMail.Outcome.REJECTED, report=report)
        except IntegrityError:
            return None
        notify_reply(row)
    return row

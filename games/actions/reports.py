"""Reports (docs/moderation.md): a player reports a game, a chat message or a player from the game page,
with a reason; the reports form the moderators' queue, and a moderator marks each actioned or dismissed
(the reporter is told which)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django.db import IntegrityError, transaction
from django.utils import timezone

from games.actions.actor import Actor
from games.actions.audit import record
from games.actions.errors import Invalid, NotAllowed
from games.actions.limits import check_rate
from games.models import AuditEntry, ChatMessage, Game, Notice, Report
from games.queries import can_view

REASON_MAX = 300


def report(game: Game, actor: Actor, about: str, reason: str, *, message: ChatMessage | None = None,
           player: Any = None) -> Report:
    """A player's report of the game itself, one of its chat messages, or one of its players."""
    user = actor.require_player()
    if not can_view(game, user):
        raise NotAllowed("You cannot see this game.")
    reported = None
    if about == Report.About.CHAT:
        # Read afresh: a message hidden since the page was drawn is no longer there to report.
        message = (ChatMessage.objects.select_related("user").filter(pk=message.pk).first()
                   if message is not None else None)
        if message is None or message.game_id != game.pk or message.hidden:
            raise Invalid("There is no such message in this game.", code="no_such_message")
        if message.user_id == user.pk:
            raise Invalid("You cannot report your own message.", code="own")
        reported, target = message.user, f"chat:{message.pk}"
    elif about == Report.About.PLAYER:
        if player is None or not game.seats.filter(user=player).exists():
            raise Invalid("That player is not in this game.", code="no_such_player")
        if player.pk == user.pk:
            raise Invalid("You cannot report yourself.", code="own")
        reported, target = player, f"player:{player.pk}"
    elif about == Report.About.GAME:
        target = f"game:{game.pk}"
    else:
        raise Invalid("Report the game, a chat message or a player.", code="invalid")
    reason = " ".join(reason.split())
    if not reason:
        raise Invalid("Say what is wrong: the moderators need a reason.", code="no_reason")
    if len(reason) > REASON_MAX:
        raise Invalid(f"A reason is at most {REASON_MAX} characters ({len(reason)} given).", code="too_long")
    # The same thing twice by one player is one report: while theirs is open (the unique constraint has the
    # last word in a race), and for a chat message ever (its words do not change after a moderator judged
    # them). Refused before the rate limit counts it: a repeat costs the player nothing.
    earlier = Report.objects.filter(reporter=user, target=target)
    if about != Report.About.CHAT:
        earlier = earlier.filter(status=Report.Status.OPEN)
    if earlier.exists():
        raise _duplicate()
    check_rate("reports", user)
    try:
        with transaction.atomic():
            return Report.objects.create(about=about, game=game, message=message, reported=reported,
                                         reporter=user, target=target, reason=reason)
    except IntegrityError:
        raise _duplicate() from None


def _duplicate() -> Invalid:
    return Invalid("You have already reported this; the moderators will look at it.", code="duplicate")


def handle_reports(reports: Iterable[Report], actor: Actor, status: str) -> int:
    """Close open reports as actioned or dismissed, each with an audit entry; the reporters get a notice.
    Reports closed already are left as they were. Returns how many were closed."""
    moderator = actor.require_moderator()
    if status not in (Report.Status.ACTIONED, Report.Status.DISMISSED):
        raise Invalid("A report is closed as actioned or dismissed.")
    word = "actioned" if status == Report.Status.ACTIONED else "dismissed"
    closed = 0
    with transaction.atomic():
        for item in reports:
            locked = Report.objects.select_for_update().filter(pk=item.pk, status=Report.Status.OPEN).first()
            if locked is None:
                continue
            locked.status, locked.handled_by, locked.handled_at = status, moderator, timezone.now()
            locked.save(update_fields=["status", "handled_by", "handled_at"])
            record(actor, AuditEntry.Act.REPORT, f"marked a report on {locked.target} {word}",
                   game=locked.game, user=locked.reported, message=locked.message, report=locked,
                   public=False)
            Notice.objects.create(user=locked.reporter, game=locked.game, kind=Notice.Kind.MODERATION,
                                  text=f"Your report in game {locked.game_id} was {word} by a moderator.")
            closed += 1
    return closed


def close_reports_on(message: ChatMessage, actor: Actor) -> None:
    """A message hidden answers its open reports: actioned."""
    handle_reports(Report.objects.filter(message=message, status=Report.Status.OPEN), actor,
                   Report.Status.ACTIONED)

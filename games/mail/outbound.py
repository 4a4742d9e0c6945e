"""Sending one owed notice (a Notification row): claim it, compose it from its templates
(templates/games/mail/<kind>_subject.txt, <kind>.txt and, where there is one, <kind>.html), send it,
mark it. Called by games.tasks (the task scheduled on commit, and the periodic sweep)."""

from __future__ import annotations

import email.policy
import enum
import functools
from datetime import timedelta
from email.message import MIMEPart
from typing import Any

from django.conf import settings
from django.core.mail import EmailMultiAlternatives
from django.template import TemplateDoesNotExist
from django.template.loader import render_to_string

from accounts.models import TurnMail
from games import pulse
from games.actions.notify import claim, mark_failed, mark_sent
from games.kinds import get_kind
from games.mail.addresses import notice_headers, seat_address
from games.mail.unsubscribe import unsubscribe_url
from games.models import Action, Game, Notification
from games.pictures import svg_png
from games.summary import game_summary


class Delivery(enum.StrEnum):
    SENT = "sent"
    DROPPED = "dropped"  # stale or no longer wanted: marked done, nothing mailed
    SKIPPED = "skipped"  # already sent or dropped, or another sender holds it


class SendFailed(Exception):
    """The send failed; the error is on the row, which rests for `retry_in` before the next try."""

    def __init__(self, error: str, retry_in: timedelta) -> None:
        super().__init__(error)
        self.retry_in = retry_in


def deliver(notification_id: int) -> Delivery:
    row = claim(notification_id)
    if row is None:
        return Delivery.SKIPPED
    try:
        mail = compose(row)
        if mail is not None:
            mail.send()
    except Exception as exc:  # SMTP, network, provider or template: each is recorded and retried alike
        error = f"{type(exc).__name__}: {exc}"
        raise SendFailed(error, mark_failed(row, error)) from exc
    # A kill between the send and this mark is the one gap left: the lease expires and the sweep mails
    # again (at least once). Everything else (duplicate task, retry, sweep race) finds the row sent.
    mark_sent(row, dropped=mail is None)
    return Delivery.DROPPED if mail is None else Delivery.SENT


def compose(row: Notification) -> EmailMultiAlternatives | None:
    """The mail for the row as things stand now, or None when it is no longer due."""
    profile = getattr(row.user, "profile", None)
    if not row.user.is_active or profile is None or profile.turn_mail == TurnMail.NEVER:
        return None
    if row.kind == Notification.Kind.TURN:
        return _turn_mail(row)
    if row.kind == Notification.Kind.FINISHED:
        return _finished_mail(row)
    raise ValueError(f"no mail for notices of kind {row.kind!r}")


def _turn_is_current(row: Notification) -> bool:
    """The player is still awaited in the turn the notice is about (else they played: drop it)."""
    game = row.game
    if game.status not in (Game.Status.SETUP, Game.Status.ACTIVE) or game.state is None:
        return False
    if row.seat is None or not row.seat.awaiting:
        return False
    kind = get_kind(game.kind)
    return bool(kind.turn(kind.load(game.state)) == row.key)


def _was_here(row: Notification) -> bool:
    """The player acted in the game or had its page open since the notice was written: they know."""
    seen = pulse.last_seen(row.game_id, row.user_id)
    if seen is not None and seen > row.created_at:
        return True
    return Action.objects.filter(game_id=row.game_id, actor_id=row.user_id,
                                 created_at__gt=row.created_at).exists()


def _turn_mail(row: Notification) -> EmailMultiAlternatives | None:
    if not _turn_is_current(row):
        return None
    if row.user.profile.turn_mail == TurnMail.AWAY and _was_here(row):
        return None
    game = row.game
    what = "choose before play starts" if game.status == Game.Status.SETUP else "it is your turn"
    ctx = {"game": game, "name": row.seat.name if row.seat else row.user.display_name, "what": what,
           "site": settings.SITE_URL, "url": f"{settings.SITE_URL}{game.get_absolute_url()}"}
    return _mail("turn", ctx, row)


def _finished_mail(row: Notification) -> EmailMultiAlternatives | None:
    game = row.game
    summary = game_summary(game)
    if summary is None:
        return None
    charts = [(f"chart{i}@metaltalon", chart.title, _png(chart.svg))
              for i, chart in enumerate(summary.charts)]
    ctx = {"game": game, "summary": summary, "name": row.seat.name if row.seat else row.user.display_name,
           "site": settings.SITE_URL, "charts": [(cid, title) for cid, title, _ in charts]}
    mail = _mail("finished", ctx, row)
    for cid, title, png in charts:
        mail.attach(_inline_png(cid, title, png))
    return mail


class NoticeMail(EmailMultiAlternatives):
    """Header lines may run to RFC 5322's 998 characters: at the default 78, a long List-Unsubscribe URL
    cannot be folded and becomes an RFC 2047 encoded word, which RFC 2369 does not allow inside <...>."""

    def message(self, *, policy: email.policy.Policy = email.policy.default) -> Any:
        return super().message(policy=policy.clone(max_line_length=998))


def _mail(name: str, ctx: dict[str, Any], row: Notification) -> EmailMultiAlternatives:
    ctx = {**ctx, "unsubscribe": unsubscribe_url(row.user_id)}
    # A subject is one line whatever the template's own line breaks.
    subject = " ".join(render_to_string(f"games/mail/{name}_subject.txt", ctx).split())
    # Replies go to the seat's signed address (for the inbound side); a notice without a seat gets none,
    # so a reply to it reaches no one rather than the wrong seat.
    mail = NoticeMail(subject=subject, body=render_to_string(f"games/mail/{name}.txt", ctx),
                                  to=[row.user.email], headers=notice_headers(row.game, row.user_id),
                                  reply_to=[seat_address(row.seat)] if row.seat is not None else None)
    try:
        html = render_to_string(f"games/mail/{name}.html", ctx)
    except TemplateDoesNotExist:
        pass  # this notice is plain text only
    else:
        mail.attach_alternative(html, "text/html")
    return mail


@functools.lru_cache(maxsize=16)
def _png(svg: str) -> bytes:
    # Every player of a game gets the same charts: draw them once per worker, not once per mail.
    return svg_png(svg, 640)


def _inline_png(cid: str, title: str, png: bytes) -> MIMEPart:
    """A picture the HTML part shows with <img src="cid:...">."""
    part = MIMEPart()
    part.set_content(png, maintype="image", subtype="png", disposition="inline",
                     filename=f"{title.lower()}.png", cid=f"<{cid}>")
    return part

"""Sending one owed notice (a Notification row): claim it, compose it from its templates
(templates/games/mail/<kind>_subject.txt, <kind>.txt and, where there is one, <kind>.html), send it,
mark it. Called by games.tasks (the task scheduled on commit, and the periodic sweep).

What each kind mails (`COMPOSERS`: one line per kind):
- turn: the seat may act (a turn, a setup decision): where the game stands for it (games/mail/position.py:
  the text board, what happened since its last turn, its commands, how to reply, the deadline; the board
  as an inline picture in the HTML part).
- started: the game left "open", to every seat: the players and the position; for a seat awaited at the
  start it is that turn's notice too (notify_turn writes no second row).
- reminder: the seat's time is running out (at half-time, and 12 hours before): how long is left, until
  when in the player's time zone, what the clock does then, and the position as in a turn mail.
- digest: once a day at the player's hour, instead of turn mails: every game that awaits them, with its
  deadline, and the link to the one that has waited longest.
- invited: who invites, the game, the link to take the seat.
- eliminated: the seat went out or resigned and the game goes on: the position that put it out.
- finished: the summary, with the charts as inline pictures, the final board (text and picture) and the
  whole last turn (games/mail/game_over.py); a reply to it may ask for a `rematch`.
- reply: the answer to a mailed reply (games/mail/answers.py): what was played and refused, then the
  position (its board picture only when the mail asked for `board`); sent even to a player who chose
  "never" (it answers their own mail).
"""

from __future__ import annotations

import email.policy
import enum
import functools
from collections.abc import Callable
from dataclasses import dataclass
from datetime import timedelta
from email.message import MIMEPart
from typing import Any

from django.conf import settings
from django.core.mail import EmailMultiAlternatives
from django.template import TemplateDoesNotExist
from django.template.loader import render_to_string
from django.urls import reverse

from accounts.models import TurnMail
from games import pulse
from games import seats as seats_of
from games.actions.notify import TURN_NOTICES, claim, mark_failed, mark_sent
from games.actions.vacation import days_left
from games.deadlines import seat_deadline
from games.kinds import words
from games.mail.addresses import notice_headers, seat_address, user_headers
from games.mail.answers import answer_context, answer_headers
from games.mail.asked_for import rules_url
from games.mail.game_over import final_position, last_turn
from games.mail.position import Position, attach_board, position
from games.mail.unsubscribe import unsubscribe_url
from games.models import Action, AuditEntry, ClockDue, Game, Invitation, Notification, Seat
from games.pictures import svg_png
from games.prompts import asked
from games.queries import awaiting_seats
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
    """Send the row's mail. A turn notice takes with it the player's other turn notices due now (their
    games' positions in one mail, gathered); each row is marked sent, or dropped when it is no longer due."""
    rows = claim(notification_id)
    if not rows:
        return Delivery.SKIPPED
    row = rows[0]
    for each in rows:
        _seat_knows_its_player(each)
    try:
        mail, told = compose_all(rows)
        if mail is not None:
            mail.send()
    except Exception as exc:  # SMTP, network, provider or template: each is recorded and retried alike
        error = f"{type(exc).__name__}: {exc}"
        retry_in = [mark_failed(each, error) for each in rows][0]
        raise SendFailed(error, retry_in) from exc
    # A kill between the send and this mark is the one gap left: the lease expires and the sweep mails
    # again (at least once). Everything else (duplicate task, retry, sweep race) finds the row sent.
    mark_sent(rows, told)
    return Delivery.SENT if row.pk in told else Delivery.DROPPED


def _seat_knows_its_player(row: Notification) -> None:
    """The row's seat is its player's (a notice goes to the seat's player): the user the claim read with
    its profile is the seat's, so the mail's greeting (Seat.name) costs no two more queries."""
    seat = row.seat
    if seat is not None and seat.user_id == row.user_id and not Seat.user.is_cached(seat):
        seat.user = row.user


def compose_all(rows: list[Notification]) -> tuple[EmailMultiAlternatives | None, set[int]]:
    """One mail for the rows (the first one's player), and the rows it tells: a lone row's own mail, or
    the turn notices still due gathered into one."""
    if len(rows) == 1:
        mail = compose(rows[0])
        return mail, {rows[0].pk} if mail is not None else set()
    parts = [part for each in rows if (part := _part(each)) is not None]
    if not parts:
        return None, set()
    if len(parts) == 1:
        return _with_position(parts[0]), {parts[0].row.pk}
    return _together_mail(parts), {part.row.pk for part in parts}


def compose(row: Notification) -> EmailMultiAlternatives | None:
    """The mail for the row as things stand now, or None when it is no longer due."""
    if not _wanted(row):
        return None
    composer = COMPOSERS.get(row.kind)
    if composer is None:
        raise ValueError(f"no mail for notices of kind {row.kind!r}")
    return composer(row)


def _wanted(row: Notification) -> bool:
    """The player still takes this kind of mail."""
    profile = getattr(row.user, "profile", None)
    if profile is None:
        return False
    # A moderator's notice is about the account itself (a suspension, a seat taken away): it goes to an
    # account that is inactive because of it, and whatever the player chose for game mail.
    if row.kind == Notification.Kind.MODERATION:
        return True
    if not row.user.is_active:
        return False
    return profile.turn_mail != TurnMail.NEVER or row.kind == Notification.Kind.REPLY


@dataclass(frozen=True)
class Part:
    """A mail about one game's position, before it is rendered: its templates' `name` and context."""

    name: str
    ctx: dict[str, Any]
    row: Notification
    pos: Position


def _part(row: Notification) -> Part | None:
    """A turn notice's position (for a mail of its own or among others), or None when it is not due."""
    if not _wanted(row):
        return None
    return _turn_part(row) if row.kind == Notification.Kind.TURN else _started_part(row)


def _turn_is_current(row: Notification) -> bool:
    """The player is still asked what the notice tells, and has been since it was written (else they
    answered, or the game moved on: drop it; a held turn that came back since has a newer notice)."""
    game = row.game
    if game.status not in (Game.Status.SETUP, Game.Status.ACTIVE) or game.state is None:
        return False
    seat = row.seat
    if seat is None or not seat.awaiting or seat.prompt != row.prompt:
        return False
    return seat.awaited_since is None or row.created_at >= seat.awaited_since


def _was_here(row: Notification) -> bool:
    """The player acted in the game or had its page open since the notice was written: they know."""
    seen = pulse.last_seen(row.game_id, row.user_id)
    if seen is not None and seen > row.created_at:
        return True
    acted = getattr(row, "acted_since", None)  # the claim asked it with the row (games/actions/notify.py)
    if acted is not None:
        return bool(acted)
    return Action.objects.filter(game_id=row.game_id, actor_id=row.user_id,
                                 created_at__gt=row.created_at).exists()


def _what(game: Game, seat: Seat) -> str:
    """What the seat is asked there, in the kind's words (the digest's line for a game)."""
    prompt = asked(game).get(seat.index) if seat.index is not None else None
    return prompt.text if prompt is not None else "it is your turn"


def _base(row: Notification) -> dict[str, Any]:
    game = row.game
    return {"game": game, "name": row.seat.name if row.seat else row.user.display_name,
            "kind_words": words(game.kind), "site": settings.SITE_URL,
            "url": f"{settings.SITE_URL}{game.get_absolute_url()}"}


def _with_position(part: Part) -> EmailMultiAlternatives:
    mail = _mail(part.name, {**part.ctx, "position": part.pos}, part.row, prompt=part.pos.prompt)
    attach_board(mail, part.pos)
    return mail


def _position_mail(part: Part | None) -> EmailMultiAlternatives | None:
    return _with_position(part) if part is not None else None


def _together_mail(parts: list[Part]) -> EmailMultiAlternatives:
    """Several games' notices due at once, in one mail: each game's heading (its own mail's subject), its
    position as text and the address that plays it by mail. No board pictures (one mail, not several
    mails' weight), and no Reply-To: a reply could be meant for any of the games."""
    row = parts[0].row
    games = [{"heading": _subject(part.name, {**part.ctx, "position": part.pos}), "position": part.pos,
              "address": seat_address(part.row.seat) if part.row.seat is not None else ""}
             for part in parts]
    ctx = {"name": row.user.display_name, "site": settings.SITE_URL, "games": games,
           "titles": _and_list([f"{part.row.game.kind_title} game {part.row.game.pk}" for part in parts])}
    return _mail("together", ctx, row, in_game=False)


def _and_list(words: list[str]) -> str:
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def _turn_part(row: Notification) -> Part | None:
    if not _turn_is_current(row):
        return None
    if row.user.profile.turn_mail == TurnMail.AWAY and _was_here(row):
        return None
    if row.user.profile.daily_digest:
        return None  # the day's digest lists the game instead
    assert row.seat is not None  # _turn_is_current
    pos = position(row.game, row.seat)
    return Part("turn", {**_base(row), "what": pos.question}, row, pos)


def _turn_mail(row: Notification) -> EmailMultiAlternatives | None:
    return _position_mail(_turn_part(row))


def _reminder_mail(row: Notification) -> EmailMultiAlternatives | None:
    """Sent while the reminder's stint is still running: the seat still awaited in the same turn, its
    clock not paused and not yet out of time (else it played, went away or is timing out: drop it)."""
    due = ClockDue.objects.filter(pk=row.key).first()
    seat = row.seat
    game = row.game
    if due is None or seat is None or not game.is_active or game.state is None:
        return None
    if not seat.awaiting or seat.clock_prompt != due.prompt or seat.clock_since is None:
        return None
    profile = row.user.profile
    left = seat_deadline(game, seat)
    if left.overdue:
        return None  # too late to remind: the timeout is due, and says what happened
    pos = position(game, seat)
    ctx = {**_base(row), "what": pos.question, "left": left.text, "until": left.when(profile.time_zone),
           "on_timeout": _on_timeout(game, seat, pos)}
    return _with_position(Part("reminder", ctx, row, pos))


def _on_timeout(game: Game, seat: Seat, pos: Position) -> str:
    """What happens if the time runs out, in the reminder's words."""
    if not pos.own_turn:  # a question out of turn: its default, whatever the player's vacation says
        return f"the clock answers for you: {pos.default}" if pos.default else "the clock answers for you"
    profile = getattr(seat.user, "profile", None)
    away = profile is not None and profile.auto_vacation and profile.vacation_since is None
    if away and days_left(profile) >= settings.VACATION_AUTO_MIN_DAYS:
        return "you go on vacation (you have vacation days left), and your games wait for you"
    if game.status == Game.Status.SETUP:
        return words(game.kind).setup_timeout
    return "the clock ends your turn for you"


def _digest_mail(row: Notification) -> EmailMultiAlternatives | None:
    """The games awaiting the player as the mail goes out (none now: nothing to say, dropped)."""
    profile = row.user.profile
    games = []
    for seat in awaiting_seats(row.user_id):
        game = seat.game
        games.append({"game": game, "url": f"{settings.SITE_URL}{game.get_absolute_url()}",
                      "what": _what(game, seat),
                      "deadline": seat_deadline(game, seat).sentence(profile.time_zone)})
    if not games:
        return None
    ctx = {"name": row.user.display_name, "site": settings.SITE_URL, "games": games,
           "next_url": f"{settings.SITE_URL}{reverse('games:next')}"}
    return _mail("digest", ctx, row)


def _started_part(row: Notification) -> Part | None:
    """Once per game; to a player who chose "only when I am away" only if they have not been to the game
    (acted, or had its page open) since it started: the one who started it against bots is there."""
    game = row.game
    if game.is_over or game.state is None or row.seat is None or row.seat.index is None:
        return None  # over already: the game-over mail says it all
    if _turn_has_its_own_notice(row):
        return None
    if row.user.profile.turn_mail == TurnMail.AWAY and _was_here(row):
        return None
    seats = list(game.seats.exclude(index=None).select_related("user__profile").order_by("index"))
    named = seats_of.told_apart([s.name for s in seats])
    players = [f"{seats_of.letter(s.index)} {n}".strip() for s, n in zip(seats, named, strict=True)]
    pos = position(game, row.seat)
    return Part("started", {**_base(row), "what": pos.question, "players": players}, row, pos)


def _started_mail(row: Notification) -> EmailMultiAlternatives | None:
    return _position_mail(_started_part(row))


def _turn_has_its_own_notice(row: Notification) -> bool:
    """A start mail composed after its prompt has passed (the setup was over, or the bots had played,
    before it went out) would show the seat's new question as its own, beside that question's notice: two
    mails for one question. The start mail is the notice of the prompt it was written for only
    (games/actions/notify.py, notify_started); a later prompt owed its seat a notice, which tells them."""
    assert row.seat is not None
    seat = row.seat
    return bool(seat.awaiting and seat.prompt != row.prompt and Notification.objects.filter(
        game_id=row.game_id, user_id=row.user_id, kind__in=TURN_NOTICES, prompt=seat.prompt).exists())


def _eliminated_mail(row: Notification) -> EmailMultiAlternatives | None:
    game = row.game
    seat = row.seat
    if game.is_over or game.state is None or seat is None or seat.index is None:
        return None  # the game ended meanwhile: the game-over mail tells them
    if seat.status not in (Seat.Status.OUT, Seat.Status.RESIGNED):
        return None
    ctx = {**_base(row), "resigned": seat.status == Seat.Status.RESIGNED}
    return _with_position(Part("eliminated", ctx, row, position(game, seat)))


def _invited_mail(row: Notification) -> EmailMultiAlternatives | None:
    game = row.game
    invitation = (Invitation.objects.filter(game=game, user=row.user).select_related("invited_by__profile")
                  .first())
    if (invitation is None or invitation.declined_at is not None or game.status != Game.Status.OPEN
            or game.seats.filter(user=row.user).exists()):
        return None  # declined, started, aborted or already seated: nothing to accept any more
    seated = [s.name for s in game.seats.select_related("user__profile").order_by("joined_at", "pk")]
    ctx = {**_base(row), "name": row.user.display_name, "by": invitation.invited_by.display_name,
           "seated": seated}
    return _mail("invited", ctx, row)


def _finished_mail(row: Notification) -> EmailMultiAlternatives | None:
    game = row.game
    summary = game_summary(game)
    if summary is None:
        return None
    charts = [(f"chart{i}@metaltalon", chart.title, _png(chart.svg))
              for i, chart in enumerate(summary.charts)]
    # The final board and the whole last turn as the seat sees them (games/mail/game_over.py).
    pos = final_position(game, row.seat)
    ctx = {**_base(row), "summary": summary, "charts": [(cid, title) for cid, title, _ in charts],
           "position": pos, "last_turn": last_turn(game, pos.seat if pos is not None else None)}
    mail = _mail("finished", ctx, row)
    if pos is not None:
        attach_board(mail, pos)
    for cid, title, png in charts:
        mail.attach(_inline_png(cid, title, png))
    return mail


def _reply_mail(row: Notification) -> EmailMultiAlternatives | None:
    found = answer_context(row)
    if found is None:
        return None
    ctx, pos = found
    where = answer_headers(row, ctx)
    mail = _mail("reply", {**_base(row), **ctx}, row, prompt=where["prompt"], answering=where["answering"],
                 to=where["to"])
    if pos is not None and not ctx["no_picture"]:
        attach_board(mail, pos)
    return mail


def _moderation_mail(row: Notification) -> EmailMultiAlternatives | None:
    """What a moderator did and why (the AuditEntry the row is keyed by)."""
    entry = AuditEntry.objects.filter(pk=row.key).select_related("game").first()
    if entry is None:
        return None
    game = row.game
    ctx = {"entry": entry, "game": game, "name": row.user.display_name, "site": settings.SITE_URL,
           "url": f"{settings.SITE_URL}{game.get_absolute_url()}" if game is not None else "",
           "active": row.user.is_active}
    return _mail("moderation", ctx, row)


# Which mail each kind of notice gets: a new kind is one more line and its templates.
COMPOSERS: dict[str, Callable[[Notification], EmailMultiAlternatives | None]] = {
    Notification.Kind.MODERATION: _moderation_mail,
    Notification.Kind.REPLY: _reply_mail,
    Notification.Kind.TURN: _turn_mail,
    Notification.Kind.REMINDER: _reminder_mail,
    Notification.Kind.DIGEST: _digest_mail,
    Notification.Kind.STARTED: _started_mail,
    Notification.Kind.INVITED: _invited_mail,
    Notification.Kind.ELIMINATED: _eliminated_mail,
    Notification.Kind.FINISHED: _finished_mail,
}


class NoticeMail(EmailMultiAlternatives):
    """Header lines may run to RFC 5322's 998 characters: at the default 78, a long List-Unsubscribe URL
    cannot be folded and becomes an RFC 2047 encoded word, which RFC 2369 does not allow inside <...>."""

    def message(self, *, policy: email.policy.Policy = email.policy.default) -> Any:
        return super().message(policy=policy.clone(max_line_length=998))

    def _add_attachments(self, msg: Any) -> None:
        """Inline pictures (a Content-ID and no other use) go with the HTML part they belong to, in a
        multipart/related (RFC 2387): clients then show them in place, not also as attachments."""
        html = next((part for part in msg.walk() if part.get_content_type() == "text/html"), None)
        inline = [a for a in self.attachments if _is_inline_picture(a)]
        if html is None or not inline:
            super()._add_attachments(msg)
            return
        html.make_related()
        html.set_param("type", "text/html")
        for part in inline:
            html.attach(part)
        rest = [a for a in self.attachments if not _is_inline_picture(a)]
        kept, self.attachments = self.attachments, rest
        try:
            super()._add_attachments(msg)
        finally:
            self.attachments = kept


def _is_inline_picture(attachment: Any) -> bool:
    return (isinstance(attachment, MIMEPart) and attachment.get_content_maintype() == "image"
            and attachment["Content-ID"] is not None and attachment.get_content_disposition() == "inline")


def _subject(name: str, ctx: dict[str, Any]) -> str:
    # A subject is one line whatever the template's own line breaks.
    return " ".join(render_to_string(f"games/mail/{name}_subject.txt", ctx).split())


def _mail(name: str, ctx: dict[str, Any], row: Notification, *, prompt: str | None = None,
          answering: str = "", to: str = "", in_game: bool = True) -> EmailMultiAlternatives:
    """The notice `name` from its templates. `prompt`: the key of what the position it shows asks the seat
    (in its Message-ID, so a reply to it is told from a reply to an older question's mail); `answering`:
    the Message-ID of the player's mail it answers; `to`: another of the player's addresses than their
    account's; `in_game` False: a mail about several games (threaded with none, answered by none)."""
    game = row.game if in_game else None
    ctx = {**ctx, "unsubscribe": unsubscribe_url(row.user_id), "rules_url": rules_url(game) if game else ""}
    seat = row.seat if in_game else None
    # Replies go to the seat's signed address (for the inbound side); a notice without a seat gets none,
    # so a reply to it reaches no one rather than the wrong seat.
    mail = NoticeMail(subject=_subject(name, ctx), body=render_to_string(f"games/mail/{name}.txt", ctx),
                      to=[to or row.user.email],
                      headers=(notice_headers(game, row.user_id, prompt=prompt, answering=answering)
                               if game is not None else user_headers(row.user_id)),
                      reply_to=[seat_address(seat)] if seat is not None else None)
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

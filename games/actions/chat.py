"""Chat: players post, anyone who can see a message may report it, moderators hide it (with a reason,
recorded: games/actions/audit.py); each player's seat keeps how far they have read (Seat.chat_read), so
the page can show what is new."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django.db import transaction
from django.db.models import Max

from games.actions.actor import Actor
from games.actions.audit import record
from games.actions.errors import Invalid, NotAllowed
from games.actions.limits import check_rate
from games.actions.reports import close_reports_on, report
from games.models import AuditEntry, ChatMessage, Game, Report, Seat
from games.moderators import is_moderator
from games.queries import can_view, forget_chat_read

CHAT_MAX = 1000


def check_chat(game: Game, user: Any) -> None:
    if not (game.seats.filter(user=user).exists() or is_moderator(user)):
        raise NotAllowed("Only the game's players can chat here.")


def post_chat(game: Game, actor: Actor, text: str) -> ChatMessage:
    user = actor.require_player()
    check_chat(game, user)
    text = text.strip()
    if not text:
        raise Invalid("Write something first.", code="empty")
    if len(text) > CHAT_MAX:
        raise Invalid(f"Chat messages are at most {CHAT_MAX} characters ({len(text)} given).",
                      code="too_long")
    check_rate("chat", user)
    message = ChatMessage.objects.create(game=game, user=user, text=text)
    # Whoever writes has read the chat they answer: their own message never counts as new for them.
    _read_up_to(game, user, message.pk)
    return message


def mark_chat_read(game: Game, actor: Actor, upto: int | None = None) -> int | None:
    """Record that the player has read the game's chat up to message `upto` (the newest when None or
    beyond it): the pk shown last on their page, so what arrived after it stays new. The marker only moves
    forward. Returns it; None for a user without a seat (staff, spectators keep no marker).

    No game lock: the marker is the player's own row and the update is one conditional statement."""
    user = actor.require_player()
    if not can_view(game, user):
        raise NotAllowed("You cannot see this game.")
    newest = game.chat.filter(hidden=False).aggregate(newest=Max("pk"))["newest"] or 0
    target = newest if upto is None else max(0, min(upto, newest))
    _read_up_to(game, user, target)
    return Seat.objects.filter(game=game, user=user).values_list("chat_read", flat=True).first()


def _read_up_to(game: Game, user: Any, upto: int) -> None:
    if Seat.objects.filter(game=game, user=user, chat_read__lt=upto).update(chat_read=upto):
        forget_chat_read(game.pk, user.pk)


def report_chat(message: ChatMessage, actor: Actor, reason: str = "") -> Report:
    """A player reports a message to the moderators (games/actions/reports.py)."""
    return report(message.game, actor, Report.About.CHAT, reason, message=message)


def hide_chat(messages: Iterable[ChatMessage], actor: Actor) -> int:
    """Hide messages (a moderator, with a reason): the record says so, the game's log shows it, the author
    is told, and the message's open reports are closed as actioned. Saved one by one, so every cached page
    showing them drops them at once (games.signals). Returns how many were hidden."""
    return _set_hidden(messages, actor, hidden=True)


def show_chat(messages: Iterable[ChatMessage], actor: Actor) -> int:
    """Show hidden messages again (a moderator's second thought), recorded the same way."""
    return _set_hidden(messages, actor, hidden=False)


def _set_hidden(messages: Iterable[ChatMessage], actor: Actor, *, hidden: bool) -> int:
    from games.actions.common import locked

    actor.require_moderator()
    changed = 0
    with transaction.atomic():
        # Games locked in id order, so two moderators' bulk actions never wait on each other.
        for message in sorted(messages, key=lambda m: (m.game_id, m.pk)):
            game = locked(Game(pk=message.game_id))
            message = ChatMessage.objects.select_related("user__profile").get(pk=message.pk)
            if message.hidden == hidden:
                continue
            message.hidden = hidden
            message.save(update_fields=["hidden"])
            game.version += 1  # the log line is new: cached pages of the game are stale
            game.save(update_fields=["version"])
            author = message.user.display_name
            if hidden:
                record(actor, AuditEntry.Act.HIDE_CHAT, f"hid a chat message by {author}", game=game,
                       user=message.user, message=message, tell=[message.user_id],
                       details={"text": message.text})
                close_reports_on(message, actor)
            else:
                record(actor, AuditEntry.Act.SHOW_CHAT, f"showed a chat message by {author} again", game=game,
                       user=message.user, message=message, tell=[message.user_id])
            changed += 1
    return changed

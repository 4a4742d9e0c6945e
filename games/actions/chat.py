"""Chat: players post, anyone who can see a message may report it, moderators hide it (with a reason);
each player's seat keeps how far they have read (Seat.chat_read), so the page can show what is new."""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.db.models import Max

from games.actions.actor import Actor
from games.actions.errors import Invalid, NotAllowed
from games.models import ChatMessage, ChatReport, Game, Seat
from games.queries import can_view, forget_chat_read

CHAT_MAX = 1000


def check_chat(game: Game, user: Any) -> None:
    if not (user.is_staff or game.seats.filter(user=user).exists()):
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


def report_chat(message: ChatMessage, actor: Actor, reason: str = "") -> ChatReport:
    user = actor.require_player()
    if not can_view(message.game, user):
        raise NotAllowed("You cannot see this message.")
    if message.user_id == user.pk:
        raise Invalid("You cannot report your own message.")
    report, created = ChatReport.objects.get_or_create(message=message, reporter=user,
                                                       defaults={"reason": reason.strip()[:300]})
    if not created:
        raise Invalid("You have already reported this message; moderators will look at it.", code="duplicate")
    return report


def hide_chat(messages: Any, actor: Actor) -> int:
    """Hide messages (a queryset or a list) and mark their reports handled. Saved one by one, so every
    cached page showing them drops them at once (games.signals)."""
    actor.require_moderator()
    hidden = 0
    with transaction.atomic():
        for message in messages:
            if message.hidden:
                continue
            message.hidden = True
            message.save(update_fields=["hidden"])
            ChatReport.objects.filter(message=message).update(resolved=True)
            hidden += 1
    return hidden


def show_chat(messages: Any, actor: Actor) -> int:
    """Show hidden messages again (a moderator's second thought)."""
    actor.require_moderator()
    shown = 0
    with transaction.atomic():
        for message in messages:
            if message.hidden:
                message.hidden = False
                message.save(update_fields=["hidden"])
                shown += 1
    return shown

"""The game's chat in a player's mails (docs/architecture.md, "Playing by e-mail"): the lines other players
wrote since the player's last mail of the game was sent, and that they have not read on the site since
(the seat's read marker, games/actions/chat.py), so a mail-only player follows the chat and answers with
`say` (games/mail/errands.py). Hidden lines (a moderator's) are never shown; chat is open to every
player of the game, so nothing here is hidden information."""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Max

from games import queries
from games.models import ChatMessage, Game, Notification, Seat

# The newest lines shown; older new ones are counted and left to the game page.
MOST_LINES = 12


@dataclass(frozen=True)
class ChatLine:
    who: str
    text: str
    by_moderator: bool = False


def unread_chat_sql(seat: str) -> str:
    """For a hand-written query of seats under the alias `seat` (games/mail/position.py): whether the
    game's chat holds a visible line by another player past the seat's read marker (what new_chat may
    show, before the last mail's time is applied). A line by no user, or a seat of no player, is not
    "another player's" (NULL is not unequal)."""
    table = ChatMessage._meta.db_table
    return (f'EXISTS(SELECT 1 FROM "{table}" AS c WHERE c.game_id = {seat}.game_id AND NOT c.hidden'
            f" AND c.id > {seat}.chat_read AND NOT (c.user_id = {seat}.user_id) LIMIT 1)")


def new_chat(game: Game, seat: Seat) -> tuple[list[ChatLine], int]:
    """The chat lines new to the seat's player, oldest first, and how many newer-than-that ones were
    left out (0 when all are shown)."""
    if seat.user_id is None:
        return [], 0
    # Whether anything is unread at all first (position() reads it with the seats, `unread_chat`): most
    # games' chat has nothing new, and then neither the last mail's time nor the annotated lines are read
    # (the lines' plan, with the moderator test, took longer to make than to run).
    unread = getattr(seat, "unread_chat", None)
    if unread is None:
        unread = (queries.visible_chat(game).filter(pk__gt=seat.chat_read).exclude(user_id=seat.user_id)
                  .exists())
    if not unread:
        return [], 0
    last_mail = (Notification.objects.filter(game=game, user_id=seat.user_id, sent_at__isnull=False,
                                             dropped=False).aggregate(at=Max("sent_at"))["at"])
    # Annotated as the game page's chat: a moderator's line carries the badge a look-alike name cannot.
    lines = queries.chat_lines(game).filter(pk__gt=seat.chat_read).exclude(user_id=seat.user_id)
    if last_mail is not None:
        lines = lines.filter(created_at__gt=last_mail)
    newest = list(lines.order_by("-created_at", "-pk")[:MOST_LINES + 1])
    more = 0
    if len(newest) > MOST_LINES:
        more = lines.count() - MOST_LINES
        newest = newest[:MOST_LINES]
    return [ChatLine(who=m.user.display_name, text=m.text, by_moderator=bool(m.by_moderator))
            for m in reversed(newest)], more

"""The moderators' record (docs/moderation.md): every moderator action writes one AuditEntry (who, when,
what, why) in its own transaction, and tells the players it touches, in the site and by mail. An entry
about a game is also a line of that game's log ("moderator: paused the game"), placed after the last
action played before it.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django.db.models import Max

from games.actions.actor import Actor
from games.actions.notify import send_on_commit
from games.models import AuditEntry, Game, Notice, Notification


def record(actor: Actor, act: str, summary: str, *, game: Game | None = None, seat: int | None = None,
           user: Any = None, message: Any = None, report: Any = None, public: bool = True,
           details: dict[str, Any] | None = None, tell: Iterable[Any] = ()) -> AuditEntry:
    """Write the entry and owe each user in `tell` (users or ids) a notice and a mail about it. `public`:
    the line shows in the game's log (a report handled is the moderators' business only)."""
    moderator = actor.require_moderator()
    after = 0
    if game is not None:
        after = game.actions.aggregate(m=Max("seq"))["m"] or 0
    if game is not None and public and not game.moderated:
        game.moderated = True
        Game.objects.filter(pk=game.pk).update(moderated=True)
    entry = AuditEntry.objects.create(
        moderator=moderator, act=act, reason=actor.reason, summary=summary[:300], game=game, after_seq=after,
        seat=seat, user=user, message=message, report=report, public=public, details=details or {})
    ids = sorted({getattr(u, "pk", u) for u in tell if u is not None})
    where = f" (game {game.pk})" if game is not None else ""
    text = f"A moderator {summary}{where}: {actor.reason}"
    Notice.objects.bulk_create([Notice(user_id=i, game=game, kind=Notice.Kind.MODERATION, text=text[:300])
                                for i in ids])
    rows = [Notification.objects.create(game=game, user_id=i, kind=Notification.Kind.MODERATION, key=entry.pk)
            for i in ids]
    send_on_commit(rows)
    return entry


def players_of(game: Game) -> list[int]:
    """Everyone seated in the game (a game-wide act tells them all)."""
    return list(game.seats.exclude(user=None).values_list("user_id", flat=True))


def log_lines(game: Game, low: int, high: int | None) -> dict[int, list[AuditEntry]]:
    """The game's public entries placed after actions `low`..`high` (None: no upper end), by that seq. No
    query for a game no moderator ever touched."""
    if not game.moderated:
        return {}
    entries = AuditEntry.objects.filter(game=game, public=True, after_seq__gte=low)
    if high is not None:
        entries = entries.filter(after_seq__lte=high)
    out: dict[int, list[AuditEntry]] = {}
    for entry in entries.order_by("created_at", "pk"):
        out.setdefault(entry.after_seq, []).append(entry)
    return out


def standing_notice(game: Game) -> str | None:
    """What the game page says while a moderator's decision stands: the game paused, or aborted."""
    if game.paused_at is not None:
        act = AuditEntry.Act.PAUSE
        words = "paused this game: no moves until it is resumed, and the clocks stop"
    elif game.status == Game.Status.ABORTED:
        act, words = AuditEntry.Act.ABORT, "aborted this game"
    else:
        return None
    entry = AuditEntry.objects.filter(game=game, act=act).order_by("-created_at", "-pk").first()
    return f"A moderator {words}." + (f" Reason: {entry.reason}" if entry is not None else "")

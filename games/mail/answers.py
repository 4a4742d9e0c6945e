"""The answer to a mailed reply (a Notification of kind "reply", keyed by its InboundMail): what was
played with its rolls and damage, what was refused and why, what was never tried or read, and then where
the game stands now (games/mail/position.py), so the next reply can be written from it.

Sent whatever the player's turn-mail choice says, even "never": it answers a mail they just sent, as a
web page answers a click. A banned or deleted player gets nothing (games/mail/outbound.py)."""

from __future__ import annotations

from typing import Any

from games.kinds import get_kind
from games.mail.position import Position, position
from games.models import Game, InboundMail, Notification


def answer_context(row: Notification) -> tuple[dict[str, Any], Position | None] | None:
    """The answer's template context and the position it shows (None once the game is over or never
    started), or None when the mail it answers is gone."""
    mailed = InboundMail.objects.filter(pk=row.key, game_id=row.game_id, user_id=row.user_id).first()
    if mailed is None:
        return None
    report = mailed.report
    game = row.game
    pos = None
    if game.status in (Game.Status.SETUP, Game.Status.ACTIVE) and row.seat is not None and game.state:
        pos = position(game, row.seat)
    ctx = {"report": report, "outcome": mailed.outcome, "position": pos,
           "subject": _subject(game, report.get("subject", "")), "help": "help" in report.get("asked", []),
           "legal": _legal_by_verb(game, row, pos) if pos is not None and "help" in report.get("asked", [])
           else []}
    return ctx, pos


def answer_headers(row: Notification, ctx: dict[str, Any]) -> dict[str, Any]:
    """Where the answer goes and what it threads under: back to the address the mail came from (one of the
    player's verified addresses: inbound checked), as a reply to that mail."""
    report = ctx["report"]
    pos = ctx["position"]
    return {"to": report.get("from") or row.user.email, "answering": report.get("message_id", ""),
            "turn": pos.turn if pos is not None else None}


def _subject(game: Game, theirs: str) -> str:
    if not theirs:
        return f"{game.kind_title} game {game.pk}: your mail"
    return theirs if theirs.lower().startswith("re:") else f"Re: {theirs}"


def _legal_by_verb(game: Game, row: Notification, pos: Position) -> list[tuple[str, list[str]]]:
    """Every legal command, by verb: what `help` asks for (the turn mail shows a few of each)."""
    kind = get_kind(game.kind)
    groups: dict[str, list[str]] = {}
    for command in kind.legal_commands(kind.load(game.state), pos.seat):
        groups.setdefault(command.split()[0], []).append(command)
    return list(groups.items())

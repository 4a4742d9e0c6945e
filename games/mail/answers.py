"""The answer to a mailed reply (a Notification of kind "reply", keyed by its InboundMail): what was
played with its rolls and damage, what was refused and why, what was never tried or read, and then where
the game stands now (games/mail/position.py), so the next reply can be written from it: as text, with
the board picture only when the mail asked for `board`.

Sent whatever the player's turn-mail choice says, even "never": it answers a mail they just sent, as a
web page answers a click. A banned or deleted player gets nothing (games/mail/outbound.py)."""

from __future__ import annotations

from typing import Any

from games.kinds import get_kind
from games.mail import asked_for, errands, reading
from games.mail.game_over import game_over_context
from games.mail.position import Position, by_verb, position
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
    asked_help = "help" in report.get("asked", [])
    ctx = {"report": report, "outcome": mailed.outcome, "position": pos,
           "subject": _subject(game, report.get("subject", "")), "help": asked_help,
           # The board picture (about 45 kB) goes with turn notices; an answer carries it only when the
           # player asks for the board: a refusal or `help` stays a light mail.
           "no_picture": "board" not in report.get("asked", []),
           "most_commands": reading.MAX_COMMANDS, "most_lines": reading.MAX_LINES,
           "roll_answers": get_kind(game.kind).roll_answers,
           # `help` asks for every legal command, not the position's few of each verb.
           "legal": list(by_verb(pos.legal).items()) if pos is not None and asked_help else []}
    ctx.update(_asked_for(game, row, report.get("asked", [])))
    ctx.update(game_over_context(game, report))
    return ctx, pos


def _asked_for(game: Game, row: Notification, asks: list[str]) -> dict[str, Any]:
    """`games` and `rules` (games/mail/errands.py), as things stand when the answer is written. `help`
    brings the rules' summary too: one's own side and the opponents', beside the commands."""
    out: dict[str, Any] = {}
    if errands.GAMES in asks:
        out["my_games"], out["more_games"] = asked_for.my_games(row.user)
    if errands.RULES in asks or "help" in asks:
        out["rules"] = {"url": asked_for.rules_url(game),
                        "sides": asked_for.sides(game, row.seat) if row.seat is not None else []}
    return out


def answer_headers(row: Notification, ctx: dict[str, Any]) -> dict[str, Any]:
    """Where the answer goes and what it threads under: back to the address the mail came from (one of the
    player's verified addresses: inbound checked), as a reply to that mail."""
    report = ctx["report"]
    pos = ctx["position"]
    return {"to": report.get("from") or row.user.email, "answering": report.get("message_id", ""),
            "prompt": pos.prompt if pos is not None else None}


def _subject(game: Game, theirs: str) -> str:
    if not theirs:
        return f"{game.kind_title} game {game.pk}: your mail"
    return theirs if theirs.lower().startswith("re:") else f"Re: {theirs}"

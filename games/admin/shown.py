"""What the admin shows of a game while it is in play: what a spectator may see (docs/architecture.md,
"Fair dice"). Moderators play too; the state's secrets (the seed, a kind's hidden cards), the recorded
draws, a command's hidden choice, the raw events and the words of a mailed reply are shown once the game
is over. While it is in play an action's events are told as the game's log tells them to everyone."""

from __future__ import annotations

import json
from typing import Any

from django.utils.html import format_html, format_html_join

from games import seats as seats_of
from games.kinds import get_kind
from games.models import Action, Game, InboundMail

HELD_BACK = "(shown once the game is over)"
# A mailed reply's `undo` is answered with the commands it took back, as their player typed them
# (games/actions/mail.py): its lines are held back with the rest.
UNDO = "undo"


def state(game: Game, data: dict[str, Any] | None) -> str:
    if data is None:
        return ""
    if not game.is_over:
        kind = get_kind(game.kind)
        data = kind.view(kind.load(data), None)
    return format_html("<pre>{}</pre>", json.dumps(data, indent=1, sort_keys=True))


def command(action: Action) -> str:
    game = action.game
    return action.command if game.is_over else get_kind(game.kind).public_command(action.command)


def dice(action: Action) -> str:
    return json.dumps(action.dice) if action.game.is_over else HELD_BACK


def events(action: Action) -> str:
    """The raw events once the game is over; before, the sentences the game's log shows every reader
    (games/views/play.py: the kind's describe() against the game's state and the seats' names)."""
    game = action.game
    if game.is_over:
        return format_html("<pre>{}</pre>", json.dumps(action.events, indent=1, sort_keys=True))
    kind = get_kind(game.kind)
    loaded = kind.load(game.state) if game.state is not None else None
    names = seats_of.names(list(game.seats.select_related("user__profile")), game.players)
    return format_html_join("", "<p>{}</p>", ((kind.describe(e, loaded, names),) for e in action.events))


def mail_report(mail: InboundMail) -> str:
    """A mailed reply's record (games/actions/mail.py): in play, each command in its public form, the
    lines the log would show for it, why a command was refused by its code alone (a refusal speaks to its
    player: it may name what only they see) and none of the player's own words."""
    report = dict(mail.report or {})
    game = mail.game
    if not game.is_over and report:
        public = get_kind(game.kind).public_command
        report["played"] = [{"command": public(p["command"]),
                             "lines": [HELD_BACK] if p["command"].lower() == UNDO else p["lines"]}
                            for p in report.get("played") or []]
        refused = report.get("refused")
        if refused:
            report["refused"] = {"command": public(refused["command"]), "code": refused.get("code"),
                                 "why": HELD_BACK}
        report["not_tried"] = [public(c) for c in report.get("not_tried") or []]
        for words in ("ignored", "subject"):
            if report.get(words):
                report[words] = HELD_BACK
    return format_html("<pre>{}</pre>", json.dumps(report, indent=1, sort_keys=True, ensure_ascii=False))

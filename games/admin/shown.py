"""What the admin shows of a game while it is in play: what a spectator may see (docs/architecture.md,
"Fair dice"). Moderators play too; the state's secrets (the seed, a kind's hidden cards), the recorded
draws, a command's hidden choice, the raw events and the words of a mailed reply are shown once the game
is over. While it is in play an action is told as the kind narrates it to a spectator (games/narration.py,
reader None), whoever reads the admin."""

from __future__ import annotations

import json
from typing import Any

from django.utils.html import format_html, format_html_join

from games.kinds import get_kind
from games.models import Action, Game, InboundMail
from games.narration import narrate, reading

HELD_BACK = "(shown once the game is over)"


def state(game: Game, data: dict[str, Any] | None) -> str:
    if data is None:
        return ""
    if not game.is_over:
        kind = get_kind(game.kind)
        data = kind.view(kind.load(data), None)
    return format_html("<pre>{}</pre>", json.dumps(data, indent=1, sort_keys=True))


def _public(game: Game, seat: int | None, command: str, events: list[Any] | tuple[()] = ()) -> str:
    """The command as a spectator may read it (the whole of it once the game is over). With its events: a
    kind may mask a command by what it did (Metal Adventures' secret declarations); without them (a mailed
    reply's record keeps none) the kind masks whatever its events could have made secret."""
    return narrate(game, get_kind(game.kind), None, None, seat=seat, command=command, events=events,
                   reader=None).command


def command(action: Action) -> str:
    return _public(action.game, action.seat, action.command, action.events)


def dice(action: Action) -> str:
    return json.dumps(action.dice) if action.game.is_over else HELD_BACK


def events(action: Action) -> str:
    """The raw events once the game is over; before, the sentences the kind narrates to a spectator
    against the game's state and the seats' names."""
    game = action.game
    if game.is_over:
        return format_html("<pre>{}</pre>", json.dumps(action.events, indent=1, sort_keys=True))
    kind, loaded, names = reading(game)
    told = narrate(game, kind, loaded, names, seat=action.seat, command=action.command, events=action.events,
                   reader=None)
    return format_html_join("", "<p>{}</p>", ((line,) for line in told.lines))


def mail_report(mail: InboundMail) -> str:
    """A mailed reply's record (games/actions/mail.py): in play, each command in its public form, not the
    lines its player read of it, why a command was refused by its code alone (a refusal speaks to its
    player: it may name what only they see), not why the mail was not played (it quotes the question the
    seat is asked, whose words are for that seat) and none of the player's own words."""
    report = dict(mail.report or {})
    game = mail.game
    if not game.is_over and report:
        def public(command: str) -> str:
            return _public(game, None, command)  # a spectator reads no seat's hidden choice

        # The lines were narrated for the reply's own seat (its answer mail): the action's own page tells
        # a spectator's narration of the same events.
        report["played"] = [{"command": public(p["command"]), "lines": [HELD_BACK]}
                            for p in report.get("played") or []]
        refused = report.get("refused")
        if refused:
            report["refused"] = {"command": public(refused["command"]), "code": refused.get("code"),
                                 "why": HELD_BACK}
        report["not_tried"] = [public(c) for c in report.get("not_tried") or []]
        for words in ("ignored", "subject", "rejected"):
            if report.get(words):
                report[words] = HELD_BACK
    return format_html("<pre>{}</pre>", json.dumps(report, indent=1, sort_keys=True, ensure_ascii=False))

"""What the admin shows of a game while it is in play: what a spectator may see (docs/architecture.md,
"Fair dice"). Moderators play too; the state's secrets (the seed, a kind's hidden cards), the recorded
draws and a command's hidden choice are shown once the game is over."""

from __future__ import annotations

import json
from typing import Any

from django.utils.html import format_html

from games.kinds import get_kind
from games.models import Action, Game

HELD_BACK = "(shown once the game is over)"


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

"""Every writer of the site, by topic (docs/architecture.md): lobby, commands, undo, chat, notices, mail,
the clock and vacation (and later moderation). Each checks first (raising an ActionError with a code),
then writes inside one transaction holding the game's row lock, then schedules its notices on commit.
Channels call these as an Actor; nothing else changes a game."""

from games.actions.actor import Actor
from games.actions.chat import (
    CHAT_MAX,
    check_chat,
    hide_chat,
    mark_chat_read,
    post_chat,
    report_chat,
    show_chat,
)
from games.actions.commands import Applied, apply_command
from games.actions.errors import (
    ActionError,
    BadOptions,
    GameMovedOn,
    IllegalMove,
    Invalid,
    NotAllowed,
    NothingToUndo,
    NotInPlay,
    NotYourTurn,
)
from games.actions.lobby import (
    check_game_options,
    create_game,
    invite_user,
    join_game,
    leave_game,
    start_game,
)
from games.actions.notices import mark_read
from games.actions.undo import undo, undoable_actions
from games.actions.vacation import end_vacation, start_vacation

__all__ = [
    "CHAT_MAX", "ActionError", "Actor", "Applied", "BadOptions", "GameMovedOn", "IllegalMove", "Invalid",
    "NotAllowed", "NotInPlay", "NotYourTurn", "NothingToUndo", "apply_command", "check_chat",
    "check_game_options", "create_game", "end_vacation", "hide_chat", "invite_user", "join_game",
    "leave_game", "mark_chat_read", "mark_read", "post_chat", "report_chat", "show_chat", "start_game",
    "start_vacation", "undo", "undoable_actions",
]

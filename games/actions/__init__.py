"""Every writer of the site, by topic (docs/architecture.md): lobby, commands, undo, chat, notices, mail,
the clock and vacation, moderation (games, sanctions, reports and their record: docs/moderation.md).
Each checks first (raising an ActionError with a code),
then writes inside one transaction holding the game's row lock, then schedules its notices on commit.
Channels call these as an Actor; nothing else changes a game."""

from games.actions.actor import Actor
from games.actions.bots import add_bot, play_against_bots, remove_bot
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
from games.actions.common import read_version
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
    RateLimited,
)
from games.actions.lobby import (
    check_game_options,
    create_game,
    decline_invitation,
    invite_user,
    join_game,
    leave_game,
    start_game,
)
from games.actions.moderation import (
    abort_game,
    extend_deadline,
    pause_game,
    remove_player,
    replace_player,
    replace_with_bot,
    resume_game,
    rollback_game,
)
from games.actions.notices import mark_read
from games.actions.reports import handle_reports, report
from games.actions.sanctions import ban_user, record_admin_change, reinstate_user, suspend_user
from games.actions.undo import undo, undoable_actions
from games.actions.vacation import end_vacation, start_vacation

__all__ = [
    "CHAT_MAX", "ActionError", "Actor", "Applied", "BadOptions", "GameMovedOn", "IllegalMove", "Invalid",
    "NotAllowed", "NotInPlay", "NotYourTurn", "RateLimited", "NothingToUndo", "abort_game", "add_bot",
    "apply_command", "read_version",
    "ban_user", "record_admin_change", "play_against_bots", "remove_bot", "replace_with_bot",
    "check_chat", "check_game_options", "create_game", "decline_invitation", "end_vacation",
    "extend_deadline", "handle_reports",
    "hide_chat", "invite_user", "join_game", "leave_game", "mark_chat_read", "mark_read", "pause_game",
    "post_chat", "reinstate_user", "remove_player", "replace_player", "report", "report_chat", "resume_game",
    "rollback_game", "show_chat", "start_game", "start_vacation", "suspend_user", "undo", "undoable_actions",
]

"""Every route of the games app (WEB.md). W2's game-page views live in games/views/play.py."""

from django.urls import path

from games.views import (
    archive,
    clock,
    follow,
    history,
    ladders,
    lobby,
    play,
    rules,
    social,
    unsubscribe,
    webhooks,
)

app_name = "games"

urlpatterns = [
    # Lobby and seating (W1)
    path("games/", lobby.lobby, name="lobby"),
    path("games/new/", lobby.new, name="new"),
    path("games/mine/", lobby.mine, name="mine"),
    path("games/archive/", archive.archive, name="archive"),
    path("games/next/", clock.next_game, name="next"),
    # Webhooks (from the profile page: docs/api.md)
    path("webhooks/", webhooks.add, name="webhook_add"),
    path("webhooks/<int:hook_id>/remove/", webhooks.remove, name="webhook_remove"),
    path("webhooks/<int:hook_id>/try/", webhooks.try_it, name="webhook_try"),
    # The clock: vacation on and off (from the profile page)
    path("vacation/", clock.vacation, name="vacation"),
    path("games/join/<str:code>/", lobby.invite_link, name="invite_link"),
    path("games/<int:game_id>/join/", lobby.join, name="join"),
    path("games/<int:game_id>/leave/", lobby.leave, name="leave"),
    path("games/<int:game_id>/invite/", lobby.invite, name="invite"),
    path("games/<int:game_id>/decline/", lobby.decline, name="decline"),
    path("games/<int:game_id>/start/", lobby.start, name="start"),
    path("games/<int:game_id>/bots/add/", lobby.add_bot, name="add_bot"),
    path("games/<int:game_id>/bots/remove/", lobby.remove_bot, name="remove_bot"),
    # Chat (W1)
    path("games/<int:game_id>/chat/", social.chat, name="chat"),
    path("games/<int:game_id>/chat/read/", social.chat_read, name="chat_read"),
    path("games/chat/<int:message_id>/report/", social.report, name="report"),
    path("games/<int:game_id>/report/", social.report_game, name="report_game"),
    # History (W1)
    path("games/<int:game_id>/replay/", history.replay, name="replay"),
    path("games/<int:game_id>/log.txt", history.log_txt, name="log_txt"),
    path("games/<int:game_id>/record.json", history.record_json, name="record_json"),
    # The game page (W2)
    path("games/<int:game_id>/", play.game, name="game"),
    path("games/<int:game_id>/play/", play.play, name="play"),
    path("games/<int:game_id>/select/", play.select, name="select"),
    path("games/<int:game_id>/orders/", play.orders, name="orders"),
    path("games/<int:game_id>/undo/", play.undo, name="undo"),
    path("games/<int:game_id>/vote/", clock.expel_vote, name="expel_vote"),
    path("games/<int:game_id>/poll/", play.poll, name="poll"),
    path("games/<int:game_id>/pulse/", follow.pulse, name="pulse"),
    path("games/<int:game_id>/board.svg", play.board_svg, name="board_svg"),
    # The one-click opt-out every notice links to (RFC 8058)
    path("mail/unsubscribe/<str:token>/", unsubscribe.unsubscribe, name="unsubscribe"),
    # Ratings (docs/ratings.md)
    path("leaderboards/", ladders.leaderboard, name="leaderboard"),
    path("leaderboards/<str:kind>/<str:pool>/", ladders.leaderboard, name="leaderboard_pool"),
    # Each kind's rules document (Kind.rules_document: docs/architecture.md, "Kinds")
    path("rules/", rules.rules, name="rules"),
    path("rules/<slug:kind>/", rules.kind_rules, name="kind_rules"),
]

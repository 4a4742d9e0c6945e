"""The rest of the games app in the admin, every row read-only: seats, the action log, snapshots,
invitations, notices, the mails owed and received, the clock's due rows and expel votes. They are written
by the actions alone (docs/architecture.md); here they are evidence, linked to their game and player."""

from __future__ import annotations

from typing import Any

from django.contrib import admin
from django.http import HttpRequest

from games.admin import shown
from games.admin.readonly import ReadOnlyAdmin, ReadOnlyInline
from games.models import (
    Action,
    ClockDue,
    ExpelBallot,
    ExpelVote,
    InboundMail,
    Invitation,
    Notice,
    Notification,
    Seat,
    Snapshot,
)


@admin.register(Seat)
class SeatAdmin(ReadOnlyAdmin):
    list_display = ("id", "game_ref", "index", "user_ref", "faction", "status", "awaiting", "due_at",
                    "timeouts", "timeouts_total", "abandoned")
    list_filter = ("status", "awaiting", "abandoned")
    search_fields = ("game__id", "user__email", "user__profile__display_name")
    list_select_related = ("game", "user__profile")
    exclude = ("reply_token",)  # a seat's mail address: whoever reads it could play for the seat

    def get_readonly_fields(self, request: HttpRequest, obj: Any = None) -> list[str]:
        return [name for name in super().get_readonly_fields(request, obj) if name != "reply_token"]


@admin.register(Action)
class ActionAdmin(ReadOnlyAdmin):
    list_display = ("game_ref", "seq", "seat", "actor", "shown_command", "source", "turn", "undone",
                    "created_at")
    list_filter = ("source", "undone")
    search_fields = ("game__id", "actor__email")  # not the commands: a hidden choice is one while in play
    list_select_related = ("game", "actor")
    # While the game is in play, what a spectator sees (games/admin/shown.py).
    fields = ("game", "seq", "seat", "actor", "shown_command", "shown_events", "shown_dice", "source", "turn",
              "version_after", "undone", "created_at")
    readonly_fields = ("shown_command", "shown_events", "shown_dice")

    def get_readonly_fields(self, request: HttpRequest, obj: Any = None) -> list[str]:
        return list(self.fields)

    @admin.display(description="command")
    def shown_command(self, action: Action) -> str:
        return shown.command(action)

    @admin.display(description="events")
    def shown_events(self, action: Action) -> str:
        return shown.events(action)

    @admin.display(description="dice")
    def shown_dice(self, action: Action) -> str:
        return shown.dice(action)


@admin.register(Snapshot)
class SnapshotAdmin(ReadOnlyAdmin):
    list_display = ("game_ref", "seq", "turn", "created_at")
    search_fields = ("game__id",)
    list_select_related = ("game",)
    fields = ("game", "seq", "turn", "shown_state", "created_at")

    def get_readonly_fields(self, request: HttpRequest, obj: Any = None) -> list[str]:
        return list(self.fields)

    @admin.display(description="state")
    def shown_state(self, snapshot: Snapshot) -> str:
        return shown.state(snapshot.game, snapshot.state)


@admin.register(Invitation)
class InvitationAdmin(ReadOnlyAdmin):
    list_display = ("game_ref", "user_ref", "invited_by", "created_at", "accepted_at")
    search_fields = ("user__email", "invited_by__email", "game__id")
    list_select_related = ("game", "user__profile", "invited_by")


@admin.register(Notice)
class NoticeAdmin(ReadOnlyAdmin):
    list_display = ("user_ref", "game_ref", "kind", "text", "created_at", "read_at")
    list_filter = ("kind",)
    search_fields = ("user__email", "text", "game__id")
    list_select_related = ("user__profile", "game")


@admin.register(Notification)
class NotificationAdmin(ReadOnlyAdmin):
    list_display = ("id", "user_ref", "game_ref", "kind", "key", "due_at", "sent_at", "dropped", "attempts",
                    "last_error")
    list_filter = ("kind", "dropped")
    search_fields = ("user__email", "game__id")
    list_select_related = ("user__profile", "game")


@admin.register(InboundMail)
class InboundMailAdmin(ReadOnlyAdmin):
    list_display = ("id", "user_ref", "game_ref", "received_at", "outcome", "size")
    list_filter = ("outcome",)
    search_fields = ("user__email", "game__id", "message_id")
    list_select_related = ("user__profile", "game")
    # The record of what the mail played, as the game's log tells it while the game is in play
    # (games/admin/shown.py); never its raw commands and words.
    fields = ("key", "message_id", "game", "seat", "user", "received_at", "size", "outcome", "shown_report")
    readonly_fields = ("shown_report",)

    def get_readonly_fields(self, request: HttpRequest, obj: Any = None) -> list[str]:
        return list(self.fields)

    @admin.display(description="report")
    def shown_report(self, mail: InboundMail) -> str:
        return shown.mail_report(mail)


@admin.register(ClockDue)
class ClockDueAdmin(ReadOnlyAdmin):
    list_display = ("id", "game_ref", "seat", "turn", "kind", "due_at", "done_at", "outcome")
    list_filter = ("kind", "outcome")
    search_fields = ("game__id",)
    list_select_related = ("game", "seat")


class BallotInline(ReadOnlyInline):
    model = ExpelBallot
    fields = readonly_fields = ("voter", "expel", "cast_at")


@admin.register(ExpelVote)
class ExpelVoteAdmin(ReadOnlyAdmin):
    list_display = ("id", "game_ref", "seat", "opened_at", "closed_at", "outcome")
    list_filter = ("outcome",)
    search_fields = ("game__id",)
    list_select_related = ("game", "seat")
    inlines = [BallotInline]

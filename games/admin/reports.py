"""The reports queue and the moderators' record in the admin. A report is closed as actioned or dismissed
(games/actions/reports.py); a reported chat message can be hidden from here, which actions its reports.
The record (AuditEntry) is read-only: nobody edits or deletes it."""

from __future__ import annotations

from typing import Any

from django.contrib import admin
from django.db.models import QuerySet
from django.http import HttpRequest, HttpResponse

from games import actions
from games.admin.confirm import ModeratorActions, bulk
from games.admin.links import admin_link, user_link
from games.admin.lookups import DeclaredLookupsOnly
from games.admin.readonly import Linked, ReadOnlyAdmin
from games.models import AuditEntry, ChatMessage, Report


def describe(report: Report) -> str:
    what = f"“{report.message.text[:120]}”" if report.message is not None else report.target
    return f"Report {report.pk} on {what} in game {report.game_id}, because: {report.reason[:120]}"


@admin.register(Report)
class ReportAdmin(DeclaredLookupsOnly, ModeratorActions, Linked, admin.ModelAdmin):
    list_display = ("id", "created_at", "about", "game_ref", "what", "reported_ref", "reporter_ref", "reason",
                    "status", "handled_by", "handled_at")
    list_filter = ("status", "about", "created_at")
    search_fields = ("reason", "message__text", "reporter__email", "reporter__profile__display_name",
                     "reported__email", "reported__profile__display_name", "game__id")
    readonly_fields = ("about", "game_ref", "what", "reported_ref", "reporter_ref", "reason", "created_at",
                       "status", "handled_by", "handled_at")
    fields = readonly_fields
    actions = ["mark_actioned", "dismiss", "hide_messages"]
    list_select_related = ("game", "message", "reported__profile", "reporter__profile", "handled_by")

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False  # players report from the game page

    @admin.display(description="reported")
    def what(self, obj: Report) -> str:
        if obj.message is not None:
            hidden = " (hidden)" if obj.message.hidden else ""
            return admin_link(obj.message, obj.message.text[:80] + hidden)
        return obj.get_about_display()

    @admin.display(description="player")
    def reported_ref(self, obj: Report) -> str:
        return user_link(obj.reported)

    @admin.display(description="by")
    def reporter_ref(self, obj: Report) -> str:
        return user_link(obj.reporter)

    @admin.action(description="Mark actioned", permissions=["moderate"])
    def mark_actioned(self, request: HttpRequest, queryset: QuerySet[Report]) -> HttpResponse | None:
        return bulk(self, request, queryset, title="Mark actioned", describe=describe,
                    run=lambda r, a, d: actions.handle_reports([r], a, Report.Status.ACTIONED))

    @admin.action(description="Dismiss", permissions=["moderate"])
    def dismiss(self, request: HttpRequest, queryset: QuerySet[Report]) -> HttpResponse | None:
        return bulk(self, request, queryset, title="Dismiss", describe=describe,
                    run=lambda r, a, d: actions.handle_reports([r], a, Report.Status.DISMISSED))

    @admin.action(description="Hide the reported messages (and mark actioned)", permissions=["moderate"])
    def hide_messages(self, request: HttpRequest, queryset: QuerySet[Report]) -> HttpResponse | None:
        return bulk(self, request, queryset.exclude(message=None).select_related("message"), title="Hide",
                    describe=describe,
                    run=lambda r, a, d: _hide(r, a))


def _hide(report: Report, actor: Any) -> None:
    message = ChatMessage.objects.get(pk=report.message_id)
    if not actions.hide_chat([message], actor):
        # Hidden already (by another moderator): the report is closed all the same.
        actions.handle_reports([report], actor, Report.Status.ACTIONED)


@admin.register(AuditEntry)
class AuditEntryAdmin(ReadOnlyAdmin):
    list_display = ("created_at", "moderator", "act", "game_ref", "seat", "user_ref", "summary", "reason")
    list_filter = ("act", "created_at", "moderator")
    search_fields = ("summary", "reason", "game__id", "user__email", "user__profile__display_name",
                     "moderator__email")
    list_select_related = ("moderator", "game", "user__profile")
    date_hierarchy = "created_at"
    readonly_fields = ("created_at", "moderator", "act", "game_ref", "after_seq", "seat", "user_ref",
                       "message", "report", "summary", "reason", "public", "details")
    fields = readonly_fields

"""Chat in the admin: every message with its reports; moderators hide a message or show it again, with a
reason (games/actions/chat.py), never by editing the row."""

from __future__ import annotations

from django.contrib import admin
from django.db.models import Count, QuerySet
from django.http import HttpRequest, HttpResponse

from games import actions
from games.admin.confirm import ModeratorActions, bulk
from games.admin.links import admin_link, user_link
from games.admin.lookups import DeclaredLookupsOnly
from games.admin.readonly import Linked, ReadOnlyInline
from games.models import ChatMessage, Report


class ReportInline(ReadOnlyInline):
    model = Report
    fields = ("link", "reporter", "reason", "status", "handled_by", "created_at")
    readonly_fields = fields

    @admin.display(description="report")
    def link(self, report: Report) -> str:
        return admin_link(report, f"report {report.pk}")


def describe(message: ChatMessage) -> str:
    return f"{message.user.display_name} in game {message.game_id}: {message.text[:120]}"


@admin.register(ChatMessage)
class ChatMessageAdmin(DeclaredLookupsOnly, ModeratorActions, Linked, admin.ModelAdmin):
    list_display = ("id", "game_ref", "author", "short_text", "created_at", "hidden", "report_count")
    list_filter = ("hidden", "created_at")
    search_fields = ("text", "user__email", "user__profile__display_name", "game__id")
    readonly_fields = ("game_ref", "author", "text", "created_at", "hidden")
    fields = readonly_fields
    inlines = [ReportInline]
    actions = ["hide", "unhide"]
    list_select_related = ("game", "user__profile")

    def get_queryset(self, request: HttpRequest) -> QuerySet[ChatMessage]:
        return super().get_queryset(request).annotate(reports_count=Count("reports"))

    @admin.display(description="author")
    def author(self, obj: ChatMessage) -> str:
        return user_link(obj.user)

    @admin.display(description="text")
    def short_text(self, obj: ChatMessage) -> str:
        return obj.text[:80]

    @admin.display(description="reports", ordering="reports_count")
    def report_count(self, obj: ChatMessage) -> int:
        return getattr(obj, "reports_count", 0)

    @admin.action(description="Hide the selected messages", permissions=["moderate"])
    def hide(self, request: HttpRequest, queryset: QuerySet[ChatMessage]) -> HttpResponse | None:
        return bulk(self, request, queryset.select_related("user__profile"), title="Hide", describe=describe,
                    run=lambda m, a, d: actions.hide_chat([m], a))

    @admin.action(description="Show the selected messages again", permissions=["moderate"])
    def unhide(self, request: HttpRequest, queryset: QuerySet[ChatMessage]) -> HttpResponse | None:
        return bulk(self, request, queryset.select_related("user__profile"), title="Show again",
                    describe=describe, run=lambda m, a, d: actions.show_chat([m], a))

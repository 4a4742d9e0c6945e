"""Staff moderation. Games change only through games.actions, so game state, seats and the action log
are read-only here; moderators hide chat messages (through actions.hide_chat, with a reason) and resolve
reports."""

from __future__ import annotations

from typing import Any

from django.contrib import admin
from django.db.models import QuerySet
from django.http import HttpRequest, HttpResponse
from django.template.response import TemplateResponse

from games import actions
from games.actions import Actor
from games.kinds import all_kinds
from games.models import Action, ChatMessage, ChatReport, Game, Invitation, Notice, Seat, Snapshot


class ReadOnlyInline(admin.TabularInline):
    extra = 0
    can_delete = False
    show_change_link = False

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


class SeatInline(ReadOnlyInline):
    model = Seat
    fields = ("index", "user", "bot", "faction", "status", "awaiting", "joined_at")
    readonly_fields = fields
    ordering = ("index",)


class ActionInline(ReadOnlyInline):
    model = Action
    fields = ("seq", "seat", "actor", "command", "source", "turn", "undone", "created_at")
    readonly_fields = fields
    ordering = ("-seq",)
    max_num = 0
    shown = 50

    def get_queryset(self, request: HttpRequest) -> QuerySet[Action]:
        """Long games have thousands of actions: the newest 50 here, every one under Actions."""
        qs = super().get_queryset(request).select_related("actor")
        game_id = (request.resolver_match.kwargs.get("object_id") if request.resolver_match else None)
        if game_id and str(game_id).isdigit():
            newest = Action.objects.filter(game_id=int(game_id)).order_by("-seq").values_list("pk", flat=True)
            qs = qs.filter(pk__in=list(newest[: self.shown]))
        return qs


class KindOptionFilter(admin.SimpleListFilter):
    """The kinds' own filters (games.kinds: option_filters; MetalTalon's edition) over Game.options."""

    title = "rules option"
    parameter_name = "option"

    def lookups(self, request: HttpRequest, model_admin: Any) -> list[tuple[str, str]]:
        return [(f"{name}={value}", f"{kind.title} {label.lower()}: {text}")
                for kind in all_kinds() for name, label, choices in kind.option_filters()
                for value, text in choices]

    def queryset(self, request: HttpRequest, queryset: QuerySet[Game]) -> QuerySet[Game]:
        known = {value for value, _ in self.lookup_choices}
        if self.value() not in known:
            return queryset
        name, value = str(self.value()).split("=", 1)
        return queryset.filter(**{f"options__{name}": value})


@admin.register(Game)
class GameAdmin(admin.ModelAdmin):
    list_display = ("id", "kind", "options_text", "players", "status", "visibility", "created_by", "version",
                    "created_at", "finished_at")
    list_filter = ("status", "kind", KindOptionFilter, "players", "visibility")
    search_fields = ("id", "created_by__email", "created_by__username", "seats__user__email",
                     "seats__user__username")
    date_hierarchy = "created_at"
    # The clock is read-only: a changed clock would not move the deadlines already owed (ClockDue).
    readonly_fields = ("created_by", "kind", "options", "players", "clock", "status", "state", "version",
                       "invite_code",
                       "turn_started_at", "created_at", "started_at", "finished_at", "result")
    fields = ("created_by", "kind", "options", "players", "visibility", "clock", "status", "version",
              "invite_code", "created_at", "started_at", "turn_started_at", "finished_at", "result", "state")
    inlines = [SeatInline, ActionInline]
    list_select_related = ("created_by",)

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False  # games are created in the lobby, through the services


@admin.register(Action)
class ActionAdmin(admin.ModelAdmin):
    list_display = ("game", "seq", "seat", "actor", "command", "source", "turn", "undone", "created_at")
    list_filter = ("source", "undone")
    search_fields = ("game__id", "command", "actor__email")
    list_select_related = ("game", "actor")
    readonly_fields = ("game", "seq", "seat", "actor", "command", "events", "dice", "source", "turn",
                       "version_after", "undone", "created_at")

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False  # append-only


@admin.register(Snapshot)
class SnapshotAdmin(admin.ModelAdmin):
    list_display = ("game", "seq", "turn", "created_at")
    search_fields = ("game__id",)
    readonly_fields = ("game", "seq", "turn", "state", "created_at")

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


class ReportInline(admin.TabularInline):
    model = ChatReport
    extra = 0
    fields = ("reporter", "reason", "created_at", "resolved")
    readonly_fields = ("reporter", "reason", "created_at")


@admin.register(ChatMessage)
class ChatMessageAdmin(admin.ModelAdmin):
    list_display = ("game", "user", "short_text", "created_at", "hidden", "report_count")
    list_filter = ("hidden", "created_at")
    search_fields = ("text", "user__email", "user__username", "game__id")
    readonly_fields = ("game", "user", "text", "created_at")
    fields = ("game", "user", "text", "created_at", "hidden")
    inlines = [ReportInline]
    actions = ["hide", "unhide"]
    list_select_related = ("game", "user")

    @admin.display(description="text")
    def short_text(self, obj: ChatMessage) -> str:
        return obj.text[:80]

    @admin.display(description="reports")
    def report_count(self, obj: ChatMessage) -> int:
        return obj.reports.count()

    @admin.action(description="Hide the selected messages")
    def hide(self, request: HttpRequest, queryset: QuerySet[ChatMessage]) -> HttpResponse | None:
        return _with_reason(self, request, queryset, "hide", "Hide", actions.hide_chat, "hidden")

    @admin.action(description="Show the selected messages again")
    def unhide(self, request: HttpRequest, queryset: QuerySet[ChatMessage]) -> HttpResponse | None:
        return _with_reason(self, request, queryset, "unhide", "Show again", actions.show_chat, "shown")


@admin.register(ChatReport)
class ChatReportAdmin(admin.ModelAdmin):
    list_display = ("message", "message_text", "reporter", "reason", "created_at", "resolved")
    list_filter = ("resolved", "created_at")
    search_fields = ("message__text", "reporter__email", "reason")
    readonly_fields = ("message", "reporter", "reason", "created_at")
    actions = ["resolve", "hide_and_resolve"]
    list_select_related = ("message", "reporter")

    @admin.display(description="message text")
    def message_text(self, obj: ChatReport) -> str:
        return obj.message.text[:80]

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    @admin.action(description="Mark resolved")
    def resolve(self, request: HttpRequest, queryset: QuerySet[ChatReport]) -> None:
        self.message_user(request, f"{queryset.update(resolved=True)} report(s) resolved.")

    @admin.action(description="Hide the reported messages and mark resolved")
    def hide_and_resolve(self, request: HttpRequest, queryset: QuerySet[ChatReport]) -> HttpResponse | None:
        reported = ChatMessage.objects.filter(reports__in=queryset).distinct()

        def hide(messages: Any, actor: Actor) -> int:
            count = actions.hide_chat(messages, actor)
            queryset.update(resolved=True)
            return count

        return _with_reason(self, request, queryset, "hide_and_resolve", "Hide and resolve", hide, "hidden",
                            shown=reported)


def _with_reason(model_admin: admin.ModelAdmin, request: HttpRequest, queryset: QuerySet[Any], name: str,
                 verb: str, action: Any, done: str, shown: Any = None) -> HttpResponse | None:
    """An admin action that goes through games.actions as the moderator: first a page asking for the
    reason (every moderator action has one), then the action itself."""
    messages = shown if shown is not None else queryset
    reason = request.POST.get("reason", "").strip()
    if request.POST.get("confirm") == "yes":
        try:
            count = action(messages, Actor.moderator(request.user, reason))
        except actions.ActionError as exc:
            model_admin.message_user(request, exc.message, level="error")
        else:
            model_admin.message_user(request, f"{count} message(s) {done}.")
            return None
    context = {**model_admin.admin_site.each_context(request), "title": f"{verb}: give a reason",
               "queryset": queryset, "messages_shown": list(messages), "action_name": name, "verb": verb,
               "opts": model_admin.model._meta}
    return TemplateResponse(request, "admin/games/reason.html", context)


@admin.register(Invitation)
class InvitationAdmin(admin.ModelAdmin):
    list_display = ("game", "user", "invited_by", "created_at", "accepted_at")
    search_fields = ("user__email", "invited_by__email", "game__id")
    list_select_related = ("game", "user", "invited_by")


@admin.register(Notice)
class NoticeAdmin(admin.ModelAdmin):
    list_display = ("user", "game", "kind", "text", "created_at", "read_at")
    list_filter = ("kind",)
    search_fields = ("user__email", "text")
    list_select_related = ("user", "game")

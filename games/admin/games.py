"""Games in the admin: the list (status, kind, options, stalled, paused; search by player), the page
(seats, the newest actions, reports and moderator actions, all read-only, with links), and the moderator's
actions on a game: pause, resume, abort (also in bulk), replace or remove a player, roll back, extend a
deadline (games/actions/moderation.py)."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib import admin
from django.contrib.auth import get_user_model
from django.db.models import QuerySet
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404
from django.urls import path, reverse

from games import actions, dashboard
from games.admin import shown
from games.admin.confirm import ModeratorActions, ReasonForm, bulk, single
from games.admin.links import admin_link
from games.admin.lookups import DeclaredLookupsOnly
from games.admin.readonly import ReadOnlyInline
from games.kinds import all_kinds, get_kind
from games.models import Action, AuditEntry, Game, Report, Seat
from games.moderators import is_moderator
from games.queries import find_user
from games.seats import bot_title


class SeatInline(ReadOnlyInline):
    model = Seat
    fields = ("index", "user_ref", "bot", "faction", "status", "awaiting", "due_at", "timeouts",
              "timeouts_total", "abandoned", "joined_at")
    readonly_fields = fields
    ordering = ("index",)

    @admin.display(description="time runs out")
    def due_at(self, seat: Seat) -> Any:
        return seat.due_at or ("paused" if seat.paused else "")

    def get_queryset(self, request: HttpRequest) -> QuerySet[Seat]:
        return super().get_queryset(request).select_related("user__profile")


class ActionInline(ReadOnlyInline):
    model = Action
    fields = ("seq", "seat", "actor", "shown_command", "source", "turn", "undone", "created_at")
    readonly_fields = fields

    @admin.display(description="command")
    def shown_command(self, action: Action) -> str:
        return shown.command(action)
    ordering = ("-seq",)
    max_num = 0
    shown = 50

    def get_queryset(self, request: HttpRequest) -> QuerySet[Action]:
        """Long games have thousands of actions: the newest 50 here, every one under Actions."""
        qs = super().get_queryset(request).select_related("actor", "game")
        game_id = (request.resolver_match.kwargs.get("object_id") if request.resolver_match else None)
        if game_id and str(game_id).isdigit():
            newest = Action.objects.filter(game_id=int(game_id)).order_by("-seq").values_list("pk", flat=True)
            qs = qs.filter(pk__in=list(newest[: self.shown]))
        return qs


class AuditInline(ReadOnlyInline):
    model = AuditEntry
    verbose_name_plural = "moderator actions"
    fields = ("created_at", "moderator", "act", "summary", "reason", "after_seq")
    readonly_fields = fields
    ordering = ("-created_at",)


class GameReportInline(ReadOnlyInline):
    model = Report
    fields = ("link", "about", "reported", "reporter", "reason", "status", "handled_by", "created_at")
    readonly_fields = fields

    @admin.display(description="report")
    def link(self, report: Report) -> str:
        return admin_link(report)


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


class AttentionFilter(admin.SimpleListFilter):
    """Stalled (waiting longer than the clock allows a turn) and paused games: games/dashboard.py."""

    title = "needs attention"
    parameter_name = "attention"

    def lookups(self, request: HttpRequest, model_admin: Any) -> list[tuple[str, str]]:
        return [("stalled", "Stalled"), ("paused", "Paused"), ("paused_long", "Paused over a week")]

    def queryset(self, request: HttpRequest, queryset: QuerySet[Game]) -> QuerySet[Game]:
        if self.value() == "stalled":
            return queryset.filter(pk__in=dashboard.stalled_ids())
        if self.value() == "paused":
            return queryset.filter(paused_at__isnull=False)
        if self.value() == "paused_long":
            return queryset.filter(pk__in=dashboard.paused_long().values("pk"))
        return queryset


# === The moderator's forms for one game ===

class SeatForm(ReasonForm):
    seat = forms.TypedChoiceField(coerce=int)

    def __init__(self, *args: Any, game: Game, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        seats = game.seats.exclude(index=None).select_related("user__profile").order_by("index")
        self.fields["seat"].choices = [(s.index, f"Seat {s.index + 1}: {s.name} ({s.get_status_display()})")
                                       for s in seats]
        self.order_fields(["seat"])


class ReplaceForm(SeatForm):
    player = forms.CharField(label="New player", help_text="Their display name or e-mail address.")

    def clean_player(self) -> Any:
        text = self.cleaned_data["player"].strip()
        user = (get_user_model().objects.filter(email__iexact=text, is_active=True).first()
                if "@" in text else find_user(text))
        if user is None:
            raise forms.ValidationError(f"No active player is called “{text}”.")
        return user


class BotForm(SeatForm):
    level = forms.ChoiceField(label="Bot", help_text="The bot plays the seat from now on (docs/bots.md).")

    def __init__(self, *args: Any, game: Game, **kwargs: Any) -> None:
        super().__init__(*args, game=game, **kwargs)
        levels = get_kind(game.kind).bot_levels
        self.fields["level"].choices = [(level, bot_title(level)) for level in levels]
        self.fields["level"].initial = "greedy" if "greedy" in levels else levels[0]


class ExtendForm(SeatForm):
    hours = forms.IntegerField(min_value=1, max_value=actions.moderation.EXTEND_MAX_HOURS, initial=24,
                               help_text="Added to what the seat's clock has left.")


class RollbackForm(ReasonForm):
    to_seq = forms.IntegerField(label="Back to just after action", min_value=0,
                                help_text="The number (#) of the last action to keep; 0 for the start.")


MODERATE = {
    # act: (button, form, run(game, actor, data), done)
    "pause": ("Pause the game", ReasonForm, lambda g, a, d: actions.pause_game(g, a), "Game paused."),
    "resume": ("Resume the game", ReasonForm, lambda g, a, d: actions.resume_game(g, a), "Game resumed."),
    "abort": ("Abort the game", ReasonForm, lambda g, a, d: actions.abort_game(g, a), "Game aborted."),
    "replace": ("Replace a player", ReplaceForm,
                lambda g, a, d: actions.replace_player(g, a, d["seat"], d["player"]), "Player replaced."),
    "bot": ("Hand a seat to a bot", BotForm,
            lambda g, a, d: actions.replace_with_bot(g, a, d["seat"], d["level"]), "The seat is the bot's."),
    "remove": ("Remove a player", SeatForm, lambda g, a, d: actions.remove_player(g, a, d["seat"]),
               "Player removed."),
    "rollback": ("Roll back", RollbackForm, lambda g, a, d: actions.rollback_game(g, a, d["to_seq"]),
                 "Game rolled back."),
    "extend": ("Extend a deadline", ExtendForm,
               lambda g, a, d: actions.extend_deadline(g, a, d["seat"], d["hours"]), "Deadline extended."),
}


def offered(game: Game) -> list[str]:
    """The moderator's actions that make sense for this game now (each action still checks)."""
    if game.status == Game.Status.ABORTED:
        return []
    if game.status == Game.Status.OPEN:
        return ["abort"]
    if game.status == Game.Status.FINISHED:
        return ["rollback"]
    acts = ["resume" if game.paused_at else "pause", "abort", "replace", "bot", "remove", "rollback"]
    if game.clock_rules.runs:
        acts.append("extend")
    return acts


@admin.register(Game)
class GameAdmin(DeclaredLookupsOnly, ModeratorActions, admin.ModelAdmin):
    list_display = ("id", "kind", "options_text", "players", "player_names", "status", "paused_at",
                    "visibility", "created_by", "turn_started_at", "created_at")
    list_filter = ("status", AttentionFilter, "kind", KindOptionFilter, "players", "visibility")
    search_fields = ("id", "created_by__email", "created_by__username", "seats__user__email",
                     "seats__user__profile__display_name")
    date_hierarchy = "created_at"
    # The clock is read-only: a changed clock would not move the deadlines already owed (ClockDue).
    readonly_fields = ("created_by", "kind", "options", "players", "clock", "status", "paused_at",
                       "shown_state", "version", "invite_code", "turn_started_at", "created_at", "started_at",
                       "finished_at", "result")
    fields = ("created_by", "kind", "options", "players", "visibility", "clock", "status", "paused_at",
              "version", "invite_code", "created_at", "started_at", "turn_started_at", "finished_at",
              "result", "shown_state")
    inlines = [SeatInline, GameReportInline, AuditInline, ActionInline]
    list_select_related = ("created_by",)
    actions = ["pause", "resume", "abort"]
    change_form_template = "admin/games/game/change_form.html"

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False  # games are created in the lobby, through the actions

    def get_queryset(self, request: HttpRequest) -> QuerySet[Game]:
        return super().get_queryset(request).prefetch_related("seats__user__profile")

    @admin.display(description="state")
    def shown_state(self, game: Game) -> str:
        return shown.state(game, game.state)

    @admin.display(description="seats")
    def player_names(self, game: Game) -> str:
        seats = sorted(game.seats.all(), key=lambda s: (s.index is None, s.index or 0))
        return ", ".join(s.name for s in seats)

    @admin.action(description="Pause the selected games", permissions=["moderate"])
    def pause(self, request: HttpRequest, queryset: QuerySet[Game]) -> HttpResponse | None:
        return bulk(self, request, queryset, title="Pause", run=lambda g, a, d: actions.pause_game(g, a))

    @admin.action(description="Resume the selected games", permissions=["moderate"])
    def resume(self, request: HttpRequest, queryset: QuerySet[Game]) -> HttpResponse | None:
        return bulk(self, request, queryset, title="Resume", run=lambda g, a, d: actions.resume_game(g, a))

    @admin.action(description="Abort the selected games", permissions=["moderate"])
    def abort(self, request: HttpRequest, queryset: QuerySet[Game]) -> HttpResponse | None:
        return bulk(self, request, queryset, title="Abort", run=lambda g, a, d: actions.abort_game(g, a))

    def get_urls(self) -> list[Any]:
        return [path("<int:game_id>/moderate/<str:act>/", self.admin_site.admin_view(self.moderate),
                     name="games_game_moderate"), *super().get_urls()]

    def moderate(self, request: HttpRequest, game_id: int, act: str) -> HttpResponse:
        game = get_object_or_404(Game, pk=game_id)
        if act not in MODERATE:
            raise Http404("No such moderator action")
        button, form_class, run, done = MODERATE[act]
        form = form_class(request.POST or None, game=game)
        back = reverse("admin:games_game_change", args=[game.pk])
        newest = list(game.actions.select_related("game").order_by("-seq")[:40]) if act == "rollback" else []
        for action in newest:
            action.command = shown.command(action)
        return single(self, request, game, title=f"{button}: game {game.pk}", form=form, done=done, back=back,
                      run=lambda actor, data: run(game, actor, data), shown=newest)

    def change_view(self, request: HttpRequest, object_id: str, form_url: str = "",
                    extra_context: dict[str, Any] | None = None) -> HttpResponse:
        game = Game.objects.filter(pk=object_id).first() if str(object_id).isdigit() else None
        links = []
        if game is not None and is_moderator(request.user):
            links = [(reverse("admin:games_game_moderate", args=[game.pk, act]), MODERATE[act][0])
                     for act in offered(game)]
        extra = {**(extra_context or {}), "moderation_links": links,
                 "site_url_of_game": game.get_absolute_url() if game else None}
        return super().change_view(request, object_id, form_url, extra)


"""Accounts in the admin. Moderators find a player (by e-mail, name), see their seats, timeouts and the
moderator actions about them, and suspend, ban or reinstate them with a reason (games/actions/sanctions.py);
the account's own fields are for superusers."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from allauth.account.admin import EmailAddressAdmin
from allauth.account.models import EmailAddress
from django import forms
from django.contrib import admin
from django.contrib.auth.admin import GroupAdmin, UserAdmin
from django.contrib.auth.models import Group
from django.db.models import QuerySet, Sum
from django.http import HttpRequest, HttpResponse
from django.utils import timezone

from accounts.models import Profile, User
from games import actions
from games.actions import Actor
from games.admin.confirm import ModeratorActions, ReasonForm, bulk
from games.admin.lookups import DeclaredLookupsOnly
from games.admin.readonly import ReadOnlyInline
from games.models import AuditEntry, Seat
from games.moderators import is_moderator


class ProfileInline(admin.StackedInline):
    model = Profile
    can_delete = False
    readonly_fields = ("suspended_until",)


class SeatInline(ReadOnlyInline):
    model = Seat
    fk_name = "user"
    verbose_name_plural = "seats"
    fields = readonly_fields = ("game_ref", "index", "status", "awaiting", "timeouts", "timeouts_total",
                                "abandoned")


class AuditInline(ReadOnlyInline):
    model = AuditEntry
    fk_name = "user"
    verbose_name_plural = "moderator actions about this user"
    fields = readonly_fields = ("created_at", "moderator", "act", "summary", "reason")
    ordering = ("-created_at",)


class SuspendForm(ReasonForm):
    days = forms.IntegerField(min_value=1, max_value=365, initial=7,
                              help_text="The account is back after that.")


def describe(user: User) -> str:
    return f"{user.display_name} <{user.email}>"


@admin.register(User)
class SiteUserAdmin(DeclaredLookupsOnly, ModeratorActions, UserAdmin):
    inlines = [ProfileInline, SeatInline, AuditInline]
    list_display = ("email", "display_name", "is_active", "suspended_until", "timeouts", "is_staff",
                    "date_joined", "last_login")
    list_filter = ("is_active", "is_staff", "groups")
    search_fields = ("email", "username", "profile__display_name")
    list_select_related = ("profile",)
    actions = ["suspend", "ban", "reinstate"]

    def get_queryset(self, request: HttpRequest) -> QuerySet[User]:
        return super().get_queryset(request).annotate(timeouts_sum=Sum("seats__timeouts_total"))

    @admin.display(description="suspended until")
    def suspended_until(self, user: User) -> Any:
        return user.profile.suspended_until

    @admin.display(description="timeouts", ordering="timeouts_sum")
    def timeouts(self, user: User) -> int:
        return getattr(user, "timeouts_sum", None) or 0

    def save_model(self, request: HttpRequest, obj: User, form: Any, change: bool) -> None:
        """The account form's "active" box, which only administrators may change, is recorded as their ban
        or reinstatement (games/actions/sanctions.py): a moderator lifts only what a moderator did."""
        super().save_model(request, obj, form, change)
        if change and "is_active" in form.changed_data and is_moderator(request.user):
            actions.record_admin_change(obj, Actor.moderator(request.user, "changed in the account form"),
                                        obj.is_active)

    @admin.action(description="Suspend the selected users", permissions=["moderate"])
    def suspend(self, request: HttpRequest, queryset: QuerySet[User]) -> HttpResponse | None:
        def run(user: User, actor: Any, data: dict[str, Any]) -> Any:
            return actions.suspend_user(user, actor, timezone.now() + timedelta(days=data["days"]))

        return bulk(self, request, queryset, title="Suspend", describe=describe, form_class=SuspendForm,
                    run=run)

    @admin.action(description="Ban the selected users", permissions=["moderate"])
    def ban(self, request: HttpRequest, queryset: QuerySet[User]) -> HttpResponse | None:
        return bulk(self, request, queryset, title="Ban", describe=describe,
                    run=lambda u, a, d: actions.ban_user(u, a))

    @admin.action(description="Reinstate the selected users", permissions=["moderate"])
    def reinstate(self, request: HttpRequest, queryset: QuerySet[User]) -> HttpResponse | None:
        return bulk(self, request, queryset, title="Reinstate", describe=describe,
                    run=lambda u, a, d: actions.reinstate_user(u, a))


# The groups' and the e-mail addresses' admins come with Django and allauth (importing their admin modules
# above registered them): registered again, their lists too filter only as they declare.
class SiteGroupAdmin(DeclaredLookupsOnly, GroupAdmin):
    pass


class SiteEmailAddressAdmin(DeclaredLookupsOnly, EmailAddressAdmin):
    pass


for _model, _admin_class in ((Group, SiteGroupAdmin), (EmailAddress, SiteEmailAddressAdmin)):
    admin.site.unregister(_model)
    admin.site.register(_model, _admin_class)

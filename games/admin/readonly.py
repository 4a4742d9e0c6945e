"""The admin's read-only pieces: rows written by the actions alone (docs/architecture.md) are shown, never
edited here, each linked to its game and player."""

from __future__ import annotations

from typing import Any

from django.contrib import admin
from django.http import HttpRequest

from games.admin.links import game_link, user_link
from games.admin.lookups import DeclaredLookupsOnly


class Linked:
    """`game_ref` and `user_ref` columns: a row's game and player, as links to their admin pages."""

    @admin.display(description="game")
    def game_ref(self, obj: Any) -> str:
        return game_link(obj.game)

    @admin.display(description="player")
    def user_ref(self, obj: Any) -> str:
        return user_link(obj.user)


class ReadOnlyInline(Linked, admin.TabularInline):
    extra = 0
    can_delete = False
    show_change_link = False

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


class ReadOnlyAdmin(DeclaredLookupsOnly, Linked, admin.ModelAdmin):
    """Every field shown, none editable, no rows added or deleted here."""

    def get_readonly_fields(self, request: HttpRequest, obj: Any = None) -> list[str]:
        return [*self.readonly_fields, *(f.name for f in self.model._meta.fields)]

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

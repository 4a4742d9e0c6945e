"""The "moderator" group (docs/moderation.md): what a moderator needs and no more. Kept in step after
every migrate (games/apps.py), so a new model's view permission reaches the group without a hand edit.
Staff without the group see the admin but can neither open its pages nor act; superusers keep everything."""

from __future__ import annotations

from typing import Any

GROUP = "moderator"
# The group's own permission (games.models.Game.Meta), which every moderator action checks.
MODERATE = "games.moderate_game"


def is_moderator(user: Any) -> bool:
    """Staff with the moderator permission (in the group, or a superuser), signed in and active."""
    return bool(user is not None and user.is_active and user.is_staff and user.has_perm(MODERATE))

def moderates(user_ref: str) -> Any:
    """is_moderator as a query expression over the user that `user_ref` names (e.g. "user_id" on a chat
    message): a list of lines can say which authors moderate in its own query, with no query per author."""
    from django.contrib.auth.models import Permission
    from django.db.models import Exists, OuterRef, Q

    app, codename = MODERATE.split(".")
    perm = Permission.objects.filter(content_type__app_label=app, codename=codename)
    prefix = user_ref.removesuffix("_id")
    return (Q(**{f"{prefix}__is_active": True, f"{prefix}__is_staff": True})
            & (Q(**{f"{prefix}__is_superuser": True})
               | Exists(perm.filter(group__user=OuterRef(user_ref)))
               | Exists(perm.filter(user=OuterRef(user_ref)))))


# Read everything a moderator judges by; write nothing directly: every change goes through
# games/actions as the moderator's Actor (the admin's moderation actions), which `moderate_game` allows.
PERMISSIONS = [
    ("games", "moderate_game"),
    *[("games", f"view_{model}") for model in (
        "game", "seat", "action", "snapshot", "chatmessage", "report", "auditentry", "invitation", "notice",
        "notification", "inboundmail", "clockdue", "expelvote", "expelballot")],
    ("accounts", "view_user"),
    ("accounts", "view_profile"),
]


def ensure_group(**kwargs: Any) -> None:
    """post_migrate: the group exists and holds exactly PERMISSIONS. The apps' permissions are made first:
    this app's handler may run before auth's own (INSTALLED_APPS order)."""
    from django.apps import apps
    from django.contrib.auth.management import create_permissions
    from django.contrib.auth.models import Group, Permission
    from django.db.models import Q

    for label in ("accounts", "games"):
        create_permissions(apps.get_app_config(label), verbosity=0, using=kwargs.get("using", "default"))

    query = Q(pk__in=[])
    for app, codename in PERMISSIONS:
        query |= Q(content_type__app_label=app, codename=codename)
    group, _ = Group.objects.get_or_create(name=GROUP)
    group.permissions.set(Permission.objects.filter(query))

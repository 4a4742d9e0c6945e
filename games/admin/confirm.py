"""The one shape of every moderator action in the admin: a form asking for the reason (and whatever else
the action needs), then the action as the moderator's Actor. A refusal is shown on the form, and nothing
changed. Bulk actions run the action once per selected row, each in its own transaction."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from django import forms
from django.contrib import admin, messages
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.template.response import TemplateResponse

from games import actions
from games.actions import Actor
from games.moderators import is_moderator

REASON_HELP = "Required. Kept in the record, shown in the game's log and told to the players concerned."


class ReasonForm(forms.Form):
    reason = forms.CharField(max_length=1000, help_text=REASON_HELP,
                             widget=forms.Textarea(attrs={"rows": 3, "cols": 80}))

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.pop("game", None)
        super().__init__(*args, **kwargs)


def require_moderator(request: HttpRequest) -> None:
    if not is_moderator(request.user):
        raise PermissionDenied("Only moderators can do that.")


class ModeratorActions:
    """Mixed into a ModelAdmin: its bulk actions declare `permissions=["moderate"]`."""

    def has_moderate_permission(self, request: HttpRequest) -> bool:
        return is_moderator(request.user)


def bulk(model_admin: admin.ModelAdmin, request: HttpRequest, queryset: Any, *, title: str,
         run: Callable[[Any, Actor, dict[str, Any]], Any], form_class: type[ReasonForm] = ReasonForm,
         describe: Callable[[Any], str] = str) -> HttpResponse | None:
    """A bulk action: the confirmation page first, then `run(row, actor, cleaned_data)` for each row."""
    require_moderator(request)
    action = request.POST.get("action", "")
    form = form_class(request.POST if request.POST.get("confirm") == "yes" else None)
    rows = list(queryset)
    if form.is_bound and form.is_valid():
        actor = Actor.moderator(request.user, form.cleaned_data["reason"])
        done = 0
        for row in rows:
            try:
                run(row, actor, form.cleaned_data)
            except actions.ActionError as exc:
                model_admin.message_user(request, f"{describe(row)}: {exc.message}", level=messages.ERROR)
            else:
                done += 1
        if done:
            model_admin.message_user(request, f"{title}: done for {done} of {len(rows)}.")
        return None
    context = {**model_admin.admin_site.each_context(request), "title": title, "form": form,
               "rows": [describe(row) for row in rows], "selected": [row.pk for row in rows],
               "action_name": action, "opts": model_admin.model._meta, "bulk": True}
    return TemplateResponse(request, "admin/games/confirm.html", context)


def single(model_admin: admin.ModelAdmin, request: HttpRequest, obj: Any, *, title: str, form: forms.Form,
           run: Callable[[Actor, dict[str, Any]], Any], done: str, back: str,
           shown: Sequence[Any] = (), extra: dict[str, Any] | None = None) -> HttpResponse:
    """One object's action page (GET the form, POST it): back to `back` once done."""
    require_moderator(request)
    if request.method == "POST" and form.is_valid():
        try:
            run(Actor.moderator(request.user, form.cleaned_data["reason"]), form.cleaned_data)
        except actions.ActionError as exc:
            form.add_error(None, exc.message)
        else:
            model_admin.message_user(request, done)
            return HttpResponseRedirect(back)
    context = {**model_admin.admin_site.each_context(request), "title": title, "form": form, "object": obj,
               "opts": model_admin.model._meta, "back": back, "shown": shown, **(extra or {})}
    return TemplateResponse(request, "admin/games/confirm.html", context)

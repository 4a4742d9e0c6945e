"""Where a page's "Rules" link goes: its game's own kind's rules, else the site's rules page
(docs/architecture.md, "Kinds")."""

from __future__ import annotations

from django import template
from django.urls import reverse

from games.kinds import rules_document

register = template.Library()


@register.simple_tag
def rules_url(kind_name: object = "") -> str:
    """/rules/<kind>/ for a kind with a rules document; /rules/ for no game, or a kind without one."""
    if isinstance(kind_name, str) and kind_name:
        try:
            if rules_document(kind_name):
                return reverse("games:kind_rules", args=[kind_name])
        except KeyError:  # a game of a kind the settings no longer name
            pass
    return reverse("games:rules")

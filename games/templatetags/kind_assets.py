"""A kind's own page script and styles, on every page that shows its board (docs/architecture.md, "Kinds")."""

from __future__ import annotations

from typing import Any

from django import template

from games.kinds import page_assets

register = template.Library()


@register.inclusion_tag("games/_kind_assets.html")
def kind_assets(kind_name: str) -> dict[str, Any]:
    """The <link> and deferred <script> tags of the kind called `kind_name`, after the platform's own."""
    return {"assets": page_assets(kind_name)}

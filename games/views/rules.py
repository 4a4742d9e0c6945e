"""The Rules page: docs/rules.md (the site's plain-language rules and rulings) rendered as HTML."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

import markdown
from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.safestring import SafeString, mark_safe
from django.views.decorators.http import require_GET

RULES_PATH = Path(settings.BASE_DIR) / "games" / "kinds" / "metaltalon" / "rules.md"


@lru_cache(maxsize=4)
def _render(path: Path, mtime: float) -> tuple[SafeString, SafeString]:
    """(body, table of contents); keyed on the file's mtime so an edited file is picked up."""
    md = markdown.Markdown(extensions=["tables", "toc", "fenced_code", "sane_lists"],
                           extension_configs={"toc": {"toc_depth": "2-3"}})
    body = md.convert(path.read_text(encoding="utf-8"))
    # Our own document from the repository, not user input: trusted markup.
    return mark_safe(body), mark_safe(getattr(md, "toc", ""))


def rules_html(path: Path) -> tuple[SafeString, SafeString] | None:
    try:
        mtime = path.stat().st_mtime
    except FileNotFoundError:
        return None
    return _render(path, mtime)


@require_GET
def rules(request: HttpRequest) -> HttpResponse:
    rendered = rules_html(RULES_PATH)
    context = {"body": rendered[0] if rendered else None, "toc": rendered[1] if rendered else None}
    return render(request, "games/rules.html", context, status=200 if rendered else 503)

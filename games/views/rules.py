"""The Rules pages: each kind's rules document (Kind.rules_document, markdown in its package) as HTML at
/rules/<kind>/; /rules/ shows the one offered kind's rules, or an index when the lobby offers several."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import markdown
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.safestring import SafeString, mark_safe
from django.views.decorators.http import require_GET

from games.kinds import Kind, get_kind, offered_kinds, rules_document


@dataclass(frozen=True)
class RulesHtml:
    head: SafeString  # the title and introduction before the first section, "" when it opens on one
    toc: SafeString
    body: SafeString  # the rest of the document


@lru_cache(maxsize=8)
def _render(path: Path, mtime: float) -> RulesHtml:
    """The document in three parts; keyed on the file's mtime so an edited file is picked up. The head is
    the title and the introduction before the first section (h2): the page shows it above the contents
    box, so a phone opens on the game's name and what it is rather than on a screenful of links."""
    md = markdown.Markdown(extensions=["tables", "toc", "fenced_code", "sane_lists"],
                           extension_configs={"toc": {"toc_depth": "2-3"}})
    html = md.convert(path.read_text(encoding="utf-8"))
    cut = html.find("<h2")
    head, body = (html[:cut], html[cut:]) if cut > 0 else ("", html)
    # A kind's own document from the code the site runs, not user input: trusted markup.
    return RulesHtml(mark_safe(head), mark_safe(getattr(md, "toc", "")), mark_safe(body))  # noqa: S308


def rules_html(path: Path) -> RulesHtml | None:
    try:
        mtime = path.stat().st_mtime
    except FileNotFoundError:
        return None
    return _render(path, mtime)


def _kind_page(request: HttpRequest, kind: Kind, path: Path) -> HttpResponse:
    rendered = rules_html(path)
    context = {"kind": kind, "document": kind.rules_document, "rules": rendered}
    return render(request, "games/rules.html", context, status=200 if rendered else 503)


@require_GET
def kind_rules(request: HttpRequest, kind: str) -> HttpResponse:
    """A registered kind's rules, offered or not (a stored game of any registered kind stays playable)."""
    try:
        found = get_kind(kind)
    except KeyError:
        raise Http404("No such game.") from None
    path = rules_document(kind)
    if path is None:
        raise Http404(f"{found.title} has no rules page.")
    return _kind_page(request, found, path)


@require_GET
def rules(request: HttpRequest) -> HttpResponse:
    """What a player who clicks "Rules" expects: the rules of the game the site offers, or, when it offers
    several, the list of them to choose from (never one game's rules passed off as the site's)."""
    documented = [(kind, path) for kind in offered_kinds() if (path := rules_document(kind.name))]
    if len(documented) == 1:
        return _kind_page(request, *documented[0])
    kinds = [kind for kind, _ in documented]
    return render(request, "games/rules_index.html", {"kinds": kinds}, status=200 if kinds else 404)

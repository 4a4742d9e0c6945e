"""One page of a list and the query for the links to the others (templates/games/_pager.html)."""

from __future__ import annotations

from typing import Any

from django.core.paginator import Paginator
from django.http import HttpRequest


def paged(request: HttpRequest, items: Any, size: int) -> dict[str, Any]:
    """{"page", "query"}: the request's page of `items`, and its other GET parameters for the pager."""
    query = request.GET.copy()
    query.pop("page", None)
    return {"page": Paginator(items, size).get_page(request.GET.get("page")), "query": query.urlencode()}

"""One page of a list and the query for the links to the others (templates/games/_pager.html)."""

from __future__ import annotations

from functools import cached_property
from typing import Any

from django.core.paginator import Paginator
from django.http import HttpRequest

# A list counts its items only this many pages deep: counting all the archive's games would cost a read of
# every one on each page (bench/many_games_bench.py: 1.1 s at 100,000 games, and a count of 3,000 of one
# player's games still 65 ms); past that, the search narrows it (by dates).
COUNTED_PAGES = 20


class CappedPaginator(Paginator):
    """A Paginator whose count stops at `counted_pages` pages of items: `more` says there are others
    beyond, which no page reaches."""

    def __init__(self, object_list: Any, per_page: int, counted_pages: int | None = None) -> None:
        super().__init__(object_list, per_page)
        self.cap = per_page * (COUNTED_PAGES if counted_pages is None else counted_pages)

    @cached_property
    def _counted(self) -> int:
        items = self.object_list
        if hasattr(items, "order_by"):  # a queryset: COUNT(*) over a LIMIT, no ordering needed
            return int(items.order_by()[:self.cap + 1].count())
        return min(len(items), self.cap + 1)

    @cached_property
    def count(self) -> int:
        return min(self._counted, self.cap)

    @cached_property
    def more(self) -> bool:
        return self._counted > self.cap


def paged(request: HttpRequest, items: Any, size: int) -> dict[str, Any]:
    """{"page", "query"}: the request's page of `items`, and its other GET parameters for the pager."""
    query = request.GET.copy()
    query.pop("page", None)
    return {"page": CappedPaginator(items, size).get_page(request.GET.get("page")),
            "query": query.urlencode()}

"""The archive page: finished public games, searched by the form's filters (htmx swaps the list)."""

from __future__ import annotations

from django.core.paginator import Paginator
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from games.archive import search, seat_labels
from games.forms import ArchiveFilterForm
from games.models import Game

PAGE_SIZE = 30


@require_GET
def archive(request: HttpRequest) -> HttpResponse:
    form = ArchiveFilterForm(request.GET or None, labels=seat_labels())
    if not form.is_bound:
        games = search({}, {})
    elif form.is_valid():
        games = search(form.cleaned_data, form.option_filters())
    else:  # the form says what is wrong (an unknown player's name); no games rather than all of them
        games = Game.objects.none()
    page = Paginator(games, PAGE_SIZE).get_page(request.GET.get("page"))
    query = request.GET.copy()
    query.pop("page", None)
    context = {"form": form, "page": page, "query": query.urlencode()}
    template = "games/archive.html#archive-list" if request.htmx else "games/archive.html"
    return render(request, template, context)

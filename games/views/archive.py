"""The archive page: finished public games, searched by the form's filters (htmx swaps the list)."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from games.archive import finished_public, search, seat_labels
from games.forms import ArchiveFilterForm
from games.kinds import offered_kinds, shared_words
from games.models import Game
from games.views.paging import paged

PAGE_SIZE = 30


@require_GET
def archive(request: HttpRequest) -> HttpResponse:
    # The archive lists every kind's games: its words are the offered kinds' shared ones.
    seat_label = shared_words(offered_kinds()).seat_label
    form = ArchiveFilterForm(request.GET or None, labels=seat_labels(), label_word=seat_label)
    if not form.is_bound:
        games = search(finished_public(), {})
    elif form.is_valid():
        games = search(form.narrow(finished_public()), form.cleaned_data)
    else:  # the form says what is wrong (an unknown player's name); no games rather than all of them
        games = Game.objects.none()
    context = {"form": form, "seat_label": seat_label, **paged(request, games, PAGE_SIZE)}
    template = "games/archive.html#archive-list" if request.htmx else "games/archive.html"
    return render(request, template, context)

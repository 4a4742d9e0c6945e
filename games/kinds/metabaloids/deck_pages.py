"""The deck builder: a player's saved decks (models.py), a form with a count for every card of the pool
(cards.POOL), the totals, and the deck limits' words (cards.deck_problems) for a deck that breaks one,
which is then not saved. Only the owner sees or changes a deck (another's is a 404)."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db import IntegrityError, transaction
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_POST

from .cards import CARDS, DECK_NAMES, DECKS, MAX_COPIES, MAX_POINTS, POOL, deck_points, deck_problems
from .models import MAX_NAME, SavedDeck

FIELD = "c_"  # a card's count field: c_<code>


@login_required
def deck_list(request: HttpRequest) -> HttpResponse:
    decks = [{"deck": d, **d.summary()} for d in SavedDeck.objects.filter(owner=request.user)]
    return render(request, "games/kinds/metabaloids/decks.html", {"decks": decks})


def _read(data: Any) -> tuple[str, dict[str, int], list[str]]:
    """The posted name and counts, and what cannot be read in them (a name missing, a count that is not
    a whole number)."""
    errors = []
    name = " ".join(str(data.get("name", "")).split())
    if not name:
        errors.append("give the deck a name")
    elif len(name) > MAX_NAME:
        errors.append(f"a deck's name has at most {MAX_NAME} characters")
    elif name.upper() in DECK_NAMES:
        errors.append(f"{name!r} is a starter deck's letter: give your deck another name")
    counts: dict[str, int] = {}
    for code in POOL:
        raw = str(data.get(FIELD + code, "") or "0").strip()
        try:
            copies = int(raw)
        except ValueError:
            errors.append(f"{CARDS[code].name}: the copies are a whole number, not {raw!r}")
            continue
        if copies:
            counts[code] = copies
    return name, counts, errors


def _rows(counts: dict[str, int]) -> list[dict[str, Any]]:
    rows = []
    for code in POOL:
        c = CARDS[code]
        rows.append({"code": code, "field": FIELD + code, "name": c.name, "cost": c.cost,
                     "category": c.category, "type": c.type, "attack": c.attack, "defense": c.defense,
                     "ability": c.abilities[0].text if c.abilities else "", "count": counts.get(code, 0)})
    return rows


@login_required
def deck_edit(request: HttpRequest, deck_id: int | None = None) -> HttpResponse:
    """A new deck (deck_id None; `?start=A` starts from a starter deck) or one of the player's own."""
    deck = get_object_or_404(SavedDeck, pk=deck_id, owner=request.user) if deck_id is not None else None
    problems: list[str] = []
    if request.method == "POST":
        name, counts, errors = _read(request.POST)
        problems = errors + deck_problems(counts)
        if not problems and "save" in request.POST:
            saved = deck or SavedDeck(owner=request.user)
            saved.name, saved.cards = name, counts
            try:
                with transaction.atomic():
                    saved.save()
            except IntegrityError:
                problems = [f"you have a deck called {name!r} already"]
            else:
                messages.success(request, f"Deck {name} saved.")
                return redirect("metabaloids:decks")
    else:
        start = DECKS.get(request.GET.get("start", "").upper(), {})
        counts = deck.counts() if deck else dict(start)
        name = deck.name if deck else ""
    status = 400 if problems and "save" in request.POST else 200
    return render(request, "games/kinds/metabaloids/deck_edit.html", {
        "deck": deck, "name": name, "rows": _rows(counts), "cards": sum(counts.values()),
        "points": deck_points({k: v for k, v in counts.items() if k in CARDS}), "problems": problems,
        "checked": request.method == "POST", "max_points": MAX_POINTS, "max_copies": MAX_COPIES,
        "max_name": MAX_NAME, "starters": list(DECK_NAMES.items())}, status=status)


@login_required
@require_POST
def deck_delete(request: HttpRequest, deck_id: int) -> HttpResponse:
    deck = get_object_or_404(SavedDeck, pk=deck_id, owner=request.user)
    deck.delete()
    messages.success(request, f"Deck {deck.name} deleted.")
    return redirect("metabaloids:decks")

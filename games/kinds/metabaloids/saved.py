"""A player's saved decks (models.py) at a game: the ones the game page offers a seat in the decks phase,
and the `deck list` command a posted deck button means (lobby.list_command), only for its owner."""

from __future__ import annotations

from typing import Any

from games.kinds.protocol import Refused

from .lobby import list_command


def offered(game: Any, seat: int | None) -> list[dict[str, Any]]:
    """The decks of the player in `seat` that can be brought to a game (within the deck limits), by name:
    [{"id", "name", "cards", "points"}]."""
    from .models import SavedDeck

    if seat is None or game is None:
        return []
    user_id = game.seats.filter(index=seat).values_list("user_id", flat=True).first()
    if user_id is None:
        return []
    rows = []
    for deck in SavedDeck.objects.filter(owner_id=user_id):
        if not deck.problems():
            rows.append({"id": deck.pk, "name": deck.name, "cards": deck.size(), "points": deck.points()})
    return rows


def deck_command(deck_id: str, user: Any) -> str:
    """The command that brings the posted saved deck to the game; Refused for a deck that is not the
    poster's own (or no deck at all), in the same words either way."""
    from .models import SavedDeck

    owner = getattr(user, "pk", None)
    deck = (SavedDeck.objects.filter(pk=int(deck_id), owner_id=owner).first()
            if deck_id.isdigit() and owner is not None else None)
    if deck is None:
        raise Refused("you have no saved deck of that number: pick one of yours, deck a or deck b")
    return list_command(deck.counts(), deck.name)

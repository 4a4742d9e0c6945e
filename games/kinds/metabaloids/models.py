"""The decks players build from the site's card pool and keep on their profile (deck_pages.py builds them;
a game's page offers them in the decks phase, saved.py). The builder saves only a deck within the deck
limits (cards.deck_problems); the rules check it again when it is brought to a game (lobby.py)."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.db import models

from .cards import deck_points, deck_problems

MAX_NAME = 40  # as lobby.MAX_NAME: the name a game shows for the deck


class SavedDeck(models.Model):
    owner = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE,
                              related_name="metabaloids_decks")
    name = models.CharField(max_length=MAX_NAME)
    cards = models.JSONField(default=dict, blank=True)  # card code -> copies, only codes of cards.POOL
    created = models.DateTimeField(auto_now_add=True)
    updated = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ("name",)
        constraints = [models.UniqueConstraint(fields=("owner", "name"), name="mb_deck_name_per_owner")]

    def __str__(self) -> str:
        return self.name

    def counts(self) -> dict[str, int]:
        return {str(code): int(copies) for code, copies in dict(self.cards).items() if int(copies)}

    def size(self) -> int:
        return sum(self.counts().values())

    def points(self) -> int:
        return deck_points(self.counts())

    def problems(self) -> list[str]:
        return deck_problems(self.counts())

    def summary(self) -> dict[str, Any]:
        return {"cards": self.size(), "points": self.points(), "problems": self.problems()}

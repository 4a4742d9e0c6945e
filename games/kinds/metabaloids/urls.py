"""Metabaloids' own pages, mounted at /metabaloids/ in the namespace "metabaloids" (Kind.urls_module,
metaltalon/urls.py): the deck builder (deck_pages.py)."""

from django.urls import path

from . import deck_pages

urlpatterns = [
    path("decks/", deck_pages.deck_list, name="decks"),
    path("decks/new/", deck_pages.deck_edit, name="deck_new"),
    path("decks/<int:deck_id>/", deck_pages.deck_edit, name="deck_edit"),
    path("decks/<int:deck_id>/delete/", deck_pages.deck_delete, name="deck_delete"),
]

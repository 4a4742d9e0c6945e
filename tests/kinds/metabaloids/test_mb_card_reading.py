"""The card data as cards.load reads it fresh from the files (rules.md, "The cards"; the module-level card
set is read once at import): the icons kept as given, a category outside the three refused by its card,
and a deck that names a card with no copies breaking no limit."""

from __future__ import annotations

import json

import pytest

from games.kinds.metabaloids import cards as mb


def test_a_creatures_attack_and_defense_icons_read_as_the_files_give_them() -> None:
    loaded = mb.load(mb.data_files()).cards
    assert (loaded["crab"].attack, loaded["crab"].defense) == (1, 4)
    assert (loaded["queen"].attack, loaded["queen"].defense) == (4, 5)
    assert (loaded["spores"].attack, loaded["spores"].defense) == (None, None)


def test_a_category_outside_creature_terrain_and_event_is_refused_by_its_card() -> None:
    files = mb.data_files()
    data = json.loads(files["cards.json"])
    next(row for row in data["cards"] if row["code"] == "crab")["category"] = "monster"
    with pytest.raises(ValueError) as refused:
        mb.load({**files, "cards.json": json.dumps(data)})
    assert str(refused.value) == "card crab: category is 'monster'"


def test_a_card_listed_with_no_copies_breaks_no_deck_limit() -> None:
    assert "crab" not in mb.DECKS["A"]
    assert mb.deck_problems({**mb.DECKS["A"], "crab": 0}) == []


def test_a_negative_count_is_named_by_its_card() -> None:
    deck = {**mb.DECKS["A"], "crab": -1, "mite": 5}
    assert mb.deck_problems(deck) == ["a negative number of Hermit Crab",
                                      "more than 4 copies of Glucose Mite (5)"]

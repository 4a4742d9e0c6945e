"""The card data read fresh from its files (cards.load; rules.md, "The cards"): each field of a card and an
ability as the files give it, each refusal naming its card, and names written with underscores."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest

from games.kinds.metabaloids import cards as mb


def _changed(change: Callable[[dict[str, Any]], None]) -> dict[str, str]:
    files = mb.data_files()
    data = json.loads(files["cards.json"])
    change(next(row for row in data["cards"] if row["code"] == "weaver"))
    return {**files, "cards.json": json.dumps(data)}


def test_a_card_and_its_ability_read_as_the_files_give_them() -> None:
    weaver = mb.load(mb.data_files()).cards["weaver"]
    assert weaver.promo is False
    [boost] = weaver.abilities
    assert (boost.name, boost.source, boost.requires, boost.side, boost.amount) == (
        "boost", "play", "column_attacking", "attack", 2)


@pytest.mark.parametrize(("change", "words"), [
    (lambda row: row["abilities"][0].update(source="deck"), "card weaver: source is 'deck'"),
    (lambda row: row["abilities"][0].update(requires="moon"), "card weaver: requires is 'moon'"),
    (lambda row: row["abilities"][0].update(name=""), "card weaver: an ability has a name and a text"),
    (lambda row: row.update(statics=["flying"]), "card weaver: unknown static 'flying'"),
])
def test_a_card_the_rules_cannot_read_is_refused_by_its_code(change: Callable[[dict[str, Any]], None],
                                                               words: str) -> None:
    with pytest.raises(ValueError) as refused:
        mb.load(_changed(change))
    assert str(refused.value) == words


def test_a_name_may_be_written_with_underscores() -> None:
    assert mb.code_for("Sugar_Ant") == "ant"

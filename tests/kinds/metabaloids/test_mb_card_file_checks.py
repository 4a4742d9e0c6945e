"""The checks cards.load makes on the data files, word for word (cards.py; rules.md, "The cards"): each
refusal names the card and what is wrong, the ranges of costs, amounts and icons with both ends allowed,
the card and ability read back field by field, the decks with their names and counts, a name written with
stray hyphens still found, and column bonuses of one side adding up."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest

from games.kinds.metabaloids import cards as mb
from games.kinds.metabaloids.cards import Ability, Card

Row = dict[str, Any]


def _load(change: Callable[[dict[str, Row]], None], decks: Callable[[dict[str, Any]], None] | None = None
          ) -> mb.CardSet:
    """The card set read from the data files after `change` edits the card rows (by code) and `decks`
    the decks' JSON."""
    files = mb.data_files()
    data = json.loads(files["cards.json"])
    change({row["code"]: row for row in data["cards"]})
    deck_data = json.loads(files["decks.json"])
    if decks is not None:
        decks(deck_data)
    return mb.load({"cards.json": json.dumps(data), "decks.json": json.dumps(deck_data)})


def _set(code: str, key: str, value: object) -> Callable[[dict[str, Row]], None]:
    def change(rows: dict[str, Row]) -> None:
        rows[code][key] = value
    return change


def _set_ability(code: str, key: str, value: object) -> Callable[[dict[str, Row]], None]:
    def change(rows: dict[str, Row]) -> None:
        rows[code]["abilities"][0][key] = value
    return change


def _add_ability(code: str) -> Callable[[dict[str, Row]], None]:
    def change(rows: dict[str, Row]) -> None:
        rows[code]["abilities"].append(dict(rows[code]["abilities"][0]))
    return change


def _rename(code: str, name: str) -> Callable[[dict[str, Row]], None]:
    return _set(code, "name", name)


@pytest.mark.parametrize(("change", "refusal"), [
    (_set("crab", "code", "Crab"), "card code 'Crab' is a lower-case word"),
    (_set("crab", "rarity", "X"), "card crab: rarity is 'X'"),
    (_set("crab", "type", 7), "card crab: type is 7"),
    (_set("crab", "collector", None), "card crab: collector is None"),
    (_set("crab", "cost", 10), "card crab: cost is a whole number 0 to 9, not 10"),
    (_set("crab", "cost", -1), "card crab: cost is a whole number 0 to 9, not -1"),
    (_set("crab", "cost", True), "card crab: cost is a whole number 0 to 9, not True"),
    (_set("crab", "cost", "2"), "card crab: cost is a whole number 0 to 9, not '2'"),
    (_set("crab", "attack", 21), "card crab: attack is a whole number 0 to 20, not 21"),
    (_set("crab", "defense", 2.5), "card crab: defense is a whole number 0 to 20, not 2.5"),
    (_set_ability("weaver", "cost", 10), "card weaver: cost is a whole number 0 to 9, not 10"),
    (_set_ability("weaver", "amount", 10), "card weaver: amount is a whole number 0 to 9, not 10"),
    (_set_ability("weaver", "effect", "zap"), "card weaver: effect is 'zap'"),
    (_set_ability("weaver", "side", "left"), "card weaver: side is 'left'"),
    (_set_ability("weaver", "side", ""), "card weaver: a bonus names its side, and only a bonus does"),
    (_set_ability("weaver", "source", "hand"), "card weaver: only events are played from hand"),
    (_add_ability("surge"), "card surge: an event has no icons, no statics and exactly one ability"),
    (_set_ability("surge", "name", "rush"),
     "card surge: an event's ability is played from hand under the event's code"),
    (_set_ability("surge", "source", "play"),
     "card surge: an event's ability is played from hand under the event's code"),
    (_rename("crab", "Thread Spider"), "card crab: 'thread-spider' is already card spider's code or name"),
])
def test_a_broken_card_row_is_refused_naming_the_card_and_what_is_wrong(
        change: Callable[[dict[str, Row]], None], refusal: str) -> None:
    with pytest.raises(ValueError) as refused:
        _load(change)
    assert str(refused.value) == refusal


@pytest.mark.parametrize("change", [
    _set("crab", "cost", 0), _set("crab", "cost", 9), _set("crab", "attack", 0), _set("crab", "attack", 20),
    _set_ability("weaver", "cost", 0), _set_ability("weaver", "cost", 9), _set_ability("weaver", "amount", 9),
])
def test_both_ends_of_a_range_are_allowed(change: Callable[[dict[str, Row]], None]) -> None:
    _load(change)


def test_a_deck_naming_unknown_cards_is_refused_naming_them_all() -> None:
    def decks(data: dict[str, Any]) -> None:
        data["decks"]["A"]["cards"].update({"yeti": 1, "dragon": 2})

    with pytest.raises(ValueError) as refused:
        _load(lambda rows: None, decks)
    assert str(refused.value) == "deck A names unknown cards: dragon, yeti"


def test_a_card_and_its_ability_read_back_field_by_field() -> None:
    loaded = _load(lambda rows: None).cards
    assert loaded["weaver"] == Card(
        code="weaver", name="Venom Weaver", category="creature", type="Creature: Arachnid", rarity="U",
        cost=3, attack=3, defense=2, abilities=(Ability(
            name="boost", timing="during_attacks", cost=1, source="play", effect="bonus", side="attack",
            amount=2, requires="column_attacking", text="boost: +2 attack when its column attacks (pay 1)"),),
        statics=(), promo=False, collector="S U 7")
    assert loaded["canopy"].statics == ("guard", "no_attack")


def test_the_decks_read_back_with_their_names_and_counts() -> None:
    loaded = _load(lambda rows: None)
    assert dict(loaded.deck_names) == {"A": "Silk & Sting", "B": "Shell & Slime"}
    assert dict(loaded.decks["A"]) == {
        "mite": 4, "ant": 3, "spider": 4, "beetle": 4, "cutter": 3, "wasp": 3, "weaver": 3, "scorpion": 3,
        "trapdoor": 2, "centipede": 2, "queen": 1, "canopy": 2, "mound": 2, "surge": 3, "spores": 3,
        "molt": 3}
    assert sum(loaded.decks["B"].values()) == 45


def test_a_name_with_stray_hyphens_and_spaces_is_still_found() -> None:
    assert mb.code_for("Thread - Spider") == "spider"
    assert mb.code_for("thread--spider") == "spider"
    assert mb.code_for("_Thread_ spider ") == "spider"


def test_column_bonuses_of_one_side_add_up() -> None:
    loaded = _load(_set("mound", "statics", ["column_attack+2", "column_attack+1", "column_defense+3"]))
    mound = loaded.cards["mound"]
    assert (mound.column_bonus("attack"), mound.column_bonus("defense")) == (3, 3)

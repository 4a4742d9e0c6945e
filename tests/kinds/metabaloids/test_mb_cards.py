"""The site's Metabaloids card set and starter decks (games/kinds/metabaloids/cards.py, data in cards/):
the decks' totals, each card's printed numbers and abilities, the deck limits and naming a card."""

from __future__ import annotations

import json
from collections import Counter

import pytest

from games.kinds.metabaloids import cards as mb
from games.kinds.metabaloids.cards import (
    CARDS,
    DECK_NAMES,
    DECK_SIZE,
    DECKS,
    MAX_COPIES,
    MAX_POINTS,
    POOL,
    card,
    code_for,
    deck_list,
    deck_points,
    deck_problems,
)


def _category_counts(deck: str) -> Counter[str]:
    return Counter(card(code).category for code in deck_list(DECKS[deck]))


def _cost_curve(deck: str) -> dict[int, int]:
    return dict(sorted(Counter(card(code).cost for code in deck_list(DECKS[deck])).items()))


# === THE DECKS ===


def test_the_two_decks_are_named_silk_and_sting_and_shell_and_slime() -> None:
    assert dict(DECK_NAMES) == {"A": "Silk & Sting", "B": "Shell & Slime"}
    assert set(DECKS) == {"A", "B"}


@pytest.mark.parametrize("deck", ["A", "B"])
def test_each_starter_deck_holds_45_cards(deck: str) -> None:
    assert len(deck_list(DECKS[deck])) == DECK_SIZE == 45


def test_deck_a_costs_99_points_and_deck_b_98() -> None:
    assert deck_points(DECKS["A"]) == 99
    assert deck_points(DECKS["B"]) == 98


@pytest.mark.parametrize("deck", ["A", "B"])
def test_each_starter_deck_holds_32_creatures_4_terrain_and_9_events(deck: str) -> None:
    assert _category_counts(deck) == {"creature": 32, "terrain": 4, "event": 9}


def test_deck_a_cost_curve_is_13_16_11_4_1() -> None:
    assert _cost_curve("A") == {1: 13, 2: 16, 3: 11, 4: 4, 5: 1}


def test_deck_b_cost_curve_is_13_17_10_4_1() -> None:
    assert _cost_curve("B") == {1: 13, 2: 17, 3: 10, 4: 4, 5: 1}


@pytest.mark.parametrize("deck", ["A", "B"])
def test_no_starter_deck_holds_more_than_4_copies_of_a_name(deck: str) -> None:
    assert max(DECKS[deck].values()) == MAX_COPIES == 4


@pytest.mark.parametrize("deck", ["A", "B"])
def test_each_starter_deck_is_legal(deck: str) -> None:
    assert deck_problems(DECKS[deck]) == []


def test_molt_is_in_both_decks_under_one_code() -> None:
    assert DECKS["A"]["molt"] == 3
    assert DECKS["B"]["molt"] == 2
    assert [c for c in CARDS.values() if c.name == "Molt"] == [card("molt")]


def test_the_decks_share_no_card_but_molt() -> None:
    assert set(DECKS["A"]) & set(DECKS["B"]) == {"molt"}


def test_the_pool_is_every_code_sorted() -> None:
    assert tuple(sorted(CARDS)) == POOL
    assert len(POOL) == 32
    assert set(POOL) == set(DECKS["A"]) | set(DECKS["B"])


def test_deck_list_repeats_each_code_by_its_copies_sorted_by_code() -> None:
    assert deck_list({"wasp": 2, "ant": 1, "mite": 3}) == ["ant", "mite", "mite", "mite", "wasp", "wasp"]


def test_collector_numbers_run_1_to_32_across_the_set() -> None:
    numbers = sorted(int(c.collector.split()[-1]) for c in CARDS.values())
    assert numbers == list(range(1, 33))
    assert all(c.collector == f"S {c.rarity} {c.collector.split()[-1]}" for c in CARDS.values())


def test_no_starter_card_is_a_promo() -> None:
    assert not any(c.promo for c in CARDS.values())


# === EACH CARD'S NUMBERS ===

# code: (name, category, type, rarity, cost, attack, defense, collector), as the deck tables in rules.md print
# them (None: no icon).
PRINTED = {
    "mite": ("Glucose Mite", "creature", "Creature: Arachnid", "C", 1, 1, 1, "S C 1"),
    "ant": ("Sugar Ant", "creature", "Creature: Insect", "C", 1, 2, 0, "S C 2"),
    "cutter": ("Leafcutter Ant", "creature", "Creature: Insect", "C", 2, 3, 1, "S C 5"),
    "wasp": ("Wasp Drone", "creature", "Creature: Insect", "U", 3, 4, 1, "S U 6"),
    "trapdoor": ("Trapdoor Spider", "creature", "Creature: Arachnid", "R", 4, 2, 4, "S R 9"),
    "centipede": ("Scarlet Centipede", "creature", "Creature: Myriapod", "R", 4, 5, 2, "S R 10"),
    "queen": ("Hive Queen", "creature", "Creature: Insect", "SR", 5, 4, 5, "S SR 11"),
    "canopy": ("Silk Canopy", "terrain", "Terrain: Web", "C", 2, 0, 3, "S C 12"),
    "mound": ("Ant Mound", "terrain", "Terrain: Nest", "U", 3, 0, 2, "S U 13"),
    "spores": ("Torpor Spores", "event", "Event: Spore", "U", 2, None, None, "S U 15"),
    "molt": ("Molt", "event", "Event: Metabolic", "C", 1, None, None, "S C 16"),
    "shrimp": ("Brine Shrimp", "creature", "Creature: Crustacean", "C", 1, 1, 2, "S C 17"),
    "crab": ("Hermit Crab", "creature", "Creature: Crustacean", "C", 2, 1, 4, "S C 19"),
    "cone": ("Cone Snail", "creature", "Creature: Gastropod", "U", 3, 4, 1, "S U 24"),
    "turtle": ("Snapping Turtle", "creature", "Creature: Reptile", "R", 4, 3, 5, "S R 25"),
    "axolotl": ("Axolotl Regent", "creature", "Creature: Amphibian", "SR", 5, 3, 4, "S SR 27"),
    "pool": ("Tide Pool", "terrain", "Terrain: Shore", "C", 2, 0, 3, "S C 28"),
    "kelp": ("Kelp Bed", "terrain", "Terrain: Shore", "U", 3, 0, 2, "S U 29"),
    "ink": ("Ink Cloud", "event", "Event: Defensive", "U", 2, None, None, "S U 31"),
    "spider": ("Thread Spider", "creature", "Creature: Arachnid", "C", 2, 2, 2, "S C 3"),
    "beetle": ("Thermite Beetle", "creature", "Creature: Insect", "C", 2, 1, 3, "S C 4"),
    "weaver": ("Venom Weaver", "creature", "Creature: Arachnid", "U", 3, 3, 2, "S U 7"),
    "scorpion": ("Dune Scorpion", "creature", "Creature: Arachnid", "U", 3, 3, 3, "S U 8"),
    "surge": ("Adrenal Surge", "event", "Event: Metabolic", "C", 1, None, None, "S C 14"),
    "frog": ("Marsh Frog", "creature", "Creature: Amphibian", "C", 1, 2, 1, "S C 18"),
    "skink": ("Mud Skink", "creature", "Creature: Reptile", "C", 2, 2, 2, "S C 20"),
    "snail": ("Garden Snail", "creature", "Creature: Gastropod", "C", 2, 1, 3, "S C 21"),
    "salamander": ("Fire Salamander", "creature", "Creature: Amphibian", "U", 3, 3, 2, "S U 22"),
    "toad": ("Cane Toad", "creature", "Creature: Amphibian", "U", 3, 3, 3, "S U 23"),
    "mantis": ("Mantis Shrimp", "creature", "Creature: Crustacean", "R", 4, 5, 2, "S R 26"),
    "shell": ("Shell Up", "event", "Event: Metabolic", "C", 1, None, None, "S C 30"),
    "regen": ("Regenerate", "event", "Event: Metabolic", "U", 2, None, None, "S U 32"),
}


def test_the_printed_table_covers_every_card() -> None:
    assert sorted(PRINTED) == sorted(CARDS)


@pytest.mark.parametrize("code", sorted(PRINTED))
def test_card_numbers_match_the_printed_table(code: str) -> None:
    c = card(code)
    assert (c.name, c.category, c.type, c.rarity, c.cost, c.attack, c.defense, c.collector) == PRINTED[code]


def test_deck_copies_match_the_printed_tables() -> None:
    assert dict(DECKS["A"]) == {"mite": 4, "ant": 3, "spider": 4, "beetle": 4, "cutter": 3, "wasp": 3,
                                "weaver": 3, "scorpion": 3, "trapdoor": 2, "centipede": 2, "queen": 1,
                                "canopy": 2, "mound": 2, "surge": 3, "spores": 3, "molt": 3}
    assert dict(DECKS["B"]) == {"shrimp": 4, "frog": 4, "crab": 4, "skink": 4, "snail": 3, "salamander": 3,
                                "toad": 3, "cone": 2, "turtle": 2, "mantis": 2, "axolotl": 1, "pool": 2,
                                "kelp": 2, "shell": 3, "ink": 2, "regen": 2, "molt": 2}


def test_an_event_without_icons_counts_0_attack_and_0_defense() -> None:
    surge = card("surge")
    assert (surge.attack, surge.defense) == (None, None)
    assert (surge.atk, surge.dfn) == (0, 0)


def test_a_printed_zero_is_zero_not_null() -> None:
    assert card("ant").defense == 0
    assert card("canopy").attack == 0


def test_atk_and_dfn_read_the_icons() -> None:
    assert (card("centipede").atk, card("centipede").dfn) == (5, 2)


def test_only_events_are_events() -> None:
    events = {c.code for c in CARDS.values() if c.is_event}
    assert events == {"surge", "spores", "molt", "shell", "ink", "regen"}


def test_unknown_code_is_a_key_error() -> None:
    with pytest.raises(KeyError):
        card("dragon")


# === STATICS ===


@pytest.mark.parametrize("code", ["canopy", "pool"])
def test_silk_canopy_and_tide_pool_are_guards_that_cannot_initiate_attacks(code: str) -> None:
    assert card(code).guard
    assert not card(code).can_attack
    assert card(code).statics == ("guard", "no_attack")


def test_only_canopy_and_pool_are_guards() -> None:
    assert {c.code for c in CARDS.values() if c.guard} == {"canopy", "pool"}


def test_ant_mound_adds_2_to_its_columns_attack_not_its_defense() -> None:
    mound = card("mound")
    assert mound.column_bonus("attack") == 2
    assert mound.column_bonus("defense") == 0
    assert not mound.can_attack


def test_kelp_bed_adds_2_to_its_columns_defense_not_its_attack() -> None:
    kelp = card("kelp")
    assert kelp.column_bonus("defense") == 2
    assert kelp.column_bonus("attack") == 0
    assert not kelp.can_attack


def test_a_creature_without_statics_has_no_column_bonus_and_can_attack() -> None:
    wasp = card("wasp")
    assert (wasp.column_bonus("attack"), wasp.column_bonus("defense")) == (0, 0)
    assert wasp.can_attack
    assert not wasp.guard


def test_an_event_cannot_attack() -> None:
    assert not card("ink").can_attack


def test_every_creature_can_attack_and_no_terrain_can() -> None:
    assert all(c.can_attack for c in CARDS.values() if c.category == "creature")
    assert not any(c.can_attack for c in CARDS.values() if c.category == "terrain")


# === ABILITIES (rules.md, the ability reference) ===

# code: (name, timing, cost, source, effect, side, amount, requires)
ABILITIES = {
    "weaver": ("boost", "during_attacks", 1, "play", "bonus", "attack", 2, "column_attacking"),
    "salamander": ("boost", "during_attacks", 1, "play", "bonus", "attack", 2, "column_attacking"),
    "trapdoor": ("boost", "during_attacks", 1, "play", "bonus", "defense", 2, "column_defending"),
    "turtle": ("boost", "during_attacks", 1, "play", "bonus", "defense", 2, "column_defending"),
    "queen": ("brood", "own_turn", 2, "play", "draw", "", 1, "draw_possible"),
    "axolotl": ("regrow", "own_turn", 2, "play", "lost_to_discard", "", 1, "lost_not_empty"),
    "surge": ("surge", "during_attacks", 1, "hand", "bonus", "own", 2, "in_battle"),
    "shell": ("shell", "during_attacks", 1, "hand", "bonus", "defense", 3, "defender"),
    "spores": ("spores", "any_time", 2, "hand", "stop", "", 0, "pending_other"),
    "ink": ("ink", "during_attacks", 2, "hand", "stop", "", 0, "defender"),
    "molt": ("molt", "own_turn", 1, "hand", "unsafe", "", 0, "safe_column"),
    "regen": ("regen", "own_turn", 2, "hand", "lost_to_discard", "", 2, "lost_not_empty"),
}


@pytest.mark.parametrize("code", sorted(ABILITIES))
def test_each_ability_has_its_timing_cost_and_effect(code: str) -> None:
    a = card(code).ability()
    assert a is not None
    assert (a.name, a.timing, a.cost, a.source, a.effect, a.side, a.amount, a.requires) == ABILITIES[code]


def test_only_the_listed_cards_have_abilities() -> None:
    assert {c.code for c in CARDS.values() if c.abilities} == set(ABILITIES)
    assert all(len(c.abilities) <= 1 for c in CARDS.values())


def test_an_events_ability_costs_what_the_event_costs() -> None:
    for c in CARDS.values():
        if c.is_event:
            assert c.ability(c.code) is not None
            assert c.abilities[0].cost == c.cost


def test_ability_by_name_finds_it_and_an_unknown_name_finds_none() -> None:
    assert card("weaver").ability("boost") == card("weaver").ability()
    assert card("weaver").ability("BOOST") == card("weaver").ability()
    assert card("weaver").ability("brood") is None


def test_a_card_without_abilities_has_no_only_ability() -> None:
    assert card("mite").ability() is None
    assert card("canopy").ability() is None


def test_ability_texts_are_the_e_mail_wording() -> None:
    texts = {code: card(code).abilities[0].text for code in ("weaver", "turtle", "queen", "ink", "regen")}
    assert texts == {
        "weaver": "boost: +2 attack when its column attacks (pay 1)",
        "turtle": "boost: +2 defense when its column defends (pay 1)",
        "queen": "brood: draw a card (pay 2)",
        "ink": "Ink Cloud: cancel an attack on you before the bonus cards (pay 2)",
        "regen": "Regenerate: up to 2 lost cards back to your discard pile (pay 2)",
    }


# === DECK LIMITS ===


def test_an_unknown_card_is_refused_by_its_code() -> None:
    deck = {**DECKS["A"], "mite": 3, "dragon": 1}
    assert deck_problems(deck) == ["unknown card 'dragon'"]


def test_five_copies_of_a_name_are_refused_by_its_name() -> None:
    deck = {**DECKS["A"], "spider": 5, "mite": 3}
    assert deck_problems(deck) == ["more than 4 copies of Thread Spider (5)"]


def test_44_cards_are_refused_as_not_exactly_45() -> None:
    deck = {**DECKS["A"], "mite": 3}
    assert deck_problems(deck) == ["44 cards (a deck has exactly 45)"]


def test_46_cards_are_refused_as_not_exactly_45() -> None:
    deck = {**DECKS["A"], "ant": 4}
    assert deck_problems(deck) == ["46 cards (a deck has exactly 45)"]


def test_over_125_points_is_refused_with_the_total() -> None:
    # 45 cards: 4 each of the two 5s, the four 4s and five 3s (164 points), and one Sugar Ant.
    deck = {code: 4 for code in ("queen", "axolotl", "centipede", "mantis", "trapdoor", "turtle",
                                 "cone", "kelp", "mound", "salamander", "scorpion")}
    deck["ant"] = 1
    assert deck_problems(deck) == ["165 points (at most 125)"]


def test_exactly_125_points_is_allowed() -> None:
    # Deck A (99 points) with 11 of its 1-cost cards swapped for 3s and 4s of deck B: 26 points more.
    deck = {code: n for code, n in DECKS["A"].items() if code not in ("mite", "ant")}
    deck.update(surge=1, molt=1, turtle=2, mantis=2, cone=2, toad=3, salamander=2)
    assert sum(deck.values()) == 45
    points = deck_points(deck)
    assert points == MAX_POINTS, points
    assert deck_problems(deck) == []


def test_126_points_is_refused() -> None:
    deck = {code: n for code, n in DECKS["A"].items() if code not in ("mite", "ant")}
    deck.update(surge=1, molt=1, turtle=2, mantis=2, cone=1, toad=3, salamander=2, trapdoor=3)
    assert deck_problems(deck) == ["126 points (at most 125)"]


def test_every_broken_limit_is_named() -> None:
    deck = {"queen": 9, "dragon": 50}
    assert deck_problems(deck) == ["unknown card 'dragon'", "more than 4 copies of Hive Queen (9)",
                                   "59 cards (a deck has exactly 45)"]
    deck = {"queen": 30, "axolotl": 15}
    assert deck_problems(deck) == ["more than 4 copies of Axolotl Regent (15)",
                                   "more than 4 copies of Hive Queen (30)",
                                   "225 points (at most 125)"]


def test_deck_points_of_an_unknown_card_is_a_key_error() -> None:
    with pytest.raises(KeyError):
        deck_points({"dragon": 1})


# === NAMING A CARD ===


@pytest.mark.parametrize("word, code", [
    ("spider", "spider"), ("thread-spider", "spider"), ("Thread-Spider", "spider"),
    ("THREAD SPIDER", "spider"), ("Trapdoor-Spider", "trapdoor"), ("mantis-shrimp", "mantis"),
    ("Shrimp", "shrimp"), ("brine-shrimp", "shrimp"),
    ("MOLT", "molt"), ("shell-up", "shell"), ("Axolotl-Regent", "axolotl"),
])
def test_code_for_reads_a_code_or_a_hyphenated_name_in_any_case(word: str, code: str) -> None:
    assert code_for(word) == code


@pytest.mark.parametrize("word", ["dragon", "thread", "spider-thread", ""])
def test_code_for_an_unknown_word_is_none(word: str) -> None:
    assert code_for(word) is None


# === THE DATA FILES ===


def test_a_code_used_twice_in_the_data_is_refused() -> None:
    files = mb.data_files()
    data = json.loads(files["cards.json"])
    data["cards"].append(dict(data["cards"][0]))
    with pytest.raises(ValueError, match="mite is given twice"):
        mb.load({**files, "cards.json": json.dumps(data)})


def test_a_deck_naming_an_unknown_card_is_refused() -> None:
    files = mb.data_files()
    data = json.loads(files["decks.json"])
    data["decks"]["A"]["cards"]["dragon"] = 1
    with pytest.raises(ValueError, match="deck A names unknown cards: dragon"):
        mb.load({**files, "decks.json": json.dumps(data)})


def test_an_event_with_an_attack_icon_is_refused() -> None:
    files = mb.data_files()
    data = json.loads(files["cards.json"])
    surge = next(row for row in data["cards"] if row["code"] == "surge")
    surge["attack"] = 1
    with pytest.raises(ValueError, match="card surge: an event has no icons"):
        mb.load({**files, "cards.json": json.dumps(data)})


def test_an_unknown_timing_is_refused() -> None:
    files = mb.data_files()
    data = json.loads(files["cards.json"])
    weaver = next(row for row in data["cards"] if row["code"] == "weaver")
    weaver["abilities"][0]["timing"] = "whenever"
    with pytest.raises(ValueError, match="timing"):
        mb.load({**files, "cards.json": json.dumps(data)})

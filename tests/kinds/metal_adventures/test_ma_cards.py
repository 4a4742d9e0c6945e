"""Metal Adventures' card set: the data files hold the rules' tables exactly, with their stated statistics,
`load` reads them strictly, and `find` reads a card named by id, name or part of a name.

The data tests read the cards through `cards.load(cards.data_files())` each time rather than the tables the
module built when imported, so mutation testing sees them run the loaders (docs/testing.md)."""

from __future__ import annotations

import json
import tomllib
from collections import Counter
from collections.abc import Callable
from dataclasses import asdict
from itertools import combinations
from pathlib import Path
from statistics import mean
from typing import Any

import pytest

from games.kinds.metal_adventures import cards
from games.kinds.metal_adventures.cards import IMPROVEMENTS, STARSHIPS, find
from games.kinds.protocol import Refused

PACKAGE = Path(cards.__file__).parent
REPO = PACKAGE.parents[2]

# The starship tables of the rules, as the game's specification prints them (id, name, nation, power,
# damage dots, credits, glory, support cards, Pirate Hunter; "-" for none).
STARSHIP_TABLE = """
| N01 | Sunskiff | Solar | 6 | 1 | 1 | - | - | no |
| N02 | Helios Courier | Solar | 7 | 1 | 2 | - | - | no |
| N03 | Dawn Lancer | Solar | 8 | 1 | - | - | 1 | no |
| N04 | Corona Warden | Solar | 9 | 2 | 3 | - | - | no |
| N05 | DESTRIA NOVA | Solar | 10 | 2 | 3 | - | - | no |
| N06 | Solstice Patrol | Solar | 11 | 2 | 4 | - | - | no |
| N07 | Zenith Frigate | Solar | 12 | 2 | 2 | 1 | - | no |
| N08 | Sundown Warrant | Solar | 11 | 2 | 2 | 1 | - | **yes** |
| N09 | Tribune Cutter | Imperial | 6 | 1 | 1 | - | - | no |
| N10 | Iron Edict | Imperial | 7 | 1 | 2 | - | - | no |
| N11 | Legate's Pinnace | Imperial | 8 | 1 | 2 | - | - | no |
| N12 | Praetor Scout | Imperial | 9 | 1 | 2 | - | - | no |
| N13 | Censor | Imperial | 9 | 2 | 3 | - | - | no |
| N14 | Vega Dominion | Imperial | 10 | 2 | 1 | - | 1 | no |
| N15 | Scepter of Andrax | Imperial | 11 | 2 | - | 1 | - | no |
| N16 | Imperial Noose | Imperial | 12 | 3 | 3 | 1 | - | **yes** |
| N17 | Rust Jackal | Barrens | 6 | 1 | 1 | - | - | no |
| N18 | Bonepicker | Barrens | 7 | 1 | - | - | 1 | no |
| N19 | Dustfang | Barrens | 8 | 1 | 2 | - | - | no |
| N20 | Scrapmaw | Barrens | 8 | 1 | 2 | - | - | no |
| N21 | Ashcrow | Barrens | 9 | 2 | 3 | - | - | no |
| N22 | Gutripper | Barrens | 10 | 2 | 3 | - | - | no |
| N23 | Cinder Hyena | Barrens | 12 | 2 | 2 | 1 | - | no |
| N24 | Bounty Vulture | Barrens | 10 | 2 | 1 | 1 | - | **yes** |
| N25 | Ledger Runner | OCG | 7 | 1 | 2 | - | - | no |
| N26 | Bonded Hauler | OCG | 8 | 1 | - | - | 1 | no |
| N27 | Tariff Barge | OCG | 9 | 2 | 3 | - | - | no |
| N28 | Dividend | OCG | 10 | 2 | 3 | - | - | no |
| N29 | Quarterly Margin | OCG | 11 | 2 | 4 | - | - | no |
| N30 | Auditor Prime | OCG | 13 | 3 | - | 2 | - | **yes** |
| D01 | Perihelion | Solar | 11 | 1 | 4 | - | - | no |
| D02 | Aurelian Guard | Solar | 13 | 2 | 5 | - | - | no |
| D03 | Flarewing | Solar | 15 | 2 | 3 | 1 | - | no |
| D04 | Photon Sovereign | Solar | 17 | 3 | - | 2 | - | no |
| D05 | Heliopolis | Solar | 19 | 3 | 2 | 2 | - | no |
| D06 | Gallows Star | Solar | 16 | 3 | 1 | 2 | - | **yes** |
| D07 | Last Dawn | Solar | 20 | 3 | 2 | 3 | - | **yes** |
| D08 | Obsidian Crown | Imperial | 12 | 2 | 4 | - | - | no |
| D09 | Throne of Vega | Imperial | 14 | 2 | 2 | 1 | - | no |
| D10 | Centurion Bastion | Imperial | 14 | 2 | 5 | - | 1 | no |
| D11 | Emperor's Wrath | Imperial | 16 | 3 | 4 | 1 | - | no |
| D12 | Majestas | Imperial | 18 | 3 | 1 | 2 | - | no |
| D13 | Grand Armada | Imperial | 20 | 3 | 3 | 2 | - | no |
| D14 | APOCALYPSE | Imperial | 18 | 3 | 3 | 2 | - | **yes** |
| D15 | Inquisitor | Imperial | 15 | 2 | - | 2 | - | **yes** |
| D16 | Slagrunner | Barrens | 11 | 1 | 4 | - | - | no |
| D17 | Vulture's Grin | Barrens | 13 | 2 | 1 | 1 | - | no |
| D18 | Junkhowl | Barrens | 15 | 3 | 3 | 1 | - | no |
| D19 | Maw of the Barrens | Barrens | 16 | 3 | - | 2 | - | no |
| D20 | Warlord Khagg | Barrens | 17 | 2 | 5 | 1 | - | no |
| D21 | Headsman | Barrens | 19 | 3 | - | 3 | - | **yes** |
| D22 | Convoy Seventy-Seven | OCG | 12 | 2 | 2 | - | 1 | no |
| D23 | Liquidity | OCG | 13 | 2 | 5 | - | - | no |
| D24 | Hostile Takeover | OCG | 14 | 2 | 2 | 1 | - | no |
| D25 | Golden Parachute | OCG | 15 | 3 | 3 | 1 | - | no |
| D26 | Monopoly | OCG | 16 | 3 | 4 | 1 | - | no |
| D27 | Board of Directors | OCG | 18 | 3 | 1 | 2 | - | no |
| D28 | Foreclosure | OCG | 17 | 3 | 2 | 2 | - | **yes** |
"""

EVENT_TABLE = [("NE1", "near", "GOLDEN VEIN"), ("NE2", "near", "HAVANA CARNIVAL"),
               ("NE3", "near", "ION STORM"), ("NE4", "near", "CUSTOMS SWEEP"), ("DE1", "deep", "SUPERNOVA"),
               ("DE2", "deep", "GENERAL PARDON"), ("DE3", "deep", "TREASURE FLEET"),
               ("DE4", "deep", "WANTED POSTERS"), ("DE5", "deep", "WAR TAX"),
               ("DE6", "deep", "BROTHERHOOD FEAST")]

# id, name, kind, glory, credits
TROPHY_TABLE = """
| T01 | Trophy of the Hangman | E | 1 | 1 |
| T02 | Trophy of the Headhunter | S | 2 | 0 |
| T03 | Trophy of the Scrapyard King | S | 2 | 0 |
| T04 | Trophy of the Four Flags | S | 2 | 1 |
| T05 | Trophy of the Sunbreaker | S | 1 | 2 |
| T06 | Trophy of the Crownbreaker | S | 1 | 2 |
| T07 | Trophy of the Dust King | S | 1 | 2 |
| T08 | Trophy of the Shareholder | S | 1 | 3 |
| T09 | Trophy of the Hoarder | S | 1 | 0 |
| T10 | Trophy of the Arsenal | S | 1 | 1 |
| T11 | Trophy of the Juggernaut | S | 2 | 0 |
| T12 | Trophy of the Collector | S | 1 | 2 |
| T13 | Trophy of the Scoundrel | S | 2 | 0 |
| T14 | Trophy of the Duelist | E | 1 | 2 |
| T15 | Trophy of the Iron Wall | E | 2 | 0 |
| T16 | Trophy of the Planet Raider | E | 1 | 2 |
| T17 | Trophy of the Deep Diver | E | 2 | 0 |
| T18 | Trophy of the Turncoat | E | 1 | 3 |
"""

# id, name, power, type, cost
EQUIPMENT_TABLE = """
| E01 | Rusty Blunderbuss | +1 | weapon | 1 |
| E02 | Plasma Cutlass | +2 | weapon | 3 |
| E03 | Boarding Hooks | +2 | weapon | 4 |
| E04 | Hunter-Killer Cannon | +2 | weapon | 4 |
| E05 | Broadside Battery | +3 | weapon | 5 |
| E06 | Nova Torpedoes | +4 | weapon | 7 |
| E07 | Scrap Plating | +1 | armor | 2 |
| E08 | Ceramic Hull | +2 | armor | 3 |
| E09 | Bastion Shields | +2 | armor | 5 |
| E10 | Deflector Dome | +3 | armor | 5 |
| E11 | RHUM | +1 | tool | 2 |
| E12 | Signal Jammer | +1 | tool | 3 |
| E13 | Tractor Beam | +1 | tool | 2 |
| E14 | Nav Computer | +1 | tool | 3 |
| E15 | Repair Drones | +1 | tool | 4 |
"""

# id, name, cost, timing
SUPPORT_TABLE = """
| S01 | CAPTAIN JONES | 3 | reaction |
| S02 | Berserker Grog | 2 | pre-roll |
| S03 | Loaded Dice | 2 | reaction |
| S04 | Smoke Screen | 2 | reaction |
| S05 | Emergency Patch | 2 | own turn |
| S06 | Saboteur | 3 | own turn |
| S07 | Forged Pardon | 3 | own turn |
| S08 | Pot Raid | 2 | own turn |
| S09 | Bounty Broker | 2 | own turn |
"""


def rows(table: str) -> list[list[str]]:
    lines = table.strip().splitlines()
    return [[cell.strip() for cell in line.strip().strip("|").split("|")] for line in lines]


def number(cell: str) -> int:
    return 0 if cell == "-" else int(cell.lstrip("+"))


def fresh() -> cards.CardSet:
    """The card set read from the data files now, not the module's tables built at import."""
    return cards.load(cards.data_files())


def ships(deck: str) -> list[cards.Starship]:
    return [s for s in fresh().starships.values() if s.deck == deck]


def altered(name: str, change: Callable[[dict[str, Any]], object]) -> dict[str, str]:
    """The card files' texts with `change` made to the data of the file `name`."""
    files = cards.data_files()
    data = json.loads(files[name])
    change(data)
    return {**files, name: json.dumps(data)}


# === THE DATA FILES ===


def test_each_deck_is_a_json_file_that_says_its_cards_are_the_sites_own_design() -> None:
    for name in ("near_space", "deep_space", "events", "trophies", "improvements", "bases", "planets"):
        data = json.loads((PACKAGE / "cards" / f"{name}.json").read_text(encoding="utf-8"))
        assert "the site's own design" in data["note"], name


def test_the_card_files_and_the_rules_ship_as_package_data() -> None:
    config = tomllib.loads((REPO / "pyproject.toml").read_text())
    shipped = config["tool"]["setuptools"]["package-data"]["games.kinds.metal_adventures"]
    assert "cards/*.json" in shipped and "*.md" in shipped


def test_every_starship_row_of_the_rules_is_in_the_data_and_nothing_else() -> None:
    loaded = fresh()
    table = rows(STARSHIP_TABLE)
    assert len(table) == 58
    for ident, name, nation, power, damage, credits, glory, support, hunter in table:
        ship = loaded.starships[ident]
        assert (ship.name, ship.nation) == (name, nation), ident
        assert (ship.power, ship.damage) == (int(power), int(damage)), ident
        rewards = tuple(map(number, (credits, glory, support)))
        assert (ship.credits, ship.glory, ship.support) == rewards, ident
        assert ship.hunter is (hunter == "**yes**"), ident
        assert ship.deck == ("near" if ident.startswith("N") else "deep")
    assert sorted(loaded.starships) == sorted(row[0] for row in table)


def test_every_event_trophy_improvement_and_base_of_the_rules_is_in_the_data() -> None:
    loaded = fresh()
    assert [(e.id, e.deck, e.name) for e in loaded.events.values()] == EVENT_TABLE
    assert [(t.id, t.name, t.kind, t.glory, t.credits) for t in loaded.trophies.values()] == [
        (i, name, kind, int(g), int(c)) for i, name, kind, g, c in rows(TROPHY_TABLE)]
    equipment = [(c.id, c.name, c.power, c.type, c.cost) for c in loaded.improvements.values() if c.equipment]
    assert equipment == [(i, name, number(p), kind, int(cost))
                         for i, name, p, kind, cost in rows(EQUIPMENT_TABLE)]
    support = [(c.id, c.name, c.cost, c.timing) for c in loaded.improvements.values() if not c.equipment]
    assert support == [(i, name, int(cost), timing.replace(" ", "-"))
                       for i, name, cost, timing in rows(SUPPORT_TABLE)]
    assert [(b.id, b.name, b.power) for b in loaded.bases.values()] == [
        ("B1", "Black Albatross", 8), ("B2", "Laughing Kraken", 8), ("B3", "Red Marauder", 8),
        ("B4", "Salty Comet", 8), ("B5", "Iron Magpie", 8), ("B6", "Ghost of Havana", 8)]
    assert {p.name: p.power for p in loaded.planets.values()} == {
        "Exxalia": 16, "Bazaar": 12, "Karokum": 14, "OCG Trading Post": None}


def test_every_card_has_an_effect_or_condition_code_where_the_rules_give_it_one() -> None:
    loaded = fresh()
    assert len({e.effect for e in loaded.events.values()}) == 10  # one per event
    assert all(t.condition for t in loaded.trophies.values())
    # The wreck conditions count the nation they name: Sunbreaker Solar ... Shareholder OCG.
    wrecks = [t for t in loaded.trophies.values() if t.condition == "nation_wrecks"]
    assert [(t.id, t.nation, t.at_least) for t in wrecks] == [
        ("T05", "Solar", 3), ("T06", "Imperial", 3), ("T07", "Barrens", 3), ("T08", "OCG", 2)]
    plain = {c.id for c in loaded.improvements.values() if c.effect is None}
    assert plain == {"E01", "E02", "E05", "E06", "E08", "E10"}  # the equipment whose effect is "-"
    assert all(c.effect for c in loaded.improvements.values() if not c.equipment)
    assert len({b.perk for b in loaded.bases.values()}) == 6


# === READING THE DATA FILES (`load`) ===

TABLES = (("near_space.json", "starships", "starships"), ("deep_space.json", "starships", "starships"),
          ("events.json", "events", "events"), ("trophies.json", "trophies", "trophies"),
          ("improvements.json", "improvements", "improvements"), ("bases.json", "bases", "bases"),
          ("planets.json", "planets", "planets"))


def test_every_card_holds_the_values_of_its_row_in_the_card_files_and_nothing_else() -> None:
    loaded = fresh()
    for name, key, table in TABLES:
        data = json.loads(cards.data_files()[name])
        for row in data[key]:
            card = asdict(getattr(loaded, table)[row["id"]])
            # A starship's deck is its file's; a field a row leaves out (a trophy's nation) reads None.
            assert card == {field: row.get(field, data.get(field)) for field in card}, row["id"]
    assert len(loaded.starships) == 58 and len(loaded.planets) == 4
    assert loaded.names["N05"] == "DESTRIA NOVA" and loaded.names["B1"] == "Black Albatross"
    assert "exxalia" not in loaded.names  # a planet is not a card a player names


def test_load_refuses_a_file_without_the_note_that_its_cards_are_the_sites_own() -> None:
    with pytest.raises(ValueError) as refused:
        cards.load(altered("bases.json", lambda data: data.update(note="The printed game's cards.")))
    assert str(refused.value) == ("cards/bases.json must open with the note that its cards are the site's "
                                  "own design")
    with pytest.raises(ValueError, match="^cards/events.json must open"):
        cards.load({**cards.data_files(), "events.json": "[]"})


@pytest.mark.parametrize(("name", "deck"), [("near_space.json", "near"), ("deep_space.json", "deep")])
def test_load_refuses_a_starship_file_that_names_the_other_deck(name: str, deck: str) -> None:
    other = "deep" if deck == "near" else "near"
    with pytest.raises(ValueError) as refused:
        cards.load(altered(name, lambda data: data.update(deck=other)))
    assert str(refused.value) == f"cards/{name} is the {deck} deck"


# (file, row, field, lowest, highest): every number a card file holds is whole and kept to its range.
RANGES = [("near_space.json", 0, "power", 6, 20), ("near_space.json", 0, "damage", 1, 3),
          ("deep_space.json", 0, "credits", 0, 10), ("deep_space.json", 0, "glory", 0, 5),
          ("near_space.json", 0, "support", 0, 1), ("trophies.json", 0, "at_least", 0, 20),
          ("trophies.json", 0, "glory", 0, 5), ("trophies.json", 0, "credits", 0, 5),
          ("improvements.json", 0, "cost", 1, 9), ("improvements.json", 0, "amount", 0, 20),
          ("bases.json", 0, "power", 8, 8), ("planets.json", 0, "power", 1, 30)]


def rows_of(data: dict[str, Any]) -> list[dict[str, Any]]:
    return next(value for key, value in data.items() if isinstance(value, list))


@pytest.mark.parametrize(("name", "index", "field", "low", "high"), RANGES)
def test_load_reads_a_number_at_either_end_of_its_range_and_refuses_one_beyond(
        name: str, index: int, field: str, low: int, high: int) -> None:
    def set_to(value: object) -> Callable[[dict[str, Any]], object]:
        return lambda data: rows_of(data)[index].update({field: value})

    ident = rows_of(json.loads(cards.data_files()[name]))[index]["id"]
    for value in (low, high):
        loaded = cards.load(altered(name, set_to(value)))
        table = next(t for f, _, t in TABLES if f == name)
        assert getattr(getattr(loaded, table)[ident], field) == value
    for wrong in (low - 1, high + 1, True, str(low)):
        with pytest.raises(ValueError) as refused:
            cards.load(altered(name, set_to(wrong)))
        words = f"card {ident}: {field} is a whole number from {low} to {high}, not {wrong!r}"
        assert str(refused.value) == words


def test_an_improvements_power_is_0_to_4_and_only_equipment_has_power_and_only_support_a_timing() -> None:
    def change(index: int, **fields: object) -> dict[str, str]:
        return altered("improvements.json", lambda data: data["improvements"][index].update(fields))

    assert cards.load(change(0, power=4)).improvements["E01"].power == 4
    mixed = "equipment has power, no timing; support a timing, no power"
    refusals = {(0, "power", 5): "card E01: power is a whole number from 0 to 4, not 5",
                (15, "power", -1): "card S01: power is a whole number from 0 to 4, not -1",
                (0, "power", 0): f"card E01: {mixed}",
                (0, "timing", "reaction"): f"card E01: {mixed}",
                (15, "power", 1): f"card S01: {mixed}",
                (15, "timing", None): f"card S01: {mixed}",
                (15, "timing", "now"): "card S01: timing is 'now'",
                (15, "type", "gadget"): "card S01: type is 'gadget'"}
    for (index, field, value), words in refusals.items():
        with pytest.raises(ValueError) as refused:
            cards.load(change(index, **{field: value}))
        assert str(refused.value) == words, (index, field, value)


@pytest.mark.parametrize(("name", "field", "value", "words"), [
    ("near_space.json", "nation", "Martian", "card N01: nation is 'Martian'"),
    ("near_space.json", "name", "", "card N01: name is ''"),
    ("near_space.json", "name", 7, "card N01: name is 7"),
    ("events.json", "deck", "middle", "card NE1: deck is 'middle'"),
    ("events.json", "text", "", "card NE1: text is ''"),
    ("trophies.json", "kind", "X", "card T01: kind is 'X'"),
    ("trophies.json", "nation", "Martian", "card T01: nation is 'Martian'"),
    ("bases.json", "perk_text", None, "card B1: perk_text is None"),
    ("planets.json", "prize", "", "card exxalia: prize is ''"),
])
def test_load_refuses_a_word_that_is_empty_or_not_one_of_its_choices(
        name: str, field: str, value: object, words: str) -> None:
    with pytest.raises(ValueError) as refused:
        cards.load(altered(name, lambda data: rows_of(data)[0].update({field: value})))
    assert str(refused.value) == words


def test_a_planet_without_power_cannot_be_attacked_and_one_without_a_prize_has_none() -> None:
    def change(data: dict[str, Any]) -> None:
        data["planets"][0].update(power=None, prize=None, treasury=1)

    exxalia = cards.load(altered("planets.json", change)).planets["exxalia"]
    assert (exxalia.power, exxalia.prize, exxalia.treasury) == (None, None, False)


def test_load_refuses_a_card_id_given_twice_in_a_deck_or_in_two_decks() -> None:
    with pytest.raises(ValueError) as refused:
        cards.load(altered("deep_space.json", lambda data: data["starships"][0].update(id="N01")))
    assert str(refused.value) == "card id N01 is given twice"
    with pytest.raises(ValueError) as refused:
        cards.load(altered("events.json", lambda data: data["events"][0].update(id="E01")))
    assert str(refused.value) == "a card id is used in two decks"


# === THE STATED STATISTICS ===


def test_near_space_holds_30_starships_and_4_events_and_deep_space_28_and_6() -> None:
    loaded = fresh()
    assert len(ships("near")) == 30 and len(ships("deep")) == 28
    assert sum(e.deck == "near" for e in loaded.events.values()) == 4
    assert sum(e.deck == "deep" for e in loaded.events.values()) == 6
    assert len(cards.BLUE) == len(cards.RED) == 34 and len(cards.SPACE_CARDS) == 68


def test_the_nations_count_as_the_rules_say_per_deck_and_in_all() -> None:
    loaded = fresh()
    assert Counter(s.nation for s in ships("near")) == {"Solar": 8, "Imperial": 8, "Barrens": 8, "OCG": 6}
    assert Counter(s.nation for s in ships("deep")) == {"Solar": 7, "Imperial": 8, "Barrens": 6, "OCG": 7}
    assert Counter(s.nation for s in loaded.starships.values()) == {"Solar": 15, "Imperial": 16,
                                                                    "Barrens": 14, "OCG": 13}


def test_near_space_has_4_pirate_hunters_one_per_nation_and_deep_space_6() -> None:
    near = [s for s in ships("near") if s.hunter]
    assert len(near) == 4 and sorted(s.nation for s in near) == sorted(cards.NATIONS)
    assert sum(s.hunter for s in ships("deep")) == 6


def test_the_powers_and_dots_keep_to_the_stated_ranges_and_means() -> None:
    near, deep = ships("near"), ships("deep")
    assert (min(s.power for s in near), max(s.power for s in near), round(mean(s.power for s in near), 1)) \
        == (6, 13, 9.1)
    assert (min(s.power for s in deep), max(s.power for s in deep), round(mean(s.power for s in deep), 1)) \
        == (11, 20, 15.5)
    for deck, regular_power, regular_dots, hunter_power in ((near, (6, 12), {1, 2}, (10, 13)),
                                                            (deep, (11, 20), {1, 2, 3}, (15, 20))):
        regular = [s for s in deck if not s.hunter]
        hunters = [s for s in deck if s.hunter]
        assert (min(s.power for s in regular), max(s.power for s in regular)) == regular_power
        assert {s.damage for s in regular} == regular_dots
        assert (min(s.power for s in hunters), max(s.power for s in hunters)) == hunter_power
        assert {s.damage for s in hunters} == {2, 3}


def test_the_six_names_from_the_printed_rules_keep_their_places() -> None:
    loaded = fresh()
    apocalypse, destria = loaded.starships["D14"], loaded.starships["N05"]
    assert (apocalypse.name, apocalypse.power, apocalypse.hunter) == ("APOCALYPSE", 18, True)
    assert (destria.name, destria.power, destria.hunter) == ("DESTRIA NOVA", 10, False)
    hangman = loaded.trophies["T01"]
    assert (hangman.name, hangman.condition) == ("Trophy of the Hangman", "glory_title_deed")
    jones, rhum = loaded.improvements["S01"], loaded.improvements["E11"]
    assert (jones.name, jones.type) == ("CAPTAIN JONES", "support")
    assert (rhum.name, rhum.power, rhum.type) == ("RHUM", 1, "tool")
    assert loaded.events["NE1"].name == "GOLDEN VEIN"


def test_there_are_15_equipment_cards_in_6_weapons_4_armor_5_tools_and_9_support_cards() -> None:
    assert len(cards.EQUIPMENT_CARDS) == 15 and len(cards.SUPPORT_CARDS) == 9
    types = Counter(IMPROVEMENTS[c].type for c in cards.EQUIPMENT_CARDS)
    assert types == {"weapon": 6, "armor": 4, "tool": 5}
    assert all(IMPROVEMENTS[c].timing in cards.TIMINGS for c in cards.SUPPORT_CARDS)


def test_the_largest_rated_power_four_improvements_can_reach_is_20() -> None:
    best = max(combinations(IMPROVEMENTS, 4), key=cards.equipment_power)
    assert cards.BASE_POWER + cards.equipment_power(best) == 20
    assert cards.equipment_power(cards.SUPPORT_CARDS) == 0


def test_there_are_18_trophies_of_which_the_deeds_are_the_hangman_and_the_duelist_to_the_turncoat() -> None:
    loaded = fresh()
    assert len(loaded.trophies) == 18
    deeds = [t.id for t in loaded.trophies.values() if t.kind == "E"]
    assert deeds == ["T01", "T14", "T15", "T16", "T17", "T18"]


def test_no_card_name_is_a_part_of_another_so_a_whole_name_is_never_ambiguous() -> None:
    loaded = fresh()
    names = {card: cards.words(name) for card, name in loaded.names.items()}
    assert len(names) == 68 + 18 + 24 + 6
    assert not [(a, b) for a in names for b in names if a != b and names[a] in names[b]]


def test_the_rules_document_prints_every_card_as_the_data_holds_it() -> None:
    loaded = fresh()
    text = (PACKAGE / "rules.md").read_text(encoding="utf-8")
    printed = {row[0]: row for row in rows("\n".join(line for line in text.splitlines()
                                                     if line.startswith("| ") and line[2:3] in "NDTESB"))
               if row[0] in loaded.names}
    assert set(printed) == set(loaded.names)
    for ident, row in printed.items():
        assert row[1] == loaded.names[ident], ident
    for ship in loaded.starships.values():
        assert printed[ship.id][3:5] == [str(ship.power), str(ship.damage)]
    for trophy in loaded.trophies.values():
        assert printed[trophy.id][3:] == [trophy.kind, str(trophy.glory), str(trophy.credits)]
    for card in loaded.improvements.values():
        assert str(card.cost) in printed[card.id]


# === NAMING A CARD ===


@pytest.mark.parametrize("text", ["N05", "n05", "n5", " N005 ", "DESTRIA NOVA", "destria-nova",
                                  "Destria nova", "destria", "nova", "stria n"])
def test_find_reads_an_id_a_name_with_spaces_or_hyphens_or_a_part_of_a_name(text: str) -> None:
    assert find(text, STARSHIPS) == "N05"


@pytest.mark.parametrize(("text", "card"), [("jones", "S01"), ("captain-jones", "S01"), ("grog", "S02"),
                                            ("rhum", "E11"), ("hunter-killer", "E04"),
                                            ("hunter killer", "E04")])
def test_find_reads_the_rules_examples_among_the_improvements(text: str, card: str) -> None:
    assert find(text, IMPROVEMENTS) == card


def test_find_reads_names_with_apostrophes_and_hyphens_either_way() -> None:
    assert find("legates pinnace", STARSHIPS) == find("Legate's-Pinnace", STARSHIPS) == "N11"
    assert find("convoy seventy seven", STARSHIPS) == find("seventy-seven", STARSHIPS) == "D22"


def test_find_refuses_a_part_that_fits_two_cards_and_names_both() -> None:
    with pytest.raises(Refused, match=r"'vega' could be Vega Dominion \(N14\) or Throne of Vega \(D09\)"):
        find("vega", STARSHIPS)


def test_a_part_that_fits_two_cards_elsewhere_fits_one_in_the_zone_given() -> None:
    assert find("vega", ["N01", "D09", "T02"]) == "D09"
    assert find("trophy", ["T07"]) == "T07"


def test_find_refuses_a_card_that_is_not_in_the_zone_and_says_which_are() -> None:
    with pytest.raises(Refused, match=r"DESTRIA NOVA \(N05\) is not one of your wrecks: Sunskiff \(N01\)\."):
        find("N05", ["N01"], "your wrecks")
    with pytest.raises(Refused, match=r"None of the cards here is called 'zzz': RHUM \(E11\)\."):
        find("zzz", ["E11"])
    with pytest.raises(Refused, match=r"Name one of the cards here: none\."):
        find("  ", [])


def test_a_refusal_over_a_large_zone_counts_its_cards_instead_of_listing_them() -> None:
    with pytest.raises(Refused, match=r"is called 'zzz': 58 cards \(name one by its id\)"):
        find("zzz", STARSHIPS)


def test_find_reads_a_name_only_among_the_ids_given() -> None:
    with pytest.raises(Refused, match="None of the cards here is called 'rhum'"):
        find("rhum", cards.SUPPORT_CARDS)
    with pytest.raises(KeyError):
        find("rhum", ["X99"])

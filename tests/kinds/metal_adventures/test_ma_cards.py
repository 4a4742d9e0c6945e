"""Metal Adventures' card set: the data files hold the rules' tables exactly, with their stated statistics,
and `find` reads a card named by id, name or part of a name."""

from __future__ import annotations

import json
import tomllib
from collections import Counter
from itertools import combinations
from pathlib import Path
from statistics import mean

import pytest

from games.kinds.metal_adventures import cards
from games.kinds.metal_adventures.cards import EVENTS, IMPROVEMENTS, STARSHIPS, TROPHIES, find
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


def ships(deck: str) -> list[cards.Starship]:
    return [s for s in STARSHIPS.values() if s.deck == deck]


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
    table = rows(STARSHIP_TABLE)
    assert len(table) == 58
    for ident, name, nation, power, damage, credits, glory, support, hunter in table:
        ship = STARSHIPS[ident]
        assert (ship.name, ship.nation) == (name, nation), ident
        assert (ship.power, ship.damage) == (int(power), int(damage)), ident
        rewards = tuple(map(number, (credits, glory, support)))
        assert (ship.credits, ship.glory, ship.support) == rewards, ident
        assert ship.hunter is (hunter == "**yes**"), ident
        assert ship.deck == ("near" if ident.startswith("N") else "deep")
    assert sorted(STARSHIPS) == sorted(row[0] for row in table)


def test_every_event_trophy_improvement_and_base_of_the_rules_is_in_the_data() -> None:
    assert [(e.id, e.deck, e.name) for e in EVENTS.values()] == EVENT_TABLE
    assert [(t.id, t.name, t.kind, t.glory, t.credits) for t in TROPHIES.values()] == [
        (i, name, kind, int(g), int(c)) for i, name, kind, g, c in rows(TROPHY_TABLE)]
    equipment = [(c.id, c.name, c.power, c.type, c.cost) for c in IMPROVEMENTS.values() if c.equipment]
    assert equipment == [(i, name, number(p), kind, int(cost))
                         for i, name, p, kind, cost in rows(EQUIPMENT_TABLE)]
    support = [(c.id, c.name, c.cost, c.timing) for c in IMPROVEMENTS.values() if not c.equipment]
    assert support == [(i, name, int(cost), timing.replace(" ", "-"))
                       for i, name, cost, timing in rows(SUPPORT_TABLE)]
    assert [(b.id, b.name, b.power) for b in cards.BASES.values()] == [
        ("B1", "Black Albatross", 8), ("B2", "Laughing Kraken", 8), ("B3", "Red Marauder", 8),
        ("B4", "Salty Comet", 8), ("B5", "Iron Magpie", 8), ("B6", "Ghost of Havana", 8)]
    assert {p.name: p.power for p in cards.PLANETS.values()} == {
        "Exxalia": 16, "Bazaar": 12, "Karokum": 14, "OCG Trading Post": None}


def test_every_card_has_an_effect_or_condition_code_where_the_rules_give_it_one() -> None:
    assert len({e.effect for e in EVENTS.values()}) == 10  # one per event
    assert all(t.condition for t in TROPHIES.values())
    # The wreck conditions count the nation they name: Sunbreaker Solar ... Shareholder OCG.
    assert [(t.id, t.nation, t.at_least) for t in TROPHIES.values() if t.condition == "nation_wrecks"] == [
        ("T05", "Solar", 3), ("T06", "Imperial", 3), ("T07", "Barrens", 3), ("T08", "OCG", 2)]
    plain = {c.id for c in IMPROVEMENTS.values() if c.effect is None}
    assert plain == {"E01", "E02", "E05", "E06", "E08", "E10"}  # the equipment whose effect is "-"
    assert all(c.effect for c in IMPROVEMENTS.values() if not c.equipment)
    assert len({b.perk for b in cards.BASES.values()}) == 6


# === THE STATED STATISTICS ===


def test_near_space_holds_30_starships_and_4_events_and_deep_space_28_and_6() -> None:
    assert len(ships("near")) == 30 and len(ships("deep")) == 28
    assert sum(e.deck == "near" for e in EVENTS.values()) == 4
    assert sum(e.deck == "deep" for e in EVENTS.values()) == 6
    assert len(cards.BLUE) == len(cards.RED) == 34 and len(cards.SPACE_CARDS) == 68


def test_the_nations_count_as_the_rules_say_per_deck_and_in_all() -> None:
    assert Counter(s.nation for s in ships("near")) == {"Solar": 8, "Imperial": 8, "Barrens": 8, "OCG": 6}
    assert Counter(s.nation for s in ships("deep")) == {"Solar": 7, "Imperial": 8, "Barrens": 6, "OCG": 7}
    assert Counter(s.nation for s in STARSHIPS.values()) == {"Solar": 15, "Imperial": 16, "Barrens": 14,
                                                             "OCG": 13}


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
    apocalypse, destria = STARSHIPS["D14"], STARSHIPS["N05"]
    assert (apocalypse.name, apocalypse.power, apocalypse.hunter) == ("APOCALYPSE", 18, True)
    assert (destria.name, destria.power, destria.hunter) == ("DESTRIA NOVA", 10, False)
    assert TROPHIES["T01"].name == "Trophy of the Hangman" and TROPHIES["T01"].condition == "glory_title_deed"
    jones, rhum = IMPROVEMENTS["S01"], IMPROVEMENTS["E11"]
    assert (jones.name, jones.type) == ("CAPTAIN JONES", "support")
    assert (rhum.name, rhum.power, rhum.type) == ("RHUM", 1, "tool")
    assert EVENTS["NE1"].name == "GOLDEN VEIN"


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
    assert len(TROPHIES) == 18
    assert [t.id for t in TROPHIES.values() if t.kind == "E"] == ["T01", "T14", "T15", "T16", "T17", "T18"]


def test_no_card_name_is_a_part_of_another_so_a_whole_name_is_never_ambiguous() -> None:
    names = {card: cards.words(name) for card, name in cards.NAMES.items()}
    assert len(names) == 68 + 18 + 24 + 6
    assert not [(a, b) for a in names for b in names if a != b and names[a] in names[b]]


def test_the_rules_document_prints_every_card_as_the_data_holds_it() -> None:
    text = (PACKAGE / "rules.md").read_text(encoding="utf-8")
    printed = {row[0]: row for row in rows("\n".join(line for line in text.splitlines()
                                                     if line.startswith("| ") and line[2:3] in "NDTESB"))
               if row[0] in cards.NAMES}
    assert set(printed) == set(cards.NAMES)
    for ident, row in printed.items():
        assert row[1] == cards.NAMES[ident], ident
    for ship in STARSHIPS.values():
        assert printed[ship.id][3:5] == [str(ship.power), str(ship.damage)]
    for trophy in TROPHIES.values():
        assert printed[trophy.id][3:] == [trophy.kind, str(trophy.glory), str(trophy.credits)]
    for card in IMPROVEMENTS.values():
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

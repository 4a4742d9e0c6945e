"""Faction names: what a player may type for a faction, and how the site names each one."""

import pytest

from games.kinds.metaltalon.engine import new_game
from games.kinds.metaltalon.engine.factions import FACTIONS, NAMES, check_faction, faction_name


@pytest.mark.parametrize(
    ("typed", "faction"),
    [
        ("Murphies", "murphys"),
        ("the swarm", "swarm"),
        ("VAMPIRES", "vamps"),
        ("  Zoomers\t", "zoomers"),
        ("ADAPTERS", "adapters"),
    ],
)
def test_a_faction_is_read_whatever_its_case_spacing_or_common_alias(typed, faction):
    assert check_faction(typed) == faction


def test_fixed_factions_given_by_alias_are_dealt_to_the_seats_in_order():
    state = new_game(3, "token", factions=["Murphies", " The Swarm ", "Vampires"], seed=1)
    assert [s.faction for s in state.seats] == ["murphys", "swarm", "vamps"]


@pytest.mark.parametrize("typed", ["pirates", "", "murphy", "swarms"])
def test_an_unknown_faction_is_refused_with_the_ten_to_choose_from(typed):
    with pytest.raises(ValueError) as refused:
        check_faction(typed)
    assert str(refused.value) == f"Unknown faction {typed!r}: choose from {', '.join(FACTIONS)}"


def test_every_faction_has_its_printed_name():
    assert [faction_name(f) for f in FACTIONS] == [
        "Zoomers",
        "Warriors",
        "Bankers",
        "Clovers",
        "Murphys",
        "Rebels",
        "The Swarm",
        "Vamps",
        "Adapters",
        "Anarchists",
    ]
    assert set(NAMES) == set(FACTIONS)


@pytest.mark.parametrize("faction", [None, ""])
def test_a_seat_still_choosing_is_named_undecided(faction):
    assert faction_name(faction) == "undecided"

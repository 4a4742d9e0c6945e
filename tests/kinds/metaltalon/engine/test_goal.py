"""How to win, in figures (engine/goal.py): the goal line, and per rival what it still has to lose; and
the factions' powers, the one source the page and the rules page's table read."""

from dataclasses import replace
from pathlib import Path

from games.kinds.metaltalon.engine import (
    FACTIONS,
    GOAL,
    POWERS,
    faction_power,
    faction_table,
    rival_line,
    rivals,
)
from games.kinds.metaltalon.engine.factions import NAMES
from tests.kinds.metaltalon.engine.helpers import position

RULES = Path(__file__).resolve().parents[4] / "games" / "kinds" / "metaltalon" / "rules.md"


def test_the_goal_says_to_empty_a_reserve_and_land_on_the_base_three_ships_against_the_rebels():
    assert "reserve is 0" in GOAL and "land a ship" in GOAL and "3 of yours against the Rebels" in GOAL


def test_each_rival_still_in_shows_its_reserve_and_the_one_ship_to_land_on_its_home_base():
    state = position(players=3, factions=("bankers", "warriors", "swarm"), reserves=(9, 12, 0),
                     ships=((0, "H9", (1, 0, 0)), (2, "C9", (2, 1, 0))))

    found = rivals(state, 0)

    assert [(r.seat, r.reserve, r.needed, r.ships) for r in found] == [(1, 12, 1, 0), (2, 0, 1, 1)]
    home = state.seats[1].home
    assert rival_line(found[0]) == f"reserve 12 credits to shoot away, then land 1 ship on {home}"
    assert rival_line(found[1]) == f"reserve empty: land 1 ship on {state.seats[2].home} to put them out"


def test_the_rebels_need_three_of_the_viewers_ships_less_those_already_landed():
    probe = position(players=2, factions=("bankers", "rebels"))
    base = probe.seats[1].home
    state = position(players=2, factions=("bankers", "rebels"), reserves=(5, 0),
                     ships=((0, base, (1, 0, 0)), (1, "H9", (1, 0, 0))))

    (rebels,) = rivals(state, 0)

    assert (rebels.landed, rebels.needed) == (1, 2)
    assert rival_line(rebels, "cent") == (
        f"reserve empty: land 2 more ships on {base} (1 of 3 there) to put them out")
    assert rivals(state, None)[1].needed == 3  # a spectator: every seat still in, none of its ships landed


def test_a_seat_out_is_no_rival_and_nothing_is_shown_while_factions_are_chosen():
    state = position(players=3, factions=("bankers", "warriors", "swarm"))
    state = replace(state, seats=(*state.seats[:2], replace(state.seats[2], out=True)))

    assert [r.seat for r in rivals(state, 0)] == [1]
    assert rivals(replace(state, phase="setup"), 0) == ()


def test_every_faction_has_a_power_naming_the_editions_first_piece():
    assert set(POWERS) == set(FACTIONS)
    assert faction_power("zoomers", "penny") == "Every penny counts for 1.5 moves, rounded up."
    assert faction_power(None) == ""


def test_the_rules_pages_faction_table_is_the_engines_faction_data():
    table = faction_table()
    assert table in RULES.read_text(encoding="utf-8"), (
        "rules.md's faction table differs from the engine's: paste the output of "
        "`python -m games.kinds.metaltalon.engine.factions` into rules.md")
    for faction in FACTIONS:
        assert f"| **{NAMES[faction]}** | {faction_power(faction, 'engine (coins: penny)')} |" in table


def test_the_rules_page_opens_with_a_quick_start_and_the_factions_before_the_editions():
    text = RULES.read_text(encoding="utf-8")
    assert text.index("## Quick start") < text.index("## The factions") < text.index("## The three editions")

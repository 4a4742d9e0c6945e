"""Edition figures from docs/rules.md ("The three editions", "Setting up") and the three seed texts."""

import pytest

from games.kinds.metaltalon.engine.editions import METATALON, TOKEN, WEB2002


@pytest.mark.parametrize(
    ("edition", "players", "faction", "credits"),
    [
        (TOKEN, 3, None, 25),
        (TOKEN, 2, None, 32),
        (TOKEN, 4, "bankers", 30),
        (TOKEN, 6, "vamps", 20),
        (TOKEN, 2, "bankers", 39),
        (TOKEN, 2, "vamps", 26),
        (METATALON, 2, None, 26),
        (METATALON, 4, "bankers", 31),
        (METATALON, 3, "vamps", 20),
        (WEB2002, 2, None, 25),
        (WEB2002, 6, "bankers", 30),
        (WEB2002, 4, "vamps", 20),
        (WEB2002, 2, "bankers", 30),
        (WEB2002, 2, "vamps", 20),
        (METATALON, 2, "bankers", 31),
        (METATALON, 6, "vamps", 20),
        (TOKEN, 3, "bankers", 30),
        (TOKEN, 4, "vamps", 20),
    ],
)
def test_starting_credits_follow_the_edition_player_count_and_faction(edition, players, faction, credits):
    assert edition.start_credits(players, faction) == credits


@pytest.mark.parametrize(("digit", "rolled"), [(0, 5), (1, 1), (2, 1), (3, 2), (8, 4), (9, 5)])
def test_metatalon_stopwatch_counts_zero_as_ten_halved_rounded_up(digit, rolled):
    assert METATALON.stopwatch_value(digit) == rolled


@pytest.mark.parametrize(("digit", "rolled"), [(0, 0), (1, 1), (2, 1), (5, 3), (9, 5)])
def test_web2002_stopwatch_halves_the_digit_rounded_up(digit, rolled):
    assert WEB2002.stopwatch_value(digit) == rolled


def test_metatalon_ship_worth_more_than_15_needs_a_dime():
    assert METATALON.dime_ok((15, 0, 0), None)
    assert not METATALON.dime_ok((16, 0, 0), None)
    assert not METATALON.dime_ok((1, 3, 0), None)
    assert METATALON.dime_ok((6, 0, 1), None)


def test_metatalon_anarchists_need_a_dime_only_over_20():
    assert METATALON.dime_ok((0, 4, 0), "anarchists")
    assert not METATALON.dime_ok((1, 4, 0), "anarchists")


def test_token_and_web2002_have_no_ship_limit():
    assert TOKEN.dime_ok((40, 3, 0), None)
    assert WEB2002.dime_ok((40, 3, 0), None)


def test_die_ranges_per_dice_mode():
    assert TOKEN.die_range("d6") == (1, 6)
    assert METATALON.die_range("stopwatch") == (1, 5)
    assert WEB2002.die_range("stopwatch") == (0, 5)

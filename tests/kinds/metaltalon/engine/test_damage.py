"""Damage allocation by standing order, change-making downwards, Adapters, 001's dime rule."""

from games.kinds.metaltalon.engine.damage import adapted, after_damage
from games.kinds.metaltalon.engine.editions import METATALON, TOKEN, WEB2002
from games.kinds.metaltalon.engine.state import Orders

KEEP_BIG = Orders(damage="swe")
KEEP_ENGINES = Orders(damage="esw")
COIN_KEEP_BIG = Orders(damage="dnp")


def test_printed_example_four_engines_and_a_weapon_lose_three_engines_by_default():
    assert after_damage(TOKEN, (4, 1, 0), 3, None, KEEP_BIG) == (1, 1, 0)


def test_printed_example_cashing_the_weapon_leaves_six_engines():
    assert after_damage(TOKEN, (4, 1, 0), 3, None, KEEP_ENGINES) == (6, 0, 0)


def test_printed_example_in_coins_four_pennies_and_a_nickel():
    assert after_damage(WEB2002, (4, 1, 0), 3, None, COIN_KEEP_BIG) == (1, 1, 0)
    assert after_damage(METATALON, (4, 1, 0), 3, None, Orders(damage="pnd")) == (6, 0, 0)


def test_damage_equal_to_value_destroys_the_ship():
    assert after_damage(TOKEN, (4, 1, 0), 9, None, KEEP_BIG) is None
    assert after_damage(TOKEN, (1, 0, 0), 5, None, KEEP_BIG) is None


def test_damage_one_less_than_the_value_leaves_one_credit():
    assert after_damage(TOKEN, (4, 1, 0), 8, None, KEEP_BIG) == (1, 0, 0)
    assert after_damage(TOKEN, (0, 0, 1), 9, None, KEEP_BIG) == (1, 0, 0)
    assert after_damage(METATALON, (1, 1, 1), 15, None, COIN_KEEP_BIG) == (1, 0, 0)


def test_change_is_made_downwards_only_never_engines_into_a_weapon():
    assert after_damage(TOKEN, (7, 0, 0), 1, None, Orders(damage="wse")) == (6, 0, 0)


def test_change_never_builds_a_larger_piece_from_smaller_ones():
    # Four weapons lose 5: three weapons stay; the 15 left may not become a shield and a weapon.
    assert after_damage(TOKEN, (0, 4, 0), 5, None, KEEP_BIG) == (0, 3, 0)


def test_a_shield_breaks_into_at_most_two_weapons():
    # 6 engines and a shield lose 1: weapons first keeps 2 weapons (the shield's 10) and 5 engines,
    # never a third weapon made from engines.
    assert after_damage(TOKEN, (6, 0, 1), 1, None, Orders(damage="wse")) == (5, 2, 0)
    # Keeping the shield, the engines stay engines: no weapon appears beside it.
    assert after_damage(TOKEN, (6, 0, 1), 1, None, KEEP_BIG) == (5, 0, 1)


def test_a_shield_breaks_into_a_weapon_and_engines_when_it_cannot_stay():
    assert after_damage(TOKEN, (0, 0, 1), 2, None, KEEP_BIG) == (3, 1, 0)


def test_weapons_first_order_breaks_a_shield_into_weapons():
    assert after_damage(TOKEN, (0, 0, 2), 5, None, Orders(damage="wse")) == (0, 3, 0)


def test_metatalon_damage_keeps_a_dime_when_the_ship_stays_over_15():
    # 1 nickel 2 dimes (25) takes 5: four nickels would be 20 cents without a dime.
    assert after_damage(METATALON, (0, 1, 2), 5, None, Orders(damage="npd")) == (0, 2, 1)


def test_metatalon_anarchists_may_keep_20_cents_without_a_dime():
    assert after_damage(METATALON, (0, 1, 2), 5, "anarchists", Orders(damage="npd")) == (0, 4, 0)


def test_web2002_has_no_dime_rule_after_damage():
    assert after_damage(WEB2002, (0, 1, 2), 5, None, Orders(damage="npd")) == (0, 4, 0)


def test_adapters_recompose_freely_at_equal_value_by_default_priority():
    hit = after_damage(TOKEN, (9, 0, 0), 2, "adapters", KEEP_BIG)
    assert hit == (7, 0, 0)
    assert adapted(TOKEN, hit, "adapters", KEEP_BIG) == (2, 1, 0)


def test_adapters_follow_their_own_adapt_order():
    orders = Orders(damage="swe", adapt="esw")
    assert adapted(TOKEN, (2, 2, 1), "adapters", orders) == (22, 0, 0)


def test_adapt_off_keeps_the_damaged_composition():
    assert adapted(TOKEN, (7, 0, 0), "adapters", Orders(damage="swe", adapt="off")) == (7, 0, 0)


def test_other_factions_never_recompose():
    assert adapted(TOKEN, (7, 0, 0), "warriors", KEEP_BIG) == (7, 0, 0)


def test_metatalon_adapters_keep_the_dime_rule():
    assert adapted(METATALON, (20, 0, 0), "adapters", Orders(damage="npd")) == (0, 2, 1)

"""Standing orders in plain words for the page (order_words.py): every line the `orders` listing gives, read
from orders as the engine keeps them (orders.py), says what it does with the cards' names."""

from __future__ import annotations

from games.kinds.metabaloids.cards import DECKS
from games.kinds.metabaloids.order_words import order_words
from games.kinds.metabaloids.orders import apply_order, default_orders

BOTH_DECKS = sorted(set(DECKS["A"]) | set(DECKS["B"]))
# rules.md's own examples ("Standing orders").
EXAMPLES = ["use spores on attack against me if target queen", "use shell on defend in 2 if behind 2",
            "use ink on defend if behind 4", "use spores on ability regen", "use spores on draw by p3",
            "use surge on attacking if behind", "pay hand discard draw", "keep spores queen", "pay ask",
            "grid ask", "window ask", "off 4"]


def listed(texts: list[str]) -> list[str]:
    orders = default_orders(BOTH_DECKS)
    for text in texts:
        orders = apply_order(orders, text, BOTH_DECKS, 3, 1)
    return orders.lines()


def test_every_starting_order_of_both_starter_decks_reads_in_words() -> None:
    for letter in DECKS:
        for line in default_orders(sorted(DECKS[letter])).lines():
            assert order_words(line), line


def test_every_example_order_of_the_rules_reads_in_words() -> None:
    lines = listed(EXAMPLES)
    assert len(lines) > 6
    for line in lines:
        assert order_words(line), line


def test_a_defending_boost_names_its_card_and_moment() -> None:
    line = next(x for x in default_orders(["trapdoor"]).lines() if "trapdoor" in x)
    assert order_words(line) == "Use Trapdoor Spider's boost when you defend."


def test_filters_and_conditions_say_who_where_and_by_how_much() -> None:
    words = [order_words(line) for line in listed(EXAMPLES)]
    assert "Use Shell Up when you defend in your column 2 if behind by 2 or more." in words
    assert "Use Torpor Spores in any battle against you when the attacked card is Hive Queen." in words
    assert "Use Torpor Spores when p3 is about to draw." in words
    assert "Use Adrenal Surge when you attack if behind by 1 or more." in words


def test_payment_lists_its_sources_in_order_and_the_keep_order_names_its_cards() -> None:
    words = [order_words(line) or "" for line in listed(["pay hand discard draw", "keep spores queen",
                                                        "pay ask"])]
    assert words[0] == ("Damage you owe is paid from your hand, then your discard pile, your draw pile. "
                        "You are asked how to pay damage.")
    assert words[1] == ("Paying by your orders leaves Torpor Spores and Hive Queen in your hand while "
                        "anything else can pay.")


def test_a_switched_off_order_says_so() -> None:
    lines = listed(["off 4"])
    assert "(off)" in lines[3]
    assert (order_words(lines[3]) or "").endswith("(Switched off.)")


def test_a_line_the_words_cannot_read_is_left_to_its_text() -> None:
    assert order_words("5  order frobnicate") is None
    assert order_words("5  order use nosuchcard on defend") is None

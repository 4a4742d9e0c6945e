"""Standing orders of Metabaloids (games/kinds/metabaloids/orders.py): parsing and refusing `order …`
lines, the numbered listing, the starting orders, and which orders match a moment."""

from __future__ import annotations

import json
from collections.abc import Collection
from typing import Any

import pytest

from games.kinds.metabaloids.cards import DECKS
from games.kinds.metabaloids.orders import (
    Moment,
    OrderError,
    Orders,
    UseOrder,
    apply_order,
    default_orders,
    parse_seat,
    wants,
)

A, B = DECKS["A"], DECKS["B"]


def order(
    text: str, deck: Collection[str] = A, seats: int = 3, own: int = 1, start: Orders | None = None
) -> Orders:
    return apply_order(start or Orders(), text, deck, seats, own)


def use(text: str, deck: Collection[str] = A, seats: int = 3, own: int = 1) -> UseOrder:
    orders = order(text, deck, seats, own)
    assert len(orders.uses) == 1
    return orders.uses[0][0]


def refusal(
    text: str, deck: Collection[str] = A, seats: int = 3, own: int = 1, start: Orders | None = None
) -> str:
    with pytest.raises(OrderError) as caught:
        order(text, deck, seats, own, start)
    return str(caught.value)


# The `use` lines of the rules' examples (standing orders, the moments table and the scenarios).
EXAMPLES = [
    ("use spores on attack against me if target queen", A),
    ("use shell on defend in 2 if behind 2", B),
    ("use ink on defend if behind 4", B),
    ("use spores on ability regen", A),
    ("use surge on attacking if behind", A),
    ("use trapdoor boost on defend", A),
    ("use turtle boost on defend", B),
    ("use shell on defend if behind", B),
    ("use ink on defend in 1", B),
    ("use spores on attack against p3 if target queen", A),
    ("use spores on draw by p3", A),
    ("use spores on move by p2", A),
    ("use spores on ability regen by p2", A),
    ("use spores on ability spores", A),
    ("use spores on attack against me", A),
]


@pytest.mark.parametrize(("text", "deck"), EXAMPLES)
def test_every_example_use_order_parses_and_round_trips_through_text(
    text: str, deck: Collection[str]
) -> None:
    assert use(text, deck).text() == text


def test_a_use_order_holds_each_part_it_names() -> None:
    assert use("use shell on defend in 2 if behind 2", B) == UseOrder(
        card="shell", ability="shell", trigger="defend", col=2, condition="behind", margin=2
    )
    assert use("use spores on ability regen by p2") == UseOrder(
        card="spores", ability="spores", trigger="ability", ability_code="regen", by=2
    )
    assert use("use spores on attack against me if target queen") == UseOrder(
        card="spores", ability="spores", trigger="attack", against=0, target="queen"
    )


def test_target_and_condition_together_read_target_first_then_the_condition() -> None:
    written = use("use shell on defend if behind 3 target crab", B)
    assert (written.target, written.condition, written.margin) == ("crab", "behind", 3)
    assert written.text() == "use shell on defend target crab if behind 3"
    assert use(written.text(), B) == written


def test_the_ability_word_is_optional_and_the_canonical_text_names_it() -> None:
    written = use("use trapdoor on defend")
    assert written.ability == "boost"
    assert written.text() == "use trapdoor boost on defend"


def test_an_event_named_with_its_own_code_as_ability_reads_as_the_code_once() -> None:
    assert use("use shell shell on defend", B).text() == "use shell on defend"


def test_orders_are_read_case_insensitively_and_the_word_order_may_lead() -> None:
    assert use("order USE Shell ON Defend IF Behind 2", B).text() == "use shell on defend if behind 2"


def test_the_seats_own_label_is_me() -> None:
    written = use("use spores on attack against p2", own=2)
    assert written.against == 0
    assert written.text() == "use spores on attack against me"


def test_a_player_name_stands_for_its_seat_when_the_table_gives_names() -> None:
    orders = apply_order(Orders(), "use spores on draw by cy", A, 3, 1, names={"cy": 3})
    assert orders.uses[0][0].by == 3


def test_parse_seat_reads_labels_of_the_table_and_me() -> None:
    assert parse_seat("p3", 3) == 3
    assert parse_seat("P1", 3) == 1
    assert parse_seat("me", 3) == 0
    assert parse_seat("p4", 3) is None
    assert parse_seat("p0", 3) is None
    assert parse_seat("ana", 3) is None


def test_pay_priority_and_keep_list_show_in_the_listing() -> None:
    orders = order("pay hand discard draw")
    orders = apply_order(orders, "keep spores queen", A, 3, 1)
    assert orders.pay == ("hand", "discard", "draw")
    assert orders.keep == ("spores", "queen")
    assert orders.lines()[:2] == ["1  order pay hand discard draw", "2  order keep spores queen"]


def test_keep_accepts_printed_names_and_none_clears_it() -> None:
    orders = order("keep hive-queen spores queen")
    assert orders.keep == ("queen", "spores")
    assert apply_order(orders, "keep none", A, 3, 1).keep == ()


def test_pay_ask_grid_ask_and_window_ask_are_settings_shown_after_their_line() -> None:
    orders = Orders()
    for text in ("pay ask", "grid ask", "window ask"):
        orders = apply_order(orders, text, A, 3, 1)
    assert (orders.pay_ask, orders.grid_ask, orders.window_ask) == (True, True, True)
    assert orders.lines() == [
        "1  order pay discard draw hand reserve; order pay ask",
        "2  order keep none",
        "3  order grid ask; order window ask",
    ]
    for text in ("pay auto", "grid auto", "window auto"):
        orders = apply_order(orders, text, A, 3, 1)
    assert (orders.pay_ask, orders.grid_ask, orders.window_ask) == (False, False, False)


def test_deck_a_starts_with_the_trapdoor_boost_on_defend() -> None:
    assert default_orders(A).lines() == [
        "1  order pay discard draw hand reserve",
        "2  order keep none",
        "3  order grid auto",
        "4  order use trapdoor boost on defend",
    ]


def test_deck_b_starts_with_the_turtle_boost_on_defend() -> None:
    assert default_orders(B).lines()[3:] == ["4  order use turtle boost on defend"]
    assert default_orders(B).uses == ((UseOrder("turtle", "boost", "defend"), True),)


def test_orders_survive_a_trip_through_json() -> None:
    orders = default_orders(A)
    for text in (
        "pay hand play",
        "keep spores",
        "grid ask",
        "use spores on attack against me if target queen",
        "off 4",
    ):
        orders = apply_order(orders, text, A, 3, 1)
    assert Orders.from_dict(json.loads(json.dumps(orders.to_dict()))) == orders


def test_an_empty_dict_reads_as_the_plain_settings() -> None:
    assert Orders.from_dict({}) == Orders()


def test_a_new_use_order_comes_last_in_priority() -> None:
    orders = order("use shell on defend if behind", B, start=default_orders(B))
    assert orders.lines()[3:] == [
        "4  order use turtle boost on defend",
        "5  order use shell on defend if behind",
    ]


def three_orders() -> Orders:
    orders = default_orders(B)
    for text in ("use shell on defend", "use ink on defend if behind 4"):
        orders = apply_order(orders, text, B, 3, 1)
    return orders


def test_off_marks_the_order_and_on_brings_it_back() -> None:
    off = apply_order(three_orders(), "off 5", B, 3, 1)
    assert off.lines()[4] == "5  order use shell on defend  (off)"
    assert off.uses[1][1] is False
    assert apply_order(off, "on 5", B, 3, 1) == three_orders()


def test_drop_removes_the_order_and_renumbers_the_rest() -> None:
    dropped = apply_order(three_orders(), "drop 4", B, 3, 1)
    assert dropped.lines()[3:] == ["4  order use shell on defend", "5  order use ink on defend if behind 4"]


def test_up_moves_the_order_one_place_up_in_priority() -> None:
    moved = apply_order(three_orders(), "up 6", B, 3, 1)
    assert [u.card for u, _ in moved.uses] == ["turtle", "ink", "shell"]


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("off 2", "order 2 is a setting: change it with `order keep …`"),
        ("drop 1", "order 1 is a setting: change it with `order pay …`"),
        ("up 3", "order 3 is a setting: change it with `order grid …`"),
        ("off 7", "there is no order 7; the use orders are numbered 4 to 6"),
        ("on 0", "there is no order 0; the use orders are numbered 4 to 6"),
        ("drop", "`order drop` needs an order's number, as `orders` lists them"),
        ("off shell", "`order off` needs an order's number, as `orders` lists them"),
        ("up 4", "order 4 is first already"),
    ],
)
def test_managing_by_number_refuses_settings_and_numbers_out_of_range(text: str, words: str) -> None:
    assert refusal(text, B, start=three_orders()) == words


def test_numbers_are_refused_while_there_are_no_use_orders() -> None:
    assert refusal("off 4") == "there is no order 4; the use orders are numbered none yet"


@pytest.mark.parametrize(
    ("text", "deck", "words"),
    [
        ("use dragon on defend", A, "there is no card called `dragon`"),
        ("use queen brood on start", B, "your deck has no queen"),
        ("keep shell", A, "your deck has no shell"),
        ("use queen brood on defend", A, "brood is used in your own turn; `on defend` can never fire"),
        ("use queen on start", A, "brood is used in your own turn; `on start` can never fire"),
        ("use regen on end", B, "regen is used in your own turn; `on end` can never fire"),
        ("use molt on attacking", A, "molt is used in your own turn; `on attacking` can never fire"),
        ("use weaver boost on draw", A, "boost is used during attacks; `on draw` can never fire"),
        ("use shell on ability", B, "shell is used during attacks; `on ability` can never fire"),
        (
            "use weaver boost on defend",
            A,
            "boost works only when its column attacks; `on defend` can never fire",
        ),
        (
            "use trapdoor boost on attacking",
            A,
            "boost works only when its column defends; `on attacking` can never fire",
        ),
        (
            "use trapdoor boost on attack by me",
            A,
            "boost works only when its column defends; `on attack by me` can never fire",
        ),
        (
            "use shell on attack by me",
            B,
            "shell works only in a battle where you defend; `on attack by me` can never fire",
        ),
        (
            "use ink on attack against p2",
            B,
            "ink works only in a battle where you defend; `on attack against p2` can never fire",
        ),
        (
            "use surge on attack against p3 by p2",
            A,
            "surge works only in a battle where you attack or defend; "
            "`on attack by p2 against p3` can never fire",
        ),
        (
            "use spores on attacking",
            A,
            "spores stops another seat's action before it finishes; `on attacking` can never fire",
        ),
        (
            "use spores on draw by me",
            A,
            "spores stops another seat's action before it finishes; `on draw by me` can never fire",
        ),
        (
            "use spores on start",
            A,
            "spores stops another seat's action before it finishes; `on start` can never fire",
        ),
        ("use spores on attack by p2 against p2", A, "`on attack by p2 against p2` can never fire"),
        ("use spores on defend by me", A, "`on defend by me` can never fire"),
        (
            "use spores on attack by p2 against p3 if behind",
            A,
            "`on attack by p2 against p3 if behind` can never fire",
        ),
        ("use mite on defend", A, "mite has no ability to use"),
        ("use weaver brood on attacking", A, "weaver has no ability `brood`; its ability is boost"),
        ("use weaver weaver on attacking", A, "weaver has no ability `weaver`; its ability is boost"),
        (
            "use shell defend",
            B,
            "write `on <trigger>` after the card: `order use <card> [<ability>] on <trigger> …`",
        ),
        (
            "use shell on battle",
            B,
            "`on` needs a trigger: start, end, draw, move, attack, defend, attacking, ability",
        ),
        ("use shell on defend by p7", B, "`by` needs a seat: p1 to p3, or me; `p7` is none"),
        ("use spores on attack against", A, "`against` needs a word after it"),
        ("use shell on defend in 4", B, "`in` needs a column, 1 to 3; `4` is none"),
        ("use shell on defend if behind 0", B, "a condition's margin is a number from 1 to 99"),
        ("use shell on defend if losing", B, "a condition is `if behind [<n>]` or `if ahead [<n>]`"),
        ("use shell on defend soon", B, "`soon` is not a filter: use by, against, of, in, target, if or ask"),
        ("use shell on defend in 1 in 2", B, "`in` is written twice"),
        ("use spores on draw of p2", A, "`of` names whose turn it is: it is for `on start` and `on end`"),
        ("use spores on draw against me", A, "`against` is for battles; `on draw` has none"),
        ("use spores on move if behind", A, "`if behind` compares battle totals; `on move` has none"),
        (
            "use spores on attack target surge",
            A,
            "surge is an event, never in play; `target surge` can never fire",
        ),
        (
            "use shell on defend target queen",
            B,
            "your deck has no queen; `on defend if target queen` can never fire",
        ),
        ("use spores on ability mite", A, "mite has no ability, so it is never pending"),
        (
            "use shell on defend ask",
            B,
            "`ask` opens a window for a card in play only; shell is played from hand",
        ),
        (
            "use weaver boost on attacking ask",
            A,
            "`ask` opens a window for the defender only; `on attacking ask` never has boost defend",
        ),
        ("pay hand bank", A, "`bank` is not a payment source: use discard, draw, hand, reserve or play"),
        ("pay hand hand", A, "`hand` is named twice"),
        ("pay", A, "name the payment sources in order: discard, draw, hand, reserve, play"),
        ("keep", A, "name the hand cards to keep, or write `order keep none`"),
        ("grid later", A, "write `order grid ask` or `order grid auto`"),
        ("wait 3", A, "`wait` is not an order: use pay, keep, grid, window, use, off, on, drop or up"),
        ("", A, "which order? Use pay, keep, grid, window, use, off, on, drop or up"),
    ],
)
def test_an_order_that_cannot_work_is_refused_in_plain_words(
    text: str, deck: Collection[str], words: str
) -> None:
    assert refusal(text, deck) == words


def test_a_refused_line_leaves_the_orders_as_they_were() -> None:
    orders = default_orders(A)
    with pytest.raises(OrderError):
        apply_order(orders, "use queen on defend", A, 3, 1)
    assert orders == default_orders(A)


def test_the_same_use_order_twice_is_refused_with_its_number() -> None:
    orders = default_orders(A)
    assert refusal("use trapdoor boost on defend", start=orders) == "you have that order already: number 4"
    off = apply_order(orders, "off 4", A, 3, 1)
    assert (
        refusal("use trapdoor on defend", start=off)
        == "you have that order already: number 4 (off: `order on 4`)"
    )


def test_a_defending_boost_may_wait_on_any_attack_and_ask_for_a_window() -> None:
    assert use("use trapdoor boost on attack").text() == "use trapdoor boost on attack"
    assert use("use trapdoor boost on defend ask").ask is True


# wants(): which orders match a moment. Seat 1 is polled throughout.


def orders_of(*texts: str) -> Orders:
    return Orders(uses=tuple((t, True) for t in map(_as_use, texts)))


def _as_use(text: str) -> UseOrder:
    return use(text, A, seats=4)


def battle(attacker: int, defender: int, **more: Any) -> Moment:
    return Moment("attack", me=1, by=attacker, attacker=attacker, defender=defender, **more)


def cards_wanted(orders: Orders, moment: Moment) -> list[str]:
    return [u.text() for u in wants(orders, moment)]


def test_attack_matches_every_battle_and_filters_by_attacker_and_defender() -> None:
    orders = orders_of(
        "use spores on attack",
        "use spores on attack by p2",
        "use spores on attack against p3",
        "use spores on attack against me",
    )
    assert cards_wanted(orders, battle(2, 3)) == [
        "use spores on attack",
        "use spores on attack by p2",
        "use spores on attack against p3",
    ]
    assert cards_wanted(orders, battle(4, 1)) == ["use spores on attack", "use spores on attack against me"]


def test_defend_matches_only_a_battle_against_me() -> None:
    orders = orders_of("use spores on defend")
    assert cards_wanted(orders, battle(2, 1)) == ["use spores on defend"]
    assert cards_wanted(orders, battle(2, 3)) == []


def test_attacking_matches_only_my_own_battle() -> None:
    orders = orders_of("use surge on attacking")
    assert cards_wanted(orders, battle(1, 2)) == ["use surge on attacking"]
    assert cards_wanted(orders, battle(2, 1)) == []


def test_in_matches_when_that_column_of_mine_is_in_the_battle() -> None:
    orders = orders_of("use surge on attack in 2")
    assert wants(orders, battle(2, 1, my_cols=(2,)))
    assert not wants(orders, battle(2, 1, my_cols=(1,)))


def test_target_matches_the_attacked_cards_code() -> None:
    orders = orders_of("use spores on attack against p3 if target queen")
    assert wants(orders, battle(2, 3, target="queen"))
    assert not wants(orders, battle(2, 3, target="wasp"))


def test_behind_2_needs_the_other_side_two_ahead_of_mine() -> None:
    orders = orders_of("use surge on defend if behind 2")
    assert wants(orders, battle(2, 1, mine=5, theirs=7))
    assert wants(orders, battle(2, 1, mine=5, theirs=9))
    assert not wants(orders, battle(2, 1, mine=5, theirs=6))


def test_ahead_needs_my_side_at_least_one_ahead_by_default() -> None:
    orders = orders_of("use surge on attacking if ahead")
    assert wants(orders, battle(1, 2, mine=8, theirs=7))
    assert not wants(orders, battle(1, 2, mine=7, theirs=7))


def test_a_condition_never_holds_for_a_seat_outside_the_battle() -> None:
    loose = Orders(uses=((UseOrder("spores", "spores", "attack", condition="behind", margin=1), True),))
    assert not wants(loose, battle(2, 3, mine=0, theirs=5))


def test_draw_move_and_ability_match_their_own_moment_and_the_acting_seat() -> None:
    orders = orders_of("use spores on draw by p3", "use spores on move", "use spores on ability regen by p2")
    assert cards_wanted(orders, Moment("draw", me=1, by=3)) == ["use spores on draw by p3"]
    assert cards_wanted(orders, Moment("draw", me=1, by=2)) == []
    assert cards_wanted(orders, Moment("move", me=1, by=4)) == ["use spores on move"]
    assert cards_wanted(orders, Moment("ability", me=1, by=2, ability_code="regen")) == [
        "use spores on ability regen by p2"
    ]
    assert cards_wanted(orders, Moment("ability", me=1, by=2, ability_code="brood")) == []
    assert cards_wanted(orders, Moment("ability", me=1, by=4, ability_code="regen")) == []


def test_start_and_end_match_whose_turn_it_is() -> None:
    # No starter card can be ordered at start or end, so these orders are built directly.
    orders = Orders(uses=((UseOrder("x", "y", "start", of=2), True), (UseOrder("x", "y", "end", of=0), True)))
    assert [u.trigger for u in wants(orders, Moment("start", me=1, by=2))] == ["start"]
    assert wants(orders, Moment("start", me=1, by=3)) == []
    assert [u.trigger for u in wants(orders, Moment("end", me=1, by=1))] == ["end"]
    assert wants(orders, Moment("end", me=1, by=2)) == []


def test_me_in_a_filter_is_the_polled_seat() -> None:
    orders = orders_of("use spores on attack against me")
    assert wants(orders, Moment("attack", me=3, by=2, attacker=2, defender=3))
    assert not wants(orders, Moment("attack", me=3, by=2, attacker=2, defender=1))


def test_orders_switched_off_are_not_wanted_and_priority_is_kept() -> None:
    orders = Orders(
        uses=(
            (_as_use("use spores on attack"), True),
            (_as_use("use surge on defend"), False),
            (_as_use("use surge on defend if behind"), True),
        )
    )
    assert cards_wanted(orders, battle(2, 1, mine=1, theirs=3)) == [
        "use spores on attack",
        "use surge on defend if behind",
    ]

"""The `order use …` language refused word for word (orders.py; rules.md, "Standing orders"): a line with
no card, no trigger, a filter written twice or without its word, filters a trigger has no use for, an
order no moment can ever fire, and the margins and columns a condition or filter takes at both ends; then
the canonical wording of an `of` filter, a record's missing `on` and a seat word that is none."""

from __future__ import annotations

from collections.abc import Collection

import pytest

from games.kinds.metabaloids.cards import DECKS, Ability
from games.kinds.metabaloids.orders import (
    Moment,
    OrderError,
    Orders,
    UseOrder,
    _check_fits,
    apply_order,
    parse_seat,
    wants,
)

A, B = DECKS["A"], DECKS["B"]


def refusal(text: str, deck: Collection[str] = A) -> str:
    with pytest.raises(OrderError) as caught:
        apply_order(Orders(), text, deck, 3, 1)
    return str(caught.value)


def accepted(text: str, deck: Collection[str] = A) -> UseOrder:
    (use, on), = apply_order(Orders(), text, deck, 3, 1).uses
    assert on is True
    return use


@pytest.mark.parametrize(("text", "reason"), [
    ("use", "write `order use <card> [<ability>] on <trigger> …`"),
    ("use spores on", "`on` needs a trigger: start, end, draw, move, attack, defend, attacking, ability"),
    ("use trapdoor boost extra on defend",
     "write `on <trigger>` after the card: `order use <card> [<ability>] on <trigger> …`"),
    ("use spores on draw by p2 by p3", "`by` is written twice"),
    ("use trapdoor boost on defend in 1 in 2", "`in` is written twice"),
    ("use surge on attacking if behind if ahead", "`if` is written twice"),
    ("use spores on attack target queen target wasp", "`target` is written twice"),
    ("use trapdoor boost on defend in", "`in` needs a word after it"),
    ("use spores on attack target", "`target` needs a word after it"),
    ("use surge on attacking if", "`if` needs a word after it"),
    ("use spores on end", "spores stops another seat's action before it finishes; `on end` can never fire"),
    ("use spores on start",
     "spores stops another seat's action before it finishes; `on start` can never fire"),
    ("use spores on draw against p2", "`against` is for battles; `on draw` has none"),
    ("use spores on move in 1", "`in` is for battles; `on move` has none"),
    ("use spores on draw target queen", "`target` is for battles; `on draw` has none"),
    ("use spores on draw ask", "`ask` opens a window for a battle's defender; `on draw` is no battle"),
    ("use weaver boost on attack against me",
     "boost works only when its column attacks; `on attack against me` can never fire"),
    ("use surge on attack by p2 against p2 if behind",
     "`on attack by p2 against p2 if behind` can never fire"),
    ("use surge on defend target turtle",
     "your deck has no turtle; `on defend if target turtle` can never fire"),
    ("use weaver boost on attack ask",
     "`ask` opens a window for the defender only; `on attack ask` never has boost defend"),
    ("use surge on attacking if behind 0", "a condition's margin is a number from 1 to 99"),
    ("use surge on attacking if behind 100", "a condition's margin is a number from 1 to 99"),
    ("use trapdoor boost on defend in 4", "`in` needs a column, 1 to 3; `4` is none"),
])
def test_an_order_line_that_cannot_stand_is_refused_word_for_word(text: str, reason: str) -> None:
    assert refusal(text) == reason


@pytest.mark.parametrize(("text", "field", "value"), [
    ("use surge on attacking if behind 1", "margin", 1),
    ("use surge on attacking if ahead 99", "margin", 99),
    ("use trapdoor boost on defend in 3", "col", 3),
    ("use trapdoor boost on defend in 1", "col", 1),
])
def test_the_ends_of_a_margin_and_of_a_column_are_accepted(text: str, field: str, value: int) -> None:
    assert getattr(accepted(text), field) == value


SIP = Ability(name="sip", timing="any_time", cost=1, source="play", effect="draw", side="", amount=1,
              requires="draw_possible", text="Sip: draw a card (pay 1)")


@pytest.mark.parametrize("trigger", ["start", "end"])
def test_by_is_refused_at_a_turns_start_or_end_where_of_names_whose_turn(trigger: str) -> None:
    # No starter card may fire at a turn's start or end (rules.md's moments table): an any-time draw
    # stands in for one a card list may add.
    with pytest.raises(OrderError) as caught:
        _check_fits(UseOrder(card="cup", ability="sip", trigger=trigger, by=2), SIP, ["cup"])
    assert str(caught.value) == f"`by` is not for `on {trigger}`: write `of <seat>`, whose turn it is"


def test_an_of_filter_is_written_after_the_trigger_in_the_canonical_wording() -> None:
    assert UseOrder(card="cup", ability="sip", trigger="end", of=2).text() == "use cup sip on end of p2"
    assert UseOrder(card="cup", ability="sip", trigger="end", of=0).text() == "use cup sip on end of me"


def test_a_use_order_recorded_without_its_on_flag_stands_on() -> None:
    record = {"uses": [{"order": {"card": "shell", "ability": "shell", "trigger": "defend"}}]}
    assert Orders.from_dict(record).uses == ((UseOrder("shell", "shell", "defend"), True),)


@pytest.mark.parametrize("word", ["x2", "q1", "2"])
def test_a_word_that_is_not_p_and_a_number_names_no_seat(word: str) -> None:
    assert parse_seat(word, 3) is None


@pytest.mark.parametrize(("text", "me", "fires"), [
    ("use spores on draw", 3, False),  # a trigger that is no battle's
    ("use spores on attack", 3, True),
    ("use surge on defend", 1, False),  # the seat attacks
    ("use surge on defend", 3, False),  # the seat looks on
    ("use surge on defend", 2, True),
    ("use surge on attacking", 2, False),  # the seat defends
    ("use surge on attacking", 3, False),
    ("use surge on attacking", 1, True),
])
def test_a_battle_moment_fires_only_the_orders_whose_trigger_names_the_seats_role(text: str, me: int,
                                                                                  fires: bool) -> None:
    orders = apply_order(Orders(), text, A, 3, me)
    battle = Moment("attack", me=me, by=1, attacker=1, defender=2, my_cols=(1,), target="wasp")
    assert wants(orders, battle) == ([orders.uses[0][0]] if fires else [])

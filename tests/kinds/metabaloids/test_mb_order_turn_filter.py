"""The `of <seat>` filter of a standing order (orders.py, `_check_fits`; rules.md, "Standing orders", the
moments table): it names whose turn starts or ends, so it is kept on `on start` and `on end` and refused on
every other trigger. No starter card has an ability that may fire at a turn's start or end (the table:
"nobody (no starter card)"), so an any-time ability that stops nothing stands in for one a card list may
add."""

from __future__ import annotations

import pytest

from games.kinds.metabaloids.cards import Ability
from games.kinds.metabaloids.orders import OrderError, UseOrder, _check_fits

DRAW_ANY_TIME = Ability(name="sip", timing="any_time", cost=1, source="play", effect="draw", side="",
                        amount=1, requires="draw_possible", text="Sip: draw a card (pay 1)")


@pytest.mark.parametrize("trigger", ["start", "end"])
def test_of_a_seat_fits_the_start_and_the_end_of_its_turn(trigger: str) -> None:
    _check_fits(UseOrder(card="cup", ability="sip", trigger=trigger, of=2), DRAW_ANY_TIME, ["cup"])


def test_of_a_seat_is_refused_on_a_trigger_that_is_no_turns_start_or_end() -> None:
    with pytest.raises(OrderError) as refused:
        _check_fits(UseOrder(card="cup", ability="sip", trigger="draw", of=2), DRAW_ANY_TIME, ["cup"])
    assert str(refused.value) == "`of` names whose turn it is: it is for `on start` and `on end`"

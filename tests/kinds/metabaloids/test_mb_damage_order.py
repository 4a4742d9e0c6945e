"""Which card pays damage, and the pay lines' edge cases (damage.py; rules.md, "Paying damage"): ties
between equal cards broken by the seat's own priority list then by code, `pay discard` on an empty pile
refused word for word, and `pay draw` on an empty pile told as the reshuffle it makes."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from games.kinds.metabaloids import damage
from games.kinds.metabaloids.context import Ctx
from games.kinds.metabaloids.state import GameState

from .helpers import FirstPick, play, position, refusal, seat_dict


def _pay(state: GameState, label: int, owed: int) -> tuple[int, list[dict[str, Any]]]:
    """The seat's `pay` order answers for `owed` points: what is left, and the events."""
    ctx = Ctx(state, FirstPick())
    left = damage.default_pay(ctx, label, owed)
    return left, ctx.events


def test_equal_cards_that_cannot_cover_the_rest_pay_in_code_order() -> None:
    # Canopy and Beetle are worth 3 and cost 2 each: with 4 owed neither covers it, so the code decides
    # which pays first (then the other covers the 1 left), not the order they lie in the hand.
    state = position(seat_dict(1, grid=[["mite"]]), seat_dict(2, hand=["canopy", "beetle"], grid=[["mite"]]))
    left, events = _pay(state, 2, 4)
    assert left == 0
    assert events == [
        {"type": "paid", "seat": 2, "card": "p2-beetle-1", "from": "hand", "points": 3},
        {"type": "paid", "seat": 2, "card": "p2-canopy-1", "from": "hand", "points": 3},
    ]


def test_equal_cards_in_two_listed_sources_pay_from_the_source_listed_first() -> None:
    # A Beetle in the reserve and one in hand cover the 3 owed alike: `order pay reserve hand` takes the
    # reserve's, though the default list puts the hand before the reserve.
    state = position(seat_dict(1, grid=[["mite"]]),
                     seat_dict(2, hand=["beetle"], reserve=["beetle"], grid=[["mite"]],
                               orders=["order pay reserve hand"]))
    left, events = _pay(state, 2, 3)
    assert left == 0
    assert events == [{"type": "paid", "seat": 2, "card": "p2-beetle-2", "from": "reserve", "points": 3}]
    assert state.seat(2).reserve == [] and state.seat(2).hand == ["p2-beetle-1"]


def _asked_to_pay(discard: Sequence[str] = ()) -> GameState:
    """p1's Centipede (6 with its bonus Mite) beats p2's Mite: p2 owes 3 and answers itself in a window.
    p2's only draw card became its bonus card, so its draw pile is empty."""
    state = position(
        seat_dict(1, grid=[["centipede"]], hand=["ant"], draw=["mite"], filler=5),
        seat_dict(2, grid=[["mite"], ["spider"]], hand=["scorpion"], draw=["ant"], discard=discard,
                  orders=["order pay ask"]),
        step="attack", window_minutes=10)
    state, _ = play(state, 1, "attack 1:1 p2 1:1")
    assert state.decision is not None and state.decision.label == 2
    assert state.battle is not None and state.battle.owed == 3
    assert state.seat(2).draw == [] and state.options.length == "reshuffle"
    return state


def test_paying_from_an_empty_discard_pile_is_refused_word_for_word() -> None:
    state = _asked_to_pay()
    assert state.seat(2).discard == []
    assert refusal(state, 2, "pay discard") == "your discard pile is empty"


def test_paying_from_an_empty_draw_pile_reshuffles_the_discard_pile_first_and_says_so() -> None:
    state = _asked_to_pay(discard=["beetle", "wasp"])
    state, events = play(state, 2, "pay draw 1")
    assert events[:2] == [
        {"type": "reshuffle", "seat": 2, "n": 2},
        {"type": "paid", "seat": 2, "card": "p2-beetle-1", "from": "draw", "points": 1},
    ]
    assert state.seat(2).draw == ["p2-wasp-1"] and state.seat(2).discard == []


def test_a_card_of_defense_one_pays_one_point_from_the_discard_top_the_hand_and_under_a_zero_card() -> None:
    # A Glucose Mite (defense 1) is worth 1: on the discard top it pays first (the default list starts with
    # the discard pile); under a Sugar Ant (defense 0), in a short game with no draw pile, the ant is lost at
    # 0 on the way to it; in hand, with the discard pile and the draw pile empty, it pays from there.
    top = position(seat_dict(1, grid=[["mite"]]), seat_dict(2, discard=["mite"], grid=[["spider"]], filler=3))
    mite = top.seat(2).discard[-1]
    assert _pay(top, 2, 1) == (0, [{"type": "paid", "seat": 2, "card": mite, "from": "discard", "points": 1}])
    under = position(seat_dict(1, grid=[["mite"]]), seat_dict(2, discard=["mite", "ant"], grid=[["spider"]]),
                     length="short")
    ant, mite = under.seat(2).discard[1], under.seat(2).discard[0]
    left, events = _pay(under, 2, 1)
    assert left == 0 and [(e["card"], e["points"]) for e in events if e["type"] == "paid"] == [
        (ant, 0), (mite, 1)]
    hand = position(seat_dict(1, grid=[["mite"]]), seat_dict(2, hand=["mite"], grid=[["spider"]]),
                    length="short")
    assert _pay(hand, 2, 1) == (0, [{"type": "paid", "seat": 2, "card": "p2-mite-1", "from": "hand",
                                     "points": 1}])

"""The answers to a damage payment and a grid restoration asked in a window (rules.md, "Damage payment and
grid restoration, step by step", "Paying damage"): every refusal of a `pay` line word for word (a line
with a word too many, a count that is not at least 1, more draw cards than owed or than the pile holds, a
card named in the wrong zone, a source that is none), what a line pays, `pass` letting the orders pay the
rest, and the lines a window for another question refuses."""

from __future__ import annotations

from typing import Any

import pytest

from games.kinds.metabaloids.state import GameState
from games.kinds.protocol import Refused

from .helpers import codes, play, position, refusal, seat_dict


def asked_to_pay(*, draw: tuple[str, ...] = ("shrimp", "shrimp", "shrimp"), length: str = "short",
                 orders: tuple[str, ...] = ("order pay ask",)) -> GameState:
    """p1's Scarlet Centipede (2:1) beats p2's Marsh Frog at 3:1 by 8 to 5 (bonus cards the first of each
    draw pile): damage 3, the Frog's defense 1, so p2 owes 2, asked in its window. p2's draw pile keeps
    all but its first card; its discard pile has a Brine Shrimp (defense 2) on top of a Garden Snail; its
    column 1 is three deep."""
    state = position(
        seat_dict(1, hand=["mite"], grid=[["mite"], ["centipede", "spider"], ["ant"]], draw=["mite"],
                  filler=3),
        seat_dict(2, "B", hand=["crab"], grid=[["crab", "skink", "cone"], ["shrimp"], ["frog", "snail"]],
                  draw=list(draw), discard=["snail", "shrimp"], reserve=["toad"], orders=orders),
        window_minutes=10, length=length)
    state, events = play(state, 1, "attack 2:1 p2 3:1")
    assert events[-1] == {"type": "asked", "seat": 2, "kind": "pay", "owed": 2}
    return state


@pytest.mark.parametrize(("line", "message"), [
    ("pay auto now", "pay auto takes no more words"),
    ("pay reserve toad toad", "pay reserve <one card>: one card a line"),
    ("pay play 1:1 2:1", "pay play <one card>: one card a line"),
    ("pay hand crab crab", "pay hand <one card>: one card a line"),
    ("pay draw 0", "pay at least one card"),
    ("pay discard 0", "pay at least one card"),
    ("pay draw 3", "3 cards pay 3, more than the 2 you owe"),
    # The Shrimp on top pays the 2 owed: nothing is left for the second card.
    ("pay discard 2", "nothing is left to pay"),
    ("pay hand", "name the card: pay hand <card>"),
    ("pay reserve", "name the card: pay reserve <card>"),
    ("pay reserve crab", "no Hermit Crab in your reserve"),
    ("pay hand toad", "no Cane Toad in your hand"),
    ("pay lost", "'lost' is not a source: hand, draw, discard, play, reserve or auto"),
    ("move 1:1 2", "answer your damage payment first"),
])
def test_a_wrong_pay_line_is_refused_word_for_word_and_changes_nothing(line: str, message: str) -> None:
    assert refusal(asked_to_pay(), 2, line) == message


def paid(events: list[dict[str, Any]]) -> list[tuple[str, str, int]]:
    return [(codes([e["card"]])[0], e["from"], e["points"]) for e in events if e["type"] == "paid"]


def test_the_draw_pile_pays_as_many_cards_as_it_holds() -> None:
    # Two cards left after the bonus card: two may pay, a third is more than the pile holds.
    state, events = play(asked_to_pay(draw=("shrimp", "shrimp", "shrimp")), 2, "pay draw 2")
    assert paid(events) == [("shrimp", "draw", 1), ("shrimp", "draw", 1)] and state.battle is None
    with pytest.raises(Refused) as e:
        play(asked_to_pay(draw=("shrimp", "shrimp")), 2, "pay draw 2")
    assert str(e.value) == "your draw pile holds fewer than 2 cards"


def test_in_a_reshuffle_game_a_short_draw_pile_is_topped_up_from_the_discard_pile() -> None:
    state, events = play(asked_to_pay(draw=("shrimp", "shrimp"), length="reshuffle"), 2, "pay draw 2")
    assert [e["from"] for e in events if e["type"] == "paid"] == ["draw", "draw"] and state.battle is None


def test_pass_lets_the_pay_order_pay_what_is_left() -> None:
    state, events = play(asked_to_pay(), 2, "pay draw 1")
    assert paid(events) == [("shrimp", "draw", 1)]
    assert state.decision is not None and state.decision.kind == "pay" and state.battle is not None
    assert state.battle.owed == 1
    # The default order takes the cheapest card that covers the 1 left: a draw card, worth 1.
    state, events = play(state, 2, "pass")
    assert paid(events) == [("shrimp", "draw", 1)] and state.battle is None


def test_a_window_to_react_takes_only_uses_and_pass() -> None:
    state = position(
        seat_dict(1, hand=["ant", "ant"], grid=[["wasp", "spider"]], draw=["mite"], filler=5),
        seat_dict(2, hand=["mite", "ant"], grid=[["trapdoor", "beetle"]], draw=["mite"], filler=5,
                  orders=("order window ask",)),
        window_minutes=10)
    state, _ = play(state, 1, "attack 1:1 p2 1:1")
    assert state.decision is not None and state.decision.kind == "react"
    for line in ("pay auto", "move 1:1 2"):
        with pytest.raises(Refused) as e:
            play(state, 2, line)
        assert str(e.value) == "react to the attack with use …, or pass"


def test_a_grid_move_line_takes_a_card_and_a_column() -> None:
    state = asked_to_pay(orders=("order pay ask", "order grid ask"))
    # The Brine Shrimp pays from column 2: columns of 3 + 0 + 1 are too deep for a width of 2.
    state, _ = play(state, 2, "pay play 2:1")
    assert state.decision is not None and state.decision.kind == "grid"
    for line in ("move 1:1", "move 1:1 2 3"):
        with pytest.raises(Refused) as e:
            play(state, 2, line)
        assert str(e.value) == "move <col:row> <col>"

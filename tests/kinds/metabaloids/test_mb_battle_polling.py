"""The declaration moment's standing orders (rules.md, "The declaration moment", "Standing orders", "Timed
windows"): what each seat's battle orders see (its role, its own column in the battle, the attacked card,
the totals on its own side and the other), the polling rounds (from the seat after the active one to the
active one, at most one order a seat a round, another round while anything fired, seats out skipped), and
the defender's window, opened once a battle, after which the rounds go on from the seat after it."""

from __future__ import annotations

from typing import Any

import pytest

from games.kinds.metabaloids.state import GameState

from .helpers import codes, play, position, seat_dict


def activations(events: list[dict[str, Any]]) -> list[tuple[int, str]]:
    return [(e["seat"], codes([e["card"]])[0]) for e in events if e["type"] == "activate"]


def three_seats(*, p1: tuple[str, ...] = (), p2: tuple[str, ...] = (), p3: tuple[str, ...] = (),
                p3_status: str = "in", window: int = 0) -> GameState:
    """p1's Wasp Drone (2:2, attack 1 + 4 = 5 with the Mite before it) attacks p2's Thermite Beetle at 1:1
    (defense 3); p2's Trapdoor Spider stands in column 2, out of the battle; p3 looks on with Torpor
    Spores in hand."""
    out = {"status": "out", "out_turn": 21} if p3_status == "out" else {}
    return position(
        seat_dict(1, hand=["mite", "surge", "surge", "ant", "ant"],
                  grid=[["ant"], ["mite", "wasp"], ["spider"]], draw=["mite"], filler=5, players=3,
                  orders=p1),
        seat_dict(2, hand=["mite", "ant", "surge"], grid=[["beetle"], ["trapdoor", "mite"]], draw=["mite"],
                  filler=5, players=3, orders=p2),
        seat_dict(3, hand=["spores", "mite", "ant"], grid=[["mite"]], filler=5, players=3, orders=p3, **out),
        window_minutes=window)


ATTACK = "attack 2:2 p2 1:1 paying mite"


@pytest.mark.parametrize(("orders", "fired"), [
    # p1 is ahead (5 against 3): its own side's total is its attack total.
    ({"p1": ("order use surge on attacking if behind",)}, []),
    # (With two surges in hand it fires one a round while the order holds.)
    ({"p1": ("order use surge on attacking if ahead 2",)}, [(1, "surge"), (1, "surge")]),
    ({"p1": ("order use surge on attacking if ahead 3",)}, []),
    # Its column in the battle is the attacking one; p2's is the defending one.
    ({"p1": ("order use surge on attacking in 2",)}, [(1, "surge"), (1, "surge")]),
    ({"p1": ("order use surge on attacking in 1",)}, []),
    ({"p2": ("order use surge on defend in 1",)}, [(2, "surge")]),
    ({"p2": ("order use surge on defend in 2",)}, []),
    # A seat looking on has no column in the battle.
    ({"p3": ("order use spores on attack in 1",)}, []),
    # The attacked card's code.
    ({"p2": ("order use surge on defend target beetle",)}, [(2, "surge")]),
    ({"p2": ("order use surge on defend target mite",)}, []),
    # p2 is behind by 2: the other side's total is the attack total.
    ({"p2": ("order use surge on defend if behind 2",)}, [(2, "surge")]),
    ({"p2": ("order use surge on defend if behind 3",)}, []),
])
def test_a_battle_order_sees_its_own_side(orders: dict[str, tuple[str, ...]],
                                          fired: list[tuple[int, str]]) -> None:
    state = three_seats(**orders)
    _, events = play(state, 1, ATTACK)
    assert activations(events) == fired


def test_another_round_follows_while_anything_fired() -> None:
    # The rounds go p2, p3, p1: p2 fires its one surge and p1 one of its two in the first round, p1 the
    # other in the second (one order a seat a round); the third round fires nothing and ends the moment.
    state = three_seats(p1=("order use surge on attacking",), p2=("order use surge on defend",))
    _, events = play(state, 1, ATTACK)
    assert activations(events) == [(2, "surge"), (1, "surge"), (1, "surge")]


def test_a_seat_out_before_the_battle_is_left_out_of_the_rounds() -> None:
    state = three_seats(p1=("order use surge on attacking",), p3_status="out")
    _, events = play(state, 1, ATTACK)
    assert activations(events) == [(1, "surge"), (1, "surge")]


def test_the_attackers_own_spores_order_never_stops_its_own_attack() -> None:
    # Torpor Spores stops an action of another player (rules.md, the card list): p1's attack is its own.
    state = three_seats(p1=("order use spores on attack",))
    state.seat(1).hand.append(state.seat(3).hand.pop(0).replace("p3-", "p1-"))
    _, events = play(state, 1, ATTACK)
    assert activations(events) == [] and "battle_won" in [e["type"] for e in events]


def test_a_seat_that_resigns_in_the_defenders_window_is_skipped_when_the_round_goes_on() -> None:
    # p2's only order is kept from firing (its one hand card is on its keep list), so only p1 fires.
    state = position(
        seat_dict(1, hand=["mite", "surge", "ant"], grid=[["wasp"], ["spider"]], draw=["mite"], filler=5,
                  players=3, orders=("order use surge on attacking",)),
        seat_dict(2, hand=["mite"], grid=[["trapdoor"], ["beetle"]], draw=["mite"], filler=5, players=3,
                  orders=("order window ask", "order keep mite")),
        seat_dict(3, grid=[["mite"]], filler=5, players=3),
        window_minutes=10)
    state, _ = play(state, 1, "attack 1:1 p2 1:1 paying mite")
    assert state.decision is not None and state.decision.kind == "react"
    state, _ = play(state, 3, "resign")
    assert state.decision is not None and state.decision.kind == "react"
    state, events = play(state, 2, "pass")
    assert activations(events) == [(1, "surge")] and state.battle is None


def window_battle(*, p1: tuple[str, ...] = (), window: int = 10,
                  p2_column: tuple[str, ...] = ("trapdoor", "trapdoor")) -> GameState:
    """p1's Wasp Drone attacks p2's column 1, two Trapdoor Spiders by default (each boosts once a turn);
    p2 asked for windows and keeps the default `order use trapdoor boost on defend`."""
    return position(
        seat_dict(1, hand=["mite", "surge", "ant"], grid=[["wasp"], ["spider"]], draw=["mite"], filler=5,
                  orders=p1),
        seat_dict(2, hand=["mite", "ant", "spider"], grid=[list(p2_column), ["beetle"]], draw=["mite"],
                  filler=5, orders=("order window ask",)),
        window_minutes=window)


def test_after_the_window_the_round_goes_on_from_the_seat_after_the_defender() -> None:
    state = window_battle(p1=("order use surge on attacking",))
    state, events = play(state, 1, "attack 1:1 p2 1:1 paying mite")
    assert events[-1] == {"type": "asked", "seat": 2, "kind": "react", "owed": 0}
    assert activations(events) == []
    # The window closes: p2's order fires the first boost, then p1 (the rest of the first round); the
    # second round gives p2's order the other Spider. The window never opens again in this battle.
    state, events = play(state, 2, "pass")
    assert activations(events) == [(2, "trapdoor"), (1, "surge"), (2, "trapdoor")]
    assert state.decision is None and state.battle is None


def test_an_order_fired_as_the_window_closes_brings_another_round() -> None:
    state, _ = play(window_battle(), 1, "attack 1:1 p2 1:1 paying mite")
    state, events = play(state, 2, "pass")
    assert activations(events) == [(2, "trapdoor"), (2, "trapdoor")]
    assert state.decision is None and state.battle is None


@pytest.mark.parametrize(("window", "p2_column", "opens"), [
    (1, ("trapdoor", "trapdoor"), True),  # the shortest window is a window
    (0, ("trapdoor", "trapdoor"), False),
    # Venom Weaver's boost is "during attacks" but only for an attacking column: nothing to react with.
    (10, ("weaver", "beetle"), False),
])
def test_the_window_opens_only_in_a_game_with_windows_for_a_usable_card(
        window: int, p2_column: tuple[str, ...], opens: bool) -> None:
    state, _ = play(window_battle(window=window, p2_column=p2_column), 1, "attack 1:1 p2 1:1 paying mite")
    assert (state.decision is not None and state.decision.kind == "react") is opens

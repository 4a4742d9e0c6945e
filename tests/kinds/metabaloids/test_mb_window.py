"""The defender's timed window in a battle's declaration moment (rules.md, "Timed windows"): only in a game
with windows, only for a defender who asked, only when a face-up card of its own in the target column has
a "during attacks" ability usable now (a hand card alone never opens one), once per battle; `pass` or the
clock's timeout lets its standing orders answer; a stop of the attack in the window closes it at once."""

from __future__ import annotations

import pytest

from games.kinds.metabaloids import commands
from games.kinds.protocol import Refused

from .helpers import FirstPick, codes, play, position, seat_dict, types


def battle(*, window: int = 10, p2_orders: tuple[str, ...] = ("order window ask",),
           p2_grid: tuple[str, ...] = ("trapdoor", "beetle"),
           p2_hand: tuple[str, ...] = ("mite", "ant", "shell")):
    return position(
        seat_dict(1, hand=["ant", "ant"], grid=[["wasp", "spider"]], draw=["mite"], filler=5),
        seat_dict(2, hand=list(p2_hand), grid=[list(p2_grid)], draw=["mite"], filler=5, orders=p2_orders),
        step="main", window_minutes=window)


def test_a_defender_who_asked_gets_a_window_and_the_attacker_waits() -> None:
    state, events = play(battle(), 1, "attack 1:1 p2 1:1")
    assert state.decision is not None and (state.decision.label, state.decision.kind) == (2, "react")
    assert commands.to_act(state) == (1,) and state.battle is not None and state.battle.bonuses == []
    assert {"type": "asked", "seat": 2, "kind": "react", "owed": 0} in events
    legal = commands.legal_commands(state, 1)
    assert "use 1:1 boost" in legal and "use shell" in legal and legal[-1] == "pass"
    before = state.to_dict()
    with pytest.raises(Refused, match="waiting for p2's reaction to the attack"):
        play(state, 1, "end")
    assert state.to_dict() == before


def test_the_defender_reacts_in_its_window_then_passes_and_the_battle_resolves() -> None:
    state, _ = play(battle(), 1, "attack 1:1 p2 1:1")
    state, _ = play(state, 2, "use 1:1 boost paying mite", "use shell paying ant")
    assert state.battle is not None and [b[1] for b in state.battle.bonuses] == [2, 3]
    state, events = play(state, 2, "pass")
    report = next(e for e in events if e["type"] == "battle_won")
    # AT 4 + 2 + bonus mite 1 = 7; DT 4 + 3, boost 2, Shell Up 3, bonus mite 1 = 13: the attacker lost by 6.
    assert (report["at"], report["dt"], report["loser"]) == (7, 13, 1)
    assert state.battle is None and state.decision is None and "shell" in codes(state.seat(2).discard)


def test_at_the_deadline_the_defenders_orders_answer() -> None:
    state, _ = play(battle(), 1, "attack 1:1 p2 1:1")
    state, events = commands.play(state, 1, "timeout", FirstPick(), clock=True)
    boosts = [e for e in events if e["type"] == "bonus"]
    assert [(b["seat"], b["amount"]) for b in boosts] == [(2, 2)]  # the default trapdoor boost order
    assert state.battle is None


def test_no_window_without_windows_without_asking_or_with_only_a_hand_card() -> None:
    for state in (battle(window=0), battle(p2_orders=()),
                  battle(p2_grid=("beetle", "spider")),  # no "during attacks" card in play: shell alone
                  battle(p2_hand=())):
        after, _ = play(state, 1, "attack 1:1 p2 1:1")
        assert after.decision is None and after.battle is None


def test_an_ask_on_the_order_that_would_fire_opens_the_window() -> None:
    state, _ = play(battle(p2_orders=("order use trapdoor boost on defend ask",)), 1, "attack 1:1 p2 1:1")
    assert state.decision is not None and state.decision.kind == "react"


def three_seat_battle(players: int = 3):
    return position(
        seat_dict(1, hand=["ant", "ant"], grid=[["wasp", "spider"]], draw=["mite"], filler=5,
                  players=players),
        seat_dict(2, hand=["mite", "ant", "shell"], grid=[["trapdoor", "beetle"]], draw=["mite"], filler=5,
                  orders=("order window ask",), players=players),
        *[seat_dict(x, grid=[["mite"]], filler=5, players=players) for x in range(3, players + 1)],
        step="main", window_minutes=10)


def test_a_defender_resigning_in_its_window_ends_the_attack_with_no_bonus_cards() -> None:
    state, _ = play(three_seat_battle(), 1, "attack 1:1 p2 1:1")
    state, events = play(state, 2, "resign")
    # An out seat cannot be attacked: the attack ends as a stopped one would (rules.md, "The site's
    # rulings"), nobody draws a bonus card or loses a card, and the attacker plays on.
    assert "bonus_card" not in types(events) and "battle_stopped" in types(events)
    assert state.battle is None and state.decision is None and commands.to_act(state) == (0,)
    assert state.seat(2).lost == [] and codes(state.seat(2).columns[0].cards) == ["trapdoor", "beetle"]
    assert state.seat(1).attacks_made == 1 and "end" in commands.legal_commands(state, 0)


def test_the_attacker_resigning_in_the_defenders_window_passes_the_turn_with_no_battle() -> None:
    state, _ = play(three_seat_battle(), 1, "attack 1:1 p2 1:1")
    state, events = play(state, 1, "resign")
    assert "bonus_card" not in types(events) and state.battle is None and state.decision is None
    assert state.active == 2 and state.seat(2).lost == [] and state.seat(1).status == "out"


def test_a_third_seat_resigning_leaves_the_defenders_window_open() -> None:
    state, _ = play(three_seat_battle(players=4), 1, "attack 1:1 p2 1:1")
    state, events = play(state, 3, "resign")
    assert state.decision is not None and (state.decision.label, state.decision.kind) == (2, "react")
    assert "bonus_card" not in types(events) and commands.to_act(state) == (1,)


def test_a_defender_resigning_while_the_attacker_pays_leaves_the_payment_to_the_attacker() -> None:
    # Ant (2, bonus mite 1) against Thermite Beetle (3, bonus Wasp Drone 3): p1 loses by 3, its Ant (0)
    # absorbs nothing, and with `order pay ask` the game waits for p1, the active seat (rules.md, "Paying
    # damage"). p2 going out asks nothing of p1: p1 still chooses its payment.
    state = position(
        seat_dict(1, hand=["spider", "beetle", "mite"], grid=[["ant"]], draw=["mite"], filler=5,
                  orders=["order pay ask"], players=3),
        seat_dict(2, grid=[["beetle"]], draw=["wasp"], filler=5, players=3),
        seat_dict(3, grid=[["mite"]], filler=5, players=3), step="main")
    state, _ = play(state, 1, "attack 1:1 p2 1:1")
    assert state.decision is not None and (state.decision.label, state.decision.kind) == (1, "pay")
    state, events = play(state, 2, "resign")
    assert "paid" not in types(events)
    assert state.decision is not None and (state.decision.label, state.decision.kind) == (1, "pay")
    state, events = play(state, 1, "pay hand beetle")
    assert [(codes([e["card"]])[0], e["from"]) for e in events if e["type"] == "paid"] == [("beetle", "hand")]
    assert state.battle is None and state.decision is None and codes(state.seat(1).hand) == ["spider"]


def test_a_defender_stopping_the_attack_in_its_window_closes_the_window_and_the_attacker_plays_on() -> None:
    state, _ = play(battle(p2_hand=("mite", "ant", "ink")), 1, "attack 1:1 p2 1:1")
    state, events = play(state, 2, "use ink")
    # Ink Cloud stops the attack (rules.md, "The declaration moment"): nothing is left to react to, so
    # the window closes at once, no bonus card is drawn and nobody loses a card.
    assert events[1:] == [{"type": "stopped", "seat": 2, "card": "p2-ink-1", "aim": "attack", "aim_seat": 1},
                          {"type": "battle_stopped", "seat": 1, "defender": 2}]
    assert state.battle is None and state.decision is None and commands.to_act(state) == (0,)
    assert state.seat(1).lost == [] and state.seat(2).lost == [] and state.seat(1).attacks_made == 1
    assert codes(state.seat(2).discard) == ["ant", "mite", "ink"]
    assert "end" in commands.legal_commands(state, 0)

"""The specification's acceptance scenarios 11-20 (rules.md beside the rules names each ruling)."""

from __future__ import annotations

from typing import Any

import pytest

from games.kinds.metabaloids import commands
from games.kinds.metabaloids.state import GameState
from games.kinds.protocol import Refused

from .helpers import FirstPick, codes, grid_codes, play, position, seat_dict, types


def refused(state: GameState, label: int, line: str, match: str) -> None:
    """The line is refused with a reason matching `match`, and the state is left as it was."""
    before = state.to_dict()
    with pytest.raises(Refused, match=match):
        play(state, label, line)
    assert state.to_dict() == before


def begin(state: GameState, label: int) -> tuple[GameState, list[dict[str, Any]]]:
    """Start `label`'s turn the way the game does: the seat before it ends its turn after an attack."""
    before = state.copy()
    before.active = label - 1 if label > 1 else len(before.seats)
    before.step = "restock"
    before.seat(before.active).attacks_made = 1
    return play(before, before.active, "end")


def of(events: list[dict[str, Any]], kind: str) -> list[dict[str, Any]]:
    return [e for e in events if e["type"] == kind]


# --- 11. The attacker loses; Guard; the active seat pays by command; empty-table penalty ---

def _scenario_11() -> GameState:
    return position(
        seat_dict(1, grid=[["ant"]], hand=["mite", "beetle", "spider", "ant"], orders=["order pay ask"],
                  draw=["mite", "wasp", "cutter", "scorpion", "spider"], filler=5),
        seat_dict(2, "B", grid=[["crab", "pool"], ["skink"]], draw=["shrimp"], filler=5, hand=["frog"] * 7),
        step="attack")


def test_guard_forces_the_target_in_its_column() -> None:
    refused(_scenario_11(), 1, "attack 1:1 p2 1:1 paying mite", "Tide Pool guards p2's column 1")


def test_attacker_loses_and_pays_by_command_then_the_empty_table_penalty() -> None:
    state, events = play(_scenario_11(), 1, "attack 1:1 p2 1:2 paying mite")
    won = of(events, "battle_won")[0]
    assert (won["at"], won["dt"], won["loser"], won["damage"], won["overflow"]) == (3, 8, 1, 5, 5)
    assert codes([won["stake"]]) == ["ant"]
    # p1 is asked in its own turn: a wait, not a timed window.
    assert state.decision is not None and state.decision.label == 1 and not state.decision.window
    assert commands.to_act(state) == (state.lobby_seat(1),)
    refused(state, 1, "pay hand ant", "worth 0")
    state, paid_beetle = play(state, 1, "pay hand beetle")
    assert [(e["from"], e["points"]) for e in of(paid_beetle, "paid")] == [("hand", 3)]
    state, paid_draw = play(state, 1, "pay draw 2")
    assert [(codes([e["card"]])[0], e["from"], e["points"]) for e in of(paid_draw, "paid")] == [
        ("wasp", "draw", 1), ("cutter", "draw", 1)]
    assert state.decision is None and state.battle is None
    assert not any(c.safe for label in (1, 2) for c in state.seat(label).columns)
    assert "safe" not in types(events + paid_beetle + paid_draw)
    assert grid_codes(state, 2) == [["crab", "pool"], ["skink"], []]
    assert grid_codes(state, 1) == [[], [], []]
    state, ended = play(state, 1, "end")
    assert "no_attack" not in types(ended) and "empty_table" in types(ended)
    assert codes(state.seat(1).lost) == ["ant", "beetle", "wasp", "cutter", "scorpion", "spider"]
    assert sorted(codes(state.seat(1).hand)) == ["ant", "spider"]
    assert state.active == 2


# --- 12. Paying from the discard pile in a timed window; the timeout default ---

def _scenario_12() -> GameState:
    return position(
        seat_dict(1, grid=[["centipede", "wasp"]], hand=["ant"], draw=["mite"], filler=5),
        seat_dict(2, grid=[["mite", "beetle"], ["spider"]], hand=["scorpion"],
                  discard=["wasp", "surge", "ant"], draw=["spider"], filler=5, orders=["order pay ask"]),
        step="attack", window_minutes=10)


def _window_12() -> tuple[GameState, list[dict[str, Any]]]:
    return play(_scenario_12(), 1, "attack 1:1 p2 1:1")


def test_a_window_opens_for_the_defenders_payment_and_the_attacker_waits() -> None:
    state, events = _window_12()
    won = of(events, "battle_won")[0]
    assert (won["at"], won["dt"], won["damage"], won["overflow"]) == (10, 6, 4, 3)
    assert codes([won["stake"]]) == ["mite"]
    assert state.decision is not None and state.decision.label == 2 and state.decision.window
    assert commands.to_act(state) == (state.lobby_seat(2),)
    refused(state, 1, "end", "waiting for p2's damage payment")
    # The bonus cards wait in the battle slots until the payment is made.
    assert codes([state.seat(1).bonus or ""]) == ["mite"] and codes([state.seat(2).bonus or ""]) == ["spider"]


def test_paying_through_the_discard_pile_then_the_hand_closes_the_window() -> None:
    state, _ = _window_12()
    state, events = play(state, 2, "pay discard", "pay discard", "pay discard", "pay hand scorpion")
    assert [(codes([e["card"]])[0], e["points"]) for e in of(events, "paid")] == [
        ("ant", 0), ("surge", 0), ("wasp", 1), ("scorpion", 3)]
    assert state.decision is None and state.battle is None
    p2 = state.seat(2)
    assert codes(p2.lost) == ["mite", "ant", "surge", "wasp", "scorpion"]
    assert p2.columns[0].safe and codes(p2.columns[0].cards) == ["beetle"]
    assert codes(p2.discard) == ["spider"] and codes(state.seat(1).discard) == ["ant", "mite"]
    state, ended = play(state, 1, "end")
    assert state.active == 2 and "no_attack" not in types(ended)


def test_the_timeout_pays_with_the_least_card_covering_the_rest() -> None:
    state, _ = _window_12()
    refused_timeout = state.to_dict()
    with pytest.raises(Refused, match="the clock answers for you"):
        play(state, 2, "timeout")
    assert state.to_dict() == refused_timeout
    state, events = commands.play(state, state.lobby_seat(2), "timeout", FirstPick(), clock=True)
    assert [(codes([e["card"]])[0], e["from"]) for e in of(events, "paid")] == [("scorpion", "hand")]
    assert codes(state.seat(2).lost) == ["mite", "scorpion"]
    assert codes(state.seat(2).discard) == ["wasp", "surge", "ant", "spider"]
    assert state.decision is None and state.battle is None


# --- 13. A tie ---

def test_a_tie_loses_both_bonus_cards_and_nothing_else() -> None:
    state = position(
        seat_dict(1, grid=[["spider"]], hand=["mite"], draw=["cutter"], filler=5),
        seat_dict(2, grid=[["beetle"]], draw=["mite"], filler=5, hand=["ant"] * 7), step="attack")
    state, events = play(state, 1, "attack 1:1 p2 1:1 paying mite")
    tie = of(events, "battle_tied")[0]
    assert (tie["at"], tie["dt"]) == (4, 4)
    assert codes(state.seat(1).lost) == ["cutter"] and codes(state.seat(2).lost) == ["mite"]
    assert grid_codes(state, 1) == [["spider"], [], []] and grid_codes(state, 2) == [["beetle"], [], []]
    assert not any(c.safe for label in (1, 2) for c in state.seat(label).columns)
    assert codes(state.marked) == ["spider"] and state.battle is None
    assert codes(state.seat(1).discard) == ["mite"] and state.seat(2).discard == []
    state, ended = play(state, 1, "end")
    assert "no_attack" not in types(ended) and codes(state.seat(1).lost) == ["cutter"]


# --- 14. Safe columns: targeting, abilities, moving in, Molt ---

def _scenario_14(active: int) -> GameState:
    return position(
        seat_dict(1, grid=[["wasp"]], hand=["mite", "ant"], filler=5),
        seat_dict(2, grid=[["queen"], ["spider"], ["beetle"]], safe=[1], reserve=["cutter"],
                  hand=["molt", "ant", "mite", "scorpion", "spider"], draw=["wasp"], filler=5, drew=2),
        active=active)


def test_a_safe_column_cannot_be_attacked() -> None:
    refused(_scenario_14(1), 1, "attack 1:1 p2 1:1", "p2's column 1 is safe")


def test_safe_cards_use_no_abilities_and_a_card_moved_in_becomes_safe() -> None:
    state = _scenario_14(2)
    refused(state, 2, "use 1:1 brood", "Hive Queen is in a safe column")
    state, _ = play(state, 2, "move 2:1 1 paying ant")
    assert grid_codes(state, 2) == [["queen", "spider"], [], ["beetle"]] and state.seat(2).columns[0].safe
    state, _ = play(state, 2, "deploy cutter 2")
    assert grid_codes(state, 2) == [["queen", "spider"], ["cutter"], ["beetle"]]
    assert state.seat(2).columns[0].safe and not state.seat(2).columns[1].safe
    refused(state, 2, "attack 1:2 p1 1:1", "Thread Spider is in a safe column")
    state, molted = play(state, 2, "use molt 1 paying mite")
    assert not state.seat(2).columns[0].safe and "unsafe" in types(molted)
    hand_before = len(state.seat(2).hand)
    state, brood = play(state, 2, "use 1:1 brood paying scorpion")
    assert [e["n"] for e in of(brood, "drew")] == [1]
    assert len(state.seat(2).hand) == hand_before  # scorpion paid, one card drawn
    assert codes(state.seat(2).discard)[-1] == "scorpion"  # worth 3 for a cost of 2: 1 point lost
    state, attacked = play(state, 2, "attack 1:2 p1 1:1 paying spider")
    assert "battle_declared" in types(attacked)


def test_deploying_into_a_safe_column_ends_its_safety() -> None:
    state, events = play(_scenario_14(2), 2, "deploy cutter 1")
    assert grid_codes(state, 2) == [["queen", "cutter"], ["spider"], ["beetle"]]
    assert not state.seat(2).columns[0].safe and "upright" in types(events)


# --- 15. Penalties for not attacking ---

def _ending(grid: list[list[str]], safe: tuple[int, ...] = (), **options: Any) -> tuple[GameState, list[Any]]:
    state = position(
        seat_dict(1, grid=grid, safe=safe, draw=["wasp", "cutter", "scorpion", "spider"], filler=2,
                  hand=["ant"]),
        seat_dict(2, grid=[["mite"]], hand=["ant"] * 7, filler=5), step="attack", **options)
    return play(state, 1, "end")


def test_no_attack_with_a_card_able_to_attack_loses_one_card() -> None:
    state, events = _ending([["wasp"]])
    assert codes(state.seat(1).lost) == ["wasp"] and [e["n"] for e in of(events, "no_attack")] == [1]
    assert state.active == 2


def test_no_attack_with_no_card_able_to_attack_loses_two_cards() -> None:
    state, events = _ending([["canopy"], ["mite"]], safe=(2,))
    assert codes(state.seat(1).lost) == ["wasp", "cutter"]
    assert [e["n"] for e in of(events, "no_attack")] == [2]


def test_no_attack_and_an_empty_table_lose_four_cards() -> None:
    state, events = _ending([])
    assert codes(state.seat(1).lost) == ["wasp", "cutter", "scorpion", "spider"]
    assert "empty_table" in types(events)


def test_a_penalty_from_an_empty_pile_in_a_short_game_is_waived() -> None:
    state = position(
        seat_dict(1, grid=[["wasp"]], hand=["ant"], discard=["mite", "spider"]),
        seat_dict(2, grid=[["mite"]], hand=["ant"] * 7, filler=5), step="attack", length="short")
    state, events = play(state, 1, "end")
    assert state.seat(1).lost == [] and codes(state.seat(1).discard) == ["mite", "spider"]
    assert state.phase == "turn" and state.active == 2 and "reshuffle" not in types(events)


# --- 16. Several opponents: one attack each, a different card each, one ability use per card ---

def _scenario_16() -> GameState:
    others = [seat_dict(n, grid=[[code]], hand=["ant"] * 7, draw=["mite"], filler=10, players=4)
              for n, code in ((2, "beetle"), (3, "beetle"), (4, "ant"))]
    return position(
        seat_dict(1, grid=[["wasp", "weaver"], ["mite"]], hand=["ant", "ant", "spider", "spider", "mite"],
                  draw=["mite", "mite", "mite"], filler=5, players=4),
        *others, step="attack")


def test_one_attack_per_opponent_with_a_different_card_and_one_boost_per_card() -> None:
    state, first = play(_scenario_16(), 1, "attack 1:1 p2 1:1 paying ant + 1:2 boost paying ant")
    assert (of(first, "battle_won")[0]["at"], of(first, "battle_won")[0]["loser"]) == (4 + 3 + 2 + 1, 2)
    refused(state, 1, "attack 1:1 p3 1:1", "Wasp Drone has attacked")
    refused(state, 1, "attack 1:2 p2 1:1", "p2 has been attacked")
    refused(state, 1, "attack 1:2 p3 1:1 paying spider + 1:2 boost paying spider", "Venom Weaver.*used")
    state, second = play(state, 1, "attack 1:2 p3 1:1 paying spider")
    assert (of(second, "battle_won")[0]["at"], of(second, "battle_won")[0]["loser"]) == (4 + 3 + 1, 3)
    state, third = play(state, 1, "attack 2:1 p4 1:1 paying mite")
    assert (of(third, "battle_won")[0]["at"], of(third, "battle_won")[0]["loser"]) == (1 + 1, 4)
    battles = [e for e in first + second + third if e["type"] == "battle_declared"]
    assert [e["defender"] for e in battles] == [2, 3, 4]
    assert [codes(e["paid"]) for e in battles] == [["ant"], ["spider"], ["mite"]]
    p1 = state.seat(1)
    assert grid_codes(state, 1) == [["wasp", "weaver"], ["mite"], []]
    assert p1.attacks_made == 3 and sorted(p1.attacked) == [2, 3, 4]
    assert codes(p1.hand) == ["spider"]


# --- 17. A stop, a response, and an unfinished action ---

def _scenario_17(p1_order: bool) -> GameState:
    return position(
        seat_dict(1, grid=[["wasp"], ["ant"]], hand=["spores", "spider", "mite"], draw=["mite"], filler=5,
                  players=3,
                  orders=["order use spores on ability spores"] if p1_order else []),
        seat_dict(2, grid=[["scorpion"]], hand=["spores", "wasp", "beetle"], draw=["cutter", "mite"],
                  filler=5, players=3, orders=["order use spores on attack against me"]),
        seat_dict(3, grid=[["mite"]], hand=["ant"] * 7, filler=5, players=3),
        step="attack")


def test_a_stop_is_stopped_and_its_owner_pays_the_unfinished_action() -> None:
    state, events = play(_scenario_17(True), 1, "attack 1:1 p2 1:1 paying mite")
    wanted = ("battle_declared", "activate", "unfinished", "bonus_card")
    order = [e for e in events if e["type"] in (*wanted, "activate", "stopped")]
    assert [(e["type"], e["seat"]) for e in order[:6]] == [
        ("battle_declared", 1), ("activate", 2), ("activate", 1), ("stopped", 1), ("unfinished", 2),
        ("bonus_card", 1)]
    activations = of(events, "activate")
    assert [codes(e["paid"]) for e in activations] == [["beetle"], ["spider"]]
    assert codes(state.seat(2).discard) == ["beetle", "spores", "mite"]
    assert codes(state.seat(1).discard) == ["mite", "spider", "spores", "mite"]
    assert codes(state.seat(2).lost) == ["cutter", "scorpion"]
    assert [e for e in events if e["type"] == "lost" and e["seat"] == 2 and e["from"] == "draw"]
    won = of(events, "battle_won")[0]
    assert (won["at"], won["dt"]) == (5, 4)
    assert codes(state.seat(2).hand) == ["wasp"] and codes(state.seat(1).hand) == []


def test_a_stopped_attack_counts_as_made() -> None:
    state, events = play(_scenario_17(False), 1, "attack 1:1 p2 1:1 paying mite")
    assert "battle_stopped" in types(events) and "bonus_card" not in types(events)
    assert codes(state.seat(1).discard) == ["mite"] and codes(state.marked) == ["wasp"]
    assert state.seat(1).lost == [] and codes(state.seat(2).lost) == []
    assert grid_codes(state, 2) == [["scorpion"], [], []]
    refused(state, 1, "attack 2:1 p2 1:1", "p2 has been attacked")
    state, ended = play(state, 1, "end")
    assert "no_attack" not in types(ended) and state.seat(1).lost == []


# --- 18. Simultaneous wishes; a stopped draw is not "cannot draw" ---

def test_the_first_stop_in_polling_order_fires_and_a_stopped_draw_is_not_cannot_draw() -> None:
    spores = ["order use spores on draw by p3"]
    state = position(
        seat_dict(1, grid=[["mite"]], hand=["spores", "spider"], orders=spores, filler=5, players=4),
        seat_dict(2, grid=[["mite"]], hand=["ant"] * 7, filler=5, players=4),
        seat_dict(3, grid=[["mite"]], hand=["ant"] * 5, players=4),
        seat_dict(4, grid=[["mite"]], hand=["spores", "wasp"], orders=spores, filler=5, players=4),
        length="short")
    state, events = begin(state, 3)
    activations = of(events, "activate")
    assert [(e["seat"], codes(e["paid"])) for e in activations] == [(4, ["wasp"])]
    assert "draw_stopped" in types(events) and "cannot_draw" not in types(events)
    assert codes(state.seat(4).discard) == ["wasp", "spores"] and codes(state.seat(4).hand) == []
    assert codes(state.seat(1).hand) == ["spores", "spider"] and state.seat(1).discard == []
    assert not [e for e in events if e.get("seat") == 1 and not e.get("private")]
    assert state.phase == "turn" and state.active == 3 and state.step == "main"
    assert state.seat(3).status == "in" and len(state.seat(3).hand) == 5
    refused(state, 3, "discard ant", "you drew no card")


# --- 19. Grid restoration ---

def _scenario_19(**options: Any) -> GameState:
    grid_order = ["order grid ask"] if options else []
    return position(
        seat_dict(1, grid=[["mite"]], hand=["ant"], draw=["mite"], filler=5),
        seat_dict(2, grid=[["scorpion", "spider", "beetle"], ["wasp", "cutter", "mite"], ["ant"]],
                  discard=["surge"], draw=["mite", "mite"], filler=5, orders=grid_order),
        step="attack", **options)


def test_an_illegal_grid_is_restored_by_the_default() -> None:
    state, events = play(_scenario_19(), 1, "attack 1:1 p2 3:1")
    won = of(events, "battle_won")[0]
    assert (won["at"], won["dt"], won["overflow"]) == (2, 1, 1) and codes([won["stake"]]) == ["ant"]
    assert [(codes([e["card"]])[0], e["from"]) for e in of(events, "paid")] == [("mite", "draw")]
    assert codes(state.seat(2).discard) == ["surge", "mite"]  # surge stays; the bonus mite lands on it
    assert grid_codes(state, 2) == [["scorpion", "spider"], ["wasp", "cutter", "mite"], ["beetle"]]
    assert not any(c.safe for c in state.seat(2).columns)
    assert "grid_restored" in types(events) and not of(events, "grid_restored")[0].get("private")


def test_the_owner_restores_its_grid_in_a_window() -> None:
    state, _ = play(_scenario_19(window_minutes=10), 1, "attack 1:1 p2 3:1")
    assert state.decision is not None and state.decision.kind == "grid" and state.decision.label == 2
    refused(state, 1, "end", "waiting for p2's grid restoration")
    state, events = play(state, 2, "move 2:3 3")
    assert grid_codes(state, 2) == [["scorpion", "spider", "beetle"], ["wasp", "cutter"], ["mite"]]
    assert state.decision is None and state.battle is None
    assert "grid_restored" not in types(events)


# --- 20. Boosts, column bonuses, conditions, the bonus card's ability ignored ---

def _scenario_20() -> GameState:
    return position(
        seat_dict(1, grid=[["mound", "centipede"], ["wasp"]], hand=["mite", "surge", "spider"],
                  draw=["queen"], filler=5),
        seat_dict(2, "B", grid=[["turtle", "kelp"], ["crab"]], hand=["frog", "toad", "shell"],
                  draw=["shrimp"], filler=5, orders=["order use shell on defend if behind"]),
        step="attack")


def test_a_terrain_cannot_initiate_attacks() -> None:
    refused(_scenario_20(), 1, "attack 1:1 p2 1:1", "Ant Mound cannot initiate attacks")


def test_the_worked_example_boosts_bonuses_and_conditions() -> None:
    state, events = play(_scenario_20(), 1, "attack 1:2 p2 1:1 paying mite + surge paying spider")
    activations = of(events, "activate")
    assert [(e["seat"], codes([e["card"]])[0], codes(e["paid"])) for e in activations] == [
        (1, "surge", ["spider"]), (2, "turtle", ["frog"])]
    bonuses = of(events, "bonus")
    assert [(e["seat"], e["amount"]) for e in bonuses] == [(1, 2), (2, 2)]
    won = of(events, "battle_won")[0]
    assert (won["at"], won["dt"], won["damage"], won["overflow"]) == (14, 12, 2, 0)
    assert codes([won["stake"]]) == ["turtle"] and codes(state.seat(2).lost) == ["turtle"]
    assert grid_codes(state, 2) == [["kelp"], ["crab"], []] and state.seat(2).columns[0].safe
    assert codes(state.seat(1).discard) == ["mite", "spider", "surge", "queen"]
    assert codes(state.seat(2).discard) == ["frog", "shrimp"]
    assert codes(state.seat(2).hand) == ["toad", "shell"]
    assert len(state.seat(1).hand) == 0 and "drew" not in types(events)


def test_an_in_line_use_must_be_a_during_attacks_ability_or_event() -> None:
    # rules.md, "Declaring an attack": the uses after `+` are the attacker's "during attacks" abilities
    # and events. Hive Queen's brood and Regenerate are used in one's own turn, never inside the battle.
    state = position(seat_dict(1, hand=["spider", "ant", "regen", "beetle"], grid=[["wasp"], ["queen"]],
                               lost=["mite"], filler=5),
                     seat_dict(2, grid=[["mite"]], filler=5))
    before = state.to_dict()
    for line in ("attack 1:1 p2 1:1 + queen brood", "attack 1:1 p2 1:1 + regen"):
        with pytest.raises(Refused, match="during attacks"):
            play(state, 1, line)
    assert state.to_dict() == before

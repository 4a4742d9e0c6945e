"""What each effect does when it resolves (chain.py `resolve`, `fail`; rules.md, "Abilities and the chain",
"Unfinished actions" and the card texts), event by event: brood's draw, Regenerate's recovered cards,
Adrenal Surge's bonus on the side of the seat that plays it, a bonus that finds its battle over and a brood
that finds nothing to draw (unfinished actions), a stopped event going to the discard pile, and an effect
the card set does not know."""

from __future__ import annotations

from dataclasses import replace

import pytest

from games.kinds.metabaloids.cards import Ability, card
from games.kinds.metabaloids.chain import resolve
from games.kinds.metabaloids.context import Ctx, Item
from games.kinds.metabaloids.state import Battle, GameState

from .helpers import FirstPick, codes, play, position, seat_dict


def _ability(code: str) -> Ability:
    ability = card(code).ability(None)
    assert ability is not None
    return ability


def test_brood_draws_one_card_into_the_hand() -> None:
    state = position(seat_dict(1, grid=[["queen"]], hand=["ant", "ant"], draw=["beetle"], filler=2),
                     seat_dict(2, grid=[["mite"]], filler=3))
    state, events = play(state, 1, "use queen")
    assert events == [
        {"type": "activate", "seat": 1, "card": "p1-queen-1", "ability": "brood",
         "paid": ["p1-ant-1", "p1-ant-2"], "col": 0},
        {"type": "drew", "seat": 1, "cards": ["p1-beetle-1"], "n": 1, "why": "brood"},
    ]
    assert state.seat(1).hand == ["p1-beetle-1"]


def test_regenerate_moves_the_top_lost_cards_one_at_a_time_to_the_discard_pile() -> None:
    state = position(seat_dict(1, "B", grid=[["crab"]], hand=["regen", "crab"],
                               lost=["shrimp", "frog", "toad"], filler=3),
                     seat_dict(2, grid=[["mite"]], filler=3))
    state, events = play(state, 1, "use regen")
    assert events[1:] == [{"type": "recovered", "seat": 1, "cards": ["p1-toad-1", "p1-frog-1"]}]
    assert codes(state.seat(1).lost) == ["shrimp"]
    assert codes(state.seat(1).discard) == ["crab", "toad", "frog", "regen"]


def _surge_battle(p1_line: str, p2_orders: list[str]) -> list[dict[str, object]]:
    state = position(
        seat_dict(1, grid=[["wasp"]], hand=["surge", "mite", "ant"], filler=5),
        seat_dict(2, grid=[["beetle"]], hand=["surge", "mite"], filler=5, orders=p2_orders),
        step="attack")
    _, events = play(state, 1, p1_line)
    return [e for e in events if e["type"] == "bonus"]


def test_adrenal_surge_adds_its_bonus_to_the_side_of_the_seat_playing_it() -> None:
    line = "attack 1:1 p2 1:1 paying mite + surge paying ant"
    assert _surge_battle(line, ["order use surge on defend"]) == [
        {"type": "bonus", "seat": 1, "amount": 2, "card": "p1-surge-1", "side": "attack"},
        {"type": "bonus", "seat": 2, "amount": 2, "card": "p2-surge-1", "side": "defense"},
    ]


def _ctx(state: GameState) -> Ctx:
    return Ctx(state, FirstPick())


@pytest.mark.parametrize("stage", [None, "paying"])
def test_a_bonus_that_finds_its_battle_over_is_an_unfinished_action(stage: str | None) -> None:
    state = position(seat_dict(1, grid=[["wasp"]], filler=3),
                     seat_dict(2, grid=[["beetle"]], draw=["ant"], filler=3), step="attack")
    if stage is not None:
        state.battle = Battle(attacker=1, defender=2, card="p1-wasp-1", col=1, target="p2-beetle-1",
                              target_col=1, stage=stage)
    state.seat(2).event = "p2-surge-1"
    ctx = _ctx(state)
    resolve(ctx, Item(2, "p2-surge-1", _ability("surge")))
    assert ctx.events == [
        {"type": "unfinished", "seat": 2, "card": "p2-surge-1", "why": "the battle is over"},
        {"type": "lost", "seat": 2, "card": "p2-ant-1", "from": "draw", "why": "unfinished"},
    ]
    assert state.seat(2).event is None and state.seat(2).discard == ["p2-surge-1"]
    assert state.battle is None or state.battle.bonuses == []


def test_brood_finding_nothing_to_draw_is_an_unfinished_action() -> None:
    # rules.md: "Brood that finds nothing to draw when it resolves is an unfinished action"; the penalty
    # finds no card either, so it is waived.
    state = position(seat_dict(1, grid=[["queen"]]), seat_dict(2, grid=[["mite"]], filler=3), length="short")
    ctx = _ctx(state)
    resolve(ctx, Item(1, "p1-queen-1", _ability("queen")))
    assert ctx.events == [
        {"type": "unfinished", "seat": 1, "card": "p1-queen-1", "why": "nothing to draw"},
        {"type": "waived", "seat": 1, "n": 1, "why": "unfinished"},
    ]
    assert state.seat(1).hand == [] and state.seat(1).lost == []


def test_an_effect_the_card_set_does_not_know_is_an_error_naming_it() -> None:
    state = position(seat_dict(1, grid=[["queen"]], filler=3), seat_dict(2, grid=[["mite"]], filler=3))
    glow = replace(_ability("queen"), effect="glow")
    with pytest.raises(ValueError) as e:
        resolve(_ctx(state), Item(1, "p1-queen-1", glow))
    assert str(e.value) == "unknown effect glow"


def test_a_stopped_event_goes_to_the_discard_pile_and_leaves_nothing_being_resolved() -> None:
    state = position(
        seat_dict(1, grid=[["mite"], ["spider"]], safe=[2], hand=["molt", "ant"], draw=["beetle"], filler=2),
        seat_dict(2, grid=[["mite"]], hand=["spores", "spider"], filler=3,
                  orders=["order use spores on ability"]))
    state, events = play(state, 1, "use molt 2")
    assert events[-2:] == [
        {"type": "unfinished", "seat": 1, "card": "p1-molt-1", "why": "stopped"},
        {"type": "lost", "seat": 1, "card": "p1-beetle-1", "from": "draw", "why": "unfinished"},
    ]
    assert state.seat(1).event is None
    assert codes(state.seat(1).discard) == ["ant", "molt"] and state.seat(1).columns[1].safe is True

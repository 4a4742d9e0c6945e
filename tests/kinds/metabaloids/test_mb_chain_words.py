"""The chain's words (rules.md, "Abilities and the chain"): what an activation, a stop and an unfinished
action announce, field by field, and the reasons `why_not` gives, word for word, for an ability that may
not be used now (the phase, a seat out of the game, a draw with no card, an own-turn ability out of turn)."""

from __future__ import annotations

from games.kinds.metabaloids.cards import card
from games.kinds.metabaloids.chain import why_not
from games.kinds.metabaloids.context import Ctx
from games.kinds.metabaloids.state import PLACE

from .helpers import FirstPick, play, position, refusal, seat_dict


def test_a_stopped_ability_is_announced_with_its_aim_and_is_an_unfinished_action_named_stopped() -> None:
    state = position(
        seat_dict(1, grid=[["queen"]], hand=["ant", "ant"], filler=3),
        seat_dict(2, grid=[["mite"]], hand=["spores", "spider"], filler=3,
                  orders=["order use spores on ability"]))
    state, events = play(state, 1, "use queen")
    aim = {"aim": "ability", "aim_seat": 1, "aim_card": "p1-queen-1"}
    assert events == [
        {"type": "activate", "seat": 1, "card": "p1-queen-1", "ability": "brood",
         "paid": ["p1-ant-1", "p1-ant-2"], "col": 0},
        {"type": "activate", "seat": 2, "card": "p2-spores-1", "ability": "spores", "paid": ["p2-spider-1"],
         "col": 0, **aim},
        {"type": "stopped", "seat": 2, "card": "p2-spores-1", **aim},
        {"type": "unfinished", "seat": 1, "card": "p1-queen-1", "why": "stopped"},
        {"type": "lost", "seat": 1, "card": "p1-mite-1", "from": "draw", "why": "unfinished"},
    ]
    assert state.seat(1).hand == [] and state.seat(1).lost == ["p1-mite-1"]


def test_an_activation_names_the_column_molt_stands_up() -> None:
    state = position(
        seat_dict(1, grid=[["mite"], ["spider", "beetle"]], safe=[2], hand=["molt", "ant"], filler=3),
        seat_dict(2, grid=[["mite"]], filler=3))
    state, events = play(state, 1, "use molt 2")
    assert events == [
        {"type": "activate", "seat": 1, "card": "p1-molt-1", "ability": "molt", "paid": ["p1-ant-1"],
         "col": 2},
        {"type": "unsafe", "seat": 1, "col": 2},
    ]
    assert not state.seat(1).columns[1].safe and state.seat(1).discard == ["p1-ant-1", "p1-molt-1"]


def test_brood_with_no_card_to_draw_is_refused_saying_no_card_can_be_drawn() -> None:
    # A short game never reshuffles: with the draw pile empty, nothing can be drawn.
    state = position(seat_dict(1, grid=[["queen"]], hand=["ant", "ant"], discard=["mite"]),
                     seat_dict(2, grid=[["mite"]], filler=3), length="short")
    assert refusal(state, 1, "use queen") == "no card can be drawn"


def test_an_own_turn_ability_is_refused_in_the_defenders_window() -> None:
    state = position(
        seat_dict(1, hand=["ant", "ant"], grid=[["wasp", "spider"]], filler=5),
        seat_dict(2, hand=["mite", "ant", "spider"], grid=[["trapdoor", "beetle"], ["queen"]], filler=5,
                  orders=["order window ask"]),
        window_minutes=10)
    state, _ = play(state, 1, "attack 1:1 p2 1:1")
    assert state.decision is not None and (state.decision.label, state.decision.kind) == (2, "react")
    assert refusal(state, 2, "use queen") == "Hive Queen is used only during your own turn"


def _ctx(**changes: str) -> Ctx:
    state = position(seat_dict(1, grid=[["trapdoor"]], hand=["ant"], filler=3),
                     seat_dict(2, grid=[["mite"]], filler=3))
    state.phase = changes.get("phase", state.phase)
    state.seat(1).status = changes.get("status", state.seat(1).status)
    return Ctx(state, FirstPick())


def test_why_not_says_abilities_wait_for_the_first_turn_while_the_cards_are_placed() -> None:
    boost = card("trapdoor").ability(None)
    assert boost is not None
    assert why_not(_ctx(phase=PLACE), 1, "p1-trapdoor-1", boost) == (
        "abilities are used only once the first turn has begun")


def test_why_not_says_a_seat_out_of_the_game_uses_no_ability() -> None:
    boost = card("trapdoor").ability(None)
    assert boost is not None
    assert why_not(_ctx(status="out"), 1, "p1-trapdoor-1", boost) == "you are out of the game"

"""Who may use an ability when (chain.py `why_not`; rules.md, "Abilities and the chain" and the card
texts): the refusal of each requirement word for word (a column that is not attacking or not defending,
an event for the defender only, nothing to stop, an empty lost pile), the battle roles a standing order
is refused for, a stop's explicit aim, and Molt on the last column."""

from __future__ import annotations

import pytest

from games.kinds.metabaloids.cards import card
from games.kinds.metabaloids.chain import why_not
from games.kinds.metabaloids.context import Action, Ctx, Item
from games.kinds.metabaloids.state import GameState

from .helpers import FirstPick, play, position, refusal, seat_dict, types


def _attack_position(p1: dict[str, object]) -> GameState:
    return position(p1, seat_dict(2, grid=[["mite"], ["spider"]], hand=["ant"], filler=5), step="attack")


@pytest.mark.parametrize(("state", "line", "said"), [
    # Venom Weaver boosts its own column when it attacks: here the wasp attacks from column 1.
    (_attack_position(seat_dict(1, grid=[["wasp"], ["weaver"]], hand=["ant", "mite"], filler=5)),
     "attack 1:1 p2 1:1 + weaver", "Venom Weaver's column is not attacking"),
    # Trapdoor Spider boosts its column when it defends; in the attacking column it does not defend.
    (_attack_position(seat_dict(1, grid=[["wasp", "trapdoor"]], hand=["ant", "mite"], filler=5)),
     "attack 1:1 p2 1:1 + trapdoor", "Trapdoor Spider's column is not defending"),
    # Shell Up is for a battle where you defend: the attacker may not play it.
    (_attack_position(seat_dict(1, "B", grid=[["mantis"]], hand=["shell", "frog", "shrimp"], filler=5)),
     "attack 1:1 p2 1:1 paying frog + shell paying shrimp",
     "Shell Up is played in a battle where you defend"),
    # Torpor Spores stops another player's pending action: in one's own main step there is none.
    (position(seat_dict(1, grid=[["mite"]], hand=["spores", "spider"], filler=5),
              seat_dict(2, grid=[["mite"]], filler=5)),
     "use spores", "there is no action of another player to stop"),
    # Regenerate moves lost cards back: with none lost it has nothing to do.
    (position(seat_dict(1, "B", grid=[["crab"]], hand=["regen", "crab"], filler=5),
              seat_dict(2, grid=[["mite"]], filler=5)),
     "use regen", "your lost pile is empty"),
])
def test_an_ability_whose_requirement_does_not_hold_is_refused_in_words(
        state: GameState, line: str, said: str) -> None:
    assert refusal(state, 1, line) == said


def test_molt_stands_up_the_last_column_when_it_is_safe() -> None:
    state = position(
        seat_dict(1, grid=[["mite"], ["ant"], ["spider"]], safe=[3], hand=["molt", "ant"], filler=3),
        seat_dict(2, grid=[["mite"]], filler=3))
    state, events = play(state, 1, "use molt 3")
    assert events[-1] == {"type": "unsafe", "seat": 1, "col": 3}
    assert [c.safe for c in state.seat(1).columns] == [False, False, False]


def _three_at_war(p2_orders: list[str], p2_grid: list[list[str]], target: str,
                  p3_orders: tuple[str, ...] = ()) -> list[dict[str, object]]:
    """p1's wasp attacks p2's card at `target`; p2 and p3 hold standing orders and a card to pay with."""
    state = position(
        seat_dict(1, grid=[["wasp"]], hand=["mite"], filler=5, players=3),
        seat_dict(2, grid=p2_grid, hand=["mite"], orders=p2_orders, filler=5, players=3),
        seat_dict(3, grid=[["mite"]], hand=["surge", "mite"], orders=list(p3_orders), filler=5, players=3),
        step="attack")
    _, events = play(state, 1, f"attack 1:1 p2 {target}")
    return events


def test_a_seat_watching_a_battle_does_not_fire_its_adrenal_surge() -> None:
    # Adrenal Surge: "in a battle where you attack or defend"; p3 only watches p1 attack p2.
    events = _three_at_war([], [["mite"]], "1:1", p3_orders=("order use surge on attack",))
    assert "activate" not in types(events) and "bonus" not in types(events)


def test_the_defender_does_not_fire_a_boost_that_works_only_when_its_column_attacks() -> None:
    # p2's Venom Weaver stands in column 1, the number of p1's attacking column, but p2 defends.
    events = _three_at_war(["order use weaver on attack"], [["weaver"]], "1:1")
    assert "activate" not in types(events) and "bonus" not in types(events)


def test_the_defender_fires_trapdoor_spiders_boost_from_the_column_attacked() -> None:
    # The Trapdoor Spider heads column 2 (row 1), the column attacked.
    # Every seat starts with `order use trapdoor boost on defend` (orders.py `default_orders`).
    events = _three_at_war([], [["mite"], ["trapdoor"]], "2:1")
    assert {"type": "activate", "seat": 2, "card": "p2-trapdoor-1", "ability": "boost", "paid": ["p2-mite-2"],
            "col": 0} in events
    assert {"type": "bonus", "seat": 2, "amount": 2, "card": "p2-trapdoor-1", "side": "defense"} in events


def _ctx() -> Ctx:
    state = position(seat_dict(1, grid=[["queen"]], hand=["ant", "ant"], filler=3),
                     seat_dict(2, grid=[["mite"]], hand=["spores", "spider"], filler=3))
    return Ctx(state, FirstPick())



def test_a_stop_may_aim_at_another_seats_pending_action_named_as_its_target() -> None:
    ctx = _ctx()
    spores = card("spores").ability(None)
    assert spores is not None
    assert why_not(ctx, 2, "p2-spores-1", spores, target=Action("move", 1)) is None


@pytest.mark.parametrize("aim", [Action("move", 1, stopped=True), Action("move", 2)])
def test_a_stop_aimed_at_an_action_stopped_already_or_at_ones_own_is_refused(aim: Action) -> None:
    ctx = _ctx()
    spores = card("spores").ability(None)
    assert spores is not None
    said = why_not(ctx, 2, "p2-spores-1", spores, target=aim)
    assert said == "there is no action of another player to stop"


def test_a_seat_whose_own_ability_waits_in_the_chain_uses_no_other() -> None:
    ctx = _ctx()
    spores = card("spores").ability(None)
    brood = card("queen").ability(None)
    assert spores is not None and brood is not None
    ctx.chain.append(Item(1, "p1-queen-1", brood))
    ctx.chain.append(Item(2, "p2-spores-1", spores, target=ctx.chain[0]))
    assert why_not(ctx, 2, "p2-spores-1", spores) == "your own ability must resolve before you use another"
    assert why_not(ctx, 1, "p1-queen-1", brood) == "your own ability must resolve before you use another"

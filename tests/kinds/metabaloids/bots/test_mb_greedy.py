"""The greedy bot's decisions in built positions (games/kinds/metabaloids/bots/greedy.py): the attack it
picks, restocking, deploying, the initial deployment, damage payment, and that it decides on its seat's
bot state alone, so that what the seat cannot see never changes its choice; and that it is fast."""

from __future__ import annotations

import random

from games.kinds.metabaloids import commands
from games.kinds.metabaloids.bots.greedy import GreedyBot
from games.kinds.metabaloids.state import Decision, GameState

from ..helpers import FirstPick, position, seat_dict


def choose(state: GameState, label: int = 1) -> str:
    """The greedy bot's command for a seat, which `play` must accept."""
    command = GreedyBot(random.Random(0)).choose(state, state.lobby_seat(label))
    commands.play(state, state.lobby_seat(label), command, FirstPick())
    return command


def duel(mine: dict[str, object], theirs: dict[str, object], **kwargs: object) -> GameState:
    return position(seat_dict(1, "A", filler=10, **mine), seat_dict(2, "B", filler=10, **theirs),  # type: ignore[arg-type]
                    **kwargs)  # type: ignore[arg-type]


def test_it_attacks_the_weakest_column_with_its_strongest() -> None:
    state = duel({"hand": ["mite", "ant"], "grid": [["centipede", "wasp"], ["mite"]]},
                 {"grid": [["crab", "snail"], ["frog"]], "hand": ["shrimp"]})
    assert choose(state).startswith("attack 1:1 p2 2:1")


def test_it_attacks_rather_than_take_the_penalty_for_not_attacking() -> None:
    # A close battle it may lose, but leaving the attack step without one costs a card for sure.
    state = duel({"hand": ["mite"], "grid": [["spider"]]}, {"grid": [["skink"]], "hand": ["shrimp"]})
    assert choose(state).startswith("attack 1:1 p2 1:1")


def test_it_adds_a_boost_when_it_turns_the_battle() -> None:
    state = duel({"hand": ["mite", "ant", "spider"], "grid": [["weaver", "ant"]]},
                 {"grid": [["toad", "snail"]], "hand": ["shrimp"]})
    assert "+ 1:1 boost paying" in choose(state)


def test_it_deploys_its_reserve_before_anything_else() -> None:
    state = duel({"hand": ["mite"], "grid": [["spider"]], "reserve": ["wasp"]}, {"grid": [["skink"]]})
    assert choose(state) == "deploy all"


def test_after_its_attack_it_restocks_its_best_card_it_can_pay() -> None:
    state = duel({"hand": ["queen", "mite", "ant", "spider", "beetle"], "grid": [["wasp"]]},
                 {"grid": [["skink"]]}, step="attack")
    state.seat(1).attacked = [2]
    state.seat(1).attacks_made = 1
    state.marked = [state.seat(1).columns[0].cards[0]]
    assert choose(state) == "restock queen"


def test_it_restocks_nothing_the_full_grid_would_lose() -> None:
    full = [["mite", "ant", "spider"], ["beetle", "cutter", "wasp"], ["scorpion", "mite", "ant"]]
    state = duel({"hand": ["queen", "mite", "spider"], "grid": full}, {"grid": [["skink"]]}, step="restock")
    assert choose(state) == "end"


def test_it_takes_lost_cards_back_with_regenerate() -> None:
    state = position(seat_dict(1, "B", filler=10, hand=["regen", "frog", "crab"], grid=[["toad"]],
                               lost=["skink", "frog"], drew=1),
                     seat_dict(2, "A", filler=10, grid=[["spider"]]))
    assert choose(state) == "use regen"


def test_it_places_its_best_card_first_in_the_initial_deployment() -> None:
    state = position(seat_dict(1, "A", filler=10, hand=["queen", "mite", "ant", "wasp", "spider", "surge"],
                               placing_done=False),
                     seat_dict(2, "B", filler=10, hand=["frog"], placing_done=False))
    state.phase = "place"
    assert choose(state) == "place queen 1"


def test_it_pays_damage_with_the_default_when_asked() -> None:
    state = duel({"hand": ["mite"], "grid": [["spider"]]}, {"grid": [["skink"]]})
    state.decision = Decision(label=1, kind="pay", window=False)
    assert GreedyBot().choose(state, 0) == "pay auto"


def test_what_it_cannot_see_never_changes_its_choice() -> None:
    # Two games alike but for the opponent's hand and draw pile, and its own draw pile's order.
    mine = {"hand": ["mite", "ant", "spider"], "grid": [["weaver", "ant"], ["mite"]],
            "draw": ["wasp", "mite", "queen", "ant"]}
    one = duel(mine, {"grid": [["toad", "snail"], ["crab"]], "hand": ["shrimp", "shell", "ink"],
                      "draw": ["mantis", "frog"]})
    two = duel({**mine, "draw": ["queen", "ant", "mite", "wasp"]},
               {"grid": [["toad", "snail"], ["crab"]], "hand": ["axolotl", "turtle", "mantis"],
                "draw": ["frog", "mantis"]})
    assert one.seat(2).hand != two.seat(2).hand
    assert choose(one) == choose(two)


"""The game page's hint on typing a payment shows commands the viewer could send, in its own cards
(page.py `pay_examples`), never another deck's."""

from __future__ import annotations

from games.kinds.metabaloids import commands
from games.kinds.metabaloids.page import pay_examples
from games.kinds.metabaloids.view import view

from .helpers import position, seat_dict


def test_the_examples_are_the_viewers_own_attack_and_restock_paid_with_another_of_its_cards() -> None:
    state = position(seat_dict(1, "B", hand=["frog", "toad"], grid=[["crab"]], filler=5),
                     seat_dict(2, grid=[["mite"]], filler=5), step="main")
    legal = commands.legal_commands(state, 0)
    examples = pay_examples(legal, view(state, 0))
    assert examples == ["attack 1:1 p2 1:1 paying frog", "restock frog paying toad"]
    for example in examples:  # each is accepted as typed
        commands.play(state, 0, example, _Dice())


def test_no_example_for_a_spectator_or_an_empty_hand() -> None:
    state = position(seat_dict(1, hand=[], grid=[["wasp"]], filler=5),
                     seat_dict(2, grid=[["mite"]], filler=5))
    assert pay_examples(commands.legal_commands(state, 0), view(state, 0)) == []
    assert pay_examples([], view(state, None)) == []


class _Dice:
    def roll(self, sides: int) -> int:
        return 1

    def draw(self, n: int) -> int:
        return 0

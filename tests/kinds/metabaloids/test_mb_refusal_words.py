"""Refusals word for word (rules.md, "Commands"): a deck not offered (lobby.py), a payment line that cannot
be read (decisions.py), a turn command while the reserve waits (turn.py), a placement of a card not in hand
(setup.py); and the cut's winner told as the first seat."""

from __future__ import annotations

import pytest

from games.kinds.metabaloids import commands, lobby
from games.kinds.metabaloids.state import Options
from games.kinds.protocol import Refused

from .helpers import play, position, seat_dict
from .random_games import SeededDice
from .test_mb_scenarios_c import _window_12


def test_a_deck_not_offered_is_refused_naming_the_decks() -> None:
    state, _ = lobby.new_game(Options(players=2), SeededDice(1))
    with pytest.raises(Refused) as refused:
        commands.play(state, 0, "deck z", SeededDice(2))
    assert str(refused.value) == ("pick a deck: deck a (Silk & Sting), deck b (Shell & Slime), or your own: "
                                  "deck list <card>:<copies> … [as <name>]")


@pytest.mark.parametrize(("line", "words"), [
    ("pay", "say what pays: pay hand <card>, pay draw <n>, pay discard, pay play <c:r>, pay reserve <card> "
            "or pay auto"),
    ("pay hand scorpion ant", "pay hand <one card>: one card a line"),
    ("pay draw x", "pay draw [<number of cards>]"),
    ("pay discard 1 2", "pay discard [<number of cards>]"),
])
def test_a_payment_line_that_cannot_be_read_is_refused_saying_its_form(line: str, words: str) -> None:
    state, _ = _window_12()
    with pytest.raises(Refused) as refused:
        play(state, 2, line)
    assert str(refused.value) == words


@pytest.mark.parametrize("line", ["attack 1:1 p2 1:1", "end", "pass"])
def test_while_the_reserve_waits_the_turn_goes_no_further(line: str) -> None:
    state = position(seat_dict(1, grid=[["wasp"]], reserve=["ant"], filler=5),
                     seat_dict(2, grid=[["mite"]], filler=5), step="deploy")
    with pytest.raises(Refused) as refused:
        play(state, 1, line)
    assert str(refused.value) == "deploy your reserve first"


def test_the_cuts_winner_is_the_first_seat_and_places_a_card_from_its_hand_only() -> None:
    state, events = lobby.new_game(Options(players=2, quick=True), SeededDice(3))
    assert [e for e in events if e["type"] == "first"] == [{"type": "first", "seat": 1, "lobby": 1}]
    with pytest.raises(Refused) as refused:
        play(state, 1, "place queen 1")
    assert str(refused.value) == "no Hive Queen in your hand"

"""The refusals of an attack line, word for word (rules.md, "Declaring an attack"): the defender must be
another seat still in the game not yet attacked this turn, the attacked card must stand in a column that
is not safe and be a Guard card where the column holds one (the messages name the column, never the row),
only "during attacks" abilities and events may follow `+`, and a card's ability only once. A refused
line changes nothing."""

from __future__ import annotations

import pytest

from games.kinds.metabaloids.state import GameState
from games.kinds.protocol import Refused

from .helpers import play, position, refusal, seat_dict


def four_seats(hand: tuple[str, ...] = ("mite", "molt", "surge")) -> GameState:
    """p1 attacked p4 already this turn; p3 is out; p2's column 3 is safe and its column 2 holds a Silk
    Canopy (a Guard card) behind a Sugar Ant."""
    return position(
        seat_dict(1, hand=list(hand), grid=[["wasp"], ["spider", "weaver"]], filler=5,
                  players=4, attacked=[4]),
        seat_dict(2, grid=[["mite"], ["ant", "canopy"], ["beetle"]], safe=[3], filler=5, players=4),
        seat_dict(3, grid=[["mite"]], filler=5, players=4, status="out", out_turn=21),
        seat_dict(4, grid=[["mite"]], filler=5, players=4))


@pytest.mark.parametrize(("line", "message"), [
    ("attack 1:1 p1 2:1", "you cannot attack yourself"),
    ("attack 1:1 p3 1:1", "p3 is out"),
    ("attack 1:1 p4 1:1", "p4 has been attacked by you this turn already"),
    ("attack 1:1 p2 3:1", "p2's column 3 is safe from attacks"),
    ("attack 1:1 p2 2:1", "Silk Canopy guards p2's column 2: attack it"),
    ("attack 1:1 p2 1:1 paying mite + molt",
     "Molt is not used during attacks: only \"during attacks\" abilities and events follow +"),
    # A card's ability is used once a turn: the second use in the same line is refused before anything.
    ("attack 2:1 p2 1:1 paying mite + 2:2 boost + 2:2 boost", "Venom Weaver's ability is used this turn"),
])
def test_a_wrong_attack_line_is_refused_word_for_word_and_changes_nothing(line: str, message: str) -> None:
    assert refusal(four_seats(), 1, line) == message


def test_the_guard_and_a_card_in_an_upright_column_may_be_attacked() -> None:
    for target in ("2:2", "1:1"):
        state, events = play(four_seats(), 1, f"attack 1:1 p2 {target} paying mite")
        assert events[0]["type"] == "battle_declared" and state.battle is None


def test_a_use_paid_with_a_card_not_held_is_refused_for_that_card() -> None:
    # The Mite pays the attack; the Surge's own payment names a Sugar Ant p1 does not hold. The refusal
    # names the card written, not the hand's shortage an automatic payment would meet.
    state = four_seats(hand=("mite", "surge"))
    with pytest.raises(Refused) as e:
        play(state, 1, "attack 2:1 p2 1:1 paying mite + surge paying ant")
    assert str(e.value) == "you hold no Sugar Ant to pay with"
    with pytest.raises(Refused) as e:
        play(state, 1, "attack 2:1 p2 1:1 paying mite + surge")
    assert str(e.value) == "you cannot pay 1 from your hand"

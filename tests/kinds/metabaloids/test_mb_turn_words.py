"""A turn's command words refused word for word (rules.md, "Commands"): `restock` without its one card,
`pay` with no damage owed, an event named from a hand that does not hold it, any turn command from a seat
out of the game."""

from __future__ import annotations

import pytest

from games.kinds.protocol import Refused

from .helpers import play, position, seat_dict


@pytest.mark.parametrize("line", ["restock", "restock ant mite"])
def test_a_restock_naming_no_card_or_two_is_refused_saying_its_form(line: str) -> None:
    state = position(seat_dict(1, grid=[["wasp"]], hand=["ant", "mite"], filler=5, drew=1),
                     seat_dict(2, grid=[["mite"]], filler=5), step="main")
    with pytest.raises(Refused) as refused:
        play(state, 1, line)
    assert str(refused.value) == "restock <card> [paying <cards>]"


def test_pay_in_ones_own_turn_with_no_battle_lost_is_refused_as_no_damage_to_pay() -> None:
    state = position(seat_dict(1, grid=[["wasp"]], hand=["ant"], filler=5, drew=1),
                     seat_dict(2, grid=[["mite"]], filler=5), step="main")
    with pytest.raises(Refused) as refused:
        play(state, 1, "pay auto")
    assert str(refused.value) == "there is no damage to pay"


@pytest.mark.parametrize("line", ["use spores", "attack 1:1 p2 1:1 + spores"])
def test_an_event_not_in_hand_is_refused_naming_the_hand(line: str) -> None:
    state = position(seat_dict(1, grid=[["wasp"]], hand=["ant"], filler=5, drew=1),
                     seat_dict(2, grid=[["mite"]], filler=5), step="main")
    with pytest.raises(Refused) as refused:
        play(state, 1, line)
    assert str(refused.value) == "no Torpor Spores in your hand"


@pytest.mark.parametrize("line", ["end", "pass", "discard ant", "pay auto"])
def test_a_seat_out_of_the_game_is_refused_any_turn_command(line: str) -> None:
    state = position(seat_dict(1, grid=[["wasp"]], hand=["ant"], filler=5, players=3),
                     seat_dict(2, grid=[["mite"]], filler=5, players=3),
                     seat_dict(3, grid=[["mite"]], hand=["ant"], filler=5, players=3, status="out"),
                     step="main")
    with pytest.raises(Refused) as refused:
        play(state, 3, line)
    assert str(refused.value) == "you are out of the game"

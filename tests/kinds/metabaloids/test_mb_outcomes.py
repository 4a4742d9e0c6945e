"""What the site records of a game (api.py): the player counts offered at both ends, each seat's outcome
while playing, once out and before the decks are chosen, what counts as a command; and the state's own
check of the player count (state.py, Options)."""

from __future__ import annotations

import pytest

from games.kinds.metabaloids import api
from games.kinds.metabaloids.state import MAX_WINDOW_MINUTES, GameState, Options
from games.kinds.protocol import BadOptions, SeatOutcome

from .helpers import position, seat_dict


@pytest.mark.parametrize("players", [2, 6])
def test_two_and_six_players_are_offered(players: int) -> None:
    assert api.check_options({}, players)["window_minutes"] == 0
    assert Options.from_dict({"players": players}).players == players


@pytest.mark.parametrize("players", [1, 7])
def test_one_or_seven_players_are_refused(players: int) -> None:
    with pytest.raises(BadOptions) as refused:
        api.check_options({}, players)
    assert str(refused.value) == "Metabaloids is for 2 to 6 players."
    with pytest.raises(ValueError, match="^Metabaloids is for 2 to 6 players$"):
        Options.from_dict({"players": players})


def test_an_unknown_option_is_refused_naming_every_option() -> None:
    with pytest.raises(BadOptions) as refused:
        api.check_options({"speed": 1}, 2)
    assert str(refused.value) == (
        "Metabaloids has no option speed; its options are length (reshuffle or short), elimination (on or "
        f"off), window_minutes (0-{MAX_WINDOW_MINUTES}), quick (every seat plays deck A) and edition "
        "(core).")


def test_a_seat_plays_until_it_is_out() -> None:
    state = position(seat_dict(1, filler=5), seat_dict(2, "B", filler=5), seat_dict(3, filler=5))
    assert api.seat_outcome(state, 1) == SeatOutcome("playing", "p2 · deck B")
    state.seat(2).status = "out"
    assert api.seat_outcome(state, 1) == SeatOutcome("out", "p2 · deck B")


def test_before_the_decks_are_chosen_every_seat_plays_without_a_label() -> None:
    state = GameState(options=Options(players=2), seats=[], order=[], phase="decks", decks=["", ""],
                      lists=[{}, {}])
    assert api.seat_outcome(state, 0) == SeatOutcome("playing", "")


def test_a_command_is_known_by_its_verb() -> None:
    assert api.is_command("attack 1:1 p2 1:1") and api.is_command("end")
    assert not api.is_command("hello there")

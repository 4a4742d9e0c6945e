"""The shared lookups: each edition's rules, board and parser; who stands where; whose home is where."""

from dataclasses import replace

import pytest

from games.kinds.metaltalon.engine.editions import EDITIONS
from games.kinds.metaltalon.engine.view import View, game_of

from .helpers import position


@pytest.mark.parametrize(
    ("edition", "board", "launch"),
    [
        ("token", "token", "launch 3e 1w"),
        ("metatalon", "coin", "launch 3p 1n"),
        ("web2002", "coin", "launch 3p 1n"),
    ],
)
def test_each_edition_brings_its_rules_board_and_piece_letters(edition, board, launch):
    game_of.cache_clear()  # built here, not by an earlier test
    game = game_of(edition)
    assert game.edition is EDITIONS[edition] and game.board.name == board
    assert game.parser.parse(launch)[0].canonical(game.edition.letters) == launch
    assert game.parser.parse("move d07 e7")[0].cells == ("D7", "E7")
    assert game_of(edition) is game


def test_a_view_knows_the_ships_on_each_space_and_the_homes_of_seats_still_in():
    state = position(
        players=3,
        factions=("bankers", "rebels", "swarm"),
        ships=((0, "N12", (1, 0, 0)), (2, "M12", (1, 0, 0)), (0, "M12", (3, 0, 0))),
    )
    view = View(state)
    assert {cell: [s.id for s in ships] for cell, ships in view.occ.items()} == {"N12": [1], "M12": [2, 3]}
    assert view.homes == {"I3": 0, "M12": 1, "D12": 2}
    assert [s.id for s in view.own_ships_at("M12", 0)] == [3]
    assert view.own_ships_at("C3", 0) == []
    out = replace(state, seats=tuple(replace(s, out=s.index == 1) for s in state.seats))
    assert View(out).homes == {"I3": 0, "D12": 2}

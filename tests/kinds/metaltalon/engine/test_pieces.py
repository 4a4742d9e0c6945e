"""Pieces: values, counts, compositions and change-making downwards (the engine's pieces.py)."""

from games.kinds.metaltalon.engine.pieces import change_downwards, compositions, count, format_pieces, value


def test_value_count_and_text():
    assert value((3, 1, 2)) == 28 and count((3, 1, 2)) == 6
    assert format_pieces((3, 0, 2), ("e", "w", "s")) == "3e 2s"
    assert format_pieces((0, 1, 0), ("p", "n", "d")) == "1n"


def test_compositions_are_every_way_to_make_a_value():
    assert list(compositions(11)) == [(11, 0, 0), (6, 1, 0), (1, 2, 0), (1, 0, 1)]
    assert list(compositions(4)) == [(4, 0, 0)]


def test_change_downwards_keeps_what_can_stay_and_never_exceeds_the_ship():
    assert list(change_downwards((0, 1, 0), 5)) == [(5, 0, 0), (0, 1, 0)]
    assert list(change_downwards((0, 0, 2), 10)) == [(10, 0, 0), (5, 1, 0), (0, 2, 0), (0, 0, 1)]
    assert list(change_downwards((1, 0, 0), 5)) == []  # more than the ship is worth

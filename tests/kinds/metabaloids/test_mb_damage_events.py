"""The events of a damage payment whole (damage.py; rules.md, "Paying damage"): each card paid with its
seat, source and points, and the part nothing can pay waived."""

from __future__ import annotations

import pytest

from .helpers import play, position, seat_dict
from .test_mb_scenarios_c import _window_12


@pytest.mark.parametrize(("line", "paid"), [
    ("pay discard", {"type": "paid", "seat": 2, "card": "p2-ant-1", "from": "discard", "points": 0}),
    ("pay draw 1", {"type": "paid", "seat": 2, "card": "p2-mite-2", "from": "draw", "points": 1}),
    ("pay hand scorpion", {"type": "paid", "seat": 2, "card": "p2-scorpion-1", "from": "hand", "points": 3}),
])
def test_each_card_paid_is_told_with_its_seat_source_and_points(line: str, paid: dict[str, object]) -> None:
    state, _ = _window_12()
    _, events = play(state, 2, line)
    assert [e for e in events if e["type"] == "paid"] == [paid]


def test_damage_nothing_can_pay_is_waived() -> None:
    state = position(seat_dict(1, grid=[["centipede", "wasp"]], hand=["ant"], draw=["mite"], filler=5),
                     seat_dict(2, grid=[["mite"]], draw=["spider"]), step="attack", length="short")
    _, events = play(state, 1, "attack 1:1 p2 1:1")
    assert {"type": "waived", "seat": 2, "n": 6, "why": "damage"} in events

"""What a battle records (battle.py; rules.md, "Totals" and "Ties"): the totals kept for the payment that
follows, and a tie's bonus cards lost from the battle slots, told whole."""

from __future__ import annotations

from .helpers import play, position, seat_dict
from .test_mb_scenarios_c import _window_12


def test_the_totals_are_kept_while_the_loser_pays() -> None:
    state, _ = _window_12()
    assert state.battle is not None and state.battle.report == {"at": 10, "dt": 6}


def test_a_ties_bonus_cards_are_lost_from_the_battle_slots() -> None:
    state = position(seat_dict(1, grid=[["spider"]], hand=["mite"], draw=["cutter"], filler=5),
                     seat_dict(2, grid=[["beetle"]], draw=["mite"], filler=5, hand=["ant"] * 7),
                     step="attack")
    _, events = play(state, 1, "attack 1:1 p2 1:1")
    assert [e for e in events if e["type"] in ("battle_tied", "lost")] == [
        {"type": "battle_tied", "seat": 1, "defender": 2, "at": 4, "dt": 4},
        {"type": "lost", "seat": 1, "card": "p1-cutter-1", "from": "bonus", "why": "tie"},
        {"type": "lost", "seat": 2, "card": "p2-mite-1", "from": "bonus", "why": "tie"}]

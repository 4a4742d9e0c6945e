"""A reserve waiting while the grid already holds nine cards (rules.md, "Deploy"): `deploy all` loses it
instead of failing to find a column."""

from __future__ import annotations

from tests.kinds.metabaloids.helpers import codes, play, position, seat_dict, types

FULL = [["mite", "mite", "mite"], ["wasp", "wasp", "wasp"], ["spider", "spider", "spider"]]


def test_deploy_all_with_a_full_grid_loses_the_reserve_and_goes_to_attack() -> None:
    state = position(seat_dict(1, grid=FULL, reserve=["mound"], hand=["beetle"], filler=5),
                     seat_dict(2, grid=[["crab"]], filler=5, deck="B"), step="main")
    after, events = play(state, 1, "deploy all")
    assert after.seat(1).reserve == []
    assert codes(after.seat(1).lost) == ["mound"]
    assert "lost" in types(events)
    assert after.step == "attack"

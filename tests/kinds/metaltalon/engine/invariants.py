"""The DESIGN.md invariants every reachable state must hold, shared by the property tests and the bench."""

from collections import Counter

from games.kinds.metaltalon.engine import GameState
from games.kinds.metaltalon.engine.editions import credits_total


def check_invariants(state: GameState) -> None:
    assert state.credits() == credits_total(state.players), "credits are not conserved"
    assert state.bank >= 0 and all(s.reserve >= 0 for s in state.seats)
    rebels_homes = {s.home for s in state.seats if s.faction == "rebels"}
    for cell, n in Counter(ship.cell for ship in state.ships).items():
        if n > 1:
            # Only invaders on a Rebels' base share it (the Rebels may still launch among them).
            assert cell in rebels_homes, f"{n} ships share {cell}"
    out = {s.index for s in state.seats if s.out}
    assert not any(ship.owner in out for ship in state.ships), "an eliminated seat owns a ship"
    assert all(state.seats[i].reserve == 0 for i in out), "an eliminated seat keeps a reserve"
    assert not (set(state.to_act) & out), "an eliminated seat is asked to act"
    if state.phase == "over":
        assert len(state.in_play) <= 1 and state.winner in (*state.in_play, None)
        assert state.pending is None and state.activation is None, "a finished game waits on no one"
    for ship in state.ships:
        assert min(ship.pieces) >= 0 and ship.value > 0
    ids = [ship.id for ship in state.ships]
    assert len(ids) == len(set(ids)) and all(i < state.next_ship for i in ids)

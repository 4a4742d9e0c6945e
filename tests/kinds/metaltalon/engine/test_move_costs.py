"""move_costs: the moves each reachable space would use, known before the move is sent (docs/rules.md,
"Moving"): exactly the spaces legal_commands lists, each at the steps the move then takes, detours
around blocked spaces included."""

import pytest

from games.kinds.metaltalon.engine import legal_commands, move_costs, play

from .helpers import of_type, position

E3 = (3, 0, 0)


def positions():
    yield position(ships=((0, "I9", E3),))
    yield position(ships=((0, "I9", E3), (1, "J9", (1, 0, 0))))  # the straight way blocked
    yield position(players=2, factions=("zoomers", "swarm"), ships=((0, "I9", (2, 1, 0)), (1, "K8", E3)))
    yield play(position(ships=((0, "I9", E3),)), 0, "move I9 J9")[0]  # one move already used


@pytest.mark.parametrize("state", list(positions()))
def test_each_cost_is_what_the_move_then_uses_and_the_spaces_are_the_legal_moves(state):
    cell = next(s.cell for s in state.ships if s.owner == 0 and (state.activation is None
                                                                  or s.id == state.activation.ship))
    costs = move_costs(state, 0, cell)
    listed = {c.split()[2] for c in legal_commands(state, 0) if c.startswith(f"move {cell} ")}
    assert set(costs) == listed and costs
    for dest, cost in costs.items():
        [moved] = of_type(play(state, 0, f"move {cell} {dest}")[1], "move")
        assert moved["steps"] == cost


def test_a_detour_around_a_ship_costs_its_extra_steps():
    state = position(ships=((0, "I9", E3), (1, "J9", (1, 0, 0))))
    assert move_costs(state, 0, "I9")["K9"] == 3


def test_out_of_reach_spaces_are_measured_only_when_asked():
    state = position(ships=((0, "I9", E3),))
    assert "M9" not in move_costs(state, 0, "I9")
    assert move_costs(state, 0, "I9", within_moves=False)["M9"] == 4


def test_no_costs_for_a_seat_not_to_play_or_a_ship_that_has_acted():
    state = position(ships=((0, "I9", E3), (0, "C9", E3), (1, "F9", E3)))
    assert move_costs(state, 1, "F9") == {}
    moved = play(play(state, 0, "move I9 J9")[0], 0, "move C9 D9")[0]
    assert move_costs(moved, 0, "J9") == {}

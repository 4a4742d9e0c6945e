"""Activation and movement: engines/pennies, Zoomers, 001's wild dimes, no passing through ships,
recycling, explicit paths (docs/rules.md: "Your turn", "Moving")."""

import pytest

from games.kinds.metaltalon.engine import IllegalCommand, legal_commands, play

from .helpers import QueueDice, of_type, position, ship_at

E3 = (3, 0, 0)


def test_a_ship_moves_one_space_per_engine():
    state = position(ships=((0, "I9", E3),))
    after, events = play(state, 0, "move I9 L9")
    assert ship_at(after, "L9").id == 1
    assert of_type(events, "move")[0]["steps"] == 3


def test_too_far_is_refused_with_moves_left_and_distance():
    state = position(ships=((0, "I9", E3),))
    with pytest.raises(IllegalCommand, match="I9 has 3 moves left; M9 is 4 away"):
        play(state, 0, "move I9 M9")


def test_moves_of_one_activation_add_up_across_commands():
    state = position(ships=((0, "I9", E3),))
    state, _ = play(state, 0, "move I9 J9")
    state, events = play(state, 0, "move J9 L9")
    assert of_type(events, "move")[0]["moves_left"] == 0
    with pytest.raises(IllegalCommand, match="L9 has 0 moves left"):
        play(state, 0, "move L9 M9")


def test_ships_never_pass_through_occupied_spaces():
    state = position(ships=((0, "I9", (2, 0, 0)), (1, "J9", (1, 0, 0))))
    with pytest.raises(IllegalCommand, match="K9 is 3 away"):
        play(state, 0, "move I9 K9")
    roomy = position(ships=((0, "I9", E3), (1, "J9", (1, 0, 0))))
    after, events = play(roomy, 0, "move I9 K9")
    assert "J9" not in of_type(events, "move")[0]["path"]
    assert ship_at(after, "K9").owner == 0


def test_a_ship_cannot_end_on_an_occupied_space():
    state = position(ships=((0, "I9", E3), (1, "J9", (1, 0, 0))))
    with pytest.raises(IllegalCommand, match="J9 is occupied"):
        play(state, 0, "move I9 J9")


def test_an_explicit_path_is_accepted_step_by_step():
    state = position(ships=((0, "I9", E3),))
    after, events = play(state, 0, "move I9 J9 K9")
    assert of_type(events, "move")[0]["path"] == ["I9", "J9", "K9"]
    assert ship_at(after, "K9")


def test_an_explicit_path_must_step_to_neighbours_and_avoid_ships():
    state = position(ships=((0, "I9", E3), (1, "J9", (1, 0, 0))))
    with pytest.raises(IllegalCommand, match="K9 is not next to I9"):
        play(state, 0, "move I9 K9 L9")
    with pytest.raises(IllegalCommand, match="J9 is occupied"):
        play(state, 0, "move I9 J9 K9")


def test_zoomers_move_one_and_a_half_per_engine_rounded_up():
    fast = position(factions=("zoomers", "bankers"), ships=((0, "G9", E3),))
    after, _ = play(fast, 0, "move G9 L9")  # ceil(4.5) = 5
    assert ship_at(after, "L9")
    one = position(factions=("zoomers", "bankers"), ships=((0, "G9", (1, 0, 0)),))
    with pytest.raises(IllegalCommand, match="G9 has 2 moves left; J9 is 3 away"):
        play(one, 0, "move G9 J9")


def test_metatalon_dime_may_be_spent_as_a_move():
    state = position("metatalon", ships=((0, "C6", (2, 0, 1)),))
    after, _ = play(state, 0, "move C6 F6")
    assert ship_at(after, "F6")


def test_metatalon_dime_spent_as_a_move_cannot_also_fire():
    state = position("metatalon", ships=((0, "C6", (1, 0, 1)), (1, "G6", (5, 0, 0))))
    after, _ = play(state, 0, "move C6 E6")
    assert "fire E6 G6" not in legal_commands(after, 0)
    with pytest.raises(IllegalCommand, match="no shots left"):
        play(after, 0, "fire E6 G6")


def test_metatalon_zoomers_dime_move_counts_one():
    state = position("metatalon", factions=("zoomers", "bankers"), ships=((0, "C6", (2, 0, 1)),))
    after, _ = play(state, 0, "move C6 G6")  # ceil(1.5 x 2) + 1
    assert ship_at(after, "G6")
    with pytest.raises(IllegalCommand, match="C6 has 4 moves left; H6 is 5 away"):
        play(state, 0, "move C6 H6")


def test_web2002_dimes_do_not_move():
    state = position("web2002", ships=((0, "C6", (1, 0, 1)),))
    with pytest.raises(IllegalCommand, match="C6 has 1 move left; E6 is 2 away"):
        play(state, 0, "move C6 E6")


def test_each_ship_is_activated_once_per_turn():
    state = position(ships=((0, "I9", E3), (0, "I7", E3)))
    state, _ = play(state, 0, "move I9 J9")
    state, _ = play(state, 0, "move I7 J7")
    with pytest.raises(IllegalCommand, match="already acted this turn"):
        play(state, 0, "move J9 K9")
    assert not [c for c in legal_commands(state, 0) if c.startswith("move J9")]


def test_moves_and_shots_interleave_within_one_activation():
    state = position(ships=((0, "I9", (3, 2, 0)), (1, "I5", (9, 0, 0))))
    state, _ = play(state, 0, "move I9 I8", dice=QueueDice(1))
    state, _ = play(state, 0, "fire I8 I5", dice=QueueDice(1))
    state, _ = play(state, 0, "move I8 I7")
    state, _ = play(state, 0, "fire I7 I5", dice=QueueDice(1))
    state, _ = play(state, 0, "move I7 J7")
    assert ship_at(state, "J7").owner == 0
    assert state.activation is not None and state.activation.shots == 2 and state.activation.moves == 3


def test_entering_your_own_home_base_recycles_the_ship():
    state = position(ships=((0, "N9", (2, 1, 0)),), reserves=(4, 4))
    after, events = play(state, 0, "move N9 P9")
    assert after.ships == ()
    assert after.seats[0].reserve == 11
    assert of_type(events, "recycle") == [
        {"type": "recycle", "seat": 0, "ship": 1, "cell": "P9", "value": 7, "reserve": 11}
    ]
    assert after.activation is None


def test_a_ship_cannot_pass_through_its_own_home_base():
    state = position(ships=((0, "O9", (3, 0, 0)),))
    with pytest.raises(IllegalCommand, match="stops there"):
        play(state, 0, "move O9 P9 Q9")


def test_move_with_no_ship_there_is_refused():
    state = position(ships=((1, "I9", E3),))
    with pytest.raises(IllegalCommand, match="You have no ship on I9"):
        play(state, 0, "move I9 J9")


def test_legal_moves_list_one_canonical_move_per_reachable_space():
    state = position(ships=((0, "I9", (1, 0, 0)),))
    moves = sorted(c for c in legal_commands(state, 0) if c.startswith("move"))
    assert moves == sorted(f"move I9 {n}" for n in ("J9", "I8", "H8", "H9", "H10", "I10"))


def test_metatalon_dime_may_be_spent_as_a_shot():
    state = position("metatalon", ships=((0, "C6", (0, 1, 1)), (1, "D6", (20, 0, 1))))
    state, _ = play(state, 0, "fire C6 D6", dice=QueueDice(1))
    state, _ = play(state, 0, "fire C6 D6", dice=QueueDice(1))
    with pytest.raises(IllegalCommand, match="no shots left"):
        play(state, 0, "fire C6 D6", dice=QueueDice(1))


def test_web2002_dimes_do_not_fire():
    state = position("web2002", ships=((0, "C6", (0, 1, 1)), (1, "D6", (20, 0, 0))))
    state, _ = play(state, 0, "fire C6 D6", dice=QueueDice(1))
    with pytest.raises(IllegalCommand, match="no shots left"):
        play(state, 0, "fire C6 D6", dice=QueueDice(1))


def test_a_shortest_move_goes_around_the_own_home_base_rather_than_recycling_mid_path():
    # O9 -> Q9: the straight way crosses P9 (seat 0's home), which would take the ship apart.
    state = position(ships=((0, "O9", (3, 0, 0)),), reserves=(4, 4))
    after, events = play(state, 0, "move O9 Q9")
    path = of_type(events, "move")[0]["path"]
    assert "P9" not in path and len(path) == 4
    assert ship_at(after, "Q9").owner == 0 and after.seats[0].reserve == 4
    assert not of_type(events, "recycle")


# === explicit paths at their edges ===

# From the token two-player home P9, this path crosses a territory border between J7 and I7 that a
# ship launched this turn may not cross (000's first-activation rule).
ACROSS = "P9 O8 O7 N7 M7 L7 K7 J7 I7"


def launched_here(faction: str = "bankers"):
    state = position(factions=(faction, "swarm"), reserves=(20, 20))
    return play(state, 0, "launch 8e")[0]


def test_an_explicit_path_of_a_ship_just_launched_may_not_cross_a_blocked_border():
    with pytest.raises(IllegalCommand, match="may not cross the border between J7 and I7"):
        play(launched_here(), 0, f"move {ACROSS}")
    after, _ = play(launched_here(), 0, "move P9 O8 O7 N7 M7 L7 K7 J7")  # up to the border is fine
    assert ship_at(after, "J7")


def test_the_same_explicit_path_is_free_on_a_later_turn_and_for_anarchists():
    later = position(ships=((0, "P9", (8, 0, 0)),), reserves=(12, 20))
    assert ship_at(play(later, 0, f"move {ACROSS}")[0], "I7")
    assert ship_at(play(launched_here("anarchists"), 0, f"move {ACROSS}")[0], "I7")


def test_an_explicit_path_may_not_visit_a_space_twice():
    state = position(ships=((0, "I9", E3),))
    with pytest.raises(IllegalCommand, match="The path visits J9 twice"):
        play(state, 0, "move I9 J9 J8 J9")
    with pytest.raises(IllegalCommand, match="The path visits I9 twice"):
        play(state, 0, "move I9 J9 I9")


def test_an_explicit_path_longer_than_the_moves_left_is_refused():
    state = position(ships=((0, "I9", (2, 0, 0)),))
    with pytest.raises(IllegalCommand, match="I9 has 2 moves left; K9 is 3 away"):
        play(state, 0, "move I9 J9 J8 K9")


def test_an_explicit_path_ending_on_the_own_home_base_recycles():
    state = position(ships=((0, "N9", (2, 1, 0)),), reserves=(4, 4))
    after, events = play(state, 0, "move N9 O9 P9")
    assert after.ships == () and after.seats[0].reserve == 11
    assert of_type(events, "recycle")[0]["value"] == 7


def test_an_explicit_path_ending_on_an_enemy_base_invades_only_at_reserve_zero():
    ships = ((0, "D9", (2, 0, 0)),)
    after, events = play(position(ships=ships, reserves=(0, 0)), 0, "move D9 C9 B9")
    assert of_type(events, "invade") and after.phase == "over" and after.winner == 0
    with pytest.raises(
        IllegalCommand, match=r"B9 is Player B \(The Swarm\)'s home base; .* reserve is 0 \(it is 1\)"
    ):
        play(position(ships=ships, reserves=(0, 1)), 0, "move D9 C9 B9")


def test_an_explicit_path_stops_at_an_enemy_base_it_invades():
    state = position(ships=((0, "C9", (3, 0, 0)),), reserves=(0, 0))
    with pytest.raises(IllegalCommand, match="A ship entering the base B9 stops there"):
        play(state, 0, "move C9 B9 A9")


def test_two_own_ships_sharing_a_rebels_base_act_one_after_the_other():
    state = position(
        players=3,
        factions=("bankers", "rebels", "swarm"),
        ships=((1, "C3", (4, 0, 0)), (0, "M12", (2, 0, 0)), (0, "M12", (3, 0, 0))),
        reserves=(5, 0, 5),
    )
    first, events = play(state, 0, "move M12 N12")
    assert of_type(events, "move")[0]["ship"] == 2
    second, events = play(first, 0, "move M12 L12")
    assert of_type(events, "move")[0]["ship"] == 3
    with pytest.raises(IllegalCommand, match="^You have no ship on M12 \\(your ships: L12, N12\\)$"):
        play(second, 0, "move M12 M13")


def test_a_ship_cannot_recycle_into_its_home_base_while_another_own_ship_stands_there():
    state = position(ships=((0, "P9", (1, 0, 0)), (0, "O9", (1, 0, 0))), reserves=(4, 4))
    with pytest.raises(IllegalCommand, match="^P9 is occupied$"):
        play(state, 0, "move O9 P9")
    assert "move O9 P9" not in legal_commands(state, 0)


def test_a_move_event_gives_the_path_from_start_to_goal():
    state = position(ships=((0, "I9", (3, 0, 0)),), reserves=(0, 10))
    _, events = play(state, 0, "move I9 F9")
    assert [e for e in events if e["type"] == "move"] == [
        {"type": "move", "seat": 0, "ship": 1, "from": "I9", "to": "F9", "path": ["I9", "H9", "G9", "F9"],
         "steps": 3, "moves_left": 0}
    ]

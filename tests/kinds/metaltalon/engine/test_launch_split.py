"""Launching (once, after activations, empty home base, first-activation borders) and the Swarm's split."""

import pytest

from games.kinds.metaltalon.engine import IllegalCommand, legal_commands, play

from .helpers import board, of_type, position, ship_at


def test_launch_takes_the_value_from_the_reserve_and_activates_the_ship_on_the_home_base():
    state = position(reserves=(25, 25))
    after, events = play(state, 0, "launch 3e 1w 1s")
    ship = ship_at(after, "P9")
    assert ship.pieces == (3, 1, 1) and after.seats[0].reserve == 7
    assert of_type(events, "launch")[0]["value"] == 18
    assert after.activation is not None and after.activation.ship == ship.id
    after, _ = play(after, 0, "move P9 O9")
    assert ship_at(after, "O9").id == ship.id


def test_launch_may_use_any_composition_making_change_with_the_bank():
    state = position(reserves=(25, 25))
    after, _ = play(state, 0, "launch 2s 1w")
    assert after.seats[0].reserve == 0 and ship_at(after, "P9").value == 25


def test_launch_worth_more_than_the_reserve_is_refused():
    state = position(reserves=(10, 25))
    with pytest.raises(IllegalCommand, match="worth 11; your reserve is 10"):
        play(state, 0, "launch 1e 1s")


def test_every_launch_the_reserve_allows_is_listed():
    state = position(reserves=(6, 25))
    launches = {c for c in legal_commands(state, 0) if c.startswith("launch")}
    assert launches == {
        "launch 1e",
        "launch 2e",
        "launch 3e",
        "launch 4e",
        "launch 5e",
        "launch 6e",
        "launch 1w",
        "launch 1e 1w",
    }


def test_only_one_launch_per_turn():
    state = position(reserves=(25, 25))
    state, _ = play(state, 0, "launch 1e")
    state, _ = play(state, 0, "move P9 O9")
    with pytest.raises(IllegalCommand, match="already launched or split"):
        play(state, 0, "launch 1e")


def test_after_a_launch_no_other_ship_may_be_activated():
    state = position(ships=((0, "I9", (3, 0, 0)),), reserves=(25, 25))
    state, _ = play(state, 0, "launch 1e")
    with pytest.raises(IllegalCommand, match="only the new ship"):
        play(state, 0, "move I9 J9")


def test_a_launch_ends_the_current_activation():
    state = position(ships=((0, "I9", (3, 0, 0)),), reserves=(25, 25))
    state, _ = play(state, 0, "move I9 J9")
    state, _ = play(state, 0, "launch 1e")
    with pytest.raises(IllegalCommand):
        play(state, 0, "move J9 K9")


def test_launch_needs_the_home_base_free_of_your_own_ships():
    state = position(ships=((0, "P9", (1, 0, 0)),), reserves=(25, 25))
    with pytest.raises(IllegalCommand, match="home base P9 holds one of your ships"):
        play(state, 0, "launch 1e")
    assert not [c for c in legal_commands(state, 0) if c.startswith("launch")]


def test_invaders_on_a_rebels_base_do_not_block_the_rebels_launch():
    state = position(
        players=3,
        factions=("rebels", "bankers", "swarm"),
        ships=((1, "I3", (1, 0, 0)),),
        reserves=(10, 10, 10),
    )
    after, _ = play(state, 0, "launch 2e")
    assert sorted(s.owner for s in after.ships if s.cell == "I3") == [0, 1]


def test_metatalon_launch_over_15_cents_needs_a_dime():
    state = position("metatalon", reserves=(26, 26))
    with pytest.raises(IllegalCommand, match="needs a dime"):
        play(state, 0, "launch 1p 3n")
    after, _ = play(state, 0, "launch 1p 1n 1d")
    assert after.ships[0].value == 16


def test_metatalon_anarchists_need_a_dime_only_over_20():
    state = position("metatalon", factions=("anarchists", "bankers"), reserves=(26, 26))
    after, _ = play(state, 0, "launch 4n")
    assert after.ships[0].value == 20
    with pytest.raises(IllegalCommand, match="more than 20 cents needs a dime"):
        play(state, 0, "launch 1p 4n")


def test_token_has_no_ship_limit():
    state = position(reserves=(25, 25))
    after, _ = play(state, 0, "launch 20e 1w")
    assert after.ships[0].value == 25


# === first activation: territory borders ===


def _border_case(edition: str, players: int, faction: str):
    """A launched ship with plenty of engines; which spaces it reaches now and on a later turn."""
    factions = (
        (faction,) + ("bankers",) * (players - 1)
        if edition != "token"
        else (
            (faction,)
            + tuple(
                f for f in ("bankers", "swarm", "rebels", "adapters", "zoomers", "warriors") if f != faction
            )
        )[:players]
    )
    state = position(edition, players, factions=factions, reserves=(40,) * players)
    launched, _ = play(state, 0, "launch 12e" if edition == "token" else "launch 10p")
    later = launched.__class__.from_dict({**launched.to_dict(), "new_ship": None})
    now = {c.split()[2] for c in legal_commands(launched, 0) if c.startswith("move")}
    free = {c.split()[2] for c in legal_commands(later, 0) if c.startswith("move")}
    return launched, now, free


@pytest.mark.parametrize(
    ("edition", "players"),
    [("token", 2), ("token", 3), ("token", 4), ("token", 6), ("metatalon", 4), ("web2002", 2)],
)
def test_a_launched_ship_may_not_cross_a_blocked_border_on_its_first_activation(edition, players):
    launched, now, free = _border_case(edition, players, "bankers")
    assert now < free
    b = board(edition)
    home = launched.seats[0].home
    for cell in now:  # every space reached without crossing a border the rules block
        assert cell in free
    blocked_dest = sorted(free - now)[0]
    with pytest.raises(IllegalCommand):
        play(launched, 0, f"move {home} {blocked_dest}")
    assert any(b.first_activation_blocked(players, home, a, n) for a in b.cells for n in b.neighbours(a))


@pytest.mark.parametrize(
    ("edition", "players"),
    [("token", 2), ("token", 3), ("token", 4), ("token", 6), ("metatalon", 2), ("web2002", 4)],
)
def test_anarchists_cross_any_border_on_their_first_activation(edition, players):
    _, now, free = _border_case(edition, players, "anarchists")
    assert now == free
    _, others_now, others_free = _border_case(edition, players, "bankers")
    assert others_now < others_free  # the same launch is held back for any other faction


# === the Swarm ===

SWARM = ("swarm", "bankers")


def test_the_swarm_splits_a_stack_onto_an_adjacent_space():
    state = position(factions=SWARM, ships=((0, "I9", (3, 1, 0)),))
    after, events = play(state, 0, "split I9 J9 1e 1w")
    assert ship_at(after, "I9").pieces == (2, 0, 0) and ship_at(after, "J9").pieces == (1, 1, 0)
    assert of_type(events, "split") == [
        {
            "type": "split",
            "seat": 0,
            "ship": 1,
            "new_ship": 2,
            "from": "I9",
            "to": "J9",
            "pieces": [1, 1, 0],
            "remaining": [2, 0, 0],
        }
    ]
    assert ship_at(after, "J9").id == 2
    assert "split I9 J9 1e 1w" in legal_commands(state, 0)


def test_a_stack_of_an_engine_and_a_shield_splits_in_two():
    state = position(factions=SWARM, ships=((0, "I9", (1, 0, 1)),))
    after, _ = play(state, 0, "split I9 J9 1s")
    assert ship_at(after, "I9").pieces == (1, 0, 0) and ship_at(after, "J9").pieces == (0, 0, 1)


def test_on_a_shared_rebels_base_the_swarms_first_ship_there_splits():
    state = position(
        players=3,
        factions=("swarm", "rebels", "bankers"),
        ships=((1, "C3", (4, 0, 0)), (0, "M12", (2, 0, 0)), (0, "M12", (3, 0, 0))),
        reserves=(5, 0, 5),
    )
    after, events = play(state, 0, "split M12 N12 1e")
    assert of_type(events, "split")[0]["ship"] == 2
    assert sorted(s.pieces for s in after.ships if s.cell == "M12") == [(1, 0, 0), (3, 0, 0)]


def test_a_split_makes_no_change():
    state = position(factions=SWARM, ships=((0, "I9", (3, 1, 0)),))
    with pytest.raises(IllegalCommand, match="no change-making"):
        play(state, 0, "split I9 J9 5e")


def test_both_stacks_need_a_piece():
    state = position(factions=SWARM, ships=((0, "I9", (3, 1, 0)),))
    with pytest.raises(IllegalCommand, match="at least one piece"):
        play(state, 0, "split I9 J9 3e 1w")


def test_the_new_stack_needs_an_adjacent_empty_space():
    state = position(factions=SWARM, ships=((0, "I9", (3, 1, 0)), (1, "J9", (1, 0, 0))))
    with pytest.raises(IllegalCommand, match="occupied"):
        play(state, 0, "split I9 J9 1e")
    with pytest.raises(IllegalCommand, match="not next to"):
        play(state, 0, "split I9 L9 1e")


def test_split_instead_of_launching_and_nothing_acts_after_it():
    state = position(factions=SWARM, ships=((0, "I9", (3, 1, 0)),), reserves=(10, 10))
    split, _ = play(state, 0, "split I9 J9 1e")
    with pytest.raises(IllegalCommand, match="already launched or split"):
        play(split, 0, "launch 1e")
    with pytest.raises(IllegalCommand, match="split a ship this turn"):
        play(split, 0, "move I9 H9")
    launched, _ = play(state, 0, "launch 1e")
    with pytest.raises(IllegalCommand, match="already launched or split"):
        play(launched, 0, "split I9 J9 1e")


def test_only_the_swarm_splits():
    state = position(factions=("bankers", "swarm"), ships=((0, "I9", (3, 1, 0)),))
    with pytest.raises(IllegalCommand, match="Only the Swarm"):
        play(state, 0, "split I9 J9 1e")
    assert not [c for c in legal_commands(state, 0) if c.startswith("split")]


def test_metatalon_split_stacks_keep_the_dime_rule():
    state = position("metatalon", factions=SWARM, ships=((0, "C6", (0, 4, 1)),))
    with pytest.raises(IllegalCommand, match="needs a dime"):
        play(state, 0, "split C6 D6 1d")  # leaves 4 nickels = 20 cents without a dime


def test_launching_the_whole_reserve_keeps_the_seat_in_the_game():
    state = position(reserves=(10, 10))
    after, _ = play(state, 0, "launch 2w")
    assert after.seats[0].reserve == 0 and not after.seats[0].out
    after, events = play(after, 0, "end")
    assert not after.seats[0].out and after.seats[0].reserve == 1


def test_each_new_ship_takes_the_next_number():
    state = position(factions=SWARM, ships=((0, "I9", (2, 1, 0)),), reserves=(9, 9))
    assert state.next_ship == 2
    launched, _ = play(state, 0, "launch 1e")
    assert launched.ships[-1].id == 2 and launched.next_ship == 3
    split, _ = play(state, 0, "split I9 J9 1w")
    assert split.ships[-1].id == 2 and split.next_ship == 3


def test_the_launch_event_gives_the_new_ship_whole():
    state = position(reserves=(9, 9))
    _, events = play(state, 0, "launch 2e 1w")
    assert of_type(events, "launch") == [
        {
            "type": "launch",
            "seat": 0,
            "ship": 1,
            "cell": "P9",
            "pieces": [2, 1, 0],
            "text": "2e 1w",
            "value": 7,
            "reserve": 2,
        }
    ]


def test_the_border_rule_ends_with_the_turn_it_was_launched_in():
    state = position(factions=("bankers", "swarm"), reserves=(20, 20))
    state = play(state, 0, "launch 8e; end")[0]
    state = play(state, 1, "end")[0]
    after, _ = play(state, 0, "move P9 O8 O7 N7 M7 L7 K7 J7 I7")
    assert ship_at(after, "I7")


def test_a_reserve_of_exactly_one_launches_a_one_credit_ship():
    after, _ = play(position(reserves=(1, 5)), 0, "launch 1e")
    assert after.ships[0].pieces == (1, 0, 0) and after.seats[0].reserve == 0 and not after.seats[0].out


def test_a_launched_ship_counts_as_acted_this_turn():
    after, _ = play(position(reserves=(5, 5)), 0, "launch 1e")
    assert after.used == (after.ships[0].id,) and after.activation.ship == after.ships[0].id


def test_a_split_ends_the_activation_of_the_ship_that_was_acting():
    state = position(factions=SWARM, ships=((0, "I9", (2, 0, 0)), (0, "F9", (2, 1, 0))))
    state, _ = play(state, 0, "move I9 J9")
    after, _ = play(state, 0, "split F9 E9 1w")
    assert after.activation is None
    with pytest.raises(
        IllegalCommand, match="^You split a ship this turn: no ship may act any more; say end$"
    ):
        play(after, 0, "move J9 K9")

"""Invasion (reserve 0), Rebels' three ships, Takeover and Spoils of War, the base becoming unowned."""

import pytest

from games.kinds.metaltalon.engine import IllegalCommand, legal_commands, play

from .helpers import board, of_type, position

# Token, three players: seat 0 at I3, seat 1 at M12, seat 2 at D12.
TARGET_HOME = "M12"


def approach(n: int = 1) -> list[str]:
    """n empty spaces next to seat 1's home base (none of them a base)."""
    b = board()
    return [c for c in b.neighbours(TARGET_HOME) if c not in b.base_cells][:n]


def three(factions=("bankers", "swarm", "adapters"), reserves=(5, 0, 5), extra=(), **kw):
    a = approach()[0]
    ships = ((0, a, (2, 1, 0)), (1, "I9", (4, 0, 0)), (1, "H9", (1, 0, 0))) + extra
    return position(players=3, factions=factions, ships=ships, reserves=reserves, **kw), a


def test_an_enemy_home_base_with_a_reserve_cannot_be_entered():
    state, a = three(reserves=(5, 3, 5))
    with pytest.raises(IllegalCommand, match="invaded only when their reserve is 0"):
        play(state, 0, f"move {a} {TARGET_HOME}")
    assert f"move {a} {TARGET_HOME}" not in legal_commands(state, 0)


def test_landing_on_a_home_base_with_no_reserve_puts_the_owner_out_and_their_ships_go_to_the_bank():
    state, a = three()
    after, events = play(state, 0, f"move {a} {TARGET_HOME}")
    assert of_type(events, "invade") == [
        {"type": "invade", "seat": 0, "ship": 1, "cell": TARGET_HOME, "target": 1, "landed": 1, "needed": 1}
    ]
    assert after.seats[1].out and after.seats[1].out_reason == "invaded"
    assert [s.owner for s in after.ships] == [0]
    assert after.bank == state.bank + 5
    assert of_type(events, "out") == [
        {"type": "out", "seat": 1, "reason": "invaded", "by": 0, "ships": 2, "value": 5, "reserve": 0}
    ]
    assert after.phase == "play"


def test_an_invaded_base_becomes_unowned_and_pays_income():
    state, a = three()
    after, _ = play(state, 0, f"move {a} {TARGET_HOME}")
    after, events = play(after, 0, "end")
    assert of_type(events, "income")[0] == {
        "type": "income",
        "seat": 0,
        "amount": 2,
        "base_ships": 1,
        "reserve": 7,
    }


def test_takeover_gives_the_invader_the_ships():
    state, a = three(variants=("takeover",))
    after, events = play(state, 0, f"move {a} {TARGET_HOME}")
    assert sorted(s.owner for s in after.ships) == [0, 0, 0]
    assert of_type(events, "takeover") == [{"type": "takeover", "seat": 0, "from": 1, "ships": [2, 3]}]
    assert after.bank == state.bank  # the ships changed hands: nothing went to the bank
    after, _ = play(after, 0, "move I9 J9")  # taken-over ships act for the invader at once
    assert after.activation is not None


def test_spoils_of_war_put_the_ships_value_in_the_invaders_reserve():
    state, a = three(variants=("spoils",))
    after, events = play(state, 0, f"move {a} {TARGET_HOME}")
    assert [s.owner for s in after.ships] == [0]
    assert after.seats[0].reserve == 10 and after.bank == state.bank
    assert of_type(events, "spoils") == [{"type": "spoils", "seat": 0, "from": 1, "value": 5, "reserve": 10}]


def test_invading_the_last_opponent_wins():
    state = position(players=2, reserves=(5, 0))
    home = state.seats[1].home
    near = [c for c in board().neighbours(home) if c not in board().base_cells][0]
    state = position(players=2, ships=((0, near, (1, 0, 0)), (1, "I9", (1, 0, 0))), reserves=(5, 0))
    after, _ = play(state, 0, f"move {near} {home}")
    assert after.phase == "over" and after.winner == 0


# === Rebels ===


def rebels(extra=()):
    cells = approach(3)
    ships = tuple((0, c, (1, 0, 0)) for c in cells) + ((1, "I9", (4, 0, 0)),) + extra
    state = position(players=3, factions=("bankers", "rebels", "swarm"), ships=ships, reserves=(5, 0, 5))
    return state, cells


def test_rebels_need_three_ships_of_one_invader_sharing_their_base():
    state, cells = rebels()
    state, events = play(state, 0, f"move {cells[0]} {TARGET_HOME}")
    assert of_type(events, "invade")[0]["landed"] == 1 and not state.seats[1].out
    state, _ = play(state, 0, f"move {cells[1]} {TARGET_HOME}")
    assert not state.seats[1].out
    assert sum(1 for s in state.ships if s.cell == TARGET_HOME) == 2
    state, events = play(state, 0, f"move {cells[2]} {TARGET_HOME}")
    assert state.seats[1].out and of_type(events, "invade")[0]["landed"] == 3
    assert sum(1 for s in state.ships if s.cell == TARGET_HOME) == 3  # ships landed earlier stay


def test_ships_of_different_invaders_do_not_add_up_against_the_rebels():
    cells = approach(3)
    ships = (
        (2, TARGET_HOME, (1, 0, 0)),
        (2, "B2", (1, 0, 0)),
        (0, cells[0], (1, 0, 0)),
        (0, cells[1], (1, 0, 0)),
        (1, "I9", (4, 0, 0)),
    )
    state = position(players=3, factions=("bankers", "rebels", "swarm"), ships=ships, reserves=(5, 0, 5))
    state, _ = play(state, 0, f"move {cells[0]} {TARGET_HOME}")
    state, _ = play(state, 0, f"move {cells[1]} {TARGET_HOME}")
    assert not state.seats[1].out


def test_a_rebels_ship_on_its_own_base_keeps_invaders_out():
    cells = approach(1)
    ships = ((0, cells[0], (1, 0, 0)), (1, TARGET_HOME, (4, 0, 0)))
    state = position(players=3, factions=("bankers", "rebels", "swarm"), ships=ships, reserves=(5, 0, 5))
    with pytest.raises(IllegalCommand, match="occupied"):
        play(state, 0, f"move {cells[0]} {TARGET_HOME}")


@pytest.mark.parametrize("edition", ["metatalon", "web2002"])
def test_coin_editions_invade_a_home_base_with_no_reserve(edition):
    b = board(edition)
    state = position(edition, players=2, reserves=(5, 0))
    home = state.seats[1].home
    near = next(c for c in b.neighbours(home) if c not in b.base_cells)
    state = position(edition, players=2, ships=((0, near, (1, 0, 0)), (1, "I6", (1, 0, 0))), reserves=(5, 0))
    after, _ = play(state, 0, f"move {near} {home}")
    assert after.seats[1].out and after.winner == 0

"""Ending the turn (income, next seat), out-of-turn commands, standing orders, resigning, several
commands in one text."""

import pytest

from games.kinds.metaltalon.engine import IllegalCommand, legal_commands, play
from games.kinds.metaltalon.engine.editions import credits_total

from .helpers import QueueDice, of_type, position, ship_at


def test_end_collects_one_credit_and_passes_to_the_next_seat():
    state = position(players=3, factions=("bankers", "swarm", "rebels"), reserves=(5, 5, 5))
    after, events = play(state, 0, "end")
    assert after.seats[0].reserve == 6 and after.bank == state.bank - 1
    assert after.active == 1 and after.turn == state.turn + 1
    assert of_type(events, "turn") == [{"type": "turn", "seat": 1, "turn": after.turn, "round": 1}]


def test_each_own_ship_on_an_unowned_base_adds_a_credit():
    # Two players: L2 and E2 are unused bases, so unowned; P9 is seat 0's own home.
    state = position(
        ships=((0, "L2", (1, 0, 0)), (0, "E2", (1, 0, 0)), (0, "P9", (1, 0, 0))), reserves=(0, 5)
    )
    after, events = play(state, 0, "end")
    assert of_type(events, "income")[0]["amount"] == 3
    assert after.seats[0].reserve == 3


@pytest.mark.parametrize("bank", [0, 1, 2])
def test_income_is_what_the_bank_still_holds_when_it_holds_less_than_is_due(bank):
    ships = ((0, "L2", (1, 0, 0)), (0, "E2", (1, 0, 0)))  # 3 due: 1 + two unowned bases
    state = position(ships=ships, reserves=(0, credits_total(2) - 2 - bank))
    assert state.bank == bank
    after, events = play(state, 0, "end")
    assert of_type(events, "income")[0]["amount"] == bank
    assert after.seats[0].reserve == bank and after.bank == 0


def test_the_last_seat_passes_back_to_the_first_skipping_seats_that_are_out():
    state = position(players=4, reserves=(5, 5, 5, 5), active=2)
    state, _ = play(state, 3, "resign")
    after, _ = play(state, 2, "end")
    assert after.active == 0


def test_commands_out_of_turn_are_refused_with_whose_turn_it_is():
    state = position(players=3, factions=("bankers", "swarm", "rebels"), reserves=(5, 5, 5))
    with pytest.raises(IllegalCommand, match="It is Player A \\(.*\\)'s turn"):
        play(state, 2, "end")


def test_a_seat_not_to_act_may_only_send_orders_and_resign():
    state = position(players=3, factions=("bankers", "murphys", "rebels"), reserves=(5, 5, 5))
    listed = legal_commands(state, 1)
    assert "resign" in listed and "order murphy off" in listed and "order damage ews" in listed
    assert all(c == "resign" or c.startswith("order ") for c in listed)
    assert "order murphy 5" not in legal_commands(state, 2)


def test_the_damage_order_chooses_what_a_hit_ship_keeps():
    state = position(ships=((0, "I9", (0, 1, 0)), (1, "J9", (4, 1, 0))))
    state, _ = play(state, 1, "order damage ews")
    after, _ = play(state, 0, "fire I9 J9", dice=QueueDice(3))
    assert ship_at(after, "J9").pieces == (6, 0, 0)


def test_orders_are_checked_against_the_faction_and_the_die():
    state = position(factions=("murphys", "bankers"))
    with pytest.raises(IllegalCommand, match="Only Clovers"):
        play(state, 0, "order clover 3")
    with pytest.raises(IllegalCommand, match="from 1 to 6"):
        play(state, 0, "order murphy 7")
    after, events = play(state, 0, "order murphy 4")
    assert after.seats[0].orders.murphy == 4 and of_type(events, "order")[0]["value"] == 4


def test_adapters_set_their_adapt_order():
    state = position(factions=("adapters", "bankers"))
    after, _ = play(state, 0, "order adapt off")
    assert after.seats[0].orders.adapt == "off"
    after, _ = play(after, 0, "order adapt same")
    assert after.seats[0].orders.adapt is None


def test_a_seat_resigning_out_of_turn_leaves_its_ships_and_reserve_to_the_bank():
    state = position(
        players=3, factions=("bankers", "swarm", "rebels"), ships=((1, "I9", (4, 0, 0)),), reserves=(5, 7, 5)
    )
    after, events = play(state, 1, "resign")
    assert after.seats[1].out and after.seats[1].out_reason == "resigned"
    assert after.ships == () and after.bank == state.bank + 11
    assert after.active == 0 and of_type(events, "out")[0]["reason"] == "resigned"
    assert legal_commands(after, 1) == []
    with pytest.raises(IllegalCommand, match="Player B \\(.*\\) is out"):
        play(after, 1, "order damage ews")


def test_the_active_seat_resigning_passes_the_turn_without_income():
    state = position(players=3, factions=("bankers", "swarm", "rebels"), reserves=(5, 5, 5))
    after, _ = play(state, 0, "resign")
    assert after.active == 1 and after.bank == state.bank + 5


def test_resigning_in_a_two_player_game_hands_the_win_to_the_other_seat():
    after, _ = play(position(reserves=(5, 5)), 1, "resign")
    assert after.phase == "over" and after.winner == 0 and after.to_act == ()


def test_several_commands_apply_in_order_with_events_concatenated():
    state = position(ships=((0, "I9", (3, 0, 0)),), reserves=(5, 5))
    after, events = play(state, 0, "move I9 J9; move J9 K9\nend")
    assert [e["type"] for e in events][:3] == ["move", "move", "income"]
    assert ship_at(after, "K9") and after.active == 1


def test_several_commands_are_all_or_nothing():
    state = position(ships=((0, "I9", (3, 0, 0)),), reserves=(5, 5))
    before = state.to_dict()
    with pytest.raises(IllegalCommand, match=r"Command 2 \(move J9 N9\)"):
        play(state, 0, "move I9 J9; move J9 N9")
    assert state.to_dict() == before


def test_reroll_or_accept_with_nothing_pending_is_refused():
    state = position(reserves=(5, 5))
    with pytest.raises(IllegalCommand, match="no roll waiting"):
        play(state, 0, "accept")


def test_the_active_seat_lists_moves_fires_launches_end_resign_and_orders():
    state = position(ships=((0, "I9", (1, 1, 0)), (1, "J8", (1, 0, 0))), reserves=(2, 5))
    listed = legal_commands(state, 0)
    assert "move I9 I10" in listed and "fire I9 J8" in listed and "launch 2e" in listed
    assert {"end", "resign", "order damage swe"} <= set(listed)


def test_a_ship_on_the_base_of_a_seat_wiped_out_earns_income():
    # Seat 1 has no ships and 0 reserve once its base is emptied: out, and M12 becomes unowned.
    state = position(
        players=3,
        factions=("bankers", "swarm", "rebels"),
        ships=((0, "L12", (0, 1, 0)), (0, "M11", (1, 0, 0)), (2, "I9", (1, 0, 0))),
        reserves=(0, 1, 5),
    )
    state, _ = play(state, 0, "fire L12 M12", dice=QueueDice(6))
    assert state.seats[1].out
    state, _ = play(state, 0, "move M11 M12")
    after, events = play(state, 0, "end")
    assert of_type(events, "income")[0]["base_ships"] == 1 and after.seats[0].reserve == 2


@pytest.mark.parametrize("seat", [-1, 2, "0", None, True])
def test_no_commands_are_listed_for_a_seat_not_in_the_game(seat):
    assert legal_commands(position(), seat) == []


def test_a_new_turn_starts_with_no_ship_acting_none_used_and_nothing_launched():
    state = position(ships=((0, "I9", (3, 1, 0)),), reserves=(3, 10))
    state = play(state, 0, "move I9 H9")[0]
    state = play(state, 0, "launch 1e")[0]
    assert state.activation is not None and state.used and state.launched is not None
    after = play(state, 0, "end")[0]
    assert (after.activation, after.used, after.launched, after.new_ship, after.pending) == (None, (), None,
                                                                                             None, None)


def test_seats_wiped_out_together_are_each_put_out_and_told():
    from games.kinds.metaltalon.engine.turn import settle

    state = position(players=4, ships=((0, "I9", (3, 0, 0)), (3, "C3", (3, 0, 0))), reserves=(5, 0, 0, 5))
    after, events = settle(state)
    assert [e["seat"] for e in of_type(events, "out")] == [1, 2]
    assert after.seats[1].out and after.seats[2].out


def test_a_player_to_act_who_is_wiped_out_is_told_and_the_turn_passes_on():
    from games.kinds.metaltalon.engine.turn import settle

    state = position(players=3, ships=((1, "I9", (3, 0, 0)), (2, "C3", (3, 0, 0))), reserves=(0, 5, 5))
    assert state.active == 0
    after, events = settle(state)
    assert [e["seat"] for e in of_type(events, "out")] == [0]  # told, before the turn passes on
    assert after.active == 1 and events.index(of_type(events, "out")[0]) < len(events) - 1

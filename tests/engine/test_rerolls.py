"""Murphys force, then Clovers reroll, each once, by standing orders; a Clovers roller without an
automatic reroll is asked (RULINGS: "Decisions out of turn")."""

import pytest

from games.engine import IllegalCommand, legal_commands, play

from .helpers import QueueDice, of_type, position

GUN = (2, 2, 0)
TARGET = (9, 0, 0)


def shot(factions, rolls, reserves=(10, 10), text="fire I9 J9", **fields):
    state = position(
        factions=factions, ships=((0, "I9", GUN), (1, "J9", TARGET)), reserves=reserves, **fields
    )
    return state, play(state, 0, text, dice=QueueDice(*rolls))


def test_murphys_force_a_reroll_of_a_high_roll_against_their_ship_paying_two():
    state, (after, events) = shot(("bankers", "murphys"), (5, 2))
    assert of_type(events, "murphy")[0]["paid"] == 2
    assert after.seats[1].reserve == 8
    assert of_type(events, "fire")[0]["damage"] == 2


def test_murphys_leave_a_roll_below_their_order():
    _, (after, events) = shot(("bankers", "murphys"), (4,))
    assert not of_type(events, "murphy") and after.seats[1].reserve == 10


def test_murphys_order_threshold_and_off():
    state = position(
        factions=("bankers", "murphys"), ships=((0, "I9", GUN), (1, "J9", TARGET)), reserves=(10, 10)
    )
    state, _ = play(state, 1, "order murphy 3")
    _, events = play(state, 0, "fire I9 J9", dice=QueueDice(3, 1))
    assert of_type(events, "murphy")
    state, _ = play(state, 1, "order murphy off")
    _, events = play(state, 0, "fire I9 J9", dice=QueueDice(6))
    assert not of_type(events, "murphy")


def test_murphys_who_cannot_pay_two_do_not_force():
    _, (after, events) = shot(("bankers", "murphys"), (6,), reserves=(10, 1))
    assert not of_type(events, "murphy")


def test_murphys_force_only_rolls_against_their_own_ships_or_base():
    state = position(
        players=3,
        factions=("bankers", "murphys", "rebels"),
        ships=((0, "I9", GUN), (2, "J9", TARGET)),
        reserves=(10, 10, 10),
    )
    _, events = play(state, 0, "fire I9 J9", dice=QueueDice(6))
    assert not of_type(events, "murphy")


def test_clovers_reroll_automatically_below_their_order():
    state = position(
        factions=("clovers", "bankers"), ships=((0, "I9", GUN), (1, "J9", TARGET)), reserves=(10, 10)
    )
    state, _ = play(state, 0, "order clover 4")
    after, events = play(state, 0, "fire I9 J9", dice=QueueDice(2, 6))
    assert of_type(events, "clover")[0]["auto"] is True
    assert after.seats[0].reserve == 9 and of_type(events, "fire")[0]["damage"] == 6
    assert after.pending is None


def test_clovers_without_an_automatic_reroll_are_asked_reroll_or_accept():
    state, (after, events) = shot(("clovers", "bankers"), (3,))
    assert after.pending is not None and after.pending.roll == 3
    assert not of_type(events, "fire")
    assert legal_commands(after, 0) == ["reroll", "accept"]
    assert after.to_act == (0,)
    with pytest.raises(IllegalCommand, match="answer reroll"):
        play(after, 0, "end")
    with pytest.raises(IllegalCommand, match="Waiting for seat 0"):
        play(after, 1, "end")


def test_accept_applies_the_pending_roll():
    _, (pending, _) = shot(("clovers", "bankers"), (3,))
    after, events = play(pending, 0, "accept")
    assert of_type(events, "fire")[0]["damage"] == 3
    assert after.pending is None and after.seats[0].reserve == 10


def test_reroll_pays_one_and_applies_the_new_roll():
    _, (pending, _) = shot(("clovers", "bankers"), (3,))
    after, events = play(pending, 0, "reroll", dice=QueueDice(6))
    assert after.seats[0].reserve == 9 and after.bank == pending.bank + 1 + 6
    assert of_type(events, "fire")[0]["damage"] == 6


def test_clovers_who_cannot_pay_are_not_asked():
    _, (after, events) = shot(("clovers", "bankers"), (3,), reserves=(0, 10))
    assert after.pending is None and of_type(events, "fire")


def test_murphys_force_first_then_the_clovers_roller_rerolls_once():
    state = position(
        factions=("clovers", "murphys"), ships=((0, "I9", GUN), (1, "J9", TARGET)), reserves=(10, 10)
    )
    state, _ = play(state, 0, "order clover 3")
    after, events = play(state, 0, "fire I9 J9", dice=QueueDice(6, 1, 5))
    kinds = [e["type"] for e in events if e["type"] in ("roll", "murphy", "clover", "fire")]
    assert kinds == ["roll", "murphy", "roll", "clover", "roll", "fire"]
    assert of_type(events, "fire")[0]["roll"] == 5  # the 5 stands: no second Murphys force
    assert after.seats[1].reserve == 8 and after.seats[0].reserve == 9


def test_the_pending_roller_may_not_send_orders_but_others_may():
    _, (pending, _) = shot(("clovers", "bankers"), (3,))
    with pytest.raises(IllegalCommand):
        play(pending, 0, "order damage ews")
    after, _ = play(pending, 1, "order damage ews")
    assert after.seats[1].orders.damage == "ews"

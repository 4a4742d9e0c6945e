"""Murphys force, then Clovers reroll, each once, by standing orders; a Clovers roller without an
automatic reroll is asked (docs/rules.md: "Rerolls: Murphys and Clovers")."""

import pytest

from games.kinds.metaltalon.engine import IllegalCommand, legal_commands, play

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


def test_murphys_never_pay_their_last_two_credits_with_no_ship_in_play():
    # Shot at B9 from G9: four spaces between, so a 5 does 1 damage and leaves the Murphys in with 1.
    state = position(factions=("bankers", "murphys"), ships=((0, "G9", GUN),), reserves=(10, 2))
    after, events = play(state, 0, "fire G9 B9", dice=QueueDice(5, 6))
    assert not of_type(events, "murphy")
    assert not after.seats[1].out and after.seats[1].reserve == 1


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


def test_murphys_two_seats_after_the_roller_still_force_the_reroll():
    state = position(
        players=3,
        factions=("bankers", "rebels", "murphys"),
        ships=((0, "I9", GUN), (2, "J9", TARGET)),
        reserves=(10, 10, 10),
    )
    after, events = play(state, 0, "fire I9 J9", dice=QueueDice(6, 2))
    assert of_type(events, "murphy") == [{"type": "murphy", "seat": 2, "roller": 0, "paid": 2, "old": 6}]
    assert after.seats[2].reserve == 8 and of_type(events, "fire")[0]["damage"] == 2


def test_clovers_reroll_automatically_below_their_order():
    state = position(
        factions=("clovers", "bankers"), ships=((0, "I9", GUN), (1, "J9", TARGET)), reserves=(10, 10)
    )
    state, _ = play(state, 0, "order clover 4")
    after, events = play(state, 0, "fire I9 J9", dice=QueueDice(2, 6))
    assert of_type(events, "clover") == [{"type": "clover", "seat": 0, "paid": 1, "old": 2, "auto": True}]
    # The new roll is the shooter's, told as a Clovers reroll.
    assert of_type(events, "roll")[1] == {"type": "roll", "seat": 0, "die": "d6", "raw": 6, "roll": 6,
                                          "why": "clover"}
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
    with pytest.raises(IllegalCommand, match="Waiting for Player A"):
        play(after, 1, "end")


def test_accept_applies_the_pending_roll():
    _, (pending, _) = shot(("clovers", "bankers"), (3,))
    after, events = play(pending, 0, "accept")
    assert of_type(events, "fire")[0]["damage"] == 3
    assert after.pending is None and after.seats[0].reserve == 10


def test_reroll_pays_one_and_applies_the_new_roll():
    _, (pending, _) = shot(("clovers", "bankers"), (3,))
    after, events = play(pending, 0, "reroll", dice=QueueDice(6))
    assert of_type(events, "clover") == [{"type": "clover", "seat": 0, "paid": 1, "old": 3, "auto": False}]
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


@pytest.mark.parametrize(
    ("edition", "dice_mode", "raw", "top"),
    [("token", "d6", 6, 6), ("metatalon", "stopwatch", 0, 5), ("web2002", "stopwatch", 9, 5)],
)
def test_a_clovers_roll_of_the_highest_face_is_accepted_without_asking(edition, dice_mode, raw, top):
    cells = ("I9", "J9") if edition == "token" else ("C6", "D6")
    state = position(
        edition,
        factions=("clovers", "bankers"),
        ships=((0, cells[0], GUN), (1, cells[1], (20, 0, 0))),
        reserves=(10, 10),
        dice_mode=dice_mode,
    )
    after, events = play(state, 0, f"fire {cells[0]} {cells[1]}", dice=QueueDice(raw))
    assert after.pending is None and not of_type(events, "pending")
    assert of_type(events, "fire")[0]["roll"] == top and after.seats[0].reserve == 10
    below = 5 if dice_mode == "d6" else 8  # one face lower still asks
    waiting, _ = play(state, 0, f"fire {cells[0]} {cells[1]}", dice=QueueDice(below))
    assert waiting.pending is not None


def test_with_two_murphys_seats_only_the_one_fired_at_forces_and_only_once():
    # Coin species repeat: seat 1 (Murphys, not fired at) comes first after the roller, but only
    # seat 2, whose ship is the target, may force; the forced roll is not forced again.
    state = position(
        "web2002",
        players=3,
        factions=("bankers", "murphys", "murphys"),
        ships=((0, "C6", GUN), (2, "D6", TARGET)),
        reserves=(10, 10, 10),
    )
    after, events = play(state, 0, "fire C6 D6", dice=QueueDice(6, 6))
    assert [e["seat"] for e in of_type(events, "murphy")] == [2]
    assert of_type(events, "fire")[0]["roll"] == 6
    assert (after.seats[1].reserve, after.seats[2].reserve) == (10, 8)


def test_a_clovers_roller_asked_to_answer_resigns_after_answering_in_the_same_message():
    _, (pending, _) = shot(("clovers", "bankers"), (3,))
    with pytest.raises(IllegalCommand, match="answer reroll"):
        play(pending, 0, "resign")
    after, events = play(pending, 0, "accept; resign")
    assert of_type(events, "fire")[0]["damage"] == 3
    assert after.seats[0].out and after.phase == "over" and after.winner == 1


# === the ends of each range: exactly enough credits, a roll equal to the order's number ===


def test_murphys_with_exactly_two_credits_and_a_ship_in_play_still_force():
    state = position(
        factions=("bankers", "murphys"),
        ships=((0, "I9", GUN), (1, "J9", TARGET)),
        reserves=(10, 2),
    )
    after, events = play(state, 0, "fire I9 J9", dice=QueueDice(6, 1))
    assert of_type(events, "murphy")[0]["paid"] == 2
    assert after.seats[1].reserve == 0 and not after.seats[1].out
    assert of_type(events, "fire")[0]["roll"] == 1


def test_murphys_with_three_credits_and_no_ship_force_and_stay_in():
    state = position(factions=("bankers", "murphys"), ships=((0, "G9", GUN),), reserves=(10, 3))
    after, events = play(state, 0, "fire G9 B9", dice=QueueDice(6, 1))
    assert of_type(events, "murphy") and after.seats[1].reserve == 1 and not after.seats[1].out


def test_murphys_force_a_roll_equal_to_their_order():
    state = position(
        factions=("bankers", "murphys"), ships=((0, "I9", GUN), (1, "J9", TARGET)), reserves=(10, 10)
    )
    _, events = play(state, 0, "fire I9 J9", dice=QueueDice(5, 1))  # the default order is 5
    assert of_type(events, "murphy")[0]["old"] == 5


def test_clovers_with_exactly_one_credit_reroll_automatically():
    state = position(
        factions=("clovers", "bankers"), ships=((0, "I9", GUN), (1, "J9", TARGET)), reserves=(1, 10)
    )
    state, _ = play(state, 0, "order clover 4")
    after, events = play(state, 0, "fire I9 J9", dice=QueueDice(3, 6))
    assert of_type(events, "clover")[0] == {"type": "clover", "seat": 0, "paid": 1, "old": 3, "auto": True}
    assert after.seats[0].reserve == 0 and of_type(events, "fire")[0]["roll"] == 6


def test_a_clovers_roll_equal_to_their_order_is_not_rerolled_automatically():
    state = position(
        factions=("clovers", "bankers"), ships=((0, "I9", GUN), (1, "J9", TARGET)), reserves=(10, 10)
    )
    state, _ = play(state, 0, "order clover 4")
    after, events = play(state, 0, "fire I9 J9", dice=QueueDice(4))
    assert not of_type(events, "clover") and after.pending is not None and after.pending.roll == 4


def test_a_clovers_roller_with_one_credit_may_reroll_once_and_then_has_nothing():
    _, (pending, _) = shot(("clovers", "bankers"), (2,), reserves=(1, 10))
    after, events = play(pending, 0, "reroll", dice=QueueDice(4))
    assert of_type(events, "clover")[0]["paid"] == 1 and after.seats[0].reserve == 0
    assert of_type(events, "fire")[0]["roll"] == 4 and after.pending is None


# === a pending decision while other seats act ===


def asked_among_three():
    """Seat 0 (Clovers) has rolled 3 at seat 1's ship and is asked; seat 2 looks on."""
    state = position(
        players=3,
        factions=("clovers", "bankers", "swarm"),
        ships=((0, "I9", GUN), (1, "J9", (4, 1, 0)), (2, "C9", (1, 0, 0))),
        reserves=(10, 10, 10),
    )
    return play(state, 0, "fire I9 J9", dice=QueueDice(3))[0]


def test_a_pending_reroll_survives_a_bystander_resigning():
    pending = asked_among_three()
    after, _ = play(pending, 2, "resign")
    assert after.seats[2].out and after.pending == pending.pending and after.to_act == (0,)
    done, events = play(after, 0, "accept")
    assert of_type(events, "fire")[0]["damage"] == 3 and done.pending is None


def test_a_target_resigning_while_the_shooter_decides_leaves_the_shot_nothing_to_hit():
    pending = asked_among_three()
    after, _ = play(pending, 1, "resign")
    assert after.seats[1].out and after.pending is not None and after.to_act == (0,)
    done, events = play(after, 0, "accept")
    fire = of_type(events, "fire")[0]
    assert fire["gone"] is True and fire["damage"] == 0 and not of_type(events, "damage")
    assert done.seats[0].reserve == 10


def test_a_targets_order_changed_while_the_shooter_decides_applies_to_the_shot():
    pending = asked_among_three()
    after, _ = play(pending, 1, "order damage esw")  # keep engines first: cash the weapon
    _, events = play(after, 0, "accept")
    assert of_type(events, "damage")[0]["after"] == [6, 0, 0]


def test_a_game_won_while_a_roll_waits_leaves_nothing_waiting():
    _, (pending, _) = shot(("clovers", "bankers"), (3,))
    after, events = play(pending, 1, "resign")
    assert after.phase == "over" and after.winner == 0
    assert after.pending is None and after.activation is None and after.to_act == ()


# A reroll is asked about (or made by the order) only when some face would take more from the target
# than the roll did: paying 1 for nothing is never offered (rules.md, "Rerolls: Murphys and Clovers").


def test_a_clovers_shot_that_can_do_no_damage_is_not_asked_about_nor_paid_for():
    shielded = (0, 0, 6)  # six shields: no face of a d6 gets through
    state = position(factions=("clovers", "bankers"), ships=((0, "I9", GUN), (1, "J9", shielded)),
                     reserves=(10, 10))
    after, events = play(state, 0, "fire I9 J9", dice=QueueDice(3))
    assert after.pending is None and not of_type(events, "pending")
    assert of_type(events, "fire")[0]["damage"] == 0 and after.seats[0].reserve == 10

    ordered, _ = play(state, 0, "order clover 4")
    after, events = play(ordered, 0, "fire I9 J9", dice=QueueDice(2, 6))
    assert not of_type(events, "clover") and after.seats[0].reserve == 10
    assert of_type(events, "fire")[0]["roll"] == 2


def test_one_shield_fewer_leaves_the_top_face_a_point_of_damage_so_the_roller_is_asked():
    state = position(factions=("clovers", "bankers"), ships=((0, "I9", GUN), (1, "J9", (0, 0, 5))),
                     reserves=(10, 10))
    after, _ = play(state, 0, "fire I9 J9", dice=QueueDice(3))
    assert after.pending is not None and legal_commands(after, 0) == ["reroll", "accept"]


@pytest.mark.parametrize(("target", "roll", "asked"), [
    ((3, 0, 0), 3, False),  # 3 destroys a ship worth 3: a 6 would do no more
    ((3, 0, 0), 2, True),  # 2 leaves it 1: a higher face destroys it
    ((4, 0, 0), 3, True),
])
def test_a_roll_that_already_destroys_the_ship_is_not_asked_about(target, roll, asked):
    state = position(factions=("clovers", "bankers"), ships=((0, "I9", GUN), (1, "J9", target)),
                     reserves=(10, 10))
    after, _ = play(state, 0, "fire I9 J9", dice=QueueDice(roll))
    assert (after.pending is not None) is asked


@pytest.mark.parametrize(("reserve", "roll", "asked"), [(2, 3, False), (3, 3, True), (2, 2, True)])
def test_a_roll_that_already_empties_the_reserve_is_not_asked_about(reserve, roll, asked):
    # D9 to B9: one space between, a penalty of 1.
    state = position(factions=("clovers", "bankers"), ships=((0, "D9", GUN),), reserves=(10, reserve))
    after, _ = play(state, 0, "fire D9 B9", dice=QueueDice(roll))
    assert (after.pending is not None) is asked

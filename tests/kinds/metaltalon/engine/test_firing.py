"""Firing: range penalty on the legal path, shields, Warriors, bases, Vamps per edition, destruction
(docs/rules.md: "Firing")."""

import random

import pytest

from games.kinds.metaltalon.engine import IllegalCommand, legal_commands, new_game, play, shot_preview

from .helpers import QueueDice, asked_to_reroll, board, of_type, position, ship_at

GUN = (2, 2, 0)  # 2 engines, 2 weapons
TARGET = (9, 0, 0)


def fire(state, text, *rolls, seat=0):
    dice = QueueDice(*rolls)
    return play(state, seat, text, dice=dice)


def test_adjacent_target_has_no_range_penalty():
    state = position(ships=((0, "I9", GUN), (1, "J9", TARGET)))
    after, events = fire(state, "fire I9 J9", 4)
    shot = of_type(events, "fire")[0]
    assert (shot["roll"], shot["penalty"], shot["damage"]) == (4, 0, 4)
    assert ship_at(after, "J9").pieces == (5, 0, 0)


def test_range_penalty_counts_the_spaces_between_on_the_path():
    state = position(ships=((0, "I9", GUN), (1, "L9", TARGET)))
    _, events = fire(state, "fire I9 L9", 5)
    shot = of_type(events, "fire")[0]
    assert (shot["penalty"], shot["damage"]) == (2, 3)


def test_the_path_goes_around_ships_so_the_penalty_grows():
    state = position(ships=((0, "I9", GUN), (1, "K9", TARGET), (1, "J9", (1, 0, 0))))
    _, events = fire(state, "fire I9 K9", 6)
    assert of_type(events, "fire")[0]["penalty"] == 2  # not 1: J9 is occupied


def test_no_legal_path_means_no_shot():
    ring = board().neighbours("I9")
    ships = ((0, "H5", GUN), (1, "I9", TARGET)) + tuple((1, c, (1, 0, 0)) for c in ring)
    state = position(ships=ships)
    with pytest.raises(IllegalCommand, match="No legal path from H5 to I9"):
        fire(state, "fire H5 I9")
    assert "fire H5 I9" not in legal_commands(state, 0)


def test_the_path_may_not_cross_an_enemy_home_base():
    # P9 is seat 0's home: seat 1's shot from O9 to Q9 goes around it, seat 0's own shot goes through.
    theirs = position(ships=((1, "O9", GUN), (0, "Q9", TARGET)), active=1)
    _, events = fire(theirs, "fire O9 Q9", 6, seat=1)
    assert of_type(events, "fire")[0]["penalty"] == 2
    mine = position(ships=((0, "O9", GUN), (1, "Q9", TARGET)))
    _, events = fire(mine, "fire O9 Q9", 6)
    assert of_type(events, "fire")[0]["penalty"] == 1


def test_borders_do_not_matter_for_firing():
    # A ship launched this turn may not move across this border, but it fires across it.
    b = board()
    a, c = next(
        (a, n)
        for a in b.cells
        for n in b.neighbours(a)
        if b.first_activation_blocked(4, "L2", a, n) and a not in b.base_cells and n not in b.base_cells
    )
    far = next(x for x in b.neighbours(c) if b.distance(a, x) == 2 and x not in b.base_cells)
    state = position(players=4, ships=((0, a, GUN), (1, far, TARGET)), new_ship=1)
    assert state.seats[0].home == "L2"
    _, events = fire(state, f"fire {a} {far}", 6)
    assert of_type(events, "fire")[0]["penalty"] == 1


def test_shields_reduce_damage_per_attack_and_damage_floors_at_zero():
    state = position(ships=((0, "I9", GUN), (1, "J9", (0, 0, 2))))
    after, events = fire(state, "fire I9 J9", 3)
    shot = of_type(events, "fire")[0]
    assert (shot["shields"], shot["damage"]) == (2, 1)
    after, events = fire(state, "fire I9 J9", 1)
    assert of_type(events, "fire")[0]["damage"] == 0
    assert ship_at(after, "J9").pieces == (0, 0, 2)


def test_metatalon_dimes_shield_and_still_count():
    state = position("metatalon", ships=((0, "C6", GUN), (1, "D6", (0, 0, 2))))
    _, events = fire(state, "fire C6 D6", 5)
    assert of_type(events, "fire")[0]["damage"] == 3


def test_warriors_add_one_to_attack_rolls():
    state = position(factions=("warriors", "bankers"), ships=((0, "I9", GUN), (1, "J9", TARGET)))
    _, events = fire(state, "fire I9 J9", 3)
    shot = of_type(events, "fire")[0]
    assert (shot["bonus"], shot["damage"]) == (1, 4)


def test_damage_at_least_the_value_destroys_the_ship_into_the_bank():
    state = position(ships=((0, "I9", GUN), (1, "J9", (3, 0, 0)), (1, "C9", (1, 0, 0))))
    after, events = fire(state, "fire I9 J9", 5)
    assert [s.cell for s in after.ships] == ["I9", "C9"]
    assert of_type(events, "damage")[0]["destroyed"] is True
    assert after.bank == state.bank + 3


def test_one_shot_per_weapon():
    state = position(ships=((0, "I9", (0, 1, 0)), (1, "J9", TARGET)))
    state, _ = fire(state, "fire I9 J9", 1)
    with pytest.raises(IllegalCommand, match="I9 has no shots left"):
        fire(state, "fire I9 J9", 1)


def test_firing_at_your_own_ship_is_refused():
    state = position(ships=((0, "I9", GUN), (0, "J9", TARGET)))
    with pytest.raises(IllegalCommand, match="your own"):
        fire(state, "fire I9 J9", 1)


def test_firing_at_an_empty_space_is_refused():
    state = position(ships=((0, "I9", GUN),))
    with pytest.raises(IllegalCommand, match="Nothing to fire at on J9"):
        fire(state, "fire I9 J9", 1)


# === bases ===


def test_firing_at_a_base_takes_the_damage_from_the_reserve_never_below_zero():
    state = position(ships=((0, "D9", GUN),), reserves=(10, 2))
    after, events = fire(state, "fire D9 B9", 6)
    hit = of_type(events, "base_damage")[0]
    assert (hit["damage"], hit["lost"], after.seats[1].reserve) == (5, 2, 0)
    assert after.bank == state.bank + 2


def test_token_fire_at_a_base_with_a_ship_hits_the_ship_unless_told_base():
    state = position(ships=((0, "D9", GUN), (1, "B9", TARGET)), reserves=(10, 10))
    after, _ = fire(state, "fire D9 B9", 6)
    assert ship_at(after, "B9").value == 4 and after.seats[1].reserve == 10
    after, _ = fire(state, "fire D9 B9 base", 6)
    assert ship_at(after, "B9").value == 9 and after.seats[1].reserve == 5
    assert "fire D9 B9 base" in legal_commands(state, 0)


def test_web2002_may_fire_at_the_reserve_past_a_ship():
    state = position("web2002", ships=((0, "D2", GUN), (1, "B2", TARGET)), reserves=(10, 10))
    after, _ = fire(state, "fire D2 B2 base", 4)
    assert after.seats[1].reserve == 7


def test_metatalon_a_ship_on_the_base_must_be_destroyed_first():
    state = position("metatalon", ships=((0, "D2", GUN), (1, "B2", TARGET)), reserves=(10, 10))
    with pytest.raises(IllegalCommand, match="destroyed first"):
        fire(state, "fire D2 B2 base", 4)
    assert "fire D2 B2 base" not in legal_commands(state, 0)
    after, _ = fire(state, "fire D2 B2", 4)
    assert after.seats[1].reserve == 10 and ship_at(after, "B2").value == 6


def test_reserve_shields_count_nothing():
    state = position(ships=((0, "C9", GUN),), reserves=(10, 30))
    _, events = fire(state, "fire C9 B9", 4)
    assert of_type(events, "base_damage")[0]["lost"] == 4


# === Vamps ===


def test_printed_example_vamps_blasting_a_one_credit_ship_for_five_gain_one():
    state = position(
        factions=("vamps", "bankers"),
        ships=((0, "I9", GUN), (1, "J9", (1, 0, 0)), (1, "C9", (1, 0, 0))),
        reserves=(5, 5),
    )
    after, events = fire(state, "fire I9 J9", 5)
    assert of_type(events, "vamp")[0]["gain"] == 1
    assert after.seats[0].reserve == 6


def test_vamps_gain_at_most_three():
    state = position(
        factions=("vamps", "bankers"), ships=((0, "I9", GUN), (1, "J9", TARGET)), reserves=(5, 5)
    )
    after, _ = fire(state, "fire I9 J9", 6)
    assert after.seats[0].reserve == 8


def test_vamps_dealing_exactly_three_gain_three():
    state = position(
        factions=("vamps", "bankers"), ships=((0, "I9", GUN), (1, "J9", TARGET)), reserves=(5, 5)
    )
    after, events = fire(state, "fire I9 J9", 3)
    assert of_type(events, "vamp") == [{"type": "vamp", "seat": 0, "gain": 3, "reserve": 8}]
    assert after.seats[0].reserve == 8


def test_vamps_gain_nothing_below_three_damage():
    state = position(
        factions=("vamps", "bankers"), ships=((0, "I9", GUN), (1, "J9", TARGET)), reserves=(5, 5)
    )
    after, events = fire(state, "fire I9 J9", 2)
    assert not of_type(events, "vamp") and after.seats[0].reserve == 5


def test_web2002_vamps_never_gain_more_than_the_target_lost():
    state = position(
        "web2002",
        factions=("vamps", "bankers"),
        ships=((0, "C6", GUN), (1, "D6", (2, 0, 0)), (1, "K6", (1, 0, 0))),
        reserves=(5, 5),
    )
    after, _ = fire(state, "fire C6 D6", 5)
    assert after.seats[0].reserve == 7


def test_metatalon_vamps_take_three_from_the_bank_whatever_the_target_lost():
    state = position(
        "metatalon",
        factions=("vamps", "bankers"),
        ships=((0, "C6", GUN), (1, "D6", (1, 0, 0)), (1, "K6", (1, 0, 0))),
        reserves=(5, 5),
    )
    after, events = fire(state, "fire C6 D6", 5)
    assert of_type(events, "vamp")[0]["gain"] == 3
    assert after.seats[0].reserve == 8


def test_vamps_gain_from_a_base_hit_is_what_the_reserve_lost():
    state = position(factions=("vamps", "bankers"), ships=((0, "C9", GUN),), reserves=(5, 2))
    after, _ = fire(state, "fire C9 B9", 6)
    assert after.seats[0].reserve == 7


# === elimination by fire ===


def test_a_seat_with_no_ships_and_no_reserve_is_out_and_the_last_seat_wins():
    state = position(ships=((0, "I9", GUN), (1, "J9", (1, 0, 0))), reserves=(5, 0))
    after, events = fire(state, "fire I9 J9", 3)
    assert after.seats[1].out and after.seats[1].out_reason == "wiped out"
    assert after.phase == "over" and after.winner == 0
    assert of_type(events, "win") == [{"type": "win", "seat": 0}]
    with pytest.raises(IllegalCommand, match="The game is over"):
        play(after, 0, "end")
    assert legal_commands(after, 0) == []


def test_a_seat_with_ships_but_no_reserve_stays_in():
    state = position(ships=((0, "I9", GUN), (1, "J9", (1, 0, 0)), (1, "C9", (1, 0, 0))), reserves=(5, 0))
    after, _ = fire(state, "fire I9 J9", 3)
    assert not after.seats[1].out


# === stopwatch rolls ===


def test_metatalon_stopwatch_digit_zero_counts_ten_halved():
    state = position("metatalon", dice_mode="stopwatch", ships=((0, "C6", GUN), (1, "D6", TARGET)))
    dice = QueueDice(0)
    _, events = play(state, 0, "fire C6 D6", dice=dice)
    assert dice.sides == [10]
    assert of_type(events, "fire")[0]["roll"] == 5


def test_web2002_stopwatch_digit_zero_rolls_zero():
    state = position("web2002", dice_mode="stopwatch", ships=((0, "C6", GUN), (1, "D6", TARGET)))
    _, events = play(state, 0, "fire C6 D6", dice=QueueDice(0))
    assert of_type(events, "fire")[0]["roll"] == 0


def test_d6_rolls_ask_for_six_sides():
    state = position(ships=((0, "I9", GUN), (1, "J9", TARGET)))
    dice = QueueDice(2)
    play(state, 0, "fire I9 J9", dice=dice)
    assert dice.sides == [6]


def test_vamps_gain_nothing_from_a_base_with_an_empty_reserve_even_in_metatalon():
    state = position(
        "metatalon",
        factions=("vamps", "bankers"),
        ships=((0, "D2", GUN), (1, "K6", (1, 0, 0))),
        reserves=(5, 0),
    )
    after, events = fire(state, "fire D2 B2", 6)
    assert not of_type(events, "vamp") and after.seats[0].reserve == 5


def test_metatalon_an_invaders_own_ship_on_a_rebels_base_does_not_shield_it():
    # 001: "you must destroy the ship before attacking the base" - a ship you could destroy, not your
    # own invader that landed there earlier (Rebels need three landings).
    state = position(
        "metatalon",
        factions=("bankers", "rebels"),
        ships=((0, "B2", (1, 0, 0)), (0, "C2", GUN), (1, "I6", (1, 0, 0))),
        reserves=(5, 3),
    )
    assert "fire C2 B2" in legal_commands(state, 0)
    after, events = fire(state, "fire C2 B2", 4)
    assert of_type(events, "base_damage")[0]["lost"] == 3 and after.seats[1].reserve == 0
    guarded = position(
        "metatalon",
        factions=("bankers", "rebels", "bankers"),
        players=3,
        ships=((0, "P10", (1, 0, 0)), (2, "P10", (1, 0, 0)), (0, "O10", GUN), (1, "I6", (1, 0, 0))),
        reserves=(5, 3, 5),
    )
    after, events = fire(guarded, "fire O10 P10", 4)
    assert of_type(events, "fire")[0]["target"] == "ship" and after.seats[1].reserve == 3


@pytest.mark.parametrize("edition", ["token", "metatalon", "web2002"])
def test_the_range_penalty_is_the_same_count_in_every_edition(edition):
    # "empty spaces on the path" (000, 002) and "spaces in the shortest legal path" (001) count alike:
    # the spaces strictly between, on a path that goes around the ship standing in the way.
    cells = ("I9", "J9", "K9") if edition == "token" else ("C6", "D6", "E6")
    ships = ((0, cells[0], GUN), (1, cells[2], TARGET), (1, cells[1], (1, 0, 0)))
    state = position(edition, ships=ships)
    _, events = fire(state, f"fire {cells[0]} {cells[2]}", 6)
    assert of_type(events, "fire")[0]["penalty"] == 2


def test_a_seat_whose_reserve_is_shot_to_zero_with_no_ships_is_out_at_once():
    state = position(
        players=3,
        factions=("bankers", "swarm", "rebels"),
        ships=((0, "L11", GUN), (2, "I9", (1, 0, 0))),
        reserves=(5, 3, 5),
    )
    assert state.seats[1].home == "M12"
    after, events = fire(state, "fire L11 M12", 6)
    assert after.seats[1].out and after.seats[1].out_reason == "wiped out"
    assert of_type(events, "out")[0]["by"] is None and after.phase == "play"
    assert after.active == 0 and after.activation is not None  # the shooter's turn goes on


def test_a_seat_with_no_ships_keeps_playing_while_its_reserve_survives_a_hit():
    state = position(
        players=3, factions=("bankers", "swarm", "rebels"), ships=((0, "L11", GUN),), reserves=(5, 9, 5)
    )
    after, _ = fire(state, "fire L11 M12", 6)
    assert not after.seats[1].out and after.seats[1].reserve == 4


@pytest.mark.parametrize(
    ("edition", "players", "seed"), [("token", 6, 3), ("metatalon", 4, 5), ("web2002", 3, 7)]
)
def test_shot_preview_gives_the_penalty_and_shields_the_shot_then_uses(edition, players, seed):
    rng = random.Random(seed)
    state = new_game(players, edition, seed=seed)
    checked = 0
    for _ in range(600):
        if state.phase == "over":
            break
        seat = rng.choice(state.to_act)
        listed = legal_commands(state, seat)
        for command in (c for c in listed if c.startswith("fire")):
            before = state.to_dict()
            preview = shot_preview(state, seat, command)
            assert state.to_dict() == before  # nothing rolled, nothing changed
            fired = of_type(play(state, seat, command, dice=QueueDice(6, 6, 6)).events, "fire")
            if fired:  # a Clovers roller may be asked first; the rest always resolve
                assert (preview.penalty, preview.shields) == (fired[0]["penalty"], fired[0]["shields"])
                checked += 1
        state, _ = play(state, seat, rng.choice([c for c in listed if c != "resign"]))
    assert checked > 0


def test_shot_preview_refuses_what_is_not_one_legal_fire():
    state = position(ships=((0, "I9", (2, 2, 0)), (1, "J9", (9, 0, 0))))
    assert shot_preview(state, 0, "fire I9 J9") == (0, 0)
    for text, seat in (("move I9 H9", 0), ("fire I9 J9; end", 0), ("fire I9 K9", 0), ("fire J9 I9", 1)):
        with pytest.raises(IllegalCommand):
            shot_preview(state, seat, text)
    for text in ("move I9 H9", "fire I9 J9; end"):
        with pytest.raises(IllegalCommand) as refused:
            shot_preview(state, 0, text)
        assert str(refused.value) == "Give one fire command, e.g. 'fire D7 F9'"


def test_shot_preview_is_refused_while_a_roll_waits_for_its_answer():
    state = position(
        factions=("clovers", "bankers"), ships=((0, "I9", (2, 2, 0)), (1, "J9", (9, 0, 0))), reserves=(5, 5)
    )
    pending, _ = play(state, 0, "fire I9 J9", dice=QueueDice(2))
    with pytest.raises(IllegalCommand, match="^You rolled 2: answer reroll \\(pay 1\\) or accept first$"):
        shot_preview(pending, 0, "fire I9 J9")
    with pytest.raises(IllegalCommand, match="^Only the player to act may fire now$"):
        shot_preview(pending, 1, "fire J9 I9")
    with pytest.raises(IllegalCommand, match="^Only the player to act may fire now$"):
        shot_preview(new_game(2, "token", seed=1), 0, "fire I9 J9")


def test_an_adapters_ship_rebuilt_after_a_hit_says_so_in_one_event():
    state = position(
        factions=("bankers", "adapters"), ships=((0, "I9", (2, 2, 0)), (1, "J9", (7, 0, 1))), reserves=(5, 5)
    )
    state, _ = play(state, 1, "order adapt wse")
    after, events = play(state, 0, "fire I9 J9", dice=QueueDice(3))
    assert of_type(events, "adapt") == [
        {"type": "adapt", "seat": 1, "ship": 2, "before": [5, 0, 1], "after": [0, 3, 0], "text": "3w"}
    ]
    assert ship_at(after, "J9").pieces == (0, 3, 0)


# === The damage event, in full (events are public: the log, mails and the API read them) ===


def test_a_hit_that_leaves_the_ship_says_what_it_lost_and_what_is_left():
    state = position(ships=((0, "I9", GUN), (1, "J9", TARGET), (1, "C9", (1, 0, 0))), reserves=(5, 5))
    _, events = fire(state, "fire I9 J9", 4)
    assert of_type(events, "roll") == [{"type": "roll", "seat": 0, "die": "d6", "raw": 4, "roll": 4,
                                        "why": "fire"}]
    assert of_type(events, "fire") == [
        {"type": "fire", "seat": 0, "ship": 1, "from": "I9", "to": "J9", "target": "ship", "target_seat": 1,
         "target_ship": 2, "position": None, "roll": 4, "bonus": 0, "penalty": 0, "shields": 0, "damage": 4,
         "gone": False}
    ]
    assert of_type(events, "damage") == [
        {"type": "damage", "seat": 1, "ship": 2, "cell": "J9", "position": None, "damage": 4, "lost": 4,
         "before": [9, 0, 0], "after": [5, 0, 0], "destroyed": False}
    ]


def test_a_hit_that_destroys_the_ship_says_it_lost_only_what_it_was_worth():
    state = position(ships=((0, "I9", GUN), (1, "J9", (2, 0, 0)), (1, "C9", (1, 0, 0))), reserves=(5, 5))
    _, events = fire(state, "fire I9 J9", 4)
    assert of_type(events, "damage") == [
        {"type": "damage", "seat": 1, "ship": 2, "cell": "J9", "position": None, "damage": 4, "lost": 2,
         "before": [2, 0, 0], "after": None, "destroyed": True}
    ]


def test_a_clovers_reroll_is_a_new_roll_by_the_shooter_told_as_a_clover_roll():
    _, events = play(asked_to_reroll(), 0, "reroll", dice=QueueDice(5))
    assert of_type(events, "roll") == [{"type": "roll", "seat": 0, "die": "d6", "raw": 5, "roll": 5,
                                        "why": "clover"}]


def test_a_hit_metatalon_anarchists_ship_may_keep_twenty_cents_without_a_dime():
    # The common limit (15) would keep a dime: (0, 2, 1). The Anarchists' own limit is 20.
    state = position(
        "metatalon",
        factions=("bankers", "anarchists"),
        ships=((0, "C6", (2, 2, 0)), (1, "D6", (5, 2, 1)), (1, "K6", (1, 0, 0))),
        reserves=(5, 5),
    )
    state = play(state, 1, "order damage npd")[0]
    _, events = play(state, 0, "fire C6 D6", dice=QueueDice(6))
    (hit,) = [e for e in events if e["type"] == "damage"]
    assert (hit["damage"], hit["before"], hit["after"]) == (5, [5, 2, 1], [0, 4, 0])

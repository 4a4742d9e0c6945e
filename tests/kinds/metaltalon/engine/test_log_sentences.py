"""The game log, word for word: commands played from set positions, and the sentence describe() gives
each event they make (the log on the page, in the e-mails and the CLI reads these)."""

from games.kinds.metaltalon.engine import new_game, play
from games.kinds.metaltalon.engine.render import describe

from .helpers import QueueDice, position

NAMES = ["Ann", "Bob", "Cy"]


def log(state, *moves, names=None, you=None):
    """Play (seat, text, rolls) in turn; the sentences of every event, in order, said to the seat `you`
    (None: to nobody, every seat named)."""
    lines = []
    for seat, text, rolls in moves:
        after, events = play(state, seat, text, dice=QueueDice(*rolls) if rolls else None)
        lines += [describe(e, state, names, you=you) for e in events]
        state = after
    return lines


def test_a_move_shots_damage_and_income():
    state = position(
        factions=("warriors", "adapters"),
        ships=((0, "I9", (3, 2, 0)), (1, "K9", (4, 1, 1)), (0, "L2", (1, 0, 0))),
        reserves=(5, 5),
    )
    assert log(
        state, (0, "move I9 I8 J9", ()), (0, "fire J9 K9", (5,)), (0, "fire J9 K9", (6,)), (0, "end", ())
    ) == [
        "Player A (Warriors) moved the ship at I9 to J9 via I8 (2 steps, 1 left).",
        "Player A (Warriors) rolled 5.",
        "Player A (Warriors)'s ship at J9 fired at Player B (Adapters)'s ship at K9: rolled 5 +1, range 0, "
        "shields 1: 5 points of damage.",
        "Player B (Adapters)'s ship at K9 lost 5 credits: 4e 1w 1s became 4e 1s.",
        "Player A (Warriors) rolled 6.",
        "Player A (Warriors)'s ship at J9 fired at Player B (Adapters)'s ship at K9: rolled 6 +1, range 0, "
        "shields 1: 6 points of damage.",
        "Player B (Adapters)'s ship at K9 lost 6 credits: 4e 1s became 3e 1w.",
        "Player A (Warriors) collected 2 credits of income, 1 of them for ships on unowned bases "
        "(reserve 7).",
        "Round 1: Player B (Adapters) to play.",
    ]


def test_a_long_path_names_every_space_between():
    state = position(factions=("bankers", "swarm"), ships=((0, "I9", (4, 0, 0)),), reserves=(5, 5))
    assert log(state, (0, "move I9 I8 J8 K8 K9", ())) == [
        "Player A (Bankers) moved the ship at I9 to K9 via I8, J8, K8 (4 steps, 0 left).",
    ]


def test_a_base_hit_and_a_recycled_ship():
    state = position(
        factions=("vamps", "bankers"), ships=((0, "C9", (1, 1, 0)), (0, "O9", (1, 0, 0))), reserves=(5, 9)
    )
    assert log(state, (0, "fire C9 B9", (2,)), (0, "move O9 P9", ())) == [
        "Player A (Vamps) rolled 2.",
        "Player A (Vamps)'s ship at C9 fired at Player B (Bankers)'s home base B9: rolled 2, range 0: "
        "2 points of damage.",
        "Player B (Bankers)'s home base B9 took 2 points of damage: the reserve lost 2, 7 left.",
        "Player A (Vamps) moved the ship at O9 to P9 (1 step, 0 left).",
        "Player A (Vamps) recycled the ship at home base P9 for 1 credit (reserve 6).",
    ]


def test_a_vamps_drain_a_wipe_out_and_the_win():
    state = position(factions=("vamps", "bankers"), ships=((0, "C9", (1, 1, 0)),), reserves=(5, 4))
    assert log(state, (0, "fire C9 B9", (6,))) == [
        "Player A (Vamps) rolled 6.",
        "Player A (Vamps)'s ship at C9 fired at Player B (Bankers)'s home base B9: rolled 6, range 0: "
        "6 points of damage.",
        "Player B (Bankers)'s home base B9 took 6 points of damage: the reserve lost 4, 0 left.",
        "Player A (Vamps) drained 3 credits into the reserve (8).",
        "Player B (Bankers) is out of the game: no ships in play and no reserve.",
        "Player A (Vamps) wins the game!",
    ]


def test_a_ship_destroyed_and_a_resignation():
    state = position(
        factions=("bankers", "swarm"), ships=((0, "I9", (1, 1, 0)), (1, "J9", (1, 0, 0))), reserves=(5, 3)
    )
    assert log(state, (0, "fire I9 J9", (6,)), (1, "resign", ())) == [
        "Player A (Bankers) rolled 6.",
        "Player A (Bankers)'s ship at I9 fired at Player B (The Swarm)'s ship at J9: rolled 6, range 0, "
        "shields 0: 6 points of damage.",
        "Player B (The Swarm)'s ship at J9 was destroyed (1 credit lost).",
        "Player B (The Swarm) resigned and is out of the game.",
        "Player A (Bankers) wins the game!",
    ]


def test_a_landing_on_a_rebels_base_and_a_split():
    state = position(
        players=3,
        factions=("swarm", "rebels", "bankers"),
        ships=((0, "N12", (1, 0, 0)), (0, "H9", (2, 1, 0)), (1, "C3", (4, 0, 0))),
        reserves=(5, 0, 5),
    )
    assert log(state, (0, "move N12 M12", ()), (0, "split H9 H8 1w", ())) == [
        "Player A (The Swarm) moved the ship at N12 to M12 (1 step, 0 left).",
        "Player A (The Swarm) landed a ship on Player B (Rebels)'s home base M12: 1 of the 3 ships the "
        "Rebels' base needs.",
        "Player A (The Swarm) split the ship at H9: 1w moved to H8, 2e stayed.",
    ]


def takeover_position():
    """Three seats under Takeover, the Bankers' ship of 4 at N11 one step from an invasion at M12."""
    return position(
        players=3,
        factions=("bankers", "swarm", "rebels"),
        variants=("takeover",),
        ships=((0, "N11", (4, 0, 0)), (1, "I9", (2, 0, 0)), (1, "H9", (1, 0, 0))),
        reserves=(5, 0, 5),
    )


def test_an_invasion_with_takeover():
    state = takeover_position()
    assert log(state, (0, "move N11 M12", ())) == [
        "Player A (Bankers) moved the ship at N11 to M12 (1 step, 3 left).",
        "Player A (Bankers) landed a ship on Player B (The Swarm)'s home base M12.",
        "Player B (The Swarm) is out of the game: home base invaded by Player A (Bankers).",
        "Player A (Bankers) takes control of 2 ships of Player B (The Swarm) (Takeover).",
    ]


def test_an_invasion_with_spoils_of_war():
    state = position(
        players=3,
        factions=("bankers", "swarm", "rebels"),
        variants=("spoils",),
        ships=((0, "N11", (4, 0, 0)), (1, "I9", (2, 0, 0))),
        reserves=(5, 0, 5),
    )
    assert log(state, (0, "move N11 M12", ()))[-1] == (
        "Player A (Bankers) takes 2 credits of spoils from Player B (The Swarm)'s ships (reserve 7)."
    )


def test_a_forced_reroll_then_a_chosen_one_in_stopwatch_cents():
    state = position(
        "metatalon",
        factions=("clovers", "murphys"),
        ships=((0, "C6", (2, 2, 0)), (1, "D6", (9, 0, 0))),
        reserves=(5, 5),
        dice_mode="stopwatch",
    )
    assert log(state, (0, "fire C6 D6", (9, 1)), (0, "reroll", (4,))) == [
        "Player A (Clovers) rolled 5 (stopwatch digit 9).",
        "Player B (Murphys) paid 2 to force Player A (Clovers) to reroll a 5.",
        "Player A (Clovers) rolled 1 on the forced reroll (stopwatch digit 1).",
        "Player A (Clovers) rolled 1: reroll (pay 1) or accept?",
        "Player A (Clovers) paid 1 to reroll a 1.",
        "Player A (Clovers) rolled 2 on the reroll (stopwatch digit 4).",
        "Player A (Clovers)'s ship at C6 fired at Player B (Murphys)'s ship at D6: rolled 2, range 0, "
        "shields 0: 2 points of damage.",
        "Player B (Murphys)'s ship at D6 lost 2 cents: 9p became 7p.",
    ]


def test_orders_an_adapters_rebuild_a_launch_and_one_credit_of_income():
    state = position(
        factions=("murphys", "adapters"), ships=((0, "I9", (1, 2, 0)), (1, "J9", (7, 0, 1))), reserves=(6, 5)
    )
    assert log(
        state,
        (1, "order adapt wse", ()),
        (0, "order murphy off", ()),
        (0, "fire I9 J9", (3,)),
        (0, "launch 1e 1w", ()),
        (0, "end", ()),
    ) == [
        "Player B (Adapters) sets the standing order adapt to wse.",
        "Player A (Murphys) sets the standing order murphy to off.",
        "Player A (Murphys) rolled 3.",
        "Player A (Murphys)'s ship at I9 fired at Player B (Adapters)'s ship at J9: rolled 3, range 0, "
        "shields 1: 2 points of damage.",
        "Player B (Adapters)'s ship at J9 lost 2 credits: 7e 1s became 5e 1s.",
        "Player B (Adapters) rebuilt a damaged ship as 3w.",
        "Player A (Murphys) launched a ship from P9: 1e 1w (6 credits; reserve 0).",
        "Player A (Murphys) collected 1 credit of income (reserve 1).",
        "Round 1: Player B (Adapters) to play.",
    ]


def test_the_deal_keep_and_redraw():
    state = new_game(2, "token", seed=3)
    assert log(state, (0, "keep", ()), (1, "redraw", ())) == [
        "Player A keeps Anarchists.",
        "Player B gives back Murphys and draws Adapters (starting reserve 32).",
        "The game begins: Player A (Anarchists) goes first.",
    ]


def test_a_game_over_with_no_one_left():
    assert describe({"type": "win", "seat": None}) == "The game is over with no winner."


def test_a_shot_whose_target_left_the_game_while_the_roll_waited():
    state = position(
        players=3,
        factions=("clovers", "bankers", "swarm"),
        ships=((0, "I9", (2, 2, 0)), (1, "J9", (4, 1, 0)), (2, "C9", (1, 0, 0))),
        reserves=(10, 10, 10),
    )
    state = play(state, 0, "fire I9 J9", dice=QueueDice(3))[0]
    state = play(state, 1, "resign")[0]
    assert log(state, (0, "accept", ())) == [
        "Player A (Clovers)'s ship at I9 fired at Player B (Bankers)'s ship at J9: rolled 3, range 0, "
        "shields 0: the target was already gone.",
    ]


def test_a_shot_at_the_reserve_past_a_ship_on_the_base():
    state = position(
        factions=("bankers", "swarm"), ships=((0, "C9", (1, 1, 0)), (1, "B9", (2, 0, 0))), reserves=(5, 9)
    )
    assert log(state, (0, "fire C9 B9 base", (3,)))[1:] == [
        "Player A (Bankers)'s ship at C9 fired at Player B (The Swarm)'s home base B9: rolled 3, range 0: "
        "3 points of damage.",
        "Player B (The Swarm)'s home base B9 took 3 points of damage: the reserve lost 3, 6 left.",
    ]


# -- said to a seat: the reader's own seat is "you" (rules.md, "What the log tells each reader") ---------


def shots_and_income(you):
    state = position(
        factions=("warriors", "adapters"),
        ships=((0, "I9", (3, 2, 0)), (1, "K9", (4, 1, 1)), (0, "L2", (1, 0, 0))),
        reserves=(5, 5),
    )
    return log(state, (0, "move I9 I8 J9", ()), (0, "fire J9 K9", (5,)), (0, "end", ()), names=NAMES, you=you)


def test_the_acting_seat_reads_you_and_your_ship():
    assert shots_and_income(0) == [
        "You moved the ship at I9 to J9 via I8 (2 steps, 1 left).",
        "You rolled 5.",
        "Your ship at J9 fired at Bob's ship at K9: rolled 5 +1, range 0, shields 1: 5 points of damage.",
        "Bob's ship at K9 lost 5 credits: 4e 1w 1s became 4e 1s.",
        "You collected 2 credits of income, 1 of them for ships on unowned bases (reserve 7).",
        "Round 1: Bob to play.",
    ]


def test_the_target_of_a_shot_reads_your_ship_and_its_turn():
    assert shots_and_income(1) == [
        "Ann moved the ship at I9 to J9 via I8 (2 steps, 1 left).",
        "Ann rolled 5.",
        "Ann's ship at J9 fired at your ship at K9: rolled 5 +1, range 0, shields 1: 5 points of damage.",
        "Your ship at K9 lost 5 credits: 4e 1w 1s became 4e 1s.",
        "Ann collected 2 credits of income, 1 of them for ships on unowned bases (reserve 7).",
        "Round 1: you to play.",
    ]


def test_a_spectator_and_a_seat_out_of_the_sentence_read_every_name():
    named = [
        "Ann moved the ship at I9 to J9 via I8 (2 steps, 1 left).",
        "Ann rolled 5.",
        "Ann's ship at J9 fired at Bob's ship at K9: rolled 5 +1, range 0, shields 1: 5 points of damage.",
        "Bob's ship at K9 lost 5 credits: 4e 1w 1s became 4e 1s.",
        "Ann collected 2 credits of income, 1 of them for ships on unowned bases (reserve 7).",
        "Round 1: Bob to play.",
    ]
    assert shots_and_income(None) == named
    assert shots_and_income(2) == named  # a seat the sentences do not name


def test_present_tense_verbs_agree_with_you():
    state = new_game(2, "token", seed=3)
    assert log(state, (0, "keep", ()), (1, "redraw", ()), names=NAMES, you=0) == [
        "You keep Anarchists.",
        "Bob gives back Murphys and draws Adapters (starting reserve 32).",
        "The game begins: you go first.",
    ]
    assert log(state, (0, "keep", ()), (1, "redraw", ()), names=NAMES, you=1) == [
        "Ann keeps Anarchists.",
        "You give back Murphys and draw Adapters (starting reserve 32).",
        "The game begins: Ann goes first.",
    ]


def test_a_resignation_a_destroyed_ship_and_the_win_said_to_each_side():
    state = position(
        factions=("bankers", "swarm"), ships=((0, "I9", (1, 1, 0)), (1, "J9", (1, 0, 0))), reserves=(5, 3)
    )
    moves = ((0, "fire I9 J9", (6,)), (1, "resign", ()))
    assert log(state, *moves, names=NAMES, you=1)[2:] == [
        "Your ship at J9 was destroyed (1 credit lost).",
        "You resigned and are out of the game.",
        "Ann wins the game!",
    ]
    assert log(state, *moves, names=NAMES, you=0)[2:] == [
        "Bob's ship at J9 was destroyed (1 credit lost).",
        "Bob resigned and is out of the game.",
        "You win the game!",
    ]


def test_an_invasion_with_takeover_said_to_the_invader_and_the_invaded():
    state = takeover_position()
    assert log(state, (0, "move N11 M12", ()), names=NAMES, you=0)[1:] == [
        "You landed a ship on Bob's home base M12.",
        "Bob is out of the game: home base invaded by you.",
        "You take control of 2 ships of Bob (Takeover).",
    ]
    assert log(state, (0, "move N11 M12", ()), names=NAMES, you=1)[1:] == [
        "Ann landed a ship on your home base M12.",
        "You are out of the game: home base invaded by Ann.",
        "Ann takes control of 2 ships of yours (Takeover).",
    ]


def test_spoils_a_base_hit_and_a_drain_said_to_their_seats():
    state = position(
        players=3, factions=("bankers", "swarm", "rebels"), variants=("spoils",),
        ships=((0, "N11", (4, 0, 0)), (1, "I9", (2, 0, 0))), reserves=(5, 0, 5),
    )
    assert log(state, (0, "move N11 M12", ()), names=NAMES, you=1)[-1] == (
        "Ann takes 2 credits of spoils from your ships (reserve 7)."
    )
    state = position(factions=("vamps", "bankers"), ships=((0, "C9", (1, 1, 0)),), reserves=(5, 4))
    assert log(state, (0, "fire C9 B9", (6,)), names=NAMES, you=1)[1:4] == [
        "Ann's ship at C9 fired at your home base B9: rolled 6, range 0: 6 points of damage.",
        "Your home base B9 took 6 points of damage: the reserve lost 4, 0 left.",
        "Ann drained 3 credits into the reserve (8).",
    ]


def test_rerolls_and_orders_said_to_the_roller_and_the_murphys():
    state = position(
        "metatalon",
        factions=("clovers", "murphys"),
        ships=((0, "C6", (2, 2, 0)), (1, "D6", (9, 0, 0))),
        reserves=(5, 5),
        dice_mode="stopwatch",
    )
    moves = ((1, "order murphy 5", ()), (0, "fire C6 D6", (9, 1)), (0, "reroll", (4,)))
    assert log(state, *moves, names=NAMES, you=0)[:6] == [
        "Bob sets the standing order murphy to 5.",
        "You rolled 5 (stopwatch digit 9).",
        "Bob paid 2 to force you to reroll a 5.",
        "You rolled 1 on the forced reroll (stopwatch digit 1).",
        "You rolled 1: reroll (pay 1) or accept?",
        "You paid 1 to reroll a 1.",
    ]
    assert log(state, *moves, names=NAMES, you=1)[:3] == [
        "You set the standing order murphy to 5.",
        "Ann rolled 5 (stopwatch digit 9).",
        "You paid 2 to force Ann to reroll a 5.",
    ]

"""MetalTalon's presenters.py: what the game page shows, computed from engine states (no database)."""

from __future__ import annotations

from fractions import Fraction

from games.kinds.metaltalon import presenters as P
from games.kinds.metaltalon.engine import legal_commands, new_game, play
from tests.kinds.metaltalon.engine.helpers import QueueDice, position

# Two ships three spaces apart on an empty stretch of the token board (I10, I11 between them).
NEAR = dict(players=2, factions=("warriors", "bankers"), ships=((0, "I9", (3, 2, 0)), (1, "I12", (2, 0, 1))),
            reserves=(10, 10))


def test_d6_rolls_are_uniform() -> None:
    assert P.roll_chances("token", "d6") == {face: Fraction(1, 6) for face in range(1, 7)}


def test_stopwatch_rolls_follow_each_edition() -> None:
    # metatalon: digit 0 counts 10, halved and rounded up: 1-5 each from two digits.
    assert P.roll_chances("metatalon", "stopwatch") == {v: Fraction(1, 5) for v in range(1, 6)}
    # web2002: digit halved, rounded up: 0 only from 0, 5 only from 9.
    chances = P.roll_chances("web2002", "stopwatch")
    assert chances[0] == Fraction(1, 10) and chances[5] == Fraction(1, 10)
    assert all(chances[v] == Fraction(1, 5) for v in range(1, 5))


def test_damage_chances_floor_at_zero_and_add_up_to_one() -> None:
    dist = P.damage_chances(P.roll_chances("token", "d6"), bonus=0, penalty=2, shields=1)
    assert dist == {0: Fraction(1, 2), 1: Fraction(1, 6), 2: Fraction(1, 6), 3: Fraction(1, 6)}
    assert sum(dist.values()) == 1


def test_warriors_bonus_adds_one_to_every_roll() -> None:
    plain = P.damage_chances(P.roll_chances("token", "d6"), bonus=0, penalty=0, shields=0)
    warriors = P.damage_chances(P.roll_chances("token", "d6"), bonus=1, penalty=0, shields=0)
    assert max(plain) == 6 and max(warriors) == 7 and min(warriors) == 2


def test_legal_groups_hold_every_engine_command_and_nothing_else() -> None:
    state = position(**NEAR)
    legal = P.legal_for(state, 0)
    commands = legal_commands(state, 0)
    rebuilt = ([f"move {src} {dst}" for src, dsts in legal.moves.items() for dst in dsts]
               + [f"fire {src} {dst}" + (" base" if base else "") for src, ts in legal.fires.items()
                  for dst, base in ts]
               + [f"order {name} {v}" for name, vs in legal.orders.items() for v in vs]
               + sorted(legal.simple))
    launches = [c for c in commands if c.startswith("launch")]
    assert len(legal.launches) == len(launches)
    assert sorted(rebuilt) == sorted(c for c in commands if not c.startswith("launch"))


def test_targets_carry_the_engines_range_penalty_and_shields() -> None:
    state = position(**NEAR)
    [ship_target] = [t for t in P.targets_for(state, 0, "I9", P.legal_for(state, 0)) if t.cell == "I12"]
    assert (ship_target.penalty, ship_target.shields, ship_target.bonus) == (2, 1, 1)
    # The same shot played for real with a 6: 6 + 1 - 2 - 1 = 4 damage, as the odds table says is possible.
    fired = play(state, 0, "fire I9 I12", dice=QueueDice(6)).events
    fire = next(e for e in fired if e["type"] == "fire")
    assert (fire["penalty"], fire["shields"], fire["damage"]) == (2, 1, 4)
    assert max(d for d, _ in ship_target.chances) == 4
    assert dict(ship_target.chances)[0] == 33  # rolls 1 and 2


def test_targets_list_only_shots_the_engine_allows() -> None:
    state = position(**NEAR)
    legal = P.legal_for(state, 0)
    targets = P.targets_for(state, 0, "I9", legal)
    assert sorted(t.command for t in targets) == sorted(c for c in legal.commands if c.startswith("fire I9 "))


def test_destinations_name_recycling_on_the_own_home_base() -> None:
    state = position(players=2, factions=("bankers", "swarm"), ships=((0, "O9", (3, 0, 0)),), reserves=(5, 5))
    legal = P.legal_for(state, 0)
    by_cell = {d.cell: d for d in P.destinations(state, 0, "O9", legal)}
    assert by_cell["P9"].note == "recycle: +3 to your reserve"
    assert set(by_cell) == set(legal.moves["O9"])


def test_launch_builder_offers_only_the_listed_compositions() -> None:
    state = new_game(2, "metatalon", factions=("bankers", "swarm"), seed=1)
    legal = P.legal_for(state, 0)
    builder = P.launch_builder(state, 0, legal)
    assert builder is not None
    assert {o.command for o in builder.options} == {c for c in legal.commands if c.startswith("launch")}
    # metatalon: a ship worth more than 15 needs a dime, so 16 pennies is not on offer.
    assert (16, 0, 0) not in {o.pieces for o in builder.options}
    assert all(s in builder.options for s in builder.suggestions)


def test_launch_preview_counts_zoomer_engines_one_and_a_half() -> None:
    state = new_game(2, "token", factions=("zoomers", "swarm"), seed=1)
    builder = P.launch_builder(state, 0, P.legal_for(state, 0), chosen=(3, 1, 0))
    assert builder is not None and builder.chosen is not None
    assert (builder.chosen.moves, builder.chosen.shots, builder.chosen.value) == (5, 1, 8)


def test_unlisted_launch_choice_has_no_preview() -> None:
    state = new_game(2, "token", factions=("bankers", "swarm"), seed=1)
    builder = P.launch_builder(state, 0, P.legal_for(state, 0), chosen=(99, 0, 0))
    assert builder is not None and builder.chosen is None


def test_seat_panels_show_reserve_ships_and_whose_turn() -> None:
    state = position(**NEAR)
    panels = P.seat_panels(state, ["Ada", "Bo"], viewer=1)
    assert [p.letter for p in panels] == ["A", "B"]
    assert panels[0].active and not panels[1].active and panels[1].you
    assert panels[0].reserve == 10 and [r.cell for r in panels[0].ships] == ["I9"]
    assert panels[1].ships[0].shields == 1 and panels[1].faction_name == "Bankers"


def test_order_fields_offer_the_engines_order_commands() -> None:
    state = new_game(2, "token", factions=("murphys", "swarm"), seed=1)
    legal = P.legal_for(state, 0)
    fields = {f["name"]: f for f in P.order_fields(legal, state.seats[0].orders, "token")}
    assert set(fields) == {"damage", "murphy"}
    assert fields["murphy"]["current"] == "5"
    assert {v for v, _ in fields["murphy"]["choices"]} == {c.split()[2] for c in legal.commands
                                                            if c.startswith("order murphy")}


def test_budget_counts_what_the_active_ship_has_left() -> None:
    state = position(**NEAR)
    assert P.budget(state, 0, "I9")["text"] == "3e 2w: 3 moves, 2 shots left, 0 shields"
    moved = play(state, 0, "move I9 H9").state
    left = P.budget(moved, 0, "H9")
    assert (left["moves"], left["shots"]) == (2, 2)
    spent = play(moved, 0, "move H9 G9; move G9 F9").state
    assert P.budget(spent, 0, "F9")["moves"] == 0
    # The engine agrees: no move is left for that ship, and its shots are.
    commands = legal_commands(spent, 0)
    assert not [c for c in commands if c.startswith("move F9 ")]
    assert [c for c in commands if c.startswith("fire F9 ")]


def test_metatalon_dimes_stand_in_for_a_move_once_pennies_run_out() -> None:
    state = position(edition="metatalon", players=2, ships=((0, "I9", (1, 0, 1)),), reserves=(5, 5))
    assert (P.budget(state, 0, "I9")["moves"], P.budget(state, 0, "I9")["shots"]) == (2, 1)
    after = play(state, 0, "move I9 H9; move H9 G9").state  # the penny, then the dime as a move
    assert (P.budget(after, 0, "G9")["moves"], P.budget(after, 0, "G9")["shots"]) == (0, 0)
    assert not [c for c in legal_commands(after, 0) if c.startswith(("move G9 ", "fire G9 "))]


def test_targets_at_a_shared_space_name_each_ship_by_its_number() -> None:
    # Seat 1 (Rebels) has invaders of seats 2 and 0 and its own new ship on its home base M12.
    ships = ((2, "M12", (3, 0, 0)), (0, "M12", (1, 0, 0)), (2, "M12", (1, 0, 1)), (1, "M12", (2, 0, 2)),
             (0, "N12", (2, 2, 0)))
    state = position(players=3, factions=("bankers", "rebels", "swarm"), ships=ships, reserves=(5, 5, 5))
    legal = P.legal_for(state, 0)
    at_m12 = sorted(f for f in legal.fires["N12"] if f[0].startswith("M12"))
    assert at_m12 == [("M12", False), ("M12", True), ("M12 3", False), ("M12 4", False)]
    targets = {t.command: t for t in P.targets_for(state, 0, "N12", legal)}
    assert set(targets) == {c for c in legal.commands if c.startswith("fire N12 ")}
    targets = {c: t for c, t in targets.items() if c.startswith("fire N12 M12")}
    assert {c: (t.cell, t.seat, t.shields, t.what) for c, t in targets.items() if not t.base} == {
        "fire N12 M12": ("M12", 2, 0, "ship #1 worth 3 (3e)"),
        "fire N12 M12 3": ("M12", 2, 1, "ship #3 worth 11 (1e 1s)"),
        "fire N12 M12 4": ("M12", 1, 2, "ship #4 worth 22 (2e 2s)"),
    }
    assert targets["fire N12 M12 base"].what == "home base (reserve 5)"
    assert [c for _, cs in P.command_groups(legal) for c in cs if c.startswith("fire")] == [
        c for c in legal.commands if c.startswith("fire")]

"""Firing at one ship of a shared space: `fire <shooter> <target> <n>` names ship n of ALL the ships on
the space, lowest id first, the same number for every player (invaders on a Rebels' base; docs/rules.md,
"Firing")."""

import pytest

from games.kinds.metaltalon.engine import IllegalCommand, legal_commands, play, render_text, shot_preview
from games.kinds.metaltalon.engine.commands import Command
from games.kinds.metaltalon.engine.render import describe
from games.kinds.metaltalon.engine.view import game_of
from tests.kinds.metaltalon.engine.agreement import canonical

from .helpers import QueueDice, board, of_type, position
from .invariants import check_invariants

EDITIONS = ("token", "metatalon", "web2002")
GUN = (2, 2, 0)


def shared(edition: str = "token", own_first: bool = False):
    """Three players: seat 1 (Rebels) has invaders of seats 0 and 2 and its own new ship on its home base,
    and seat 0's gun ship stands next to it. Ids: #1 seat 2 worth 3 (no shields), #2 seat 0 (own),
    #3 seat 2 with 1 shield, #4 the Rebels' ship with 2 shields, 5 the gun. `own_first` puts seat 0's
    invader first, so the bare form names ship #2."""
    home = position(edition, players=3, factions=("bankers", "rebels", "swarm")).seats[1].home
    gun_at = next(c for c in board(edition).neighbours(home) if c not in board(edition).base_cells)
    first, second = (
        ((0, home, (1, 0, 0)), (2, home, (3, 0, 0)))
        if own_first
        else (
            (2, home, (3, 0, 0)),
            (0, home, (1, 0, 0)),
        )
    )
    ships = (first, second, (2, home, (1, 0, 1)), (1, home, (2, 0, 2)), (0, gun_at, GUN))
    state = position(
        edition, players=3, factions=("bankers", "rebels", "swarm"), ships=ships, reserves=(5, 5, 5)
    )
    return state, gun_at, home


def one(state, text):
    game = game_of(state.edition)
    [cmd] = game.parser.parse(text)
    return cmd


# === PARSING ===


@pytest.mark.parametrize(
    ("text", "cells", "number", "base"),
    [
        ("fire D7 F9", ("D7", "F9"), 0, False),
        ("fire D7 F9 2", ("D7", "F9"), 2, False),
        ("FIRE d7 AT f9 3", ("D7", "F9"), 3, False),
        ("fire D7 at F9 02", ("D7", "F9"), 2, False),
        ("Fire D7 F9 BASE", ("D7", "F9"), 0, True),
    ],
)
def test_fire_parses_an_optional_ship_number_or_base(text, cells, number, base):
    state, _, _ = shared()
    cmd = one(state, text)
    assert (cmd.cells, cmd.number, cmd.base) == (cells, number, base)


def test_the_parser_keeps_a_number_and_drops_none():
    letters = game_of("token").edition.letters
    assert Command("fire", cells=("D7", "F9"), number=2).canonical(letters) == "fire D7 F9 2"
    assert Command("fire", cells=("D7", "F9")).canonical(letters) == "fire D7 F9"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("fire D7 F9 2 base", "a ship number or base, not both: fire D7 F9 2 fires at that ship"),
        ("fire D7 F9 base 2", "a ship number or base, not both"),
        ("fire D7 F9 0", r"numbered 1, 2, 3 \.\.\. as the board lists them: say e.g. fire D7 F9 2"),
        ("fire D7 F9 100", "numbered 1, 2, 3"),
        ("fire D7 F9 " + "9" * 4400, "numbered 1, 2, 3"),
        ("fire D7 F9 2 3", r"Say the shooter and the target, e.g. fire D7 F9 \(fire D7 F9 2: ship 2 on F9"),
        ("fire D7 F9 two", "Say the shooter and the target"),
        ("fire D7 F9 ²", "Say the shooter and the target"),
        ("fire D7 F9 -1", "Say the shooter and the target"),
    ],
)
def test_malformed_ship_numbers_are_refused_saying_what_is_legal(text, message):
    state, _, _ = shared()
    with pytest.raises(IllegalCommand, match=message):
        play(state, 0, text)


# === AIMING ===


@pytest.mark.parametrize("edition", EDITIONS)
@pytest.mark.parametrize(
    ("suffix", "ship_id", "shields"), [("", 1, 0), (" 1", 1, 0), (" 3", 3, 1), (" 4", 4, 2)]
)
def test_it_hits_the_numbered_ship_of_a_shared_space_and_no_other(edition, suffix, ship_id, shields):
    state, gun, home = shared(edition)
    before = {s.id: s.pieces for s in state.ships}
    after, events = play(state, 0, f"fire {gun} {home}{suffix}", dice=QueueDice(4))
    fire = of_type(events, "fire")[0]
    assert (fire["target"], fire["target_ship"], fire["shields"]) == ("ship", ship_id, shields)
    assert fire["position"] == ship_id and fire["damage"] == 4 - shields  # ids 1-4 stand in this order
    assert [(e["ship"], e["position"]) for e in of_type(events, "damage")] == [(ship_id, ship_id)]
    changed = {s.id for s in after.ships if before.get(s.id) != s.pieces} | (
        set(before) - {s.id for s in after.ships}
    )
    assert changed == {ship_id}
    check_invariants(after)


@pytest.mark.parametrize("edition", EDITIONS)
def test_shot_preview_takes_the_numbered_form(edition):
    state, gun, home = shared(edition)
    assert shot_preview(state, 0, f"fire {gun} {home}") == (0, 0)
    assert shot_preview(state, 0, f"fire {gun} at {home} 3") == (0, 1)
    assert shot_preview(state, 0, f"FIRE {gun.lower()} {home} 4") == (0, 2)
    with pytest.raises(IllegalCommand, match="your own"):
        shot_preview(state, 0, f"fire {gun} {home} 2")


def test_the_bare_form_keeps_hitting_the_first_enemy_after_your_own_ship():
    state, gun, home = shared(own_first=True)
    _, events = play(state, 0, f"fire {gun} {home}", dice=QueueDice(1))
    assert of_type(events, "fire")[0]["target_ship"] == 2
    _, events = play(state, 0, f"fire {gun} {home} 2", dice=QueueDice(1))
    assert of_type(events, "fire")[0]["target_ship"] == 2


def test_the_base_form_is_unchanged_on_a_shared_space():
    state, gun, home = shared("token")
    _, events = play(state, 0, f"fire {gun} {home} base", dice=QueueDice(3))
    assert of_type(events, "base_damage")[0]["lost"] == 3 and of_type(events, "fire")[0]["position"] is None
    metatalon, gun, home = shared("metatalon")
    with pytest.raises(IllegalCommand, match="must be destroyed first"):
        play(metatalon, 0, f"fire {gun} {home} base")


# === REFUSALS ===


def test_naming_your_own_ship_is_refused_with_the_enemy_numbers():
    state, gun, home = shared()
    message = f"Ship 2 on {home} is your own: say fire ... {home} 1 or fire ... {home} 3 or fire ... {home} 4"
    with pytest.raises(IllegalCommand, match=message):
        play(state, 0, f"fire {gun} {home} 2")


def test_a_number_with_no_ship_is_refused_with_the_ships_there():
    state, gun, home = shared()
    with pytest.raises(
        IllegalCommand, match=f"There is no ship 5 on {home} \\(4 ships stand there\\): say fire"
    ):
        play(state, 0, f"fire {gun} {home} 5")


def test_a_number_at_an_empty_base_or_only_your_own_invader_points_to_the_base():
    state = position(
        players=3, factions=("bankers", "rebels", "swarm"), ships=((0, "N12", GUN),), reserves=(5, 5, 5)
    )
    with pytest.raises(
        IllegalCommand, match="No ship stands on M12: say fire ... M12 to fire at the home base"
    ):
        play(state, 0, "fire N12 M12 1")
    mine = position(
        players=3,
        factions=("bankers", "rebels", "swarm"),
        ships=((0, "M12", (1, 0, 0)), (0, "N12", GUN)),
        reserves=(5, 5, 5),
    )
    with pytest.raises(
        IllegalCommand,
        match="Ship 1 on M12 is your own: no enemy ship stands there; say fire ... M12 to fire",
    ):
        play(mine, 0, "fire N12 M12 1")
    assert "fire N12 M12" in legal_commands(mine, 0)


# === LEGAL COMMANDS AND CANONICAL TEXT ===


@pytest.mark.parametrize("edition", EDITIONS)
def test_legal_commands_list_each_other_enemy_ship_by_number(edition):
    state, gun, home = shared(edition)
    fires = [c for c in legal_commands(state, 0) if c.startswith(f"fire {gun} {home}")]
    base = [f"fire {gun} {home} base"] if edition != "metatalon" else []
    assert sorted(fires) == sorted(
        [f"fire {gun} {home}", f"fire {gun} {home} 3", f"fire {gun} {home} 4", *base]
    )


def test_legal_commands_number_the_enemies_behind_your_own_first_ship():
    state, gun, home = shared(own_first=True)
    fires = [c for c in legal_commands(state, 0) if c.startswith(f"fire {gun} {home}")]
    assert sorted(fires) == sorted(
        [f"fire {gun} {home}", f"fire {gun} {home} 3", f"fire {gun} {home} 4", f"fire {gun} {home} base"]
    )


def test_a_number_naming_the_bare_forms_ship_canonicalises_without_it():
    state, gun, home = shared()
    assert canonical(state, 0, one(state, f"fire {gun} {home} 1")) == f"fire {gun} {home}"
    assert canonical(state, 0, one(state, f"FIRE {gun} AT {home} 03")) == f"fire {gun} {home} 3"
    assert canonical(state, 0, one(state, f"fire {gun} {home} base")) == f"fire {gun} {home} base"
    own_first, gun, home = shared(own_first=True)
    assert canonical(own_first, 0, one(own_first, f"fire {gun} {home} 2")) == f"fire {gun} {home}"
    # A lone ship: its number 1 is the bare form.
    lone = position(ships=((0, "I9", GUN), (1, "J9", (9, 0, 0))))
    assert canonical(lone, 0, one(lone, "fire I9 J9 1")) == "fire I9 J9"


@pytest.mark.parametrize("edition", EDITIONS)
@pytest.mark.parametrize("own_first", [False, True])
def test_play_and_legal_commands_agree_on_a_shared_space(edition, own_first):
    state, gun, home = shared(edition, own_first)
    listed = set(legal_commands(state, 0))
    for command in listed:
        after, _ = play(state, 0, command)
        check_invariants(after)
    spellings = [f"fire {gun} {home}", f"fire {gun} {home} base", f"fire {gun} at {home} base"]
    spellings += [f"fire {gun} {home} {n}" for n in range(1, 7)]
    spellings += [f"FIRE {gun.lower()} AT {home.lower()} {n}" for n in range(1, 7)]
    accepted = 0
    for text in spellings:
        try:
            play(state, 0, text)
        except IllegalCommand:
            assert canonical(state, 0, one(state, text)) not in listed, text
            continue
        accepted += 1
        assert canonical(state, 0, one(state, text)) in listed, text
    assert accepted >= 5


# === WHERE PLAYERS READ THE BOARD ===


def test_the_text_board_numbers_the_ships_of_a_shared_space():
    state, _, home = shared()
    text = render_text(state, 0)
    assert f"{home} holds 4 ships: #1 3C, #2 1A, #3 11C, #4 22B (fire ... {home} 2 aims at #2)" in text
    assert f"{home} #2 1e (1)" in text and f"{home} #4 2e 2s (22)" in text
    lone = position(ships=((0, "I9", GUN), (1, "J9", (9, 0, 0))))
    assert "#" not in render_text(lone)


def test_shot_sentences_name_the_numbered_ship_hit():
    state, gun, home = shared()
    _, events = play(state, 0, f"fire {gun} {home} 3", dice=QueueDice(4))
    fire, damage = of_type(events, "fire")[0], of_type(events, "damage")[0]
    assert f"fired at Player C (The Swarm)'s ship #3 at {home}: rolled 4" in describe(fire, state)
    assert describe(damage, state).startswith(f"Player C (The Swarm)'s ship #3 at {home} lost 3 credits")
    lone = position(ships=((0, "I9", GUN), (1, "J9", (9, 0, 0))))
    _, events = play(lone, 0, "fire I9 J9", dice=QueueDice(4))
    assert of_type(events, "fire")[0]["position"] is None and of_type(events, "damage")[0]["position"] is None
    assert "ship at J9" in describe(of_type(events, "fire")[0])

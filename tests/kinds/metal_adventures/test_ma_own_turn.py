"""Metal Adventures' support cards played on one's own turn (rules.md, "Support cards on your own turn"):
S05-S09 by the active seat while travelling, outside battles, never while resting (R47); each card's
effect, what it needs, its target, and the card going to the Bazaar pile; legal_commands lists exactly
what play accepts. Every state reached is checked against the invariants."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

import pytest

from games.kinds.metal_adventures import cards, commands, invariants, own_turn
from games.kinds.metal_adventures.battle_state import Battle
from games.kinds.metal_adventures.state import GameState
from games.kinds.protocol import Refused

from .helpers import A, B, C, given, play, refused

TRAVEL = "turn.travel"


def holding(*support: str, phase: str = TRAVEL, **kwargs: Any) -> GameState:
    """Seat A holds these cards (and what `seats` gives it), at `phase` of its turn."""
    seats = kwargs.pop("seats", {})
    seats[A] = {"improvements": support, **seats.get(A, {})}
    return given(phase=phase, seats=seats, **kwargs)


def plays(state: GameState, seat: int = A) -> list[str]:
    return [c for c in commands.legal_commands(state, seat) if c.startswith("play ")]


# === S05 EMERGENCY PATCH ===


@pytest.mark.parametrize(("damage", "left"), [(3, 1), (1, 0), (4, 2)])
def test_s05_emergency_patch_removes_two_damage(damage: int, left: int) -> None:
    state = holding("S05", seats={A: {"damage": damage}})
    assert plays(state) == ["play S05"]
    after, events = play(state, A, "play S05")
    assert after.seats[A].damage == left and after.seats[A].improvements == ()
    assert after.bazaar_pile[-1] == "S05"
    assert events[0] == {"type": "play", "seat": A, "card": "S05", "repaired": damage - left, "damage": left}


def test_s05_emergency_patch_is_refused_without_damage() -> None:
    state = holding("S05")
    refused(state, A, "play emergency patch", "no damage")
    assert plays(state) == []


# === S06 SABOTEUR ===


def test_s06_saboteur_gives_another_seat_one_damage() -> None:
    state = holding("S06", seats={B: {"damage": 1}, C: {"damage": 4}})
    assert plays(state) == ["play S06 2"]
    after, events = play(state, A, "play saboteur 2")
    assert after.seats[B].damage == 2 and after.bazaar_pile[-1] == "S06"
    assert events[1] == {"type": "damage", "seat": B, "amount": 1, "taken": 1, "source": "card", "damage": 2}


@pytest.mark.parametrize(("target", "words"), [("1", "another seat"), ("3", "4 damage already"),
                                                ("5", "1 to 3"), ("", "Name the seat"), ("bob", "1 to 3")])
def test_s06_saboteur_needs_another_seat_below_four_damage(target: str, words: str) -> None:
    state = holding("S06", seats={C: {"damage": 4}})
    refused(state, A, f"play S06 {target}".strip(), words)


def test_s06_saboteur_cannot_target_a_seat_that_left() -> None:
    state = holding("S06")
    gone = state.with_seat(B, replace(state.seats[B], out=True))
    refused(gone, A, "play S06 2", "left the game")
    assert plays(gone) == ["play S06 3"]


def test_s06_scrap_plating_does_not_stop_a_saboteur() -> None:
    state = holding("S06", seats={B: {"improvements": ("E07",)}})
    after, _ = play(state, A, "play S06 2")
    assert after.seats[B].damage == 1


# === S07 FORGED PARDON ===


def test_s07_forged_pardon_cancels_a_jp_and_gives_the_glory_back() -> None:
    state = holding("S07", seats={A: {"jp": 2, "glory": 0}})
    after, events = play(state, A, "play forged-pardon")
    assert after.seats[A].jp == 1 and after.seats[A].glory == 1 and after.bazaar_pile[-1] == "S07"
    assert events[1]["type"] == "jp_cancelled"


def test_s07_forged_pardon_is_refused_in_a_turn_a_jp_was_taken_and_without_a_jp() -> None:
    state = holding("S07", phase="turn.start", seats={A: {"jp": 1, "glory": 1}})
    state, _ = play(state, A, "refuse")
    refused(state, A, "play S07", "took a JP this turn")
    assert plays(state) == []
    refused(holding("S07"), A, "play S07", "no JP")


# === S08 POT RAID ===


@pytest.mark.parametrize(("pot", "taken"), [(5, 3), (4, 2), (1, 1)])
def test_s08_pot_raid_takes_half_the_pot_rounded_up(pot: int, taken: int) -> None:
    state = holding("S08", seats={A: {"credits": 0}}, pot=pot)
    after, _ = play(state, A, "play pot raid")
    assert after.seats[A].credits == taken and after.pot == pot - taken


def test_s08_pot_raid_is_refused_on_an_empty_pot() -> None:
    refused(holding("S08"), A, "play S08", "Pot is empty")


# === S09 BOUNTY BROKER ===


def test_s09_bounty_broker_takes_a_ship_of_power_ten_or_less_from_the_karokum_pile() -> None:
    state = holding("S09", karokum=("N12", "D01", "N05"))
    assert plays(state) == ["play S09 N05", "play S09 N12"]
    after, events = play(state, A, "play bounty broker destria-nova")
    assert after.seats[A].wrecks == ("N05",) and after.karokum_pile == ("N12", "D01")
    assert after.bazaar_pile[-1] == "S09" and events[0]["ship"] == "N05"
    refused(state, A, "play S09 D01", "power 11")
    refused(state, A, "play S09", "Name the starship")
    refused(state, A, "play broker N20", "not one of the Karokum pile")
    refused(holding("S09"), A, "play S09 N05", "Karokum pile is empty")


# === R47: WHO AND WHEN ===


def test_r47_own_turn_cards_are_played_before_or_after_the_battle() -> None:
    state = holding("S05", "S08", seats={A: {"damage": 2}}, pot=2)
    state, _ = play(state, A, "play S05")
    state = replace(state, travel=replace(state.travel, battle_done=True))
    state, _ = play(state, A, "play S08")
    assert state.bazaar_pile[-2:] == ("S05", "S08")


def test_r47_not_while_resting_not_before_the_tribute_not_out_of_turn() -> None:
    resting = holding("S05", phase="turn.rest", seats={A: {"damage": 2}})
    refused(resting, A, "play S05", "resting")
    starting = holding("S05", phase="turn.start", seats={A: {"damage": 2}})
    refused(starting, A, "play S05", "Brotherhood")
    other = given(phase=TRAVEL, seats={B: {"improvements": ("S05",), "damage": 2}})
    refused(other, B, "play S05", "turn")
    assert plays(other, B) == []
    with pytest.raises(Refused, match="active seat while it travels"):
        own_turn.play(other, B, "S05")


def test_r47_not_during_a_battle() -> None:
    state = holding("S05", seats={A: {"damage": 2}})
    running = replace(state, phase="battle.allies", battle=Battle(kind="planet", attacker=A, target="bazaar"))
    invariants.check(running)
    refused(running, A, "play S05", "battle")
    assert plays(running) == []
    with pytest.raises(Refused, match="battle is in progress"):
        own_turn.play(replace(state, battle=running.battle), A, "S05")


def test_battle_cards_and_equipment_are_not_played_on_ones_own_turn() -> None:
    state = holding("S02", "E11")
    refused(state, A, "play grog", "played in a battle")
    refused(state, A, "play rhum", "None of your support cards is called 'rhum'")
    refused(holding(), A, "play S05", "no support card")
    refused(holding("S05", seats={A: {"damage": 1}}), A, "play S05 2", "names no target")
    refused(state, A, "play", "Play which card")


# === LEGAL_COMMANDS AGAINST PLAY ===


def candidates(state: GameState) -> list[str]:
    found = [f"play {c}" for c in cards.IMPROVEMENTS]
    found += [f"play {c} {n}" for c in cards.SUPPORT_CARDS for n in range(state.players + 2)]
    found += [f"play {c} {s}" for c in cards.SUPPORT_CARDS for s in (*state.karokum_pile, "D20", "N01")]
    return list(dict.fromkeys(found))


@pytest.mark.parametrize("seed", range(25))
def test_legal_plays_are_what_play_accepts(seed: int) -> None:
    rng = random.Random(seed)
    players = rng.choice((3, 4))
    held = tuple(rng.sample(own_turn.CARDS, rng.randrange(1, 4)))
    ships = rng.sample(sorted(cards.STARSHIPS), rng.randrange(4))
    state = given(players, phase=TRAVEL, seed=seed,
                  seats={A: {"improvements": held, "damage": rng.randrange(5), "jp": rng.randrange(3),
                             "took_jp_this_turn": rng.random() < 0.3},
                         B: {"damage": rng.randrange(5)}, C: {"damage": rng.randrange(5)}},
                  karokum=tuple(ships), pot=rng.randrange(3))
    if rng.random() < 0.5:
        state = replace(state, travel=replace(state.travel, battle_done=True))
    before = state.to_dict()
    taken = []
    for command in candidates(state):
        try:
            after, _ = commands.play(state, A, command, None)
        except Refused as why:
            assert "Legal now" in str(why), why
            continue
        assert state.to_dict() == before
        invariants.check(after)
        taken.append(command)
    legal = plays(state)
    assert len(legal) == len(set(legal))
    assert sorted(taken) == sorted(legal)

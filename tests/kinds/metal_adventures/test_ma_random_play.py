"""Property test: games played at random from the deal, for 3 to 6 seats and every option (perks, the
Hunter shuffle, the window), keep every invariant of rules.md ("What always holds") in every state; every
command legal_commands lists is accepted by play; no command changes the state it was given; and the state
reads back from its JSON. The seat the game waits for plays a random listed command; now and then another
seat acts out of turn: a listed command of its own (a reveal, a keep, a discard, an answer to an offer, a
resignation) or words of its own (a standing order, an offer, a promise, terms), which may be refused; and
now and then an awaited seat's time runs out and the clock plays prompts.timeout_commands for it, which
must be accepted. Every awaited seat has its prompt."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.kinds.metal_adventures import commands, invariants, prompts, setup
from games.kinds.metal_adventures.state import GameState
from games.kinds.protocol import Refused
from tests.kinds.seeded_dice import SeededDice

STEPS = 250
FULL_CHECKS = 3  # states per game at which every listed command is played
ORDERS = ("order ally accept min 1c", "order ally decline", "order ally counter 2c", "order ally off",
          "order defend none", "order defend ask all for 1c", "order betray all", "order betray no",
          "order mf ally yes", "order mf defend yes", "order mf ally off", "order arm jones both",
          "order arm grog ally", "order arm smoke defend", "order trophies manual", "order trophies auto",
          "order overflow new", "order plead guilty", "order vote innocent")


def words_of_its_own(state: GameState, seat: int, rng: random.Random) -> str:
    """A command whose words are the player's: a standing order, an offer, a promise, an ask for help
    with terms, a counter-offer."""
    other = rng.choice([i for i in range(state.players) if i != seat]) + 1
    partner = state.active + 1 if seat != state.active else other
    held = state.seats[seat].improvements
    gives = [f"{rng.randint(1, 3)}c", "nothing", f"{rng.randint(1, 2)}c@end", "2c@next"]
    gives += [f"card {c}" for c in held]
    terms = [f"{rng.randint(1, 4)}c", f"{rng.randint(1, 3)}c@now", "1c@now + 1c"]
    terms += [f"card {c}{rng.choice(['', '@now'])}" for c in held]
    return rng.choice([
        rng.choice(ORDERS),
        f"offer {partner} give {rng.choice(gives)} get {rng.choice(['1c', 'nothing', 'trophy'])}",
        f"promise {other} {rng.randint(1, 2)}c@{rng.choice(['end', 'next'])}",
        f"ally ask {rng.choice(['all', str(other)])} for {rng.choice(terms)}",
        f"ally accept {rng.choice(terms)}",
    ])


def pick(commands_listed: list[str], rng: random.Random) -> str:
    """A listed command, the autopilot seldom (it plays a whole turn)."""
    others = [c for c in commands_listed if c != "autopilot"]
    return rng.choice(commands_listed if not others or rng.random() < 0.1 else others)


def listed(state: GameState, seat: int, leave: bool) -> list[str]:
    return [c for c in commands.legal_commands(state, seat) if leave or c != "resign"]


def step(state: GameState, seat: int, command: str, dice: SeededDice, must: bool) -> GameState:
    """`command` played for `seat`: accepted when `must` (it was listed); the given state unchanged; the new
    state keeping every invariant and reading back from its JSON."""
    before = state.to_dict()
    try:
        after, _events = commands.play(state, seat, command, dice)
    except Refused as why:
        assert not must, f"{command!r} was listed for seat {seat + 1} in {state.phase} but refused: {why}"
        assert state.to_dict() == before
        return state
    assert state.to_dict() == before, command
    invariants.check(after)
    assert GameState.from_dict(after.to_dict()) == after
    return after


@pytest.mark.random_games
@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(3, 6), perks=st.booleans(),
       hunter_shuffle=st.sampled_from(["layered", "full"]), window_hours=st.integers(1, 72),
       out_of_turn=st.sampled_from([0.0, 0.1, 0.3]))
def test_random_games_keep_every_invariant_and_play_accepts_every_listed_command(
        seed: int, players: int, perks: bool, hunter_shuffle: str, window_hours: int,
        out_of_turn: float) -> None:
    rng = random.Random(seed)
    dice = SeededDice(seed)
    options = {"perks": perks, "hunter_shuffle": hunter_shuffle, "window_hours": window_hours}
    state = setup.new_state(options, players, dice)
    invariants.check(state)
    full_checks = set(rng.sample(range(STEPS), FULL_CHECKS))
    for n in range(STEPS):
        if state.phase == "game.over":
            assert commands.to_act(state) == ()
            break
        if n in full_checks:
            for seat in range(players):
                for command in listed(state, seat, leave=True):
                    step(state, seat, command, SeededDice(seed + n), must=True)
        awaited = commands.to_act(state)
        assert awaited, f"nobody to act in {state.phase}"
        for seat in awaited:
            assert [c for c in listed(state, seat, False) if c != "autopilot"], f"seat {seat + 1} awaited"
        still_in = [i for i, s in enumerate(state.seats) if not s.out]
        assert [p.seat for p in prompts.prompts(state, None)] == list(awaited)
        seat = rng.choice(still_in if rng.random() < out_of_turn else awaited)
        own = listed(state, seat, leave=len(still_in) > 3 and rng.random() < 0.02)
        if seat in awaited and rng.random() < 0.1:  # the seat's time runs out: the clock answers for it
            timeout = prompts.timeout_commands(state, seat)
            assert timeout, f"the clock has nothing to play for seat {seat + 1} in {state.phase}"
            for command in timeout:
                state = step(state, seat, command, dice, must=True)
        elif own and rng.random() < 0.8:
            state = step(state, seat, pick(own, rng), dice, must=True)
        else:
            state = step(state, seat, words_of_its_own(state, seat, rng), dice, must=False)

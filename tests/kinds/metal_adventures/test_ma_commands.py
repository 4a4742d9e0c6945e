"""Metal Adventures' legal_commands lists exactly what play accepts, on every state a few random turns
reach (setup's choice, rest, tribute, refuse, the rest's swap, pick and buy, discard, end, resign), and every
command keeps the invariants and leaves the state it was given unchanged."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from games.kinds.metal_adventures import cards, commands, end, invariants
from games.kinds.metal_adventures.state import GameState
from games.kinds.protocol import Event, Refused

from .helpers import dealt

SEEDS = range(12)
TURNS = 12


def candidates(state: GameState, seat: int) -> list[str]:
    """Commands worth trying, in canonical form: every verb of this slice, bare and with every card it could
    name."""
    found = ["rest", "tribute", "refuse", "end", "resign", "tribute 1", "end now", "swap", "pick", "buy",
             "attack space", "order ally decline"]
    found += [f"swap {t}" for t in sorted(cards.TROPHIES)] + [f"pick {t}" for t in sorted(cards.TROPHIES)]
    found += [f"{verb} {c}" for verb in ("buy", "discard") for c in sorted(cards.IMPROVEMENTS)]
    if state.phase == "setup.trophies":
        hand = state.dealt[seat]
        # In the order dealt, the canonical one; the other order is the same choice.
        found += [f"choose {a} {b}" for i, a in enumerate(hand) for b in hand[i + 1:]] + ["choose T01"]
    return found


def accepted(state: GameState, seat: int) -> list[str]:
    """The candidates play accepts, each checked: the given state unchanged, the new one keeping every
    invariant."""
    before = state.to_dict()
    taken = []
    for command in candidates(state, seat):
        try:
            after, _events = commands.play(state, seat, command, None)
        except Refused as why:
            assert "Legal now" in str(why) or "nothing to do" in str(why) or "game is over" in str(why), why
            continue
        assert state.to_dict() == before, command
        invariants.check(after)
        taken.append(command)
    return taken


def check_seats(state: GameState) -> None:
    for seat in range(state.players):
        legal = commands.legal_commands(state, seat)
        assert set(legal) == set(accepted(state, seat)), (state.phase, seat)
        assert len(legal) == len(set(legal))
        if seat in commands.to_act(state) and state.phase != "turn.travel":  # travel: the next slice
            assert [c for c in legal if c != "resign"], (state.phase, seat)


def battle_stand_in(state: GameState, rng: random.Random) -> tuple[GameState, list[Event]]:
    """The travel phase until the battles' slice: the battle leaves the active seat 0-2 damage more, then
    its turn ends as `end` will end it."""
    seat = state.seats[state.active]
    state = state.with_seat(state.active, replace(seat, damage=min(4, seat.damage + rng.randrange(3))))
    return end.finish_turn(state)


@pytest.mark.parametrize("seed", SEEDS)
def test_legal_commands_are_what_play_accepts_through_random_turns(seed: int) -> None:
    rng = random.Random(seed)
    state = dealt(rng.choice((3, 4, 5, 6)), seed)
    check_seats(state)
    while state.phase == "setup.trophies":
        seat = rng.choice(commands.to_act(state))
        choices = [c for c in commands.legal_commands(state, seat) if c != "resign"]
        state, _ = commands.play(state, seat, rng.choice(choices), None)
        check_seats(state)
    while state.turn <= TURNS and state.phase != "game.over":
        if state.phase == "turn.travel":
            state, _ = battle_stand_in(state, rng)
        else:
            seat = commands.to_act(state)[0]
            legal = [c for c in commands.legal_commands(state, seat) if c != "resign"]
            state, _ = commands.play(state, seat, rng.choice(legal), None)
        invariants.check(state)
        check_seats(state)
    assert state.turn > TURNS or state.phase == "game.over"


def test_a_resignation_in_the_middle_of_random_turns_keeps_legality_and_the_invariants() -> None:
    rng = random.Random(99)
    state = dealt(4, 99)
    for seat in range(4):
        state, _ = commands.play(state, seat, commands.legal_commands(state, seat)[0], None)
    for step in range(10):
        if step == 3:  # a seat waiting for its turn leaves
            leaver = (state.active + 1) % 4
            state, _ = commands.play(state, leaver, "resign", None)
        elif state.phase == "turn.travel":
            state, _ = battle_stand_in(state, rng)
        else:
            legal = [c for c in commands.legal_commands(state, state.active) if c != "resign"]
            state, _ = commands.play(state, state.active, rng.choice(legal), None)
        invariants.check(state)
        check_seats(state)
        if step > 3:
            assert state.active != leaver
    assert [s.out for s in state.seats].count(True) == 1

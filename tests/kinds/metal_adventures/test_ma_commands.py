"""Metal Adventures' legal_commands lists exactly what play accepts, on states that random games reach
through every phase (setup, rest, tribute, battles of every kind with allies, declarations, reactions
and settlement, the tour, trades and promises, cases, resigning), and every command keeps the invariants and
leaves the state it was given unchanged."""

from __future__ import annotations

import random
from dataclasses import replace
from itertools import combinations

import pytest

from games.kinds.metal_adventures import cards, cases, commands, invariants
from games.kinds.metal_adventures.records import Choice
from games.kinds.metal_adventures.state import GameState
from games.kinds.protocol import Refused
from tests.kinds.seeded_dice import SeededDice

from .helpers import A, C, given, play, random_states
from .test_ma_tour import candidates as tour_candidates

SEEDS = range(10)
# Commands whose words are the player's own (terms, orders, offers, accusations): legal_commands lists
# them by their first words only, so only the listed forms are compared.
FREE_FORM = ("order ", "offer ", "promise ", "accuse ")


def candidates(state: GameState, seat: int) -> list[str]:
    """Commands worth trying in this phase, canonical: every verb with every card, seat or number it could
    name, and some that are never legal."""
    n = state.players
    seats = [str(i) for i in range(1, n + 2)]
    found = ["rest", "tribute", "refuse", "end", "resign", "autopilot", "tribute 1", "end now", "swap",
             "pick", "ready", "loyal", "betray", "mf yes", "mf no", "roll", "pass", "ally none",
             "ally ask all", "ally accept", "ally decline", "take credits", "take wrecks", "trophy refuse",
             "keep all", "attack space"]
    found += [f"swap {t}" for t in cards.TROPHIES] + [f"pick {t}" for t in cards.TROPHIES]
    found += [f"reveal {t}" for t in cards.TROPHIES] + [f"trophy drop {t}" for t in cards.TROPHIES]
    found += [f"attack space {i}" for i in range(1, 6)] + [f"challenge {s}" for s in seats]
    found += [f"attack planet {p}" for p in ("exxalia", "bazaar", "karokum", "ocg")]
    found += [f"planet {p}" for p in ("exxalia", "bazaar", "karokum")]
    found += [f"attack karokum {c}" for c in (*state.karokum_pile, "D01")]
    found += [f"pick {c}" for c in (*state.karokum_pile, *state.bazaar_pile)]
    for verb in ("ally ask", "ally take", "ally accept", "ally decline"):
        found += [f"{verb} {s}" for s in seats]
    found += [f"{verb} {c}" for verb in ("arm", "discard", "take card") for c in cards.IMPROVEMENTS]
    found += [f"{verb} P{i}" for verb in ("keep", "break") for i in range(1, 4)]
    offer_ids = sorted({1, 2, 3, *(o.number for o in state.offers)})
    found += [f"{verb} O{i}" for verb in ("accept", "decline", "withdraw") for i in offer_ids]
    case_ids = sorted({1, *(c.number for c in state.cases)})
    found += ["plead guilty", "plead innocent", "plead maybe", "vote guilty", "vote C1", "vote C1 maybe"]
    found += [f"vote C{i} {v}" for i in case_ids for v in ("guilty", "innocent", "abstain")]
    if len(cases.to_plead(state, seat)) > 1:  # several cases at the plea: each is named
        found += [f"plead C{i} {p}" for i in case_ids for p in ("guilty", "innocent")]
    for choice in state.choices:
        found += [f"pick {' '.join(g)}" for g in combinations(choice.options, choice.count)]
    if state.phase == "turn.travel":  # there `buy` is short for `tour buy`: listed as the tour's
        found += tour_candidates(state, seat)
    else:
        found += [f"buy {c}" for c in cards.IMPROVEMENTS] + [f"play {c}" for c in cards.IMPROVEMENTS]
    if state.phase == "setup.trophies":
        hand = state.dealt[seat]
        found += [f"choose {a} {b}" for i, a in enumerate(hand) for b in hand[i + 1:]] + ["choose T01"]
    return list(dict.fromkeys(found))


def accepted(state: GameState, seat: int) -> list[str]:
    """The candidates play accepts, each checked: the given state unchanged, the new one keeping every
    invariant."""
    before = state.to_dict()
    taken = []
    for command in candidates(state, seat):
        try:
            after, _events = commands.play(state, seat, command, SeededDice(len(taken)))
        except Refused as why:
            assert "Legal now" in str(why) or "nothing to do" in str(why) or "game is over" in str(why), why
            continue
        assert state.to_dict() == before, command
        invariants.check(after)
        taken.append(command)
    return taken


def accusations(state: GameState, seat: int) -> list[int]:
    """The seats an accusation by `seat` is accepted against (as seats 0..n-1), each checked."""
    before = state.to_dict()
    found = []
    for other in range(state.players):
        try:
            after, _events = commands.play(state, seat, f"accuse {other + 1} promised 2c in chat")
        except Refused:
            continue
        assert state.to_dict() == before
        invariants.check(after)
        found.append(other)
    return found


def check_seats(state: GameState) -> None:
    awaited = commands.to_act(state)
    for seat in range(state.players):
        legal = commands.legal_commands(state, seat)
        listed = {c for c in legal if not c.startswith(FREE_FORM)}
        assert listed == set(accepted(state, seat)), (state.phase, seat)
        assert len(legal) == len(set(legal))
        assert accusations(state, seat) == list(cases.accusable(state, seat)), (state.phase, seat)
        if seat in awaited:
            assert [c for c in legal if c not in ("resign", "autopilot")], (state.phase, seat)


@pytest.mark.random_games
@pytest.mark.parametrize("seed", SEEDS)
def test_legal_commands_are_what_play_accepts_through_random_games(seed: int) -> None:
    states = random_states(seed, players=3 + seed % 4, steps=400)
    rng = random.Random(seed)
    for state in rng.sample(states, min(25, len(states))):
        check_seats(state)


@pytest.mark.random_games
@pytest.mark.parametrize("seed", range(6))
def test_legal_commands_are_what_play_accepts_through_random_games_with_offers_and_cases(seed: int) -> None:
    states = random_states(300 + seed, players=3 + seed % 4, steps=400, talk=0.2)
    assert any(s.cases for s in states) and any(s.offers for s in states)
    rng = random.Random(seed)
    for state in rng.sample(states, min(20, len(states))) + [s for s in states if s.cases][:5]:
        check_seats(state)


@pytest.mark.random_games
def test_a_resignation_in_the_middle_of_random_turns_keeps_legality_and_the_invariants() -> None:
    for seed in range(4):
        states = random_states(100 + seed, players=4, steps=300, leave=True)
        for state in states[::10]:
            check_seats(state)
        last = states[-1]
        invariants.check(last)


@pytest.mark.random_games
def test_a_random_game_reaches_its_end() -> None:
    ends = 0
    for seed in range(6):
        states = random_states(200 + seed, players=3, steps=3000)
        ends += states[-1].phase == "game.over"
    assert ends >= 5





def test_a_choice_waiting_on_another_seat_holds_the_game_up_for_that_seat_alone() -> None:
    state = replace(given(3, phase="turn.travel"), choices=(Choice(kind="discard", seat=C, cards=("E01",)),))
    assert commands.held_up_by(state) == (C,)
    assert commands.held_up_by(replace(state, choices=())) == (A,)


def test_end_with_words_after_it_is_refused_while_resting() -> None:
    from .helpers import refusal

    state = given(3, phase="turn.rest")
    assert refusal(state, A, "end now") == "`end` takes nothing after it."


def test_the_autopilot_out_of_turn_is_refused_word_for_word() -> None:
    from .helpers import refusal

    assert refusal(given(3, phase="turn.start"), C, "autopilot") == \
        "The autopilot plays your own turn, when the game waits for you."


def test_a_command_once_the_game_is_over_is_refused_word_for_word() -> None:
    from .helpers import refusal

    assert refusal(replace(given(3), phase="game.over"), A, "tribute") == "The game is over."


def test_another_command_while_looking_at_trophies_is_refused_word_for_word() -> None:
    from .helpers import refusal

    resting = given(3, phase="turn.rest", seats={A: {"trophies": ("T03",), "damage": 1}})
    state, _ = play(resting, A, "swap T03")
    assert state.choices[0].kind == "trophy"
    assert refusal(state, A, "end") == "Pick one of the trophies you are looking at first."

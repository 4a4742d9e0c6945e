"""Metal Adventures' bots playing whole games (games/kinds/metal_adventures/bots/): every command they
send is one the rules accept (the listed ones, or the terms the greedy bot writes itself); the random bot
picks among the legal commands of its seat's bot state and never gives orders, resigns or hands its turn
to the autopilot; a seed repeats its game; and the greedy bot beats the random one."""

from __future__ import annotations

import random
from typing import Any

import pytest

from games.kinds.metal_adventures import commands, invariants
from games.kinds.metal_adventures.bots import LEVELS, make_bot
from games.kinds.metal_adventures.bots.match import ENDINGS, play_game
from games.kinds.metal_adventures.bots.rules import RULES
from games.kinds.metal_adventures.state import GameState
from games.kinds.metal_adventures.view import bot_state

# The greedy bot's commands with words of their own: an ask with its terms, a counter-offer.
WORDED = ("ally ask ", "ally accept ")


class Referee:
    """Checks every command before it is played: listed as legal for its seat, or (the greedy bot's
    terms) a listed command with terms after it; and every state after it keeps the invariants."""

    def __init__(self, levels: tuple[str, ...]) -> None:
        self.levels = levels
        self.commands = 0
        self.worded = 0

    def __call__(self, state: GameState, seat: int, command: str) -> None:
        invariants.check(state)
        assert seat in commands.to_act(state)
        legal = commands.legal_commands(state, seat)
        self.commands += 1
        if command in legal:
            assert command.split()[0] not in ("order", "resign", "autopilot")
            return
        assert self.levels[seat] == "greedy" and command.startswith(WORDED), (state.phase, command, legal)
        head, _, terms = command.rpartition(" ")
        assert terms.endswith("c") and terms[:-1].isdigit() and int(terms[:-1]) >= 1
        assert head.removesuffix(" for") in legal, (command, legal)
        self.worded += 1


@pytest.mark.parametrize("seed, levels", [(1, ("greedy", "random", "random")),
                                          (2, ("random", "greedy", "greedy", "random")),
                                          (3, ("greedy",) * 5),
                                          (4, ("random", "greedy") * 3),
                                          (5, ("greedy",) * 4),
                                          (6, ("greedy", "greedy", "random"))])
@pytest.mark.random_games
def test_the_bots_send_only_commands_the_rules_accept(seed: int, levels: tuple[str, ...]) -> None:
    referee = Referee(levels)
    result = play_game(seed, len(levels), lambda seat, rng: make_bot(levels[seat], rng), levels,
                       watch=referee)
    assert result.ending in ENDINGS and referee.commands == result.commands > 50
    assert referee.worded > 0  # the greedy bot asked for allies with terms


@pytest.mark.random_games
def test_the_random_bot_picks_among_the_legal_commands_of_its_bot_state() -> None:
    state, _ = play_seeded_until_battle()
    seat = commands.to_act(state)[0]
    bot = make_bot("random", random.Random(3))
    picked = {bot.choose(state, seat) for _ in range(60)}
    moves = [c for c in commands.legal_commands(bot_state(state, seat), seat) if not RULES.anytime(c)]
    assert picked <= set(moves) and len(picked) > 1
    assert RULES.anytime("order ally decline") and RULES.anytime("resign") and RULES.anytime("autopilot")
    assert not RULES.anytime("ally accept") and not RULES.anytime("keep all")


def play_seeded_until_battle() -> tuple[GameState, int]:
    """A greedy game played until some seat other than the active one is asked something."""
    found: list[tuple[GameState, int]] = []

    def watch(state: GameState, seat: int, command: str) -> None:
        if not found and seat != state.active and state.battle is not None:
            found.append((state, seat))

    levels = ("greedy",) * 4
    play_game(7, 4, lambda seat, rng: make_bot("greedy", rng), levels, watch=watch)
    assert found
    return found[0]


@pytest.mark.random_games
def test_a_seed_repeats_its_game() -> None:
    levels = ("greedy", "random", "greedy")

    def game() -> Any:
        return play_game(11, 3, lambda seat, rng: make_bot(levels[seat], rng), levels)
    assert game() == game()


def test_the_levels_are_random_and_greedy() -> None:
    assert LEVELS == ("random", "greedy")
    with pytest.raises(KeyError, match="unknown bot level"):
        make_bot("grandmaster", random.Random(1))


GAMES = 40


@pytest.mark.random_games
def test_the_greedy_bot_beats_three_random_bots_in_most_games() -> None:
    # One greedy bot against three random ones, the greedy seat turned one place further each game: a
    # fair share would be 25%.
    wins = 0
    for g in range(GAMES):
        levels = tuple("greedy" if i == g % 4 else "random" for i in range(4))
        result = play_game(1000 + g, 4, lambda seat, rng, levels=levels: make_bot(levels[seat], rng), levels)
        wins += g % 4 in result.winners
    assert wins > GAMES * 3 // 4, f"greedy won {wins} of {GAMES}"

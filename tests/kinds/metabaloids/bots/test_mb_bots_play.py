"""Metabaloids' bots playing whole games (games/kinds/metabaloids/bots): every command they send is one
the rules accept, every game finishes, and the greedy bot beats the random one in most seeded 2-player
games (deck A against deck B, both ways, each bot from each seat)."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest

from games.bots.base import Bot
from games.kinds.metabaloids import commands
from games.kinds.metabaloids.bots import LEVELS, make_bot
from games.kinds.metabaloids.bots.match import CAPPED, play_game
from games.kinds.metabaloids.bots.simulate import Plan, run, summarise
from games.kinds.metabaloids.state import GameState

GAMES = 40
GREEDY_SHARE = 0.6  # the greedy bot must win more than this share of its games against the random one


def referee(sent: list[tuple[int, str]]) -> Any:
    """A watcher that checks each command is legal before it is played: listed by the rules, or (a
    line of the bot's own, such as an attack with in-line boosts) accepted by them."""

    def watch(state: GameState, seat: int, command: str) -> None:
        assert seat in commands.to_act(state)
        if command not in commands.legal_commands(state, seat):
            commands.play(state, seat, command, _First())  # raises Refused when it is not legal
        sent.append((seat, command))

    return watch


class _First:
    def roll(self, sides: int) -> int:
        return 1

    def draw(self, n: int) -> int:
        return 0


def maker(levels: tuple[str, ...]) -> Callable[[int, random.Random], Bot]:
    return lambda seat, rng: make_bot(levels[seat], rng)


@pytest.mark.random_games
def test_every_bot_level_sends_only_legal_commands_and_finishes_its_games() -> None:
    for players, levels in ((2, ("random", "greedy")), (3, ("greedy", "random", "greedy")),
                            (4, ("greedy",) * 4)):
        for seed in range(3):
            sent: list[tuple[int, str]] = []
            decks = tuple("AB"[i % 2] for i in range(players))
            result = play_game(seed, decks, maker(levels), levels, watch=referee(sent))
            assert result.ending != CAPPED, (players, seed)
            assert result.winners, (players, seed)
            assert {seat for seat, _ in sent} == set(range(players))


@pytest.mark.random_games
def test_the_greedy_bot_beats_the_random_bot_in_most_two_player_games() -> None:
    plan = Plan(games=GAMES, players=2, bots=("greedy", "random"), decks=("A", "B"), seed=100)
    summary = summarise(run(plan))
    greedy = next(rate for rate in summary.by_level if rate.label == "greedy")
    assert greedy.games == GAMES
    assert greedy.rate > GREEDY_SHARE, f"greedy won {greedy.wins} of {greedy.games}"


def test_the_plan_gives_each_level_each_deck_from_each_seat() -> None:
    plan = Plan(games=4, players=2, bots=("greedy", "random"), decks=("A", "B"))
    pairs = {(plan.levels(g)[s], plan.seat_decks(g)[s], s) for g in range(4) for s in range(2)}
    assert len(pairs) == 8


@pytest.mark.random_games
def test_a_seed_replays_its_game_exactly() -> None:
    levels = ("greedy", "random")
    first = play_game(7, ("A", "B"), lambda seat, rng: make_bot(levels[seat], rng), levels)
    again = play_game(7, ("A", "B"), lambda seat, rng: make_bot(levels[seat], rng), levels)
    assert first == again


def test_make_bot_knows_the_kinds_levels_and_refuses_another() -> None:
    assert [make_bot(level, random.Random(0)).level for level in LEVELS] == list(LEVELS)
    try:
        make_bot("perfect", random.Random(0))
    except KeyError:
        return
    raise AssertionError("an unknown level was accepted")

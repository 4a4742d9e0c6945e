"""The bots as players (docs/bots.md): every command they send is one the rules list as legal, they always
finish a turn, they see no roll before it is made, and they take what a position offers."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from games.bots import BotStuck, RandomBot, play_out
from games.kinds import get_kind
from games.kinds.metaltalon.bots import GreedyBot, SearchBot
from games.kinds.metaltalon.bots.greedy import MAX_STEPS
from games.kinds.metaltalon.bots.rules import RULES, engine_play
from games.kinds.metaltalon.engine import legal_commands, new_game
from tests.kinds.metaltalon.engine.helpers import position

LEVELS = {
    "random": lambda rng: RandomBot(RULES, rng),
    "greedy": lambda rng: GreedyBot(rng),
    "search": lambda rng: SearchBot(rng, rollouts=4),
}


def checked_game(levels: tuple[str, ...], seed: int, steps: int, edition: str = "token") -> int:
    """Play a seeded game between these bots, checking each command against legal_commands as it is
    given and counting each turn's commands; returns the commands played."""
    state = new_game(len(levels), edition, seed=seed)
    bots = [LEVELS[level](random.Random(f"{seed}:{i}")) for i, level in enumerate(levels)]
    played = 0
    turn, in_turn = state.turn, 0
    for _ in range(steps):
        if not state.to_act:
            break
        seat = state.to_act[0]
        command = bots[seat].choose(state, seat)
        assert command in legal_commands(state, seat), (seed, state.turn, seat, command)
        state, _ = engine_play(state, seat, command)
        played += 1
        in_turn = in_turn + 1 if state.turn == turn else 0
        turn = state.turn
        assert in_turn <= MAX_STEPS + 12, f"seat {seat} never ends turn {turn}"  # + its standing orders
    return played


@pytest.mark.parametrize("levels", [("greedy", "random"), ("random", "greedy", "greedy"),
                                    ("greedy", "greedy", "random", "greedy")])
def test_greedy_sends_only_legal_commands_and_finishes_every_turn(levels):
    for seed in (1, 2):
        assert checked_game(levels, seed, 400) >= 20  # a whole game, or 400 commands of one


@pytest.mark.parametrize("edition", ["metatalon", "web2002"])
def test_the_bots_play_the_coin_editions_too(edition):
    assert checked_game(("greedy", "random"), 3, 300, edition) >= 20


def test_search_sends_only_legal_commands_and_finishes_every_turn():
    assert checked_game(("search", "greedy"), 4, 150) > 30


@pytest.mark.parametrize("kind_name", ["metaltalon", "race"])
def test_the_random_bot_plays_any_kind_through_the_protocol(kind_name):
    kind = get_kind(kind_name)
    rng = random.Random(5)

    class Dice:
        def roll(self, sides):
            return rng.randint(1, sides)

        def draw(self, n):
            return rng.randrange(n)

    players = kind.player_counts[0]
    state = kind.new_state(kind.default_options(), players, Dice())
    bots = [kind.bot("random", random.Random(i)) for i in range(players)]
    turns = set()
    for step in play_out(state, bots, lambda s, seat, c: kind.play(s, seat, c, Dice()), kind.to_act, 1500):
        assert not kind.anytime(step.command)  # it never just fiddles with orders or resigns
        turns.add(kind.turn(step.state))
        last = step.state
    # Race to 10 ends within these steps; random MetalTalon rarely ends at all, but turns go by.
    assert kind.phase(last) == "over" if kind_name == "race" else len(turns) > 20


def test_a_bot_with_nothing_to_play_says_so():
    state = position(ships=((0, "J9", (1, 0, 0)),), reserves=(0, 5))
    state = replace(state, phase="over", winner=1)
    with pytest.raises(BotStuck):
        RandomBot(RULES).choose(state, 0)


def tactician() -> GreedyBot:
    """Greedy without its first commands of a game (its standing orders), to read its tactics."""
    return GreedyBot(random.Random(1), orders=False)


def test_greedy_invades_a_home_base_in_reach_when_its_reserve_is_empty():
    # Seat 1's home is B9, reserve 0; seat 0's ship on C9 (next to it) can step in: the game is won.
    state = position(ships=((0, "C9", (3, 1, 0)), (1, "J14", (2, 2, 0))), reserves=(10, 0))
    assert tactician().choose(state, 0) == "move C9 B9"


def test_greedy_shoots_an_empty_reserve_open_and_then_invades():
    # Reserve 1 at B9: a shot from next to it takes it to 0 (any roll), then the ship steps in.
    state = position(ships=((0, "C9", (3, 2, 0)), (1, "J14", (2, 2, 0))), reserves=(10, 1))
    bot = tactician()
    first = bot.choose(state, 0)
    assert first.startswith("fire C9 B9")
    state, _ = engine_play(state, 0, first)
    assert state.seats[1].reserve == 0
    assert bot.choose(state, 0) == "move C9 B9"


def test_greedy_clears_a_ship_holding_a_home_base_and_invades():
    # Seat 1 holds B9 with a 1-credit ship, reserve 0: three shots from C9 destroy it (any roll does 1),
    # and the base is open. Left alone, a beaten seat launches such a ship every turn and holds out.
    state = position(ships=((0, "C9", (3, 3, 0)), (1, "B9", (1, 0, 0)), (1, "J14", (2, 2, 0))),
                     reserves=(10, 0))
    bot = tactician()
    first = bot.choose(state, 0)
    assert first.startswith("fire C9 B9")
    state, _ = engine_play(state, 0, first)
    assert not any(s.cell == "B9" for s in state.ships)
    assert bot.choose(state, 0) == "move C9 B9"


def test_greedy_lands_a_ship_on_an_open_rebels_base_towards_the_three_it_takes():
    # Rebels need three invaders of one seat on their base; one landed stays there. Two are landed
    # already: the third completes the invasion.
    ships = ((0, "C9", (3, 1, 0)), (0, "B9", (1, 0, 0)), (1, "J14", (2, 2, 0)))
    state = position(factions=("bankers", "rebels"), ships=ships, reserves=(10, 0))
    assert tactician().choose(state, 0) == "move C9 B9"
    state = position(factions=("bankers", "rebels"), ships=(*ships, (0, "B9", (2, 0, 0))), reserves=(10, 0))
    state, _ = engine_play(state, 0, tactician().choose(state, 0))
    assert state.phase == "over" and state.winner == 0


def test_greedy_closes_in_on_a_ship_out_of_range_and_fires():
    # Four spaces apart: the shot from here loses 3 points to the range, one step closer loses none.
    state = position(ships=((0, "H9", (3, 2, 0)), (1, "L9", (3, 0, 0))), reserves=(10, 10))
    bot = tactician()
    first = bot.choose(state, 0)
    assert first.startswith("move H9")
    state, _ = engine_play(state, 0, first)
    assert bot.choose(state, 0).startswith("fire")


def test_greedy_never_fires_a_shot_no_roll_can_make_tell():
    # From N9 to C9 the range takes 9 points off a d6: listed as legal, and worthless. (It stood for the
    # shots still to come, which the evaluation counts while a turn lasts, so it beat ending the turn.)
    state = position(ships=((0, "N9", (0, 2, 0)), (0, "D9", (2, 2, 0)), (1, "C9", (1, 0, 0))),
                     reserves=(10, 3))
    assert "fire N9 C9" in legal_commands(state, 0)
    ranked = [command for _, command in tactician().rank(state, 0, legal_commands(state, 0))]
    assert "fire N9 C9" not in ranked and "fire D9 C9" in ranked


def test_greedy_fires_at_a_ship_in_range_rather_than_ending_its_turn():
    state = position(ships=((0, "H9", (2, 2, 0)), (1, "I9", (3, 1, 0))), reserves=(10, 10))
    assert tactician().choose(state, 0) == "fire H9 I9"


def test_the_bots_set_their_factions_standing_orders_once():
    state = position(factions=("clovers", "murphys"), ships=((0, "H9", (2, 2, 0)),), reserves=(10, 10))
    bot = GreedyBot(random.Random(1))
    orders = []
    while (command := bot.choose(state, 0)).startswith("order"):
        orders.append(command)
        state, _ = engine_play(state, 0, command)
    assert "order clover 3" in orders and state.seats[0].orders.clover == 3
    assert len(orders) == len(set(orders)) <= 2


def test_a_bot_standing_in_for_a_player_leaves_their_standing_orders_alone():
    state = position(factions=("clovers", "murphys"), ships=((0, "H9", (2, 2, 0)),), reserves=(10, 10))
    assert not GreedyBot(random.Random(1), orders=False).choose(state, 0).startswith("order")
    assert not SearchBot(random.Random(1), rollouts=2, orders=False).choose(state, 0).startswith("order")


@pytest.mark.parametrize("level", ["greedy", "search"])
def test_a_bot_never_learns_a_roll_from_the_state_seed(level):
    """The seed backs a simulation's real rolls: a bot that read it could fire only when it would hit. Two
    states that differ only in their seed get the same choices from bots with the same generator."""
    state = position(ships=((0, "H9", (2, 3, 0)), (1, "K9", (3, 1, 1)), (1, "H12", (4, 1, 0))),
                     reserves=(10, 10))
    choices = set()
    for seed in (1, 2, 3, 99, 12345):
        bot = LEVELS[level](random.Random(7))
        choices.add(bot.choose(replace(state, seed=seed, rolls=seed % 5), 0))
    assert len(choices) == 1


def test_greedy_keeps_or_redraws_its_dealt_faction():
    state = new_game(2, "token", seed=3)
    command = GreedyBot(random.Random(1)).choose(state, 0)
    assert command in ("keep", "redraw")

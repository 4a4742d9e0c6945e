"""Each prompt word for word with its key, default and clock (prompts.py; rules.md, "Questions out of
turn"): the deck choice, a placement turn, a payment of one point, the turn itself."""

from __future__ import annotations

from games.kinds.metabaloids import commands, lobby
from games.kinds.metabaloids.prompts import prompts
from games.kinds.metabaloids.state import Options
from games.kinds.protocol import Prompt

from .helpers import play, position, seat_dict
from .random_games import SeededDice
from .test_mb_scenarios_c import _window_12


def test_the_deck_choice_names_both_decks() -> None:
    state, _ = lobby.new_game(Options(players=2), SeededDice(1))
    assert prompts(state, None)[0] == Prompt(
        0, "deck", "pick your deck: deck a (Silk & Sting), deck b (Shell & Slime) or one of your own",
        own_turn=True, default="deck a")


def test_a_placement_turn_counts_the_points_left_and_keys_by_the_cards_placed() -> None:
    state = position(seat_dict(1, grid=[["wasp"], ["mite"]], filler=5, placed=4, placing_done=False),
                     seat_dict(2, grid=[["mite"]], filler=5, placing_done=False), turn=0)
    state.phase = "place"
    assert commands.to_act(state) == (0,)
    assert prompts(state, None) == [Prompt(
        0, "place-1-2", "place a card for free (3 of your 7 points left) or say done", own_turn=True,
        default="done")]


def test_the_active_seats_payment_of_one_point_is_said_in_the_singular() -> None:
    state, _ = _window_12()
    state, _ = play(state, 2, "pay discard", "pay discard", "pay discard", "pay draw 1")
    [prompt] = prompts(state, None)
    assert prompt.text == "pay the damage of the battle you lost (1 more point)"


def test_the_turn_is_asked_in_its_own_words() -> None:
    state = position(seat_dict(1, grid=[["wasp"]], filler=5), seat_dict(2, grid=[["mite"]], filler=5), turn=7)
    assert prompts(state, None) == [Prompt(0, "7", "it is your turn")]

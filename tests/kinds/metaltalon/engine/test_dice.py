"""The engine's dice: given dice for rolls and card draws, else the state's own seeded generator, and
every draw counted so a game replays (games/kinds/metaltalon/engine/dice.py)."""

import random

import pytest

from games.kinds.metaltalon.engine import new_game, play
from games.kinds.metaltalon.engine.dice import Roller
from games.kinds.metaltalon.engine.factions import FACTIONS


class CardDice:
    """Dice with draw(n), as the site's live dice have: hands out the queued card indexes."""

    def __init__(self, *cards: int) -> None:
        self.cards = list(cards)
        self.asked: list[int] = []

    def roll(self, sides: int) -> int:
        raise AssertionError("no roll expected")

    def draw(self, n: int) -> int:
        self.asked.append(n)
        return self.cards.pop(0)


def test_a_seeded_roll_is_draw_k_of_the_games_seed():
    roller = Roller(seed=7, rolls=3)
    assert roller.die(6) == random.Random("7:3").randint(1, 6)
    assert roller.die(10) == random.Random("7:4").randint(0, 9)
    assert roller.rolls == 5


def test_given_dice_roll_with_the_sides_asked_and_are_counted():
    asked = []

    class Dice:
        def roll(self, sides: int) -> int:
            asked.append(sides)
            return 4

    roller = Roller(seed=1, rolls=0, dice=Dice())
    assert (roller.die(6), roller.die(10)) == (4, 4)
    assert asked == [6, 10] and roller.rolls == 2


def test_a_card_draw_takes_the_dice_draw_when_it_has_one():
    dice = CardDice(0, 9)
    roller = Roller(seed=1, rolls=5, dice=dice)
    assert roller.index(10) == 0 and roller.index(10) == 9
    assert dice.asked == [10, 10] and roller.rolls == 7


@pytest.mark.parametrize("card", [-1, 10])
def test_a_card_draw_outside_the_deck_is_refused(card):
    with pytest.raises(ValueError, match=rf"dice.draw\(10\) gave {card}, outside 0..9"):
        Roller(seed=1, rolls=0, dice=CardDice(card)).index(10)


def test_without_a_draw_cards_come_from_the_seeded_generator():
    class RollsOnly:
        def roll(self, sides: int) -> int:
            return 1

    roller = Roller(seed=3, rolls=2, dice=RollsOnly())
    assert roller.index(8) == random.Random("3:2").randrange(8)
    assert roller.rolls == 3


def test_a_redraw_deals_the_card_the_live_dice_draw():
    # Token: the deck is the ten cards in their printed order, less those the seats hold.
    state = new_game(2, "token", factions=None, seed=1)
    deck = [f for f in FACTIONS if f not in {s.faction for s in state.seats}]
    after, _ = play(state, 0, "redraw", dice=CardDice(len(deck) - 1))
    assert after.seats[0].faction == deck[-1] and after.seats[0].redrawn is True
    assert after.rolls == state.rolls + 1


def test_seeded_dice_give_every_face_and_nothing_else():
    stopwatch = {Roller(seed=1, rolls=k).die(10) for k in range(300)}
    d6 = {Roller(seed=1, rolls=k).die(6) for k in range(300)}
    assert stopwatch == set(range(10)) and d6 == set(range(1, 7))


def test_the_deal_draws_its_cards_from_the_live_dice():
    dice = CardDice(0, 0)
    state = new_game(2, "token", seed=1, dice=dice)
    assert [s.faction for s in state.seats] == ["zoomers", "warriors"]  # card 0 of ten, then of nine
    assert dice.asked == [10, 9] and state.rolls == 2

"""Metal Adventures' choices among cards (choices.py; rules.md, "A fifth improvement" and the rewards): a
support card taken from the Bazaar pile as a reward, word for word in its refusal and whole in its events,
a fifth improvement's overflow among them."""

from __future__ import annotations

from typing import Any

from games.kinds.metal_adventures import choices
from games.kinds.metal_adventures.records import SUPPORT, Choice
from games.kinds.metal_adventures.state import GameState

from .helpers import A, given, play, refusal


def rewarded(**seat_a: Any) -> GameState:
    """A may take a support card of the Bazaar pile (S01, S02) as a starship's reward."""
    state = given(3, seats={A: seat_a}, bazaar=("S01", "S02"))
    return choices.push(state, Choice(SUPPORT, A, options=("S01", "S02"), source="reward"))


def test_a_support_reward_names_the_card_taken_and_where_the_choice_came_from() -> None:
    state, events = play(rewarded(), A, "pick S02")
    assert events == [{"type": "take_support", "seat": A, "card": "S02", "source": "reward"}]
    assert state.bazaar_pile == ("S01",) and "S02" in state.seats[A].improvements


def test_a_support_reward_not_on_the_pile_is_refused_naming_the_bazaar_pile() -> None:
    assert refusal(rewarded(), A, "pick E01") == (
        "Rusty Blunderbuss (E01) is not one of the Bazaar pile: CAPTAIN JONES (S01); Berserker Grog (S02).")


def test_a_fifth_improvement_waits_in_an_overflow_event_naming_the_card() -> None:
    state, events = play(rewarded(improvements=("E01", "E02", "E03", "E04")), A, "pick S01")
    assert events[1:] == [{"type": "overflow", "seat": A, "card": "S01"}]
    assert state.choices[0].cards == ("S01",) and state.choices[0].source == "overflow"

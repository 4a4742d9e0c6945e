"""Metal Adventures: the game ends with no choice left open (end.py; rules.md, "The end of the game":
trophies left in hand score nothing, so a choice still open when the game ends closes unmade)."""

from __future__ import annotations

from dataclasses import replace

from games.kinds.metal_adventures import cards, end, invariants
from games.kinds.metal_adventures.records import DISCARD, Choice

from .helpers import A, B, C, given, play


def test_the_game_ended_by_a_seat_leaving_closes_the_active_seats_trophy_choice() -> None:
    state = given(3, seats={A: {"damage": 1, "trophies": ("T01", "T02")}}, trophy_top=("T03", "T04"))
    state, _ = play(state, C, "resign")
    state, _ = play(state, A, "rest")
    state, _ = play(state, A, "swap T01")
    assert [c.cards for c in state.choices] == [("T03", "T04")]
    over, events = play(state, B, "resign")
    assert over.phase == "game.over"
    assert over.choices == ()
    # The two looked at go to the bottom of the Trophy deck, in the order drawn, under B's hand.
    assert over.trophy_deck[-2:] == ("T03", "T04")
    assert set(state.seats[B].trophies) < set(over.trophy_deck[:-2])
    assert over.seats[A].trophies == ("T02",)
    assert events[-1] == {"type": "game_over", "places": [[A], [B, C]]}


def test_a_game_ending_at_a_turns_end_puts_a_waiting_fifth_improvement_out_of_play() -> None:
    state = given(3, seats={B: {"improvements": ("E01", "E02", "E03", "E04")}}, space=())
    support = next(c for c in state.improvement_deck if not cards.IMPROVEMENTS[c].equipment)
    state = replace(state, choices=(Choice(DISCARD, B, cards=(support,), source="overflow"),),
                    improvement_deck=tuple(c for c in state.improvement_deck if c != support),
                    space_deck=state.space_deck[-2:],
                    out_of_game=state.out_of_game + state.space_deck[:-2])
    over, events = end.pass_turn(state, [])
    invariants.check(over)
    assert over.choices == ()
    assert over.seats[B].improvements == ("E01", "E02", "E03", "E04")
    assert over.bazaar_pile[-1] == support
    assert events[-1]["type"] == "game_over"

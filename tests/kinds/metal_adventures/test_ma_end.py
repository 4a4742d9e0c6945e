"""Metal Adventures' Judgment of Pirates (a JP costs 1 G always, the wheel stops at 4, glory may go below
0), the end of a turn (Repair Drones, the end check, the next seat still in), the final ranking, and
leaving the game."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from games.kinds.metal_adventures import api, cards, commands, end, event_words, invariants, judgment, setup
from games.kinds.metal_adventures.records import Travel
from games.kinds.metal_adventures.state import GameState
from games.kinds.protocol import Event, Refused

from .helpers import dealt, given, playing, with_credits, with_equipment, with_trophies

A, B, C, D = 0, 1, 2, 3


def play(state: GameState, seat: int, command: str) -> tuple[GameState, list[Event]]:
    after, events = commands.play(state, seat, command, None)
    invariants.check(after)
    return after, events


def figures(state: GameState, seat: int, **values: Any) -> GameState:
    return state.with_seat(seat, replace(state.seats[seat], **values))


# === JUDGMENT (T2's refusal part) ===


def test_t2_refusing_with_no_credit_takes_a_jp_and_a_glory() -> None:
    state = figures(with_credits(playing(3, 1), a=0), A, glory=2)
    with pytest.raises(Refused, match="no credit"):
        commands.play(state, A, "tribute", None)
    after, events = play(state, A, "refuse")
    seat = after.seats[A]
    assert (seat.jp, seat.glory, seat.took_jp_this_turn, seat.credits) == (1, 1, True, 0)
    assert after.phase == "turn.travel" and after.pot == 0
    assert events[-1] == {"type": "jp", "seat": A, "why": "refused tribute", "jp": 1, "glory": 1}


def test_r51_a_jp_taken_at_4_leaves_4_and_still_costs_a_glory() -> None:
    state = figures(playing(3, 2), A, glory=5, jp=4)
    after, _ = play(state, A, "refuse")
    assert (after.seats[A].jp, after.seats[A].glory) == (4, 4)


def test_r52_glory_may_fall_below_zero() -> None:
    after, _ = play(playing(3, 3), A, "refuse")
    assert (after.seats[A].jp, after.seats[A].glory) == (1, -1)


def test_r50_cancelling_a_jp_gives_the_glory_back_and_needs_a_jp() -> None:
    state = figures(playing(3, 4), B, glory=1, jp=1)
    after, event = judgment.cancel_jp(state, B, "amnesty")
    assert (after.seats[B].jp, after.seats[B].glory) == (0, 2) and event["type"] == "jp_cancelled"
    with pytest.raises(ValueError):
        judgment.cancel_jp(after, B, "amnesty")


def test_the_turn_flags_are_reset_when_the_next_turn_starts() -> None:
    state, _ = play(playing(3, 5), A, "refuse")
    state = figures(state, B, revealed_this_turn=True)
    after, _ = end.finish_turn(state)
    assert all(s.took_jp_this_turn is False and s.revealed_this_turn is False for s in after.seats)
    assert (after.active, after.turn, after.phase, after.turn_done) == (B, 2, "turn.start", ())


# === END OF A TURN ===


def test_repair_drones_remove_one_damage_at_the_end_of_their_owners_turn_only() -> None:
    state = with_equipment(playing(3, 6), A, "E15")
    state = figures(figures(state, A, damage=2), B, damage=2)
    state, _ = play(state, A, "tribute")
    after, events = end.finish_turn(state)  # the travel phase's `end` comes with the battles
    assert after.seats[A].damage == 1 and after.seats[B].damage == 2
    assert {"type": "repair_drones", "seat": A, "damage": 1} in events
    invariants.check(after)


def test_play_passes_to_the_next_seat_still_in_and_round_the_table() -> None:
    state = figures(playing(4, 7), B, out=True)
    state, _ = end.finish_turn(state)
    assert state.active == C
    state, _ = end.finish_turn(state)
    state, _ = end.finish_turn(state)
    assert (state.active, state.turn) == (A, 4)


def with_space_deck(state: GameState, left: int) -> GameState:
    """The Space deck cut to its top `left` cards, the rest out of the game."""
    return replace(state, space_deck=state.space_deck[:left],
                   out_of_game=state.out_of_game + state.space_deck[left:])


def rested_then_end(state: GameState) -> tuple[GameState, list[Event]]:
    state = figures(state, A, damage=1)
    state, _ = play(state, A, "rest")
    return play(state, A, "end")


def test_r59_the_game_ends_at_the_end_of_a_turn_on_a_space_deck_of_two_or_fewer() -> None:
    after, _ = rested_then_end(with_space_deck(playing(3, 8), 3))
    assert after.phase == "turn.start"
    after, events = rested_then_end(with_space_deck(playing(3, 8), 2))
    assert after.phase == "game.over" and events[-1]["type"] == "game_over"
    assert commands.to_act(after) == () and commands.legal_commands(after, A) == []
    with pytest.raises(Refused, match="game is over"):
        commands.play(after, A, "tribute", None)


def test_r59_nine_glory_on_any_seat_still_in_ends_the_game_at_the_end_of_the_turn() -> None:
    state = figures(playing(3, 9), C, glory=9)
    after, _ = play(state, A, "tribute")
    assert after.phase == "turn.travel"  # not mid-turn
    after, _ = end.finish_turn(after)
    assert after.phase == "game.over" and end.winners(after) == (C,)
    gone = figures(figures(playing(3, 9), C, glory=9), C, out=True)
    after, _ = rested_then_end(gone)
    assert after.phase == "turn.start"


def standings(glory: tuple[int, int, int], credits: tuple[int, int, int],
              jp: tuple[int, int, int]) -> GameState:
    """A game ended by the Space deck with these figures for A, B and C."""
    state = with_credits(playing(3, 10), a=credits[0], b=credits[1], c=credits[2])
    for i in (A, B, C):
        state = figures(state, i, glory=glory[i], jp=jp[i])
    over, _ = end.finish_turn(with_space_deck(state, 2))
    invariants.check(over)
    return over


def test_r60_most_glory_then_credits_then_fewest_jp_then_a_shared_win() -> None:
    over = standings((7, 7, 6), (9, 9, 9), (0, 1, 0))  # scenario T19
    assert end.winners(over) == (A,) and end.places(over) == ((A,), (B,), (C,))
    over = standings((7, 7, 6), (9, 9, 9), (0, 0, 0))
    assert end.winners(over) == (A, B) and end.places(over) == ((A, B), (C,))
    over = standings((5, 7, 7), (20, 3, 4), (0, 0, 4))
    assert end.winners(over) == (C,)
    assert end.places(over) == ((C,), (B,), (A,))
    over = standings((7, 7, 6), (5, 9, 9), (0, 0, 0))
    assert end.places(over) == ((B,), (A,), (C,))  # A and B tie on glory: B's more credits first


def test_r60_seats_tied_share_a_place_and_the_next_place_counts_them_in_the_result_and_the_log() -> None:
    over = standings((6, 7, 7), (9, 2, 2), (0, 0, 0))
    assert end.places(over) == ((B, C), (A,)) and end.ranks(end.places(over)) == (1, 3)
    assert api.result(over, []) == {"winner": None, "places": [B, C, A], "ranks": [1, 1, 3]}
    over = standings((7, 6, 6), (9, 2, 2), (0, 0, 0))
    assert api.result(over, []) == {"winner": A, "places": [A, B, C], "ranks": [1, 2, 2]}
    names = ["Ann", "Bob", "Cy"]
    sentence = event_words.describe({"type": "game_over", "places": [[A], [B, C]]}, over, names)
    assert sentence == "The game is over. 1. Ann; 2. Bob and Cy."
    sentence = event_words.describe({"type": "game_over", "places": [[B, C], [A]]}, over, names)
    assert sentence == "The game is over. 1. Bob and Cy; 3. Ann."


def test_nobody_has_won_before_the_game_is_over() -> None:
    assert end.winners(playing(3, 11)) == ()


# === R58: LEAVING THE GAME ===


def test_r58_a_seat_that_leaves_gives_everything_back_and_is_skipped() -> None:
    state = with_equipment(with_credits(playing(3, 12), b=4), B, "E02", "S02")
    state = with_trophies(state, {A: ("T03",), B: ("T01", "T02")})
    wreck = state.space_deck[-1]
    state = replace(state, space_deck=state.space_deck[:-1])
    state = figures(state, B, wrecks=(wreck,))
    invariants.check(state)
    bank = state.bank
    after, events = play(state, B, "resign")
    seat = after.seats[B]
    assert seat.out and (seat.credits, seat.improvements, seat.trophies, seat.wrecks) == (0, (), (), ())
    assert after.bank == bank + 4 and seat.power == cards.BASE_POWER
    assert after.improvement_deck[-1] == "E02" and after.bazaar_pile[-1] == "S02"
    assert after.trophy_deck[-2:] == ("T01", "T02") and after.out_of_game[-1] == wreck
    assert events == [{"type": "resign", "seat": B, "credits": 4, "equipment": ["E02"], "support": ["S02"],
                       "trophies": 2, "wrecks": 1}]
    assert after.active == A and after.phase == "turn.start"
    assert commands.legal_commands(after, B) == [] and commands.to_act(after) == (A,)
    with pytest.raises(Refused, match="left the game"):
        commands.play(after, B, "resign", None)
    after, _ = end.finish_turn(after)
    assert after.active == C


def test_the_active_seat_that_leaves_ends_its_turn() -> None:
    state = with_trophies(playing(3, 13), {A: ("T03",)}, top=("T09", "T12"))
    state = figures(state, A, damage=1)
    state, _ = play(state, A, "rest")
    state, _ = play(state, A, "swap T03")
    after, _ = play(state, A, "resign")
    assert (after.active, after.turn, after.phase, after.choices) == (B, 2, "turn.start", ())
    # The trophies it was looking at were seen: they go under, after the one it swapped.
    assert after.trophy_deck[-3:] == ("T03", "T09", "T12")


def test_when_one_seat_is_left_it_wins() -> None:
    state, _ = play(playing(3, 14), B, "resign")
    after, _ = play(state, A, "resign")
    assert after.phase == "game.over" and end.winners(after) == (C,)


def test_a_seat_that_leaves_while_choosing_gives_back_its_three_and_the_others_start() -> None:
    state = dealt(3, 15)
    mine = state.dealt[C]
    state, _ = play(state, A, setup.timeout_command(state, A))
    state, _ = play(state, C, "resign")
    assert state.phase == "setup.trophies" and state.trophy_deck[-3:] == mine
    assert commands.to_act(state) == (B,)
    state, events = play(state, B, setup.timeout_command(state, B))
    assert state.phase == "turn.start" and state.active == A and events[-1]["type"] == "turn"
    first, _ = play(dealt(3, 16), A, "resign")
    first, _ = play(first, B, "resign")
    assert first.phase == "game.over" and end.winners(first) == (C,)


def test_repair_drones_remove_a_last_single_damage() -> None:
    state = figures(with_equipment(playing(3, 6), A, "E15"), A, damage=1)
    state, _ = play(state, A, "tribute")
    after, events = end.finish_turn(state)
    assert after.seats[A].damage == 0 and {"type": "repair_drones", "seat": A, "damage": 0} in events


def test_the_last_but_one_seat_leaving_out_of_turn_ends_the_game_with_the_places() -> None:
    state, _ = play(playing(3, 14), B, "resign")
    after, events = play(state, C, "resign")
    assert after.phase == "game.over" and after.turn_done == ()
    assert events[-1] == {"type": "game_over", "places": [[A], [B, C]]}


def test_a_seat_leaving_lapses_the_promises_to_it() -> None:
    state = replace(given(3, phase="turn.travel", seats={A: dict(credits=5)}),
                    travel=Travel(battle_done=True))
    state, _ = play(state, A, "promise 3 1c@end")
    _after, events = play(state, C, "resign")
    assert {"type": "promise_lapsed", "promise": 1, "why": "resigned"} in events


def test_a_seat_asked_in_a_recruitment_that_leaves_declines_and_the_recruitment_closes() -> None:
    state, _ = play(given(4, phase="turn.travel"), A, "challenge 2")
    for seat, command in ((A, "ready"), (B, "ally ask 4"), (B, "ready")):
        state, _ = play(state, seat, command)
    assert commands.to_act(state) == (D,)
    after, events = play(state, D, "resign")
    assert events[-1] == {"type": "recruited", "allies": [], "defenders": []}
    assert after.phase == "battle.declare"
    with pytest.raises(ValueError) as refused:
        end.resign(state, B)
    assert str(refused.value) == "a seat in a battle cannot leave until it is over"

"""Rounds (docs/state.md): a round is every seat still in having had one turn. "Turn 48" of a two-player
game is each player's 24th turn: round 24. The state keeps the turn each round began at."""

from games.kinds.metaltalon.engine import GameState, describe, new_game, play, render_text

from .helpers import played, position


def test_the_48th_turn_of_two_players_is_round_24():
    state = position(players=2)
    assert (state.turn, state.round_of(state.turn)) == (1, 1)

    state = played(state, *["end"] * 47)

    assert (state.turn, state.round_of(state.turn)) == (48, 24)
    assert state.round_of(3) == 2 and state.round_of(46) == 23


def test_a_round_is_shorter_once_a_seat_is_out():
    state = played(position(players=3, reserves=(5, 5, 5)), "end", "end", "end")  # round 2, seat 0 to play
    assert state.rounds == (1, 4)

    state = play(state, 2, "resign").state  # seat 2 leaves out of turn: the rounds are of two turns now
    state = played(state, "end", "end", "end")

    assert (state.turn, state.active) == (7, 1)
    assert state.rounds == (1, 4, 6)
    assert [state.round_of(t) for t in range(1, 8)] == [1, 1, 1, 2, 2, 3, 3]


def test_the_last_seat_resigning_on_its_turn_begins_the_next_round():
    state = played(position(players=3, reserves=(5, 5, 5)), "end", "end")  # seat 2's turn, round 1

    state = play(state, 2, "resign").state

    assert (state.turn, state.active, state.round_of(state.turn)) == (4, 0, 2)


def test_the_turn_event_and_the_status_line_say_the_round():
    state = played(position(players=2), "end")

    after, events = play(state, 1, "end")

    (event,) = [e for e in events if e["type"] == "turn"]
    assert event == {"type": "turn", "seat": 0, "turn": 3, "round": 2}
    assert describe(event, after) == "Round 2: Player A (Bankers) to play."
    assert "Round 2: Player A (Bankers) to play." in render_text(after)
    assert describe({"type": "turn", "seat": 0, "turn": 3}, after) == "Turn 3: Player A (Bankers) to play."
    assert after.to_dict()["rounds"] == [1, 3]


def test_rounds_begin_with_play_after_the_faction_deal():
    state = new_game(2, "token", seed=3)
    assert state.rounds == () and state.round_of(state.turn) == 0

    state = play(play(state, 0, "keep").state, 1, "keep").state

    assert state.rounds == (1,)


def test_a_state_stored_before_rounds_were_kept_counts_rounds_of_its_seats_still_in():
    data = played(position(players=3), *["end"] * 7).to_dict()
    del data["rounds"]

    state = GameState.from_dict(data)

    assert state.rounds == (1, 4, 7) and state.round_of(state.turn) == 3

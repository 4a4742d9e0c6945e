"""The last turn marked on the board (issue 8, A): which actions are marked for whom, which events become
which marks, and that the marks never tell more than the log. Pure: engine events, no database."""

from __future__ import annotations

import re
from collections.abc import Iterable

from games.kinds.metaltalon.board_marks import Mark
from games.kinds.metaltalon.engine import GameState, describe, play
from games.kinds.metaltalon.last_turn import chosen_actions, last_turn, marks_of
from games.kinds.protocol import LoggedAction
from tests.kinds.metaltalon.engine.helpers import QueueDice, position

B_TURN = ("move G10 H10 I10", "fire I10 J10", "fire I10 K10", "launch 2e", "end")


def opening(**fields) -> GameState:
    """Seat 1 (B, the Swarm) to play turn 2: its 3e 2w ship at G10 two steps from seat 0's 1e ship at J10
    and 5e 1w 1s ship at K10."""
    return position(players=2, factions=("bankers", "swarm"),
                    ships=((0, "J10", (1, 0, 0)), (0, "K10", (5, 1, 1)), (1, "G10", (3, 2, 0))),
                    reserves=(10, 10), **{"active": 1, "turn": 2, **fields})


def logged(state: GameState, seat: int, commands: Iterable[str], *rolls: int,
           first_seq: int = 1) -> tuple[GameState, list[LoggedAction]]:
    """Plays the commands as the site does, one action each, and logs them as the page receives them."""
    dice = QueueDice(*rolls)
    out = []
    for i, command in enumerate(commands):
        turn = state.turn
        outcome = play(state, seat, command, dice=dice)
        state = outcome.state
        out.append(LoggedAction(seq=first_seq + i, seat=seat, turn=turn, command=command,
                                events=outcome.events))
    return state, out


def b_turn() -> tuple[GameState, list[LoggedAction]]:
    """B moves two steps, destroys the 1e ship (a 4), hits the 5e 1w 1s ship for 3 (a 5, range penalty 1,
    one shield), launches and ends."""
    return logged(opening(), 1, B_TURN, 4, 5)


def act(seq: int, seat: int, turn: int, command: str, *events: dict) -> LoggedAction:
    return LoggedAction(seq=seq, seat=seat, turn=turn, command=command, events=list(events))


def move(seat: int, a: str, b: str) -> dict:
    return {"type": "move", "seat": seat, "ship": 1, "from": a, "to": b, "path": [a, b], "steps": 1}


# === WHICH EVENTS BECOME WHICH MARKS ===


def test_a_move_becomes_a_trail_along_the_path_it_took():
    _, actions = b_turn()
    assert marks_of(actions[:1]) == [Mark("move", 1, ("G10", "H10", "I10"))]


def test_a_shot_runs_from_shooter_to_target_tagged_with_the_damage_it_did():
    _, actions = b_turn()
    shots = [m for m in marks_of(actions) if m.kind == "shot"]
    assert shots == [Mark("shot", 1, ("I10", "J10"), "\u22124"), Mark("shot", 1, ("I10", "K10"), "\u22123")]


def test_a_ship_destroyed_is_marked_where_it_stood_in_its_owners_colour():
    _, actions = b_turn()
    assert [m for m in marks_of(actions) if m.kind == "destroyed"] == [Mark("destroyed", 0, ("J10",))]


def test_a_launch_is_marked_on_the_home_base_it_left_from():
    state, actions = b_turn()
    assert [m for m in marks_of(actions) if m.kind == "launch"] == [Mark("launch", 1, (state.seats[1].home,))]


def test_ending_the_turn_rolling_and_standing_orders_leave_no_mark():
    _, actions = b_turn()
    end = actions[-1]
    assert [e["type"] for e in end.events] == ["income", "turn"] and marks_of([end]) == []
    order = act(9, 0, 2, "order damage ews", {"type": "order", "seat": 0, "name": "damage", "value": "ews"})
    assert marks_of([order]) == []
    # A shot's roll is its own event: it adds nothing to the shot's mark and the ship it destroyed.
    assert [m.kind for m in marks_of(actions[1:2])] == ["shot", "destroyed"]


def test_a_shot_that_does_no_damage_is_tagged_0():
    state = position(players=2, factions=("bankers", "swarm"),
                     ships=((0, "K10", (5, 1, 1)), (1, "I10", (3, 2, 0))), reserves=(10, 10),
                     active=1, turn=2)
    _, actions = logged(state, 1, ["fire I10 K10"], 2)  # 2 - range penalty 1 - one shield
    assert marks_of(actions) == [Mark("shot", 1, ("I10", "K10"), "0")]


def test_shots_between_the_same_two_cells_share_one_tag():
    shot = {"type": "fire", "seat": 1, "from": "I10", "to": "K10", "damage": 2}
    again = {**shot, "damage": 1}
    marks = marks_of([act(1, 1, 2, "fire I10 K10", shot), act(2, 1, 2, "fire I10 K10", again)])
    assert marks == [Mark("shot", 1, ("I10", "K10"), "\u22122 \u22121")]


def test_a_split_and_a_recycled_ship_are_marked():
    state = position(players=2, factions=("bankers", "swarm"),
                     ships=((1, "C9", (1, 0, 0)), (1, "G10", (2, 1, 0))), reserves=(10, 10), active=1, turn=2)
    _, actions = logged(state, 1, ["move C9 B9", "split G10 H10 1e"])
    assert marks_of(actions) == [Mark("move", 1, ("C9", "B9")), Mark("recycled", 1, ("B9",)),
                                 Mark("split", 1, ("G10", "H10"))]


def test_a_clovers_roll_waiting_for_its_answer_is_marked_only_once_answered():
    state = position(players=2, factions=("bankers", "clovers"),
                     ships=((0, "J10", (5, 0, 0)), (1, "I10", (1, 1, 0))), reserves=(10, 10),
                     active=1, turn=2)
    state, fired = logged(state, 1, ["fire I10 J10"], 3)
    assert [e["type"] for e in fired[0].events][-1] == "pending"
    assert marks_of(fired) == []  # the roll may still be taken back by a reroll: no outcome to draw yet
    _, answered = logged(state, 1, ["accept"], first_seq=2)
    assert marks_of(fired + answered) == [Mark("shot", 1, ("I10", "J10"), "\u22123")]


# === WHOSE ACTIONS, FOR WHOM ===


def three_seats() -> list[LoggedAction]:
    """A 3-player game at turn 4: A played turn 1, B turn 2 (A set a standing order meanwhile), C turn 3;
    A is playing turn 4 and has moved."""
    return [
        act(1, 0, 1, "move D7 E7", move(0, "D7", "E7")), act(2, 0, 1, "end"),
        act(3, 1, 2, "move K4 K5", move(1, "K4", "K5")),
        act(4, 0, 2, "order damage ews", {"type": "order", "seat": 0, "name": "damage", "value": "ews"}),
        act(5, 1, 2, "end"),
        act(6, 2, 3, "move N12 N13", move(2, "N12", "N13")), act(7, 2, 3, "end"),
        act(8, 0, 4, "move E7 F7", move(0, "E7", "F7")),
    ]


def test_on_your_turn_you_see_every_opponent_turn_since_your_last_and_never_your_own_moves():
    actions, since = chosen_actions(three_seats(), viewer=0, turn=4, playing=True)
    assert since == 1  # the standing order A gave during B's turn is not a turn of A's
    assert [a.seq for a in actions] == [3, 5, 6, 7]
    assert [m.cells for m in marks_of(actions)] == [("K4", "K5"), ("N12", "N13")]


def test_while_you_wait_you_see_what_followed_your_own_turn_as_it_happens():
    actions, since = chosen_actions(three_seats(), viewer=1, turn=4, playing=True)
    assert since == 2 and [a.seq for a in actions] == [6, 7, 8]  # C's turn 3 and A's turn 4 so far
    shown = last_turn(three_seats(), viewer=1, turn=4, playing=True)
    assert shown.seats == [2, 0] and shown.turns == (3, 4)


def test_a_spectator_sees_the_previous_turn_and_the_current_one():
    actions, since = chosen_actions(three_seats(), viewer=None, turn=4, playing=False)
    assert since is None and [a.seq for a in actions] == [6, 7, 8]
    # A seat that is out, or any seat once the game is over, watches as a spectator does.
    assert chosen_actions(three_seats(), viewer=1, turn=4, playing=False)[0] == actions


def test_before_your_first_turn_you_see_everything_played_so_far():
    first_round = three_seats()[:5]  # A (seat 0) has played; C (seat 2) has not
    actions, since = chosen_actions(first_round, viewer=2, turn=2, playing=True)
    assert since is None and [a.seq for a in actions] == [1, 2, 3, 4, 5]


def test_nothing_to_mark_leaves_the_board_bare():
    shown = last_turn(three_seats()[:2], viewer=0, turn=2, playing=True)
    assert shown.marks == [] and shown.turns is None


# === NO MORE THAN THE LOG SAYS ===


def test_every_mark_is_read_from_the_logs_own_sentences():
    """What the board marks (the cells and the damage) is what the log already tells every reader."""
    state, actions = b_turn()
    names = ["ada", "bo"]
    log = " ".join(describe(e, state, names) for a in actions for e in a.events)
    for mark in marks_of(actions):
        for cell in mark.cells:
            assert cell in log
        for number in re.findall(r"\d+", mark.text):
            assert f"{number} points of damage" in log or f"{number} point of damage" in log


def test_every_viewer_who_sees_a_turn_sees_the_same_marks_of_it():
    _, actions = b_turn()
    a_turn = act(0, 0, 1, "end")
    recent = [a_turn, *actions]
    for_a = last_turn(recent, viewer=0, turn=3, playing=True).marks
    for_spectator = last_turn(recent, viewer=None, turn=3, playing=False).marks
    assert for_a == for_spectator and for_a  # nothing in them depends on who looks

"""Race to 10, the tiny second kind: every rule, with no database and no MetalTalon code."""

from __future__ import annotations

import ast
import json
from dataclasses import replace
from pathlib import Path
from typing import Any
from xml.etree import ElementTree

import pytest

from games.kinds.protocol import BadOptions, Kind, PageInput, Refused
from games.kinds.race import rules
from games.kinds.race.kind import KIND as REGISTERED
from games.kinds.race.kind import RaceKind
from games.kinds.race.rules import RaceState

KIND = RaceKind()


class FixedDice:
    """roll() gives the given values in turn (the last one again once they run out); draw() gives 0."""

    def __init__(self, *values: int) -> None:
        self.values = list(values) or [1]
        self.asked: list[int] = []

    def roll(self, sides: int) -> int:
        self.asked.append(sides)
        return self.values.pop(0) if len(self.values) > 1 else self.values[0]

    def draw(self, n: int) -> int:
        return 0


class NoDice:
    """Fails the test if anything is drawn."""

    def roll(self, sides: int) -> int:
        raise AssertionError("no die should be rolled")

    def draw(self, n: int) -> int:
        raise AssertionError("no card should be drawn")


def new(target: int = 10) -> RaceState:
    state: RaceState = KIND.new_state({"target": target}, 2, NoDice())
    return state


def run(state: RaceState, seat: int, *commands: str,
        dice: Any = None) -> tuple[RaceState, list[dict[str, Any]]]:
    events: list[dict[str, Any]] = []
    for command in commands:
        state, more = KIND.play(state, seat, command, dice or FixedDice(1))
        events += more
    return state, events


# === THE KIND AND ITS OPTIONS ===

def test_it_is_a_kind_named_race_for_two_players() -> None:
    kind: Kind = KIND
    assert (kind.name, kind.title, kind.player_counts) == ("race", "Race to 10", (2,))
    assert kind.live_template == "games/kinds/race/live.html" and kind.extras_template == ""
    assert kind.option_filters() == []
    assert isinstance(REGISTERED, RaceKind)


def test_it_has_no_django_import_in_its_rules() -> None:
    tree = ast.parse(Path(rules.__file__).read_text())
    imported = [alias.name for node in ast.walk(tree) if isinstance(node, ast.Import) for alias in node.names]
    imported += [node.module or "" for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)]
    assert not [name for name in imported if name.split(".")[0] in ("django", "games") and
                not name.startswith("games.kinds.protocol")]


def test_it_defaults_to_a_race_to_ten() -> None:
    assert KIND.default_options() == {"target": 10}
    assert KIND.check_options({}, 2) == {"target": 10}
    assert KIND.describe_options(KIND.default_options()) == "Race to 10"


def test_it_accepts_a_target_from_5_to_30() -> None:
    assert KIND.check_options({"target": 5}, 2) == {"target": 5}
    assert KIND.check_options({"target": 30}, 2) == {"target": 30}
    assert KIND.describe_options({"target": 12}) == "Race to 12"


@pytest.mark.parametrize("target", [4, 31, 0, -3, "10", 10.0, True, None])
def test_it_refuses_a_target_out_of_range_or_not_a_whole_number(target: Any) -> None:
    with pytest.raises(BadOptions, match="5 to 30"):
        KIND.check_options({"target": target}, 2)


def test_it_refuses_unknown_options_and_other_player_counts() -> None:
    with pytest.raises(BadOptions, match="no option speed"):
        KIND.check_options({"target": 10, "speed": 2}, 2)
    with pytest.raises(BadOptions, match="2 players"):
        KIND.check_options({}, 3)


# === THE STATE ===

def test_it_starts_in_play_with_seat_0_to_act_and_draws_nothing() -> None:
    state = new()
    assert KIND.phase(state) == "play" and KIND.turn(state) == 1
    assert KIND.to_act(state) == (0,)
    assert state.scores == (0, 0) and state.stepped is False and state.winner is None
    assert [KIND.seat_outcome(state, s).status for s in (0, 1)] == ["playing", "playing"]
    assert KIND.seat_outcome(state, 0).label == ""


def test_it_round_trips_through_json_via_dump_and_load() -> None:
    state, _ = run(new(), 0, "step", "note secret7")
    data = json.loads(json.dumps(KIND.dump(state)))
    assert KIND.load(data) == state
    assert KIND.dump(KIND.load(data)) == data
    assert data["scores"] == [1, 0] and data["notes"] == ["secret7", None]


# === COMMANDS ===

def test_it_steps_once_per_turn() -> None:
    state, events = run(new(), 0, "step", dice=NoDice())
    assert state.scores == (1, 0) and state.stepped and KIND.to_act(state) == (0,)
    assert events == [{"type": "step", "seat": 0, "score": 1}]
    with pytest.raises(Refused, match="already stepped"):
        KIND.play(state, 0, "step", NoDice())


def test_it_rolls_one_six_sided_die_adds_it_and_passes_the_turn() -> None:
    dice = FixedDice(4)
    state, events = run(new(), 0, "roll", dice=dice)
    assert dice.asked == [6]
    assert state.scores == (4, 0) and KIND.to_act(state) == (1,) and KIND.turn(state) == 2
    assert events == [{"type": "roll", "seat": 0, "roll": 4, "score": 4},
                      {"type": "pass", "seat": 0, "to": 1}]


def test_it_may_roll_after_a_step_and_the_next_seat_may_step_again() -> None:
    state, _ = run(new(), 0, "step", "roll", dice=FixedDice(3))
    assert state.scores == (4, 0) and state.active == 1 and state.stepped is False
    state, _ = run(state, 1, "step", dice=NoDice())
    assert state.scores == (4, 1)


def test_it_needs_a_step_before_end() -> None:
    with pytest.raises(Refused, match="Step or roll first"):
        KIND.play(new(), 0, "end", NoDice())
    state, events = run(new(), 0, "step", "end", dice=NoDice())
    assert KIND.to_act(state) == (1,) and state.turn == 2 and state.scores == (1, 0)
    assert events[-1] == {"type": "pass", "seat": 0, "to": 1}


def test_it_wins_at_once_on_reaching_the_target() -> None:
    state = replace(new(), scores=(7, 9))
    state, events = run(state, 0, "roll", dice=FixedDice(5))
    assert events == [{"type": "roll", "seat": 0, "roll": 5, "score": 12}, {"type": "win", "seat": 0}]
    assert KIND.phase(state) == "over" and KIND.to_act(state) == () and state.turn == 1
    assert KIND.result(state, events) == {"winner": 0, "places": [0, 1]}
    assert [KIND.seat_outcome(state, s).status for s in (0, 1)] == ["won", "lost"]
    assert KIND.legal_commands(state, 0) == [] and KIND.legal_commands(state, 1) == []
    with pytest.raises(Refused, match="over"):
        KIND.play(state, 1, "roll", FixedDice(6))


def test_it_wins_by_a_step_that_reaches_the_target() -> None:
    state, events = run(replace(new(5), scores=(4, 0)), 0, "step", dice=NoDice())
    assert state.winner == 0 and events[-1] == {"type": "win", "seat": 0}


def test_it_lets_either_seat_resign_at_any_time_and_the_other_wins() -> None:
    state, events = run(new(), 1, "resign")  # not seat 1's turn
    assert events == [{"type": "resign", "seat": 1}, {"type": "win", "seat": 0}]
    assert KIND.phase(state) == "over" and KIND.to_act(state) == ()
    assert [KIND.seat_outcome(state, s).status for s in (0, 1)] == ["won", "resigned"]
    assert KIND.result(state, events) == {"winner": 0, "places": [0, 1]}
    state, _ = run(new(), 0, "RESIGN")
    assert state.winner == 1


def test_it_refuses_the_seat_not_to_act() -> None:
    for command in ("step", "roll", "end"):
        with pytest.raises(Refused, match="It is Seat 1's turn"):
            KIND.play(new(), 1, command, NoDice())


def test_it_reads_commands_case_insensitively() -> None:
    state, _ = run(new(), 0, "  STEP ", "End", dice=NoDice())
    assert state.scores == (1, 0) and state.active == 1


def test_it_refuses_unknown_commands_listing_what_is_legal() -> None:
    with pytest.raises(Refused, match=r"Legal now: step, roll, resign, note <word>"):
        KIND.play(new(), 0, "jump", NoDice())
    with pytest.raises(Refused, match=r"Legal now: resign, note <word>"):
        KIND.play(new(), 1, "jump", NoDice())
    with pytest.raises(Refused, match="takes nothing"):
        KIND.play(new(), 0, "roll 6", NoDice())


def test_it_refuses_an_unknown_seat() -> None:
    with pytest.raises(Refused):
        KIND.play(new(), 2, "resign", NoDice())


def test_it_never_mutates_its_input_and_a_refusal_changes_nothing() -> None:
    state = new()
    before = KIND.dump(state)
    after, _ = run(state, 0, "step", "note x", "roll", dice=FixedDice(2))
    assert KIND.dump(state) == before and after != state
    for seat, command in ((0, "end"), (1, "roll"), (0, "note"), (0, "dance")):
        with pytest.raises(Refused):
            KIND.play(state, seat, command, NoDice())
        assert KIND.dump(state) == before


# === NOTES: HIDDEN INFORMATION ===

def test_it_keeps_a_note_private_to_its_seat() -> None:
    state, events = run(new(), 1, "note Plan42")  # any time, not only on one's turn
    assert events == [{"type": "note", "seat": 1}]  # public: no text
    assert "Plan42" not in json.dumps(events)
    assert KIND.view(state, 1)["notes"] == [None, "Plan42"]
    assert KIND.view(state, 0)["notes"] == [None, None]
    assert KIND.view(state, None)["notes"] == [None, None]
    assert "Plan42" not in json.dumps(KIND.view(state, 0)) + json.dumps(KIND.view(state, None))
    assert "Plan42" not in KIND.text_board(state, 0) + KIND.text_board(state, None)
    assert "Plan42" in KIND.text_board(state, 1)
    assert "Plan42" not in KIND.board_svg(state, 0) + KIND.describe(events[0], state, ["al", "bo"])


def test_it_shows_the_rest_of_the_state_to_everyone() -> None:
    state, _ = run(new(), 0, "step", "note a")
    view = KIND.view(state, None)
    assert {k: v for k, v in view.items() if k != "notes"} == \
        {k: v for k, v in KIND.dump(state).items() if k != "notes"}
    json.dumps(view)


@pytest.mark.parametrize("command", ["note", "note two words", "note " + "a" * 21, "note hé!", "note a-b"])
def test_it_refuses_a_note_that_is_not_one_short_word(command: str) -> None:
    with pytest.raises(Refused, match="1-20 letters or digits"):
        KIND.play(new(), 0, command, NoDice())


def test_it_refuses_notes_and_resignation_once_over() -> None:
    state, _ = run(new(), 0, "resign")
    for seat in (0, 1):
        for command in ("note x", "resign"):
            with pytest.raises(Refused):
                KIND.play(state, seat, command, NoDice())


# === SUBMISSIONS, ANYTIME, UNDO ===

def test_it_splits_a_submission_on_semicolons_and_new_lines() -> None:
    assert KIND.split("step; roll\nend\r\n ;; resign ") == ["step", "roll", "end", "resign"]


def test_it_limits_a_submission_to_20_commands_and_1000_characters() -> None:
    assert len(KIND.split(";".join(["step"] * 20))) == 20
    with pytest.raises(Refused, match="at most 20 commands"):
        KIND.split(";".join(["step"] * 21))
    assert KIND.split("note " + "a" * 995) == ["note " + "a" * 995]
    with pytest.raises(Refused, match="at most 1000 characters"):
        KIND.split("note " + "a" * 996)


@pytest.mark.parametrize("text", ["", "   ", ";\n;"])
def test_it_refuses_an_empty_submission(text: str) -> None:
    with pytest.raises(Refused, match="Nothing to do"):
        KIND.split(text)


def test_it_allows_resign_and_notes_at_any_time() -> None:
    assert KIND.anytime("resign") and KIND.anytime("Resign") and KIND.anytime("note abc")
    assert not any(KIND.anytime(c) for c in ("step", "roll", "end", "", "notes x"))


def test_it_puts_an_undo_barrier_after_a_roll_a_win_or_a_resignation() -> None:
    state, step_events = run(new(), 0, "step", dice=NoDice())
    assert not KIND.undo_barrier("step", step_events)
    _, end_events = run(state, 0, "end", dice=NoDice())
    assert not KIND.undo_barrier("end", end_events)
    _, note_events = run(new(), 0, "note x")
    assert not KIND.undo_barrier("note x", note_events)
    _, roll_events = run(new(), 0, "roll", dice=FixedDice(2))
    assert KIND.undo_barrier("roll", roll_events)
    _, resign_events = run(new(), 0, "resign")
    assert KIND.undo_barrier("resign", resign_events)
    assert KIND.undo_barrier("step", [{"type": "step", "seat": 0, "score": 10}, {"type": "win", "seat": 0}])


# === LEGAL COMMANDS AGREE WITH PLAY ===

def positions() -> list[RaceState]:
    start = new()
    stepped, _ = run(start, 0, "step")
    passed, _ = run(start, 0, "roll", dice=FixedDice(3))
    passed_stepped, _ = run(passed, 1, "step")
    over, _ = run(start, 1, "resign")
    return [start, stepped, passed, passed_stepped, over]


def test_it_lists_canonical_commands_for_the_seat_to_act_and_resign_for_the_other() -> None:
    start, stepped, passed, _, over = positions()
    assert KIND.legal_commands(start, 0) == ["step", "roll", "resign"]
    assert KIND.legal_commands(stepped, 0) == ["end", "roll", "resign"]
    assert KIND.legal_commands(start, 1) == ["resign"]
    assert KIND.legal_commands(passed, 1) == ["step", "roll", "resign"]
    assert KIND.legal_commands(over, 0) == []


@pytest.mark.parametrize("index", range(5))
def test_it_accepts_every_listed_command_and_refuses_unlisted_ones(index: int) -> None:
    state = positions()[index]
    for seat in (0, 1):
        legal = KIND.legal_commands(state, seat)
        for command in legal:
            KIND.play(state, seat, command, FixedDice(2))
        for command in {"step", "roll", "end", "resign"} - set(legal):
            with pytest.raises(Refused):
                KIND.play(state, seat, command, FixedDice(2))


# === WHAT PEOPLE SEE ===

def test_it_describes_events_in_sentences_with_or_without_names() -> None:
    state = new()
    names = ["alice", "bob"]
    assert KIND.describe({"type": "roll", "seat": 0, "roll": 4, "score": 7}, state, names) == \
        "alice rolled 4: score 7."
    assert KIND.describe({"type": "step", "seat": 1, "score": 3}, state, None) == "Seat 2 stepped: score 3."
    assert KIND.describe({"type": "pass", "seat": 0, "to": 1}, state, names) == \
        "alice ended the turn; bob to play."
    assert KIND.describe({"type": "win", "seat": 1}, state, names) == "bob won the race to 10."
    assert KIND.describe({"type": "resign", "seat": 0}, state, None) == "Seat 1 resigned."
    assert KIND.describe({"type": "note", "seat": 0}, state, names) == "alice wrote a private note."


def test_it_draws_a_text_board_with_both_scores_and_the_target() -> None:
    state, _ = run(new(12), 0, "roll", dice=FixedDice(5))
    board = KIND.text_board(state, 0)
    assert "Race to 12" in board
    assert "Seat 1 (you): 5/12" in board and "Seat 2: 0/12 (to play)" in board


def test_it_draws_a_valid_svg_with_a_bar_per_seat() -> None:
    state = replace(new(), scores=(5, 12), phase="over", winner=1)
    svg = KIND.board_svg(state, None)
    root = ElementTree.fromstring(svg)
    assert root.tag == "{http://www.w3.org/2000/svg}svg"
    widths = [r.get("width") for r in root.iter("{http://www.w3.org/2000/svg}rect")]
    assert widths == ["200", "100", "200", "200"]  # outline and fill per seat, capped at the target


def test_it_gives_the_page_the_seats_view_and_its_legal_commands() -> None:
    state, _ = run(new(), 0, "step", "note mine")
    page = PageInput(game=None, state=state, seat=0, names=["alice", "bob"], query={}, undo_ok=True,
                     undo_text="step")
    context = KIND.page_context(page)
    assert context["race"] == KIND.view(state, 0) and context["my_turn"] is True
    assert context["legal"] == ["end", "roll", "resign"]
    assert [b["command"] for b in context["buttons"]] == context["legal"]
    assert [(s["name"], s["score"], s["active"]) for s in context["scores"]] == \
        [("alice", 1, True), ("bob", 0, False)]
    other = KIND.page_context(replace(page, seat=1))
    assert other["my_turn"] is False and other["legal"] == ["resign"] and "mine" not in str(other)
    spectator = KIND.page_context(replace(page, seat=None))
    assert spectator["legal"] == [] and spectator["my_turn"] is False and "mine" not in str(spectator)

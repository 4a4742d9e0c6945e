"""The text board as mailed (rules.md, "The turn e-mail"; board.py): the header, a counter line and a grid
per seat, the faces with their marks, and the reader's own hand."""

from __future__ import annotations

from games.kinds.metabaloids.board import text_board
from games.kinds.metabaloids.state import Decision, GameState
from tests.kinds.metabaloids.helpers import play, position, seat_dict

NAMES = ["Ana", "Ben"]


def table(step: str = "attack", **p1: object):  # type: ignore[no-untyped-def]
    return position(
        seat_dict(1, hand=["wasp", "spores"], grid=[["wasp", "spider"], ["queen", "mite"], ["canopy"]],
                  discard=["mite", "spider"], lost=["mound"], filler=18, **p1),
        seat_dict(2, "B", hand=["crab", "toad", "shell", "frog"],
                  grid=[["crab"], ["kelp", "mantis"], ["toad"]],
                  safe=[1], filler=20, discard=["frog"]),
        step=step, turn=14, active=2)


def test_the_header_names_the_turn_the_seat_to_act_and_the_step() -> None:
    board = text_board(table(), 1, NAMES).splitlines()
    assert board[0] == "Metabaloids · turn 14 · p2 Ben to act · step ATTACK (no attack yet)"


def test_an_open_question_names_the_seat_asked_in_the_header() -> None:
    state = table()
    state.decision = Decision(label=1, kind="pay", window=True)
    assert "p1 Ana to act" in text_board(state, None, NAMES).splitlines()[0]


def test_each_seat_has_a_counter_line() -> None:
    lines = text_board(table(), None, NAMES).splitlines()
    assert "p1 Ana  deck A  hand 2  draw 18  discard 2 (top: Thread Spider)  lost 1  reserve: -" in lines
    assert "p2 Ben  deck B  hand 4  draw 20  discard 1 (top: Marsh Frog)  lost 0  reserve: -" in lines


def test_the_grid_is_drawn_by_rows_with_faces_and_marks() -> None:
    lines = text_board(table(), None, NAMES).splitlines()
    rows = [line for line in lines if line.startswith("  1 ") or line.startswith("  2 ")]
    assert rows[0].split()[:4] == ["1", "Wasp", "Drone", "4/1"]
    assert "Silk Canopy 0/3 G" in rows[0]
    assert "Thread Spider 2/2" in rows[1]
    assert "Hermit Crab 1/4 ~" in rows[2]
    assert "Kelp Bed 0/2 +2D" in rows[2]
    assert any(line.strip().startswith("1 (safe)") for line in lines)


def test_a_card_that_attacked_this_turn_is_marked_with_a_star() -> None:
    state = table()
    state.marked.append("p1-wasp-1")
    assert "Wasp Drone 4/1 *" in text_board(state, None, NAMES)


def test_a_column_attack_bonus_shows_as_plus_two_a() -> None:
    state = position(seat_dict(1, grid=[["mound"], ["queen"]], filler=5),
                     seat_dict(2, grid=[["mite"]], filler=5))
    assert "Ant Mound 0/" in text_board(state, None)
    assert [line for line in text_board(state, None).splitlines() if "Ant Mound" in line][0].count("+2A") == 1


def test_the_readers_hand_shows_in_its_own_board_only() -> None:
    state = table()
    mine = text_board(state, 1, NAMES)
    assert "Your hand: crab, frog, shell, toad" in mine
    assert "Your orders: 4" in mine
    assert "Your hand: spores, wasp" in text_board(state, 0, NAMES)
    spectator = text_board(state, None, NAMES)
    assert "Your hand" not in spectator
    assert "shell" not in spectator and "spores" not in spectator


def test_the_active_seat_reads_what_it_may_do_and_the_attack_penalty() -> None:
    state = table()
    legal = ["attack 2:2 p1 1:1", "pass", "end"]
    lines = text_board(state, 1, NAMES, legal).splitlines()
    assert "You may: attack 2:2 p1 1:1 | pass | end" in lines
    assert "If you make no attack, one card of your draw pile goes to your lost pile." in lines
    assert lines[-1] == "Reply with one command per line."
    assert "If you make no attack" not in text_board(state, 0, NAMES, ["order pay ask"])


def test_an_empty_grid_says_so() -> None:
    state = position(seat_dict(1, filler=5), seat_dict(2, grid=[["mite"]], filler=5))
    assert "  (no card in play)" in text_board(state, None).splitlines()


def test_after_game_over_the_header_says_so() -> None:
    state, _ = play(table(), 1, "resign")
    assert text_board(state, None, NAMES).splitlines()[0] == "Metabaloids · game over after turn 14"


def test_a_long_hand_never_runs_into_the_orders() -> None:
    state = table()
    state.seat(2).hand = [f"p2-{code}-{i}" for i, code in enumerate(
        ["crab", "frog", "salamander", "shrimp", "skink", "toad", "toad"])]
    line = next(x for x in text_board(state, 1, NAMES).splitlines() if x.startswith("Your hand"))
    assert line.startswith("Your hand: crab, frog, salamander, shrimp, skink, toad, toad  Your orders: 4")


def _asked_to_pay() -> tuple[GameState, list[str]]:
    """Scenario 11 of the specification: p1 loses its own attack with 5 to pay and `order pay ask`."""
    from games.kinds.metabaloids.commands import legal_commands
    from tests.kinds.metabaloids.test_mb_scenarios_c import _scenario_11

    state, _ = play(_scenario_11(), 1, "attack 1:1 p2 1:2 paying mite")
    assert state.decision is not None and state.decision.label == 1
    return state, legal_commands(state, 0)


def test_the_seat_asked_to_pay_reads_what_it_owes_and_every_answer() -> None:
    state, legal = _asked_to_pay()
    lines = text_board(state, 0, NAMES, legal).splitlines()
    assert any(line.startswith("You owe 5 more points of damage: name what pays") for line in lines)
    assert len(legal) > 3 and f"You may: {' | '.join(legal)}" in lines
    other = text_board(state, 1, NAMES, []).splitlines()
    assert not any(line.startswith("You owe") for line in other)


def test_a_turns_commands_are_cut_after_a_dozen() -> None:
    legal = [f"attack 1:1 p1 {c}:1" for c in range(1, 4)] * 5
    lines = text_board(table(), 1, NAMES, legal).splitlines()
    shown = next(x for x in lines if x.startswith("You may: "))
    assert shown.count(" | ") == 12 and shown.endswith(" | …")


def test_a_defender_in_its_reaction_window_reads_how_to_answer() -> None:
    from games.kinds.metabaloids.commands import legal_commands
    from tests.kinds.metabaloids.test_mb_window import battle

    state, _ = play(battle(), 1, "attack 1:1 p2 1:1")
    legal = legal_commands(state, 1)
    lines = text_board(state, 1, NAMES, legal).splitlines()
    assert any(line.startswith("The attack on you waits for your reaction") for line in lines)
    assert f"You may: {' | '.join(legal)}" in lines
    assert not any(line.startswith(("You owe", "Your grid")) for line in lines)

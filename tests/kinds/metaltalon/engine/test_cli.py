"""`python -m games.kinds.metaltalon.engine`: the terminal hot-seat game, driven through stdin."""

from __future__ import annotations

import io
import os
import re
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

from games.kinds.metaltalon.engine.__main__ import (
    HELP,
    _check_dice,
    _check_players,
    _speaker,
    arguments,
    main,
    setup_game,
)

ROOT = Path(__file__).resolve().parents[4]


@dataclass
class Ran:
    returncode: int
    stdout: str
    stderr: str


@pytest.fixture
def run_cli(monkeypatch, capsys):
    """The CLI's main() in this process, so that mutation testing sees which tests cover it; the
    entry point itself is run once as `python -m` below."""

    def run(stdin: str, *args: str) -> Ran:
        monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
        code = main(list(args))
        captured = capsys.readouterr()
        return Ran(code, captured.out, captured.err)

    return run


def test_python_dash_m_runs_the_hot_seat_game():
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "games.kinds.metaltalon.engine",
            "--players",
            "2",
            "--edition",
            "token",
            "--variant",
            "none",
            "--dice",
            "d6",
            "--seed",
            "5",
        ],
        input="keep\nkeep\nquit\n",
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=env,
        timeout=60,
    )
    assert result.returncode == 0, result.stderr
    assert "The game begins: Player A" in result.stdout and "Game left unfinished." in result.stdout


FLAGS = ("--edition", "token", "--players", "2", "--variant", "none", "--seed", "5")


def test_it_plays_a_turn_and_passes_to_the_next_seat(run_cli):
    result = run_cli("keep\nkeep\nlaunch 5e\nend\nquit\n", *FLAGS)
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert "The game begins: Player A" in out
    assert "launched a ship from P9: 5e" in out
    assert "Round 1: Player B" in out
    assert "[5A ]" in out  # the new ship stands on its home base
    assert "Game left unfinished." in out


def test_prompts_offer_defaults_for_every_option(run_cli):
    result = run_cli("\n\n\n7\nquit\n")
    assert result.returncode == 0, result.stderr
    assert "Edition (token, metatalon, web2002) [token]:" in result.stdout
    assert "Variant (none, takeover, spoils) [none]:" in result.stdout
    assert "token edition, 2 players. Setting up" in result.stdout


def test_bad_option_answers_are_asked_again(run_cli):
    result = run_cli("chess\nmetatalon\n5\n4\nstopwatch\n3\nquit\n")
    assert result.returncode == 0, result.stderr
    assert "choose one of: token, metatalon, web2002" in result.stdout
    assert "five are not offered" in result.stdout
    assert "Variant" not in result.stdout  # metatalon has no variants
    assert "metatalon edition, 4 players" in result.stdout


def test_legal_lists_the_commands_the_seat_may_give(run_cli):
    result = run_cli("keep\nkeep\nlegal\nquit\n", *FLAGS)
    lines = [line.strip() for line in result.stdout.splitlines()]
    assert "end" in lines
    assert any(line.startswith("launch ") for line in lines)


def test_illegal_commands_are_explained_and_change_nothing(run_cli):
    result = run_cli("keep\nkeep\nfire P9 B9\nmove P9 O9\nlaunch 1s\nquit\n", *FLAGS)
    out = result.stdout
    assert out.count("Not allowed:") == 2
    assert "launched a ship from P9: 1s" in out  # the game went on from an unchanged state


def test_help_and_board_are_shown_on_request(run_cli):
    result = run_cli("help\nboard\nquit\n", *FLAGS)
    assert "legal    list every command you may give now" in result.stdout
    assert result.stdout.count("A   B   C   D") == 2


def test_a_resignation_ends_a_two_player_game(run_cli):
    result = run_cli("keep\nkeep\nresign\n", *FLAGS)
    assert result.returncode == 0
    assert "Player A (" in result.stdout and "resigned and is out of the game." in result.stdout
    assert "Player B" in result.stdout and "wins the game!" in result.stdout
    assert "Game over: Player B" in result.stdout


def test_end_of_input_leaves_quietly(run_cli):
    result = run_cli("keep\n", *FLAGS)
    assert result.returncode == 0
    assert "Game left unfinished." in result.stdout
    assert "Traceback" not in result.stderr


def test_another_seat_may_give_standing_orders_out_of_turn(run_cli):
    result = run_cli("keep\nkeep\nB: order damage wse\nb: resign\n", *FLAGS)
    out = result.stdout
    assert re.search(r"Player B \([\w ]+\) sets the standing order damage to wse\.", out)
    assert re.search(r"Player B \([\w ]+\) resigned and is out of the game\.", out)
    assert re.search(r"Player A \([\w ]+\) wins the game!", out)


def flags(*argv: str):
    return arguments().parse_args(list(argv))


def test_each_bad_answer_gets_its_own_reason_and_the_question_again(run_cli):
    result = run_cli("metatalon\n3\ncoin\nstopwatch\nseven\n7\nquit\n")
    # A prompt ends its line with the answer typed, so each reason follows the prompt it answers.
    assert "Dice (d6, stopwatch) [d6]:   choose d6 or stopwatch\n" in result.stdout
    assert ":   a seed is a whole number\n" in result.stdout
    result = run_cli("token\n2\nchess\nspoils\n7\nquit\n")
    assert "Variant (none, takeover, spoils) [none]:   choose none, takeover or spoils\n" in result.stdout
    assert "token edition, 2 players, Spoils. Setting up: each seat says keep or redraw." in result.stdout


def asking(*answers: str):
    """A read() that answers in turn and keeps the prompts."""
    queue = list(answers)
    asked: list[str] = []

    def read(prompt: str) -> str:
        asked.append(prompt)
        return queue.pop(0) if queue else ""

    return read, asked


def test_every_variant_may_be_chosen_at_the_prompt():
    for answer, variants in (("none", ()), ("takeover", ("takeover",)), ("spoils", ("spoils",))):
        read, _ = asking(answer, "1")
        assert setup_game(flags("--edition", "token", "--players", "2"), read).variants == variants


def test_the_board_comes_first_under_the_greeting(run_cli):
    result = run_cli("quit\n", *FLAGS)
    assert result.stdout.startswith("MetalTalon, hot seat. Type help at any prompt.\n\n      A   B   C   D")


def test_the_prompts_name_their_choices_and_defaults(capsys):
    read, asked = asking()
    state = setup_game(flags(), read)
    assert asked[:3] == [
        "Edition (token, metatalon, web2002) [token]: ",
        "Players (2, 3, 4, 6) [2]: ",
        "Variant (none, takeover, spoils) [none]: ",
    ]
    assert re.fullmatch(r"Seed \[\d+\]: ", asked[3]) and len(asked) == 4
    assert (state.edition, state.players, state.variants, state.dice_mode) == ("token", 2, (), "d6")
    read, asked = asking("stopwatch")
    state = setup_game(flags("--edition", "metatalon", "--players", "2"), read)
    assert asked[0] == "Dice (d6, stopwatch) [d6]: " and state.dice_mode == "stopwatch"
    read, asked = asking()
    state = setup_game(
        flags("--edition", "web2002", "--players", "4", "--dice", "stopwatch", "--seed", "3"), read
    )
    assert asked == ["Variant (none, takeover, spoils) [none]: "] and state.dice_mode == "stopwatch"
    assert state.seed == 3 and capsys.readouterr().out == ""


def test_setup_says_each_reason_on_its_own_line(capsys):
    read, _ = asking("chess", "none", "x", "7")
    state = setup_game(flags("--edition", "token", "--players", "2"), read)
    assert capsys.readouterr().out == "  choose none, takeover or spoils\n  a seed is a whole number\n"
    assert state.seed == 7 and state.variants == ()


def test_empty_answers_take_every_default_and_a_random_seed(run_cli):
    result = run_cli("\n\n\n\nquit\n")
    assert result.returncode == 0
    assert result.stdout.startswith("MetalTalon, hot seat. Type help at any prompt.\n")
    assert "token edition, 2 players. Setting up: each seat says keep or redraw." in result.stdout


def test_quit_and_a_question_mark(run_cli):
    result = run_cli("?\nexit\n", *FLAGS)
    assert HELP in result.stdout
    assert result.stdout.endswith("> Game left unfinished.\n")


def test_the_board_and_the_prompt_are_the_seat_to_acts(run_cli):
    result = run_cli("keep\nkeep\nB: board\nlegal\nlaunch 99e\nE: end\nquit\n", *FLAGS)
    out = result.stdout
    assert "  A (you): Zoomers, home P9, reserve 32 credits, to play" in out
    assert "Player A (Zoomers) > " in out
    assert out.count("  B (you): ") == 2  # once to choose a faction, once when B asked for the board
    assert "\n  end\n" in out and "\n  launch 2e\n" in out
    assert "  Not allowed: That ship is worth 99; your reserve is 32\n" in out
    assert "  Not allowed: Unknown command 'e:': try move, fire" in out  # only two seats: E is no one


def test_end_of_input_in_play_leaves_the_game_unfinished(run_cli):
    result = run_cli("keep\n", *FLAGS)
    assert result.returncode == 0 and result.stdout.endswith("\nGame left unfinished.\n")


def test_options_that_cannot_start_a_game_say_why(run_cli):
    result = run_cli(
        "", "--edition", "metatalon", "--variant", "takeover", "--players", "2", "--dice", "d6", "--seed", "1"
    )
    assert result.returncode == 2
    assert result.stdout.endswith("Cannot start: The metatalon edition has no variants\n")


def test_flags_are_checked_against_their_choices(run_cli, capsys):
    with pytest.raises(SystemExit) as usage:
        main(["--help"])
    assert usage.value.code == 0
    shown = capsys.readouterr().out
    assert shown.startswith("usage: python -m games.kinds.metaltalon.engine ")
    assert "Hot-seat MetalTalon." in shown
    refused_flags = (
        ["--players", "5"],
        ["--dice", "coin"],
        ["--dice", "STOPWATCH"],
        ["--variant", "both"],
        ["--edition", "chess"],
        ["--seed", "x"],
    )
    for bad in refused_flags:
        with pytest.raises(SystemExit) as refused:
            main(bad)
        assert refused.value.code == 2
        assert "invalid" in capsys.readouterr().err
    read, _ = asking()
    assert setup_game(flags("--edition", "web2002", "--dice", "d6", "--players", "3"), read).dice_mode == "d6"
    assert setup_game(flags("--seed", "12", "--edition", "token", "--players", "2"), read).seed == 12


# === The small pieces, word for word ===


def test_the_help_screen_gives_the_description_on_its_own_line(capsys):
    with pytest.raises(SystemExit):
        main(["--help"])
    assert "\n\nHot-seat MetalTalon.\n\n" in capsys.readouterr().out


def test_every_variant_flag_is_accepted():
    chosen = [flags("--variant", v).variant for v in ("none", "takeover", "spoils")]
    assert chosen == ["none", "takeover", "spoils"]


def test_the_player_count_answer_names_the_counts_offered():
    with pytest.raises(ValueError) as refused:
        _check_players("5")
    assert str(refused.value) == "choose 2, 3, 4, 6 players (five are not offered)"
    _check_dice("d6")  # accepted: no ValueError
    _check_dice("stopwatch")


def test_a_seat_prefix_speaks_only_for_a_seat_in_the_game():
    assert _speaker("D: end", 4, 0) == (3, "end")
    assert _speaker("E: end", 4, 0) == (0, "E: end")


def test_end_of_input_at_the_first_question_leaves_without_a_game(run_cli):
    result = run_cli("")
    assert result.returncode == 0
    assert "Game left unfinished." not in result.stdout


def test_the_board_follows_an_empty_line(run_cli):
    out = run_cli("keep\nkeep\nquit\n", *FLAGS).stdout
    assert "\n\n      A   B   C" in out and "XX" not in out


def test_an_empty_line_is_passed_over(run_cli):
    result = run_cli("keep\n\nkeep\nquit\n", *FLAGS)
    assert "The game begins: Player A" in result.stdout and "Game left unfinished." in result.stdout


def test_the_board_asked_for_and_the_final_board_each_follow_an_empty_line(run_cli):
    out = run_cli("keep\nkeep\nboard\nresign\n", *FLAGS).stdout
    # For each seat coming to act (A, B, A when play begins) and the final one; the one asked for follows
    # its prompt, whose line the typed answer ends.
    assert out.count("\n\n      A   B   C") == 4 and out.count("board\n      A   B   C") == 0
    assert out.count(" > \n      A   B   C") == 1 and "XX" not in out

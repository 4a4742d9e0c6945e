"""`manage.py simulate [--game <kind>]` (games/management/commands/simulate.py): the platform's command
finds the game's own `simulate` command in the kind's app and hands it every other argument; MetalTalon
stays the default, with its own options and output (tests/kinds/metaltalon/bots/test_simulate.py), and
Metal Adventures' command prints and writes its balance report."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command

from games.management.commands.simulate import simulating_apps

PNG = b"\x89PNG\r\n\x1a\n"


def simulate(*args: str) -> str:
    out = io.StringIO()
    call_command("simulate", *args, stdout=out, stderr=io.StringIO())
    return out.getvalue()


def test_the_games_that_simulate_themselves_are_found_in_their_apps() -> None:
    assert simulating_apps() == {"metaltalon": "games.kinds.metaltalon",
                                 "metal-adventures": "games.kinds.metal_adventures",
                                 "metabaloids": "games.kinds.metabaloids"}


def test_metaltalon_is_the_default_game_with_its_own_options() -> None:
    text = simulate("--games", "1", "--players", "2", "--workers", "1", "--turn-cap", "10")
    assert text.startswith("manage.py simulate --games 1 --players 2 --edition token")
    assert "win rate by faction:" in text


def test_metal_adventures_prints_win_rates_by_seat_and_base_lengths_and_endings(tmp_path: Path) -> None:
    report, chart, data = tmp_path / "balance.md", tmp_path / "balance.png", tmp_path / "games.json"
    text = simulate("--game", "metal-adventures", "--games", "2", "--players", "3,4", "--bots",
                    "greedy,random", "--workers", "1", "--report", str(report), "--chart", str(chart),
                    "--json", str(data))
    assert text.count("win rate by seat (turn order):") == 2 and text.count("win rate by base starship:") == 2
    assert "win rate by bot level:" in text and "endings: 9 glory" in text and "rounds on average" in text
    games = json.loads(data.read_text())
    assert [len(g["levels"]) for g in games] == [3, 3, 4, 4]
    assert all(g["ending"] in ("9 glory", "Space deck ran down", "one seat left", "turn cap") for g in games)
    written = report.read_text()
    assert written.startswith("# Metal Adventures balance report") and "## Every player count" in written
    assert "`manage.py simulate --game metal-adventures --games 2 --players 3 --bots greedy,random" in written
    assert chart.read_bytes()[:8] == PNG


def test_the_game_s_own_help_lists_its_options(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        simulate("--game", "metal-adventures", "--help")
    assert "--perks" in capsys.readouterr().out


@pytest.mark.parametrize("args, message", [
    (["--game", "chess"], "No game called 'chess'.*metal-adventures, metaltalon"),
    (["--game", "metal-adventures", "--players", "2"], "played by 3, 4, 5, 6 players"),
    (["--game", "metal-adventures", "--bots", "search"], "--bots takes levels from: random, greedy"),
    (["--game", "metal-adventures", "--games", "2,2", "--players", "4"], "gives 2 numbers for 1"),
    (["--game", "metal-adventures", "--games", "0"], "--games is at least 1"),
    (["--game", "metal-adventures", "--edition", "token"], "unrecognized arguments: --edition"),
])
def test_simulate_refuses_what_the_game_cannot_play(args: list[str], message: str) -> None:
    with pytest.raises(CommandError, match=message):
        simulate(*args)

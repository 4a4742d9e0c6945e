"""`manage.py simulate` (docs/bots.md): seeded bot games in parallel processes, their win rates with 95%
intervals, lengths and endings, and the balance report with its chart."""

from __future__ import annotations

import io
import json
from dataclasses import replace

import pytest
from django.core.management import CommandError, call_command

from games.bots.stats import wilson
from games.kinds.metaltalon.bots.choices import KEEP
from games.kinds.metaltalon.bots.simulate import Plan, Summary, one_game
from games.kinds.metaltalon.engine import new_game
from games.kinds.metaltalon.management.commands import simulate as command
from games.management import simulation


def test_the_wilson_interval_matches_known_values():
    # Wilson (1927) intervals at 95%, as tabulated by Newcombe (1998), Statistics in Medicine 17: 857-872.
    low, high = wilson(81, 263)
    assert (round(low, 4), round(high, 4)) == (0.2553, 0.3662)
    low, high = wilson(15, 148)
    assert (round(low, 4), round(high, 4)) == (0.0624, 0.1605)
    assert wilson(0, 10)[0] == pytest.approx(0.0, abs=1e-12) and wilson(10, 10)[1] == pytest.approx(1.0)


def test_each_level_plays_every_seat_order_as_often_and_a_seed_repeats_its_game():
    plan = Plan(games=4, players=2, bots=("greedy", "random"), seed=7, turn_cap=30)
    assert [plan.levels(g) for g in range(4)] == [("greedy", "random"), ("random", "greedy")] * 2
    assert one_game(plan, 1) == one_game(plan, 1)


def test_keep_dealt_plays_every_faction_as_dealt_where_the_bots_would_redraw_some():
    plan = Plan(games=1, players=2, seed=1, turn_cap=20)
    dealt = tuple(s.faction for s in new_game(players=2, edition=plan.edition, seed=plan.seed).seats)
    assert any(f not in KEEP for f in dealt)  # a bot left to itself redraws this deal
    assert one_game(plan, 0).factions != dealt
    assert one_game(replace(plan, keep_dealt=True), 0).factions == dealt


def simulate(tmp_path, *args: str) -> tuple[str, str, bytes, list[dict]]:
    """Run the command with a report, a chart and the games' JSON: what it printed, and the three files."""
    out = io.StringIO()
    report, chart, data = tmp_path / "balance.md", tmp_path / "factions.png", tmp_path / "games.json"
    call_command("simulate", *args, "--report", str(report), "--chart", str(chart), "--json", str(data),
                 stdout=out, stderr=io.StringIO())
    return out.getvalue(), report.read_text(), chart.read_bytes(), json.loads(data.read_text())


def test_simulate_prints_win_rates_with_intervals_lengths_and_endings_and_writes_the_report(tmp_path):
    text, report, chart, results = simulate(tmp_path, "--games", "4", "--players", "2", "--bots",
                                            "greedy,random", "--workers", "2", "--turn-cap", "40")
    for heading in ("win rate by bot level:", "win rate by faction:", "win rate by seat (turn order):",
                    "mean length:", "endings:"):
        assert heading in text
    assert len(results) == 4
    levels = [line.split() for line in text.splitlines() if line.strip().startswith(("greedy ", "random "))]
    assert len(levels) == 2 and all(row[2:4] == ["/", "4"] and "CI" in row for row in levels)
    assert sum(int(row[1]) for row in levels) == sum(r["winner"] is not None for r in results)
    assert report.startswith("# Balance report") and "| faction |" in report
    assert chart[:8] == PNG


def test_simulate_reports_each_player_count_and_every_factions_wins_against_a_fair_share(tmp_path):
    text, report, chart, results = simulate(tmp_path, "--games", "2", "--players", "2,3", "--bots", "greedy",
                                            "--workers", "1", "--turn-cap", "30", "--keep-dealt")
    assert [len(r["levels"]) for r in results] == [2, 2, 3, 3]
    assert text.count("win rate by faction:") == 2
    assert "## 2 players" in report and "## 3 players" in report and "A fair share is 33%" in report
    assert "| bot level |" not in report  # one level: its win rate says nothing
    assert "kept the faction it was dealt" in report and "--keep-dealt --report" in report
    rows = [line.split("|")[1:5] for line in report.split("## Every player count")[1].splitlines()
            if line.startswith("| ") and "---" not in line and "faction" not in line]
    seats = {faction: ([r["factions"].count(faction) / len(r["factions"]) for r in results],
                       sum(r["factions"][r["winner"]] == faction for r in results if r["winner"] is not None))
             for faction in {f for r in results for f in r["factions"]}}
    assert {row[0].strip(): (int(row[1]), float(row[2])) for row in rows} == {
        faction: (wins, round(sum(shares), 1)) for faction, (shares, wins) in seats.items()}
    times = [float(row[3]) for row in rows]
    assert times == sorted(times, reverse=True)  # the strongest first
    exact = {faction: wins / sum(shares) for faction, (shares, wins) in seats.items()}
    assert {row[0].strip(): float(row[3]) for row in rows} == {f: round(x, 2) for f, x in exact.items()}
    assert chart[:8] == PNG


def test_simulate_plays_a_number_of_games_for_each_player_count(tmp_path):
    _, report, _, results = simulate(tmp_path, "--games", "1,2", "--players", "2,3", "--workers", "1",
                                     "--turn-cap", "10")
    assert [len(r["levels"]) for r in results] == [2, 3, 3]
    assert "`manage.py simulate --games 1 --players 2 " in report
    assert "`manage.py simulate --games 2 --players 3 " in report


PNG = b"\x89PNG\r\n\x1a\n"


@pytest.mark.parametrize("args, message", [(["--bots", "grandmaster"], "--bots takes levels from"),
                                           (["--games", "0"], "--games is at least 1"),
                                           (["--games", "2,0", "--players", "2,3"], "--games is at least 1"),
                                           (["--games", "many"], "--games takes a number"),
                                           (["--games", "2,2", "--players", "2"], "gives 2 numbers for 1"),
                                           (["--players", "2,7"], "MetalTalon is played by"),
                                           (["--players", "two"], "MetalTalon is played by")])
def test_simulate_refuses_what_it_cannot_play(args, message):
    with pytest.raises(CommandError, match=message):
        call_command("simulate", *args, stdout=io.StringIO(), stderr=io.StringIO())


def test_a_run_stopped_part_way_keeps_the_player_counts_it_finished(tmp_path, monkeypatch):
    played = command.run

    def stopped_at_three(plan, **kwargs):
        if plan.players == 3:
            raise KeyboardInterrupt  # the operator stops a long run
        return played(plan, **kwargs)

    monkeypatch.setattr(command.Command, "play_games", staticmethod(stopped_at_three))
    with pytest.raises(KeyboardInterrupt):
        simulate(tmp_path, "--games", "2", "--players", "2,3", "--workers", "1", "--turn-cap", "30")
    report = (tmp_path / "balance.md").read_text()
    assert "## 2 players" in report and "## 3 players" not in report
    assert len(json.loads((tmp_path / "games.json").read_text())) == 2
    assert (tmp_path / "factions.png").read_bytes()[:8] == PNG


def test_the_report_counts_turn_capped_games_left_with_no_winner():
    plan = Plan(games=3, players=3)
    report = command.markdown([(plan, Summary(games=3, undecided=1), 1.0)], None)
    assert "Turn-capped games with no single leader (no winner): 1." in report
    assert "no single leader" not in command.markdown([(plan, Summary(games=3), 1.0)], None)


def test_a_stop_while_a_file_is_written_keeps_the_previous_whole_file(tmp_path, monkeypatch):
    report = tmp_path / "balance.md"
    report.write_text("# Balance report\n\nthe last whole report\n")

    def stopped(*args):
        raise KeyboardInterrupt  # the operator stops the run between the write and the swap

    monkeypatch.setattr(simulation.os, "replace", stopped)
    with pytest.raises(KeyboardInterrupt):
        simulation.replace(str(report), b"# Balance report\n\nhalf a rep")
    assert report.read_text() == "# Balance report\n\nthe last whole report\n"

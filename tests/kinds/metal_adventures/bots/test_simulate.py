"""Balance simulations of Metal Adventures (games/kinds/metal_adventures/bots/simulate.py, report.py): a
plan turns its bot levels one seat further each game, a seed repeats its game, and the report counts
wins by seat, base starship and level, lengths, endings and the seats' final glory and credits."""

from __future__ import annotations

from dataclasses import replace

import pytest

from games.kinds.metal_adventures.bots.match import BATTLES, CAPPED, DECK, GAINS, GLORY, Result
from games.kinds.metal_adventures.bots.report import chart_svg, command_line, markdown, text
from games.kinds.metal_adventures.bots.simulate import Plan, one_game, run, summarise


def result(winners: tuple[int, ...], ending: str, bases: tuple[str, ...] = ("B1", "B2", "B3"),
           levels: tuple[str, ...] = ("greedy", "random", "random"), turns: int = 9) -> Result:
    return Result(seed=1, levels=levels, bases=bases, winners=winners, ending=ending, turns=turns,
                  rounds=-(-turns // len(bases)), commands=100, glory=(9, 4, 2), credits=(3, 6, 0),
                  jp=(0, 1, 2))


@pytest.mark.random_games
def test_each_level_plays_every_seat_in_turn_and_a_seed_repeats_its_game() -> None:
    plan = Plan(games=3, players=3, bots=("greedy", "random"), seed=5)
    assert [plan.levels(g) for g in range(3)] == [("greedy", "random", "greedy"),
                                                  ("random", "greedy", "random"),
                                                  ("greedy", "random", "greedy")]
    assert one_game(plan, 1) == one_game(plan, 1)
    assert one_game(plan, 1).seed == 6 and one_game(plan, 1).levels == plan.levels(1)


@pytest.mark.random_games
def test_a_plan_runs_its_games_in_the_order_of_their_seeds() -> None:
    plan = Plan(games=2, players=3, seed=20)
    seen: list[int] = []
    results = run(plan, progress=lambda r: seen.append(r.seed))
    assert [r.seed for r in results] == seen == [20, 21]
    assert all(len(r.bases) == 3 and r.rounds * 3 >= r.turns for r in results)


def test_the_summary_counts_wins_by_seat_base_and_level_with_shared_wins_for_each() -> None:
    summary = summarise([result((0,), GLORY, turns=9), result((1, 2), DECK, turns=12),
                         result((2,), CAPPED, bases=("B4", "B2", "B1"), turns=15)])
    assert [(r.label, r.wins, r.games) for r in summary.by_seat] == [("seat 1", 1, 3), ("seat 2", 1, 3),
                                                                      ("seat 3", 2, 3)]
    bases = {r.label: (r.wins, r.games) for r in summary.by_base}
    assert bases == {"B1 Black Albatross": (2, 3), "B2 Laughing Kraken": (1, 3), "B3 Red Marauder": (1, 2),
                     "B4 Salty Comet": (0, 1)}
    assert {r.label: (r.wins, r.games) for r in summary.by_level} == {"greedy": (1, 3), "random": (2, 3)}
    assert summary.shared == 1 and summary.endings == {GLORY: 1, DECK: 1, CAPPED: 1}
    assert (summary.mean_turns, summary.mean_rounds, summary.rounds) == (12.0, 4.0, (3, 5, 4.0))
    assert summary.mean_glory == 5.0 and summary.winner_glory == (9 + 4 + 2 + 2) / 4
    assert summary.mean_credits == 3.0 and summary.mean_jp == 1.0


def test_the_report_names_every_figure_the_card_set_is_checked_by() -> None:
    plan = Plan(games=3, players=3, bots=("greedy", "random"))
    summary = summarise([result((0,), GLORY), result((1, 2), DECK), result((2,), CAPPED)])
    printed = text(plan, summary, 12.0)
    for heading in ("win rate by bot level:", "win rate by seat (turn order):", "win rate by base starship:",
                    "length: 9.0 turns, 3.0 rounds",
                    "endings: 9 glory 1, Space deck ran down 1, one seat left 0, turn cap 1",
                    "glory at the end:", "credits at the end:", "shared wins: 1"):
        assert heading in printed
    assert printed.startswith(command_line(plan))
    report = markdown([(plan, summary, 60.0), (Plan(games=3, players=4), summary, 60.0)], "docs/chart.png")
    assert report.startswith("# Metal Adventures balance report")
    assert "![Win rate by seat and by base starship](chart.png)" in report
    assert "## 3 players" in report and "## 4 players" in report and "## Every player count" in report
    assert "| seat (turn order) |" in report and "| base starship |" in report and "| bot level |" in report
    assert "--game metal-adventures" in report
    svg = chart_svg([(plan, summary, 60.0)])
    assert svg.startswith("<svg") and "By seat: 3 games, 3 players" in svg and "B1 Albatross" in svg


@pytest.mark.random_games
def test_the_glory_by_source_adds_up_to_the_glory_the_seats_end_with() -> None:
    for g in range(3):
        played = one_game(Plan(games=1, players=3 + g, bots=("greedy", "random"), seed=40), g)
        assert sum(played.gains.values()) == sum(played.glory)
        assert sum(played.battles.values()) >= played.rounds  # one battle a turn, but for the rests
        assert set(played.gains) <= set(GAINS) and set(played.battles) <= set(BATTLES)
        assert 0 <= played.space_left <= 68


def test_the_summary_gives_battles_and_glory_sources_a_game() -> None:
    games = [replace(result((0,), GLORY), battles={"challenge": 4, "space": 2},
                     gains={"challenge": 4, "trophy": 2}),
             replace(result((1,), GLORY), battles={"space": 6}, gains={"starship": 3, "jp taken": -1})]
    summary = summarise(games)
    assert summary.battles == {"space": 4.0, "karokum": 0.0, "planet": 0.0, "challenge": 2.0}
    assert summary.gains["challenge"] == 2.0 and summary.gains["jp taken"] == -0.5
    printed = text(Plan(games=2), summary, 1)
    assert "battles a game: space 4.0, karokum 0.0, planet 0.0, challenge 2.0" in printed

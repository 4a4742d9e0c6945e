"""The game-over summary (issue 8): winner, places, how it ended, turns, and each player's ships and
credits by turn as small charts, on the game page (also arriving by the poll) and in the finished-game
e-mail, whose charts are inline pictures. Metal Adventures charts each pirate's glory and credits."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from games import actions, history, seats
from games.actions import Actor
from games.kinds import get_kind
from games.summary import HEIGHT, PAD_BOTTOM, PAD_TOP, chart_svg, game_summary
from tests.web.factories import active_seat, finished_against_bots, finished_game, other_seat, started_game
from tests.web.helpers import htmx_get

pytestmark = pytest.mark.django_db


def test_no_summary_while_the_game_is_in_play():
    game = started_game(players=2)
    assert game_summary(game) is None
    html = Client().get(f"/games/{game.pk}/").content.decode()
    assert 'id="summary"' not in html


def test_a_finished_game_page_shows_winner_places_ending_turns_and_charts():
    game, winner, loser = finished_game(turns=3)
    html = Client().get(f"/games/{game.pk}/").content.decode()
    summary = html[html.index('id="summary"'):html.index("</section>", html.index('id="summary"'))]
    text = " ".join(re.sub(r"<[^>]+>", " ", summary).split())
    assert f"Game over: {winner.user.display_name} wins" in text
    assert "resigned" in text  # how it ended, in the kind's words, and the loser's outcome
    assert "2 rounds" in text  # 4 turns of two players: MetalTalon counts rounds
    rows = re.findall(r"<tr>\s*<td>(\d)</td>.*?</tr>", summary, re.S)
    assert rows == ["1", "2"]
    assert text.index(winner.user.display_name) < text.index(loser.user.display_name, text.index("Place"))
    assert summary.count("<svg") == 2 and "Ships by round" in text and "Credits by round" in text
    first_chart = summary[summary.index("<svg"):summary.index("</svg>")]
    assert first_chart.count("<polyline") == 2  # one line per player


def test_the_chart_has_a_point_for_the_start_and_one_per_round():
    game, _, _ = finished_game(turns=3)
    summary = game_summary(game)
    assert summary is not None and (summary.turns, summary.unit) == (2, "round")
    line = re.search(r'points="([^"]+)"', summary.charts[1].svg)[1]
    assert len(line.split()) == summary.turns + 1


def test_a_ship_launched_in_round_1_is_charted_at_round_1_and_round_0_is_the_start():
    # Each round's point is the state at the end of that round (the last state of the round), so a launch
    # in round 1 shows at round 1; round 0 is the start of play, before anyone acted.
    game = started_game(players=2)
    first = active_seat(game)
    actions.apply_command(game, Actor.player(first.user), "launch 1e; end")
    actions.apply_command(game, Actor.player(active_seat(game).user), "end")  # round 1 ends
    actions.apply_command(game, Actor.player(first.user), "end")
    actions.apply_command(game, Actor.player(active_seat(game).user), "resign")  # over in round 2
    game.refresh_from_db()
    summary = game_summary(game)
    assert summary is not None and summary.turns == 2
    ships = next(c for c in summary.charts if c.title == "Ships")
    assert ships.series[first.index] == [(0, 0), (1, 1), (2, 1)]
    assert ">start</text>" in ships.svg and ">round 0</text>" not in ships.svg


def test_the_poll_that_brings_the_end_brings_the_summary():
    game = started_game(players=2)
    watcher = Client()
    version = game.version
    actions.apply_command(game, Actor.player(active_seat(game).user), "resign")
    html = htmx_get(watcher, f"/games/{game.pk}/poll/?v={version}").content.decode()
    assert 'id="summary"' in html and "wins" in html


@pytest.mark.django_db(transaction=True)
def test_every_player_gets_the_summary_by_mail_with_the_charts_as_inline_pictures(celery_eager, mailoutbox):
    game = started_game(players=2)
    actions.apply_command(game, Actor.player(active_seat(game).user), "end")
    loser, winner = active_seat(game), other_seat(game)
    mailoutbox.clear()

    actions.apply_command(game, Actor.player(loser.user), "resign")

    finished = [m for m in mailoutbox if "is over" in m.subject]
    assert sorted(m.to[0] for m in finished) == sorted([winner.user.email, loser.user.email])
    mail = finished[0]
    assert mail.subject == f"MetalTalon game {game.pk} is over: {winner.user.display_name} wins"
    assert f"1. {winner.user.display_name}" in mail.body and "resigned" in mail.body
    html, kind = mail.alternatives[0]
    assert kind == "text/html"
    cids = re.findall(r'src="cid:([^"]+)"', html)
    assert len(cids) == 3, "the final board and the two charts"
    pictures = {a["Content-ID"].strip("<>"): a for a in mail.attachments if hasattr(a, "get_content_type")}
    assert set(pictures) == set(cids)
    assert all(p.get_content_type() == "image/png" for p in pictures.values())
    assert all(p.get_payload(decode=True).startswith(b"\x89PNG") for p in pictures.values())


@pytest.fixture
def bots_at_once(settings, monkeypatch):
    """The bots are played by the test (no worker), and the player's stand-in answers at a bot's pace."""
    monkeypatch.setattr("games.tasks.queue_bots", lambda pk: None)
    settings.COMMAND_RATE_LIMIT = settings.GAME_COMMAND_RATE_LIMIT = "100000/minute"


def tallies_by_turn(game) -> dict[int, dict[int, dict[str, int]]]:
    """What the game's states say: its counted actions replayed one by one from the start, each turn's
    figures taken from the last state of that turn (turn 0: the start of play), the last turn's from the
    final state."""
    kind = get_kind(game.kind)
    state = kind.load(game.snapshots.get(seq=0).state)
    states = [state]
    for action in history.log_actions(game):
        state = history.replay(kind, state, [action])
        states.append(state)
    assert kind.dump(state) == game.state
    by_turn: dict[int, dict[int, dict[str, int]]] = {}
    for each in states:
        if kind.turn(each) >= 1:  # the first state of a turn is the last of the one before
            by_turn.setdefault(kind.turn(each) - 1, kind.tallies(each))
    by_turn[kind.turn(state)] = kind.tallies(state)
    return by_turn


def test_a_finished_metal_adventures_game_charts_every_pirates_glory_and_credits_as_its_states_say(
        bots_at_once):
    game, _ = finished_against_bots("metal-adventures", players=4)
    summary = game_summary(game)
    assert summary is not None

    expected = tallies_by_turn(game)
    turns = sorted(expected)
    assert [chart.title for chart in summary.charts] == ["Glory", "Credits"]
    for chart in summary.charts:
        drawn = {seat: [(t, expected[t][seat][chart.title]) for t in turns] for seat in range(4)}
        assert chart.series == drawn
        assert chart.svg.count("<polyline") == 4
    assert turns == list(range(0, summary.turns + 1))  # the start, then a point at the end of every turn
    assert summary.unit == "turn"  # Metal Adventures counts its own turns
    final = expected[turns[-1]]
    assert {p.seat: p.tallies for p in summary.places} == final
    assert summary.places[0].tallies["Glory"] == max(t["Glory"] for t in final.values())
    # Three "Greedy bot"s are told apart by their seat numbers, as the game's log names them.
    assert sorted(p.name for p in summary.places if p.name.startswith("Greedy bot")) == [
        f"Greedy bot {p.seat + 1}" for p in sorted(summary.places, key=lambda p: p.seat)
        if p.name.startswith("Greedy bot")]
    assert summary.winner in (None, summary.places[0].name)


def test_a_chart_of_figures_below_zero_keeps_every_point_inside_the_plot_and_marks_zero():
    series = {0: [(1, 0), (2, -3), (3, -2)], 1: [(1, 0), (2, 2), (3, 5)]}
    svg = chart_svg("Glory", series, ["Ann", "Bo"])
    lines = re.findall(r'points="([^"]+)"', svg)
    ys = [float(point.split(",")[1]) for line in lines for point in line.split()]
    assert len(ys) == 6
    assert all(PAD_TOP - 1 <= y <= HEIGHT - PAD_BOTTOM + 1 for y in ys)  # a line may sit a pixel apart
    labels = re.findall(r'text-anchor="end" fill="[^"]+">(-?\d+)</text>', svg)
    assert labels == ["5", "-3", "0"]  # the range, and where 0 is
    assert svg.count("stroke-dasharray") == 1  # the zero line
    assert "stroke-dasharray" not in chart_svg("Glory", {0: [(1, 0), (2, 3)]}, ["Ann"])  # 0 is the axis
    # Each line ends in its seat's letter, in the seat's colour.
    ends = re.findall(r'fill="([^"]+)"><title>([^<]+)</title>([A-F])</text>', svg)
    assert sorted(ends) == [(seats.colour(0), "Ann: -2", "A"), (seats.colour(1), "Bo: 5", "B")]


def test_seats_the_result_ranks_together_share_a_place_and_the_next_place_counts_them():
    game, winner, loser = finished_game(turns=3)
    first, second = winner.index, loser.index
    game.result = {**game.result, "places": [first, second], "ranks": [1, 1]}
    game.save(update_fields=["result"])
    assert [p.rank for p in game_summary(game).places] == [1, 1]
    assert seats.place_of({"places": [2, 0, 1], "ranks": [1, 2, 2]}, 1) == 2
    assert seats.place_of({"places": [2, 0, 1], "ranks": [1, 1, 3]}, 1) == 3
    assert seats.place_of({"places": [2, 0, 1]}, 1) == 3  # no ranks: places one after the other
    assert seats.place_of({"places": [2, 0, 1]}, 3) is None

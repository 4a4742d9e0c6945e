"""Replay of finished games (slider, ?step=N links, htmx frame) and the two downloads (games.history)."""

from __future__ import annotations

import json
import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from games import actions, history
from games.actions import Actor
from games.dice import ReplayDice
from games.kinds import get_kind
from games.kinds.metaltalon.engine import GameState
from tests.web.factories import active_seat, other_seat, started_game
from tests.web.helpers import htmx_get, is_full_page, messages_of

pytestmark = pytest.mark.django_db


@pytest.fixture
def finished():
    """Keep, keep, a launch and an end, then the next player resigns: five counted actions."""
    game = started_game(players=2)
    first = active_seat(game)
    actions.apply_command(game, Actor.player(first.user), "launch 2e; end")
    actions.apply_command(game, Actor.player(other_seat(game).user), "resign")
    game.refresh_from_db()
    return game


def test_the_replay_page_opens_on_the_start_of_the_game_with_a_slider_over_every_action(client, finished):
    response = client.get(reverse("games:replay", args=[finished.pk]))

    html = response.content.decode()
    assert response.status_code == 200 and is_full_page(response)
    assert 'type="range"' in html and 'max="5"' in html and 'value="0"' in html
    assert "Step 0 of 5" in html and "before any action" in html and "<svg" in html
    assert "<code>resign</code>" not in html
    assert "Result: 1." in html


def test_the_replays_result_gives_seats_ranked_together_the_same_place(client):
    game = started_game(players=3)
    for _ in range(2):
        seat = active_seat(game)
        actions.apply_command(game, Actor.player(seat.user), "resign")
        game.refresh_from_db()
    first, second, third = (game.seats.get(index=i).name for i in game.result["places"])
    game.result = {**game.result, "ranks": [1, 2, 2]}
    game.save(update_fields=["result"])

    html = client.get(reverse("games:replay", args=[game.pk])).content.decode()
    assert f"Result: 1. {first}" in html and f"2. {second}" in html and f"2. {third}" in html
    assert "3. " not in html[html.index("Result:"):html.index("</p>", html.index("Result:"))]


def test_step_n_shows_the_state_after_action_n_without_javascript(client, finished):
    logged = history.log_actions(finished)

    response = client.get(reverse("games:replay", args=[finished.pk]), {"step": 3})

    html = response.content.decode()
    assert "<code>launch 2e</code>" in html and "Step 3 of 5" in html
    assert 'href="?step=2"' in html and 'href="?step=4"' in html
    state = history.state_after(finished, logged, 3)
    assert isinstance(state, GameState) and len(state.ships) == 1
    assert 'aria-label="MetalTalon token board, round 1"' in html
    assert "The board as text" in html


def test_htmx_gets_only_the_frame(client, finished):
    response = htmx_get(client, reverse("games:replay", args=[finished.pk]), data={"step": 0})

    html = response.content.decode()
    assert response.status_code == 200 and not is_full_page(response)
    assert html.lstrip().startswith('<section id="frame"') and "before any action" in html


def test_a_step_out_of_range_is_clamped_and_one_that_is_not_a_number_opens_the_start(client, finished):
    html = client.get(reverse("games:replay", args=[finished.pk]), {"step": 99}).content.decode()
    assert "Step 5 of 5" in html and "<code>resign</code>" in html
    html = client.get(reverse("games:replay", args=[finished.pk]), {"step": "x"}).content.decode()
    assert "Step 0 of 5" in html


def test_the_replay_waits_for_the_end_of_the_game(client):
    game = started_game(players=2)

    response = client.get(reverse("games:replay", args=[game.pk]), follow=True)

    assert response.redirect_chain[-1][0] == f"/games/{game.pk}/"
    assert any("replay opens when the game is over" in m for m in messages_of(response))


def test_the_command_log_downloads_as_text(client, finished):
    response = client.get(reverse("games:log_txt", args=[finished.pk]))

    assert response.status_code == 200 and response["Content-Type"].startswith("text/plain")
    assert f'filename="metaltalon-{finished.pk}.txt"' in response["Content-Disposition"]
    lines = [line for line in response.getvalue().decode().splitlines() if not line.startswith("#")]
    commands = [line.split("\t")[2] for line in lines]
    assert commands == ["keep", "keep", "launch 2e", "end", "resign"]


def test_the_full_record_downloads_as_json_and_replays_to_the_final_state(client, finished):
    response = client.get(reverse("games:record_json", args=[finished.pk]))

    assert response.status_code == 200 and response["Content-Type"] == "application/json"
    assert f'filename="metaltalon-{finished.pk}.json"' in response["Content-Disposition"]
    record = json.loads(response.getvalue())
    assert record["result"] == finished.result and record["status"] == "finished"
    assert (record["kind"], record["options"]) == ("metaltalon", finished.options)
    # Over: everything, the recorded dice included, so anyone can check the game replays from its log.
    assert "seed" in record["initial_state"] and all("dice" in a for a in record["actions"])
    kind = get_kind(record["kind"])
    state = kind.load(record["initial_state"])
    for action in record["actions"]:
        if not action["undone"]:
            dice = ReplayDice(action["dice"])
            state = kind.play(state, action["seat"], action["command"], dice)[0]
            dice.check_spent()
    assert kind.dump(state) == record["final_state"]


def test_the_record_of_a_game_in_play_shows_the_public_view_without_dice(client):
    game = started_game(players=2)
    actions.apply_command(game, Actor.player(active_seat(game).user), "launch 2e")

    record = json.loads(client.get(reverse("games:record_json", args=[game.pk])).getvalue())

    assert record["status"] == "active" and [a["command"] for a in record["actions"]][-1] == "launch 2e"
    for state in (record["initial_state"], record["final_state"]):
        assert "seed" not in state and "rolls" not in state
    assert not any("dice" in a for a in record["actions"])


def test_the_downloads_are_streamed_and_say_what_the_whole_record_says(client, finished):
    """Streamed a line at a time (a 60,000-action game is tens of MB), the text is the same record."""
    record = client.get(reverse("games:record_json", args=[finished.pk]))
    log = client.get(reverse("games:log_txt", args=[finished.pk]))

    assert record.streaming and log.streaming
    assert json.loads(record.getvalue()) == json.loads(json.dumps(history.record(finished)))
    assert log.getvalue().decode() == history.command_log(finished)


def test_every_step_of_the_replay_reads_a_bounded_number_of_queries(client, finished):
    """The step's state comes from the nearest snapshot and the actions after it, never the whole log."""
    counts = set()
    logged = history.log_actions(finished)
    page = reverse("games:replay", args=[finished.pk])
    for step in range(0, len(logged) + 1):
        with CaptureQueriesContext(connection) as captured:
            assert client.get(f"{page}?step={step}").status_code == 200
        counts.add(len(captured))
        assert history.at_step(finished, step)[1] == history.state_after(finished, logged, step)
    assert max(counts) <= 12, counts


def test_the_turn_links_lead_to_where_this_turn_and_the_next_begin_past_an_undone_action(client):
    """Each turn is two actions, the last `end`; A's first launch is taken back: steps skip the undone action,
    so the turn links count steps, not seqs (turn 1 begins at step 2, turn 2 at step 4, turn 3 at step 6)."""
    game = started_game(players=2)
    for k in range(3):
        seat = active_seat(game)
        if k == 0:
            actions.apply_command(game, Actor.player(seat.user), "launch 1e")
            actions.undo(game, Actor.player(seat.user))
            actions.apply_command(game, Actor.player(seat.user), "launch 2e")
        else:
            actions.apply_command(game, Actor.player(seat.user), "order damage wse")
        actions.apply_command(game, Actor.player(seat.user), "end")
    actions.apply_command(game, Actor.player(active_seat(game).user), "resign")

    def links(step: int) -> tuple[str, str]:
        html = client.get(reverse("games:replay", args=[game.pk]), {"step": step}).content.decode()
        return (re.search(r'href="\?step=(\d+)"[^>]*data-step="prev-turn"', html)[1],
                re.search(r'href="\?step=(\d+)"[^>]*data-step="next-turn"', html)[1])

    assert links(0) == ("0", "2")
    assert links(2) == ("0", "4")
    assert links(3) == ("2", "4")
    assert links(5) == ("4", "6")
    assert links(9) == ("8", "9")  # the last step: no turn after it

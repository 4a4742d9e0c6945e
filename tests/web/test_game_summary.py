"""The game-over summary (issue 8): winner, places, how it ended, turns, and each player's ships and
credits by turn as small charts, on the game page (also arriving by the poll) and in the finished-game
e-mail, whose charts are inline pictures."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from games import actions
from games.actions import Actor
from games.summary import game_summary
from tests.web.factories import active_seat, finished_game, other_seat, started_game
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
    assert "4 turns" in text
    rows = re.findall(r"<tr>\s*<td>(\d)</td>.*?</tr>", summary, re.S)
    assert rows == ["1", "2"]
    assert text.index(winner.user.display_name) < text.index(loser.user.display_name, text.index("Place"))
    assert summary.count("<svg") == 2 and "Ships by turn" in text and "Credits by turn" in text
    first_chart = summary[summary.index("<svg"):summary.index("</svg>")]
    assert first_chart.count("<polyline") == 2  # one line per player


def test_the_chart_has_a_point_per_turn_and_one_for_the_end():
    game, _, _ = finished_game(turns=3)
    summary = game_summary(game)
    assert summary is not None and summary.turns == 4
    line = re.search(r'points="([^"]+)"', summary.charts[1].svg)[1]
    assert len(line.split()) == summary.turns + 1


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
    assert len(cids) == 2
    pictures = {a["Content-ID"].strip("<>"): a for a in mail.attachments if hasattr(a, "get_content_type")}
    assert set(pictures) == set(cids)
    assert all(p.get_content_type() == "image/png" for p in pictures.values())
    assert all(p.get_payload(decode=True).startswith(b"\x89PNG") for p in pictures.values())

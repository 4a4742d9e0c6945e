"""What sits outside the game's live region but changes with it: the tab title, the game's status in the
header and the navigation's "My games" badge (issue 8, bug 2), and the log's "just now" (bug 4)."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone

from games import actions
from games.actions import Actor
from games.templatetags.when import ago
from tests.web.factories import active_seat, other_seat, started_game
from tests.web.helpers import htmx_get, htmx_post

pytestmark = pytest.mark.django_db


def logged_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def oob(html: str, element_id: str) -> str:
    found = re.search(rf'<[a-z]+ [^>]*id="{element_id}"[^>]*hx-swap-oob="true"[^>]*>(.*?)</', html, re.S)
    assert found, f"no out-of-band #{element_id} in the response"
    return found[1]


def title_of(html: str) -> str:
    """The first <title>: the page's own, or the one htmx puts on the tab (the board's SVG has others)."""
    found = re.search(r"<title>(.*?)</title>", html, re.S)
    assert found
    return found[1].strip()


def test_resigning_by_htmx_brings_the_finished_status_title_and_badge_along():
    game = started_game(players=2)
    me = active_seat(game).user
    client = logged_in(me)
    page = client.get(f"/games/{game.pk}/").content.decode()
    assert title_of(page).startswith(f"Your turn · Game {game.pk} · round 1")
    assert 'id="your-turn-count">1<' in page

    html = htmx_post(client, f"/games/{game.pk}/play/",
                     {"command": "resign", "expected_version": game.version}).content.decode()
    game.refresh_from_db()
    assert game.is_over
    assert title_of(html) == f"Game {game.pk} · finished · MetalTalon"
    assert oob(html, "game-status") == "Finished"
    badge = oob(html, "my-games-link")
    assert "your-turn-count" not in badge  # nothing awaits me any more: no badge, not "0"


def test_the_poll_that_brings_the_opponents_move_brings_my_turn_to_title_and_badge():
    game = started_game(players=2)
    mover, waiting = active_seat(game), other_seat(game)
    client = logged_in(waiting.user)
    page = client.get(f"/games/{game.pk}/").content.decode()
    assert not title_of(page).startswith("Your turn")
    version = game.version
    actions.apply_command(game, Actor.player(mover.user), "end")

    html = htmx_get(client, f"/games/{game.pk}/poll/?v={version}").content.decode()
    assert title_of(html).startswith(f"Your turn · Game {game.pk} · round 1")
    assert oob(html, "game-status") == "In play"
    assert 'id="your-turn-count">1<' in oob(html, "my-games-link") + "<"


def test_a_spectators_poll_updates_title_and_status_with_no_badge():
    game = started_game(players=2)
    version = game.version
    actions.apply_command(game, Actor.player(active_seat(game).user), "resign")
    html = htmx_get(Client(), f"/games/{game.pk}/poll/?v={version}").content.decode()
    assert title_of(html) == f"Game {game.pk} · finished · MetalTalon"
    assert oob(html, "game-status") == "Finished"
    assert "my-games-link" not in html


def test_the_full_page_never_carries_the_out_of_band_copies():
    game = started_game(players=2)
    html = logged_in(active_seat(game).user).get(f"/games/{game.pk}/").content.decode()
    assert "hx-swap-oob" not in html
    assert html[:html.index("</head>")].count("<title>") == 1


@pytest.mark.parametrize(("seconds", "words"), [
    (0, "just now"), (59, "just now"), (61, "1\xa0minute ago"), (3 * 3600 + 120, "3\xa0hours ago"),
    (9 * 86400, "1\xa0week ago"),
])
def test_ago_says_just_now_for_the_last_minute_then_the_largest_unit(seconds, words):
    now = timezone.now()
    assert ago(now - timedelta(seconds=seconds), now) == words


def test_a_move_made_a_moment_ago_shows_just_now_in_the_log():
    game = started_game(players=2)
    mover = active_seat(game)
    actions.apply_command(game, Actor.player(mover.user), "end")
    html = logged_in(mover.user).get(f"/games/{game.pk}/").content.decode()
    log = html[html.index('id="log"'):]
    assert "just now" in log
    assert "0\xa0minutes ago" not in log and "0 minutes ago" not in log

"""The caches behind a repeat view (games.page_cache, the per-user "your turn" count, accounts.prefs): a
cached page is only ever served to the same viewer for the same version, chat, count and preferences."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.core.cache import cache
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from accounts.models import Profile
from games import actions, queries
from games.actions import Actor
from games.views import play as play_views
from tests.web.factories import StaffFactory, UserFactory, active_seat, other_seat, started_game

pytestmark = pytest.mark.django_db


def page_of(client: Client, game: Any, query: str = "") -> str:
    response = client.get(f"/games/{game.pk}/{query}")
    assert response.status_code == 200
    return response.content.decode()


def warm_client(user: Any, game: Any, csrf: bool = False) -> Client:
    """A logged-in browser that already holds its CSRF cookie (a first visit is never cached)."""
    client = Client(enforce_csrf_checks=csrf)
    client.force_login(user)
    page_of(client, game)
    return client


@pytest.fixture
def renders(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """One entry per page actually rendered (a cache hit adds none)."""
    counted: list[int] = []
    real = play_views._live

    def counting(*args: Any, **kwargs: Any) -> Any:
        counted.append(1)
        return real(*args, **kwargs)

    monkeypatch.setattr(play_views, "_live", counting)
    return counted


def test_a_repeat_view_of_an_unchanged_game_is_served_from_the_page_cache(renders):
    game = started_game(players=2)
    client = warm_client(active_seat(game).user, game)
    first = page_of(client, game)
    with CaptureQueriesContext(connection) as captured:
        second = page_of(client, game)
    assert len(renders) == 2  # the first visit and the first cached view; the repeat rendered nothing
    assert second == first
    assert len(captured) <= 2, [q["sql"] for q in captured.captured_queries]  # the user and the game row


def test_each_viewer_gets_their_own_page_never_another_viewers_controls(renders):
    game = started_game(players=2)
    active, waiting = active_seat(game).user, other_seat(game).user
    players = warm_client(active, game)
    mine = page_of(players, game)
    assert 'value="end"' in mine or "?confirm=end" in mine
    for viewer in (waiting, UserFactory(), StaffFactory()):
        theirs = page_of(warm_client(viewer, game), game)
        assert 'value="end"' not in theirs and "?confirm=end" not in theirs
        assert "your turn." not in theirs
    anonymous = Client()
    page_of(anonymous, game)
    assert "?confirm=end" not in page_of(anonymous, game) and "Log in" in page_of(anonymous, game)
    assert page_of(players, game) == mine


def test_two_browsers_of_one_player_do_not_share_a_page_or_a_csrf_token(renders):
    game = started_game(players=2)
    user = active_seat(game).user
    one, two = warm_client(user, game, csrf=True), warm_client(user, game, csrf=True)
    page_of(one, game)
    page_of(two, game)
    token = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"')
    assert len(renders) == 4  # each browser's first visit and first cached view are drawn
    posted = two.post(f"/games/{game.pk}/play/", {"command": "end", "expected_version": game.version,
                                                  "csrfmiddlewaretoken": token.search(page_of(two, game))[1]})
    assert posted.status_code == 302  # the cached page's token is valid for its own browser


def test_a_new_version_is_never_served_from_the_old_entry(renders):
    game = started_game(players=2)
    seat = active_seat(game)
    client = warm_client(seat.user, game)
    before = page_of(client, game)
    actions.apply_command(game, Actor.player(seat.user), "launch 3e")
    game.refresh_from_db()
    after = page_of(client, game)
    assert f'data-version="{game.version}"' in after and f'data-version="{game.version}"' not in before
    assert "launched a ship" in after


def test_a_new_chat_message_shows_on_a_cached_page_at_once(renders):
    game = started_game(players=2)
    seat, other = active_seat(game), other_seat(game)
    client = warm_client(seat.user, game)
    page_of(client, game)
    actions.post_chat(game, Actor.player(other.user), "Watch your left flank")
    assert "Watch your left flank" in page_of(client, game)
    message = game.chat.get()
    message.hidden = True
    message.save()
    assert "Watch your left flank" not in page_of(client, game)


def test_a_flash_message_is_shown_not_cached_nor_hidden_by_the_cache(renders):
    game = started_game(players=2)
    seat = active_seat(game)
    client = warm_client(seat.user, game)
    page_of(client, game)
    game.refresh_from_db()
    client.post(f"/games/{game.pk}/orders/", {})  # nothing changed: a message, no new version
    shown = page_of(client, game)
    assert "standing orders are unchanged" in shown
    assert "standing orders are unchanged" not in page_of(client, game)


def test_a_changed_time_zone_or_display_name_shows_at_once(renders):
    game = started_game(players=2)
    seat = active_seat(game)
    client = warm_client(seat.user, game)
    page_of(client, game)
    profile = Profile.objects.get(user=seat.user)
    profile.display_name = "Admiral Kim"
    profile.time_zone = "Asia/Tokyo"
    profile.save()
    page = page_of(client, game)
    assert "Admiral Kim" in page
    assert client.get("/profile/").content.decode().count("(Asia/Tokyo)") >= 1


def test_your_turn_count_is_cached_and_follows_every_move():
    game = started_game(players=2)
    active, waiting = active_seat(game), other_seat(game)
    cache.clear()
    assert queries.your_turn_count(waiting.user) == 0
    with CaptureQueriesContext(connection) as captured:
        assert queries.your_turn_count(waiting.user) == 0
    assert len(captured) == 0
    actions.apply_command(game, Actor.player(active.user), "end")
    assert queries.your_turn_count(waiting.user) == 1
    assert queries.your_turn_count(active.user) == 0
    game.refresh_from_db()
    game.status = game.Status.ABORTED  # whatever path saves the game (admin, moderation) drops the counts
    game.save()
    assert queries.your_turn_count(waiting.user) == 0


def test_the_nav_count_on_a_cached_page_follows_another_games_move():
    game, elsewhere = started_game(players=2), started_game(players=2)
    waiting = other_seat(game).user
    seat = active_seat(elsewhere)
    seat.user = waiting  # the waiting player also plays `elsewhere`, where it is their turn
    seat.save()
    client = warm_client(waiting, game)
    count = re.compile(r'id="your-turn-count">(\d+)<')
    before = int(count.search(page_of(client, game))[1])
    assert before == 1
    actions.apply_command(elsewhere, Actor.player(waiting), "end")
    assert count.search(page_of(client, game)) is None  # the badge is gone, not "0"

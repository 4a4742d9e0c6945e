"""games.fast_page: a cached game page, an unchanged pulse and an unchanged poll answered before the session
and the user are loaded (no SQL at all), and never when the full path would answer differently."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import Group
from django.core.cache import cache
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from games import actions, pulse
from games.actions import Actor
from games.models import Game
from games.moderators import GROUP
from tests.web.factories import ModeratorFactory, UserFactory, active_seat, other_seat, started_game

pytestmark = pytest.mark.django_db


def warm(client: Client, path: str) -> str:
    """Two views: the first sets the CSRF cookie, the second fills the page cache."""
    client.get(path)
    return client.get(path).content.decode()


def quiet_get(client: Client, path: str, **headers: str) -> tuple[Any, int]:
    """The response and how many SQL queries answering it took."""
    with CaptureQueriesContext(connection) as captured:
        response = client.get(path, headers=headers)
    return response, len(captured)


@pytest.fixture
def game() -> Game:
    return started_game(players=2)


def page(game: Game) -> str:
    return f"/games/{game.pk}/"


def test_a_cached_page_is_served_without_a_query_and_is_the_same_page(client, game):
    client.force_login(active_seat(game).user)
    drawn = warm(client, page(game))

    response, queries = quiet_get(client, page(game))

    assert queries == 0
    assert response.status_code == 200 and response.content.decode() == drawn
    assert response["Cache-Control"] == "private"
    assert "Content-Security-Policy" in response and response["X-Frame-Options"] == "DENY"
    assert response["Vary"] == "Accept-Encoding, HX-Request, Cookie"


def test_a_repeat_view_in_the_same_browser_costs_one_cache_round_trip(client, game, monkeypatch):
    """The door remembers whom it last served this browser and which page, and fetches that page with the
    session: one round trip, and the page only if the key rebuilt from what came back is the same."""
    client.force_login(active_seat(game).user)
    drawn = warm(client, page(game))
    client.get(page(game))  # the door's first answer for this browser: it learns the page's key
    trips: list[str] = []
    for name in ("get", "get_many", "set", "add"):
        real = getattr(cache, name)
        monkeypatch.setattr(cache, name, lambda *a, _real=real, _name=name, **k: trips.append(_name)
                            or _real(*a, **k))

    response, queries = quiet_get(client, page(game))

    assert queries == 0 and response.content.decode() == drawn
    assert trips == ["get_many"]


def test_after_a_move_the_remembered_page_is_not_served(client, game):
    seat = active_seat(game)
    client.force_login(seat.user)
    warm(client, page(game))
    client.get(page(game))
    actions.apply_command(game, Actor.player(seat.user), "order damage wes")

    after = client.get(page(game)).content.decode()

    game.refresh_from_db()
    assert f'data-version="{game.version}"' in after


def test_a_visitor_is_served_the_cached_visitors_page(game):
    visitor = Client()
    drawn = warm(visitor, page(game))
    response, queries = quiet_get(visitor, page(game))
    assert queries == 0 and response.content.decode() == drawn and "Log in" in drawn


def test_the_door_stays_shut_when_the_page_would_differ(client, game):
    seat = active_seat(game)
    client.force_login(seat.user)
    warm(client, page(game))
    for path, headers in ((page(game) + "?log=2", {}), (page(game), {"HX-Request": "true"})):
        assert quiet_get(client, path, **headers)[1] > 0, path
    actions.apply_command(game, Actor.player(seat.user), "order damage wes")  # the version moves on
    assert quiet_get(client, page(game))[1] > 0


def test_a_logged_out_session_never_gets_the_players_page(client, game):
    seat = active_seat(game)
    client.force_login(seat.user)
    warm(client, page(game))
    stolen, csrf = client.cookies["sessionid"].value, client.cookies["csrftoken"].value
    client.logout()

    thief = Client()
    thief.cookies["sessionid"] = stolen
    thief.cookies["csrftoken"] = csrf
    response = thief.get(page(game))

    assert "Log in" in response.content.decode()
    assert seat.user.profile.display_name not in response.content.decode().split("<main")[0]


def test_a_password_changed_elsewhere_ends_the_old_sessions_cached_pages(client, game):
    seat = active_seat(game)
    client.force_login(seat.user)
    warm(client, page(game))
    seat.user.set_password("a-new-pass-word-456")
    seat.user.save()

    # The player signs in again elsewhere: their preferences are cached afresh, with the new hash.
    elsewhere = Client()
    elsewhere.force_login(seat.user)
    warm(elsewhere, page(game))

    response, queries = quiet_get(client, page(game))

    assert queries > 0
    assert "Log in" in response.content.decode()


def test_a_deactivated_account_is_not_served_its_cached_page(client, game):
    seat = active_seat(game)
    client.force_login(seat.user)
    warm(client, page(game))
    seat.user.is_active = False
    seat.user.save()

    for _ in range(2):  # the second finds the preferences cached again, now saying "inactive"
        response, queries = quiet_get(client, page(game))
        assert queries > 0 and "Log in" in response.content.decode()


def test_a_moderator_removed_from_the_group_gets_the_players_page_again(client, game):
    staff = ModeratorFactory()
    client.force_login(staff)
    chat_box = 'name="text"'  # moderators may chat in any game; others only in their own
    assert chat_box in warm(client, page(game))
    staff.groups.remove(Group.objects.get(name=GROUP))

    response, queries = quiet_get(client, page(game))

    assert queries > 0 and chat_box not in response.content.decode()


def test_a_waiting_flash_message_is_shown_not_skipped(client, game):
    seat = active_seat(game)
    client.force_login(seat.user)
    warm(client, page(game))
    client.post(f"/games/{game.pk}/orders/", {"damage": "wes"})  # a plain form: a message for the next page

    response = client.get(page(game))

    assert "You set the standing order damage to wes." in response.content.decode()


def test_a_private_games_page_always_takes_the_full_path(client):
    game = started_game(players=2, visibility="private")
    client.force_login(active_seat(game).user)
    warm(client, page(game))
    assert quiet_get(client, page(game))[1] > 0


# === THE PULSE AND THE POLL ===


def pulse_path(client: Client, game: Game, reader: str, chat: str | None = None) -> str:
    now = pulse.read(game.pk)
    return (f"/games/{game.pk}/pulse/?t={pulse.ticket(game.pk, reader)}&v={game.version}"
            f"&c={chat if chat is not None else now.chat}")


def test_an_unchanged_pulse_answers_204_without_a_query(client, game):
    user = other_seat(game).user
    client.force_login(user)
    client.get(page(game))

    response, queries = quiet_get(client, pulse_path(client, game, str(user.pk)))

    assert response.status_code == 204 and queries == 0
    assert pulse.last_seen(game.pk, user.pk) is not None


def test_a_pulse_after_a_move_or_a_chat_goes_the_full_way_and_says_what_changed(client, game):
    seat = active_seat(game)
    client.force_login(seat.user)
    client.get(page(game))
    before = pulse_path(client, game, str(seat.user.pk))
    actions.apply_command(game, Actor.player(seat.user), "order damage wes")

    moved = client.get(before)

    assert moved.status_code == 200 and "game-moved" in moved["HX-Trigger"]
    stale_chat = client.get(pulse_path(client, game, str(seat.user.pk), chat="an-old-token"))
    assert stale_chat.status_code == 200 and "chat-changed" in stale_chat["HX-Trigger"]


def test_a_pulse_ticket_made_for_someone_else_is_checked_the_full_way(client, game):
    other = UserFactory()
    client.force_login(other)
    client.get(page(game))
    someone_elses = pulse_path(client, game, str(active_seat(game).user.pk))
    assert quiet_get(client, someone_elses)[1] > 0


def test_an_unchanged_public_poll_answers_304_without_a_query(client, game):
    cache.delete(pulse.head_key(game.pk))
    first = client.get(f"/games/{game.pk}/poll/?v={game.version}")  # the full path: it caches the head
    response, queries = quiet_get(client, f"/games/{game.pk}/poll/?v={game.version}")
    assert first.status_code == response.status_code == 304 and queries == 0


def test_a_private_games_poll_still_checks_who_asks(client):
    game = started_game(players=2, visibility="private")
    client.force_login(active_seat(game).user)
    client.get(page(game))
    outsider = Client()
    outsider.force_login(UserFactory())
    assert outsider.get(f"/games/{game.pk}/poll/?v={game.version}").status_code == 404

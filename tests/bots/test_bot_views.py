"""The lobby's bots (docs/bots.md): "Opponents: bots" on the new-game form starts a game at once, and a
waiting game's creator adds a bot to a free seat and takes it out again, as a plain form post or by htmx."""

from __future__ import annotations

import pytest
from django.test import Client

from games.models import Game
from tests.web.factories import UserFactory, open_game
from tests.web.helpers import htmx_post, messages_of

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _no_wake(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("games.tasks.queue_bots", lambda game_id: None)


def signed_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def test_the_new_game_form_offers_bots_of_each_level_and_starts_a_game_against_them():
    user = UserFactory()
    client = signed_in(user)
    page = client.get("/games/new/").content.decode()
    assert 'value="people"' in page and 'value="search"' in page and "Search bot" in page
    response = client.post("/games/new/", {"kind": "metaltalon", "players": 3, "edition": "token",
                                           "faction_mode": "deal", "dice_mode": "d6", "visibility": "private",
                                           "clock_mode": "none", "opponents": "greedy"}, follow=True)
    game = Game.objects.get(created_by=user)
    assert game.status in (Game.Status.SETUP, Game.Status.ACTIVE)
    assert sorted(s.name for s in game.seats.exclude(user=user)) == ["Greedy bot", "Greedy bot"]
    assert any("against 2 Greedy bots" in m for m in messages_of(response))
    assert "Greedy bot" in response.content.decode()


def test_the_creator_adds_and_removes_a_bot_from_the_seating_by_htmx():
    game = open_game(players=3)
    client = signed_in(game.created_by)
    page = client.get(f"/games/{game.pk}/").content.decode()
    assert "Add a bot to a free seat" in page
    response = htmx_post(client, f"/games/{game.pk}/bots/add/", {"level": "search"})
    html = response.content.decode()
    assert response.status_code == 200 and 'id="seating"' in html and "Search bot" in html
    seat = game.seats.get(bot="search")
    response = htmx_post(client, f"/games/{game.pk}/bots/remove/", {"seat": seat.pk})
    assert "The bot has left its seat." in response.content.decode()
    assert not game.seats.filter(bot__isnull=False).exists()


def test_a_bot_in_the_last_seat_starts_the_game_by_a_plain_post():
    game = open_game(players=2)
    client = signed_in(game.created_by)
    response = client.post(f"/games/{game.pk}/bots/add/", {"level": "random"}, follow=True)
    assert any("took the last seat" in m for m in messages_of(response))
    game.refresh_from_db()
    assert game.status == Game.Status.SETUP


def test_only_the_creator_sees_and_may_use_the_bot_form():
    game = open_game(players=3)
    other = signed_in(UserFactory())
    assert "Add a bot to a free seat" not in other.get(f"/games/{game.pk}/").content.decode()
    response = other.post(f"/games/{game.pk}/bots/add/", {"level": "greedy"}, follow=True)
    assert any("Only the game's creator can add a bot." in m for m in messages_of(response))
    response = signed_in(game.created_by).post(f"/games/{game.pk}/bots/add/", {"level": "nonsense"},
                                               follow=True)
    assert any("Choose which bot to seat." in m for m in messages_of(response))
    assert game.seats.count() == 1

"""A private game the caller may not see answers exactly as a game that does not exist, on every POST
route that names a game (games/urls.py) and in the webhook form's `game` field: an outsider cannot tell
that the game is there."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import URLPattern, reverse

from accounts.models import User
from games import actions
from games.actions import Actor
from games.models import ChatMessage, Game
from games.urls import urlpatterns
from tests.web.factories import UserFactory, active_seat, open_game, started_game
from tests.web.helpers import HTMX, messages_of

pytestmark = pytest.mark.django_db

MISSING = 987654
GAME_ROUTES = [p.name for p in urlpatterns if isinstance(p, URLPattern) and "game_id" in p.pattern.converters]
# Fields the routes read, filled so that each goes as far as a form would take it.
FORM = {"choice": "expel", "vote": "1", "commands": "end", "command": "end", "version": "1", "text": "hello",
        "reason": "spam", "level": "random", "user": "someone", "email": "someone@example.org",
        "url": "https://example.org/hook", "format": "json"}


def private_game(status: str) -> Game:
    return open_game(visibility="private") if status == "open" else started_game(visibility="private")


def answer(user: User, path: str, htmx: bool = False, data: dict[str, str] = FORM
           ) -> tuple[int, bytes, str | None, list[str]]:
    """What a POST gets, from a session of its own: no message left by another request is in the way."""
    client = Client()
    client.force_login(user)
    response = client.post(path, data, headers=HTMX if htmx else {})
    return response.status_code, response.content, response.get("Location"), messages_of(response)


@pytest.mark.parametrize("status", ["open", "started"])
@pytest.mark.parametrize("route", GAME_ROUTES)
@pytest.mark.parametrize("htmx", [False, True], ids=["form", "htmx"])
def test_a_private_game_answers_every_post_as_a_missing_one(status, route, htmx):
    game = private_game(status)
    outsider = UserFactory()

    there = answer(outsider, reverse(f"games:{route}", args=[game.pk]), htmx)
    missing = answer(outsider, reverse(f"games:{route}", args=[MISSING]), htmx)

    assert there == missing
    assert fresh_version(game) == game.version  # and nothing changed


def test_a_private_games_chat_message_is_reported_as_a_missing_one():
    game = started_game(visibility="private")
    message = actions.post_chat(game, Actor.player(active_seat(game).user), "good luck")
    assert isinstance(message, ChatMessage)
    outsider = UserFactory()

    there = answer(outsider, reverse("games:report", args=[message.pk]))
    missing = answer(outsider, reverse("games:report", args=[MISSING]))

    assert there == missing


@pytest.mark.parametrize("status", ["open", "started"])
def test_the_webhook_forms_game_field_words_a_private_game_as_a_missing_one(settings, status):
    settings.WEBHOOK_ALLOW_PRIVATE = True
    game = private_game(status)
    outsider = UserFactory()

    def add(game_id: int) -> tuple[int, bytes, str | None, list[str]]:
        form = {"url": "https://example.org/hook", "format": "json", "game": str(game_id)}
        return answer(outsider, reverse("games:webhook_add"), data=form)

    assert add(game.pk) == add(MISSING)
    assert not game.webhooks.exists()


def fresh_version(game: Game) -> int:
    return Game.objects.get(pk=game.pk).version

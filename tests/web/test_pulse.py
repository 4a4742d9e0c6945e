"""The pulse (games/pulse.py, games/views/follow.py): the cheap question an open game page asks every
second. 204 and no query while the page is current; 200 with "game-moved" or "chat-changed" once the game
or its chat has changed (then the page fetches the board or the list); never any content, so a hidden
message or a private game's chat cannot leak through it; refused (404) to those who may not see the game."""

from __future__ import annotations

import html
import json
import re
from typing import Any
from urllib.parse import parse_qsl

import pytest
from django.conf import settings
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from games import actions, pulse
from games.actions import Actor
from games.models import Game
from tests.web.factories import (
    ModeratorFactory,
    UserFactory,
    active_seat,
    other_seat,
    started_game,
)
from tests.web.helpers import HTMX

pytestmark = pytest.mark.django_db


@pytest.fixture
def game() -> Game:
    return started_game(players=2)


def client_of(user: Any) -> Client:
    client = Client()
    if user is not None:
        client.force_login(user)
    return client


def open_page(client: Client, game: Game) -> dict[str, str]:
    """Loads the game page and returns what pulse.js would send: the pulse's address (its ticket), the
    board's version and the chat's token as the page shows them."""
    page = client.get(f"/games/{game.pk}/").content.decode()
    url = html.unescape(re.search(r'<div id="pulse" hx-get="([^"]+)"', page)[1])
    version = re.search(r'<div id="live" class="live" data-version="(\d+)"', page)[1]
    chat = re.search(r'<ol id="chat-messages" class="chat-messages" data-chat="([^"]*)"', page)[1]
    return {"url": url, "v": version, "c": chat}


def ask(client: Client, shown: dict[str, str], **changed: str) -> Any:
    """The pulse's request as pulse.js makes it: its own address (the ticket) plus `v` and `c`."""
    path, _, query = shown["url"].partition("?")
    return client.get(path, {**dict(parse_qsl(query)), "v": shown["v"], "c": shown["c"], **changed},
                      headers=HTMX)


def events(response: Any) -> dict[str, Any]:
    return json.loads(response.get("HX-Trigger", "{}"))


def session_queries() -> int:
    """The session is read by the middleware on every request: from Redis with the cached_db engine (CI and
    production), from the database otherwise."""
    return 0 if settings.SESSION_ENGINE.endswith("cached_db") else 1


def test_the_page_carries_the_pulse_and_the_board_and_chat_wait_for_its_word(game):
    page = client_of(active_seat(game).user).get(f"/games/{game.pk}/").content.decode()

    # Every second; pulse.js cancels it while the tab is hidden (not an hx-trigger filter: htmx would
    # evaluate that as script, which the site's CSP forbids).
    assert re.search(r'<div id="pulse" hx-get="/games/\d+/pulse/\?t=[^"]+" hx-trigger="every 1s"', page)
    assert 'class="poller" hx-get="/games/' in page and 'hx-trigger="game-moved from:body"' in page
    assert 'hx-trigger="chat-changed from:body"' in page
    assert "js/pulse.js" in page


@pytest.mark.parametrize("who", ["player", "spectator", "anonymous"])
def test_while_nothing_changes_the_pulse_answers_204_without_a_query(game, who):
    user = {"player": active_seat(game).user, "spectator": UserFactory(), "anonymous": None}[who]
    client = client_of(user)
    shown = open_page(client, game)
    ask(client, shown)  # the version is cached from here on

    with CaptureQueriesContext(connection) as captured:
        response = ask(client, shown)

    assert response.status_code == 204 and response.content == b""
    assert len(captured) == session_queries(), [q["sql"] for q in captured.captured_queries]


def test_a_move_makes_the_pulse_say_game_moved_once_then_it_is_quiet_again(game):
    seat = active_seat(game)
    client = client_of(other_seat(game).user)
    shown = open_page(client, game)

    actions.apply_command(game, Actor.player(seat.user), "launch 3e")
    game.refresh_from_db()
    with CaptureQueriesContext(connection) as captured:
        moved = ask(client, shown)

    assert moved.status_code == 200 and events(moved) == {"game-moved": {"version": game.version}}
    assert len(captured) == session_queries() + 1  # the version, read once after the move forgot it
    assert b'<div id="pulse"' in moved.content and b"launch" not in moved.content
    assert ask(client, shown, v=str(game.version)).status_code == 204
    # The board's own poll then brings the region once; after that, 304 as before.
    poll = client.get(reverse("games:poll", args=[game.pk]), {"v": shown["v"]}, headers=HTMX)
    assert poll.status_code == 200 and "launched a ship" in poll.content.decode()
    again = client.get(reverse("games:poll", args=[game.pk]), {"v": game.version}, headers=HTMX)
    assert again.status_code == 304


def test_a_chat_message_makes_the_pulse_say_chat_changed_and_nothing_more(game):
    a, b = active_seat(game), other_seat(game)
    client = client_of(b.user)
    shown = open_page(client, game)

    actions.post_chat(game, Actor.player(a.user), "The secret is in sector seven")
    changed = ask(client, shown)

    assert changed.status_code == 200 and events(changed) == {"chat-changed": True}
    assert b"secret" not in changed.content
    listed = client.get(reverse("games:chat", args=[game.pk]), headers=HTMX).content.decode()
    token = re.search(r'data-chat="([^"]*)"', listed)[1]
    assert "The secret is in sector seven" in listed
    assert ask(client, shown, c=token).status_code == 204  # the list's token is the pulse's


def test_a_hidden_message_changes_the_chat_and_the_list_then_drops_it_without_leaking_it(game):
    a, b = active_seat(game), other_seat(game)
    message = actions.post_chat(game, Actor.player(a.user), "something rude")
    client = client_of(b.user)
    shown = open_page(client, game)
    assert "something rude" in client.get(f"/games/{game.pk}/").content.decode()

    actions.hide_chat([message], Actor.moderator(ModeratorFactory(), "rude"))
    changed = ask(client, shown)
    listed = client.get(reverse("games:chat", args=[game.pk]), headers=HTMX).content.decode()

    # The chat changed, and so did the game: its log now says a moderator hid a message.
    assert events(changed)["chat-changed"] is True and "game-moved" in events(changed)
    assert b"rude" not in changed.content
    assert "something rude" not in listed and "new" not in re.sub(r"<[^>]+>", "", listed)


def private_game() -> Game:
    return started_game(players=2, visibility=Game.Visibility.PRIVATE)


@pytest.mark.parametrize("who", ["stranger", "anonymous"])
def test_the_pulse_of_a_private_game_is_refused_to_those_who_may_not_see_it(who):
    game = private_game()
    client = client_of(UserFactory() if who == "stranger" else None)

    response = client.get(reverse("games:pulse", args=[game.pk]), {"v": 0, "c": ""}, headers=HTMX)

    assert response.status_code == 404
    assert response["HX-Refresh"] == "true"  # an open page reloads and shows the page's own answer


def test_a_players_ticket_does_not_open_a_private_game_to_someone_else():
    game = private_game()
    shown = open_page(client_of(active_seat(game).user), game)
    stranger = client_of(UserFactory())

    assert ask(stranger, shown).status_code == 404
    assert ask(client_of(None), shown).status_code == 404


def test_a_ticket_is_good_for_its_own_game_only():
    game, other = private_game(), private_game()
    player = active_seat(game).user
    client = client_of(player)
    shown = open_page(client, game)

    elsewhere = shown["url"].replace(f"/games/{game.pk}/", f"/games/{other.pk}/")
    response = ask(client, {**shown, "url": elsewhere})

    assert response.status_code == 404


def test_without_a_good_ticket_the_pulse_checks_access_and_hands_a_fresh_one_back(game, monkeypatch):
    client = client_of(other_seat(game).user)
    shown = open_page(client, game)
    monkeypatch.setattr(pulse, "TICKET_SECONDS", -1)  # every ticket has expired

    renewed = ask(client, shown)

    assert renewed.status_code == 200 and events(renewed) == {}
    fresh = html.unescape(re.search(r'hx-get="([^"]+)"', renewed.content.decode())[1])
    assert fresh.startswith(f"/games/{game.pk}/pulse/?t=")
    monkeypatch.setattr(pulse, "TICKET_SECONDS", 3600)
    assert ask(client, {**shown, "url": fresh}).status_code == 204


def test_the_pulse_of_a_game_that_does_not_exist_is_404():
    client = client_of(UserFactory())

    assert client.get(reverse("games:pulse", args=[987654]), headers=HTMX).status_code == 404


def test_a_game_deleted_under_an_open_page_ends_its_pulse_with_a_reload(game):
    client = client_of(other_seat(game).user)
    shown = open_page(client, game)
    Game.objects.filter(pk=game.pk).delete()
    pulse.game_changed(game.pk)

    response = ask(client, shown)

    assert response.status_code == 404 and response["HX-Refresh"] == "true"


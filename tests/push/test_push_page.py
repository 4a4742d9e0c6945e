"""The game page and its push connection (templates/games/game.html, games/views/follow.py push_url): the
page offers the connection, with its ticket, only when the site serves push; without it the page is the
pulse's alone; and the push server's own address, when it listens apart, is where the page connects."""

from __future__ import annotations

import html
import re
from typing import Any
from urllib.parse import parse_qs, urlsplit

import pytest

from games import pulse
from tests.push.conftest import client_of
from tests.web.factories import UserFactory, active_seat, started_game

pytestmark = pytest.mark.django_db


def test_the_page_opens_push_with_its_readers_ticket_beside_the_pulse(settings: Any) -> None:
    settings.PUSH, settings.PUSH_URL = True, ""
    game = started_game(players=2)
    user = active_seat(game).user
    page = client_of(user).get(f"/games/{game.pk}/").content.decode()
    address = html.unescape(re.search(r'ws-connect="([^"]+)"', page)[1])
    assert address.startswith(f"/push/games/{game.pk}/?t=")
    ticket = parse_qs(urlsplit(address).query)["t"][0]
    assert pulse.ticket_ok(ticket, game.pk, str(user.pk))
    assert 'id="pulse"' in page and "js/push.js" in page and 'id="push-news"' in page


def test_without_push_the_page_follows_by_the_pulse_alone(settings: Any) -> None:
    settings.PUSH = False
    game = started_game(players=2)
    page = client_of(UserFactory()).get(f"/games/{game.pk}/").content.decode()
    assert "ws-connect" not in page and "js/push.js" not in page
    assert 'id="pulse"' in page


def test_a_push_server_listening_apart_is_where_the_page_connects(settings: Any) -> None:
    settings.PUSH, settings.PUSH_URL = True, "wss://push.example.org"
    game = started_game(players=2)
    page = client_of(None).get(f"/games/{game.pk}/").content.decode()
    assert re.search(rf'ws-connect="wss://push.example.org/push/games/{game.pk}/\?t=', page)

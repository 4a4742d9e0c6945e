"""Parley on the game page (its live template, games/kinds/parley/templates): each seat sees its own hand
and a button per legal command, a spectator none; an ask and its answer are clicked through, and the log
tells a given card only to the giver and the receiver; the standing orders form sets an order."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls import reverse

from games.kinds import get_kind
from games.models import Game
from tests.web.factories import UserFactory

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def offer_parley(settings):
    settings.OFFERED_GAME_KINDS = ["metaltalon", "parley"]


def url(game: Game, name: str = "game") -> str:
    return reverse(f"games:{name}", args=[game.pk])


def parley_game() -> tuple[Game, list[Client]]:
    """Created and joined through the lobby's pages; clients by seat index (the start shuffles seats)."""
    users = [UserFactory() for _ in range(3)]
    clients = []
    for user in users:
        client = Client()
        client.force_login(user)
        clients.append(client)
    response = clients[0].post(reverse("games:new"), {"kind": "parley", "players": 3, "window_hours": 12,
                                                      "rounds": 1, "visibility": "public"})
    assert response.status_code == 302, response.content.decode()[:2000]
    game = Game.objects.latest("pk")
    assert (game.kind, game.options) == ("parley", {"window_hours": 12, "rounds": 1})
    for client in clients[1:]:
        assert client.post(url(game, "join")).status_code == 302
    game.refresh_from_db()
    assert game.status == Game.Status.ACTIVE
    by_user = {c.session["_auth_user_id"]: c for c in clients}
    return game, [by_user[str(game.seats.get(index=i).user_id)] for i in range(3)]


def hand_shown(page: str) -> list[int] | None:
    found = re.search(r'<p class="parley-hand">(.*?)</p>', page, re.S)
    if found is None:
        return None
    return [int(c) for c in re.findall(r'<span class="card">(\d+)</span>', found[1])]


def post(client: Client, game: Game, command: str) -> None:
    game.refresh_from_db()
    response = client.post(url(game, "play"), {"command": command, "expected_version": game.version})
    assert response.status_code == 302, response.content.decode()[:2000]


def state_of(game: Game):
    game.refresh_from_db()
    return get_kind("parley").load(game.state)


def test_each_seat_sees_its_own_hand_and_its_buttons_and_a_spectator_sees_no_hand():
    game, clients = parley_game()
    state = state_of(game)
    for seat, client in enumerate(clients):
        page = client.get(url(game)).content.decode()
        assert hand_shown(page) == list(state.hands[seat])
        buttons = re.findall(r'name="command" value="([^"]+)"', page)
        assert buttons == get_kind("parley").legal_commands(state, seat)
        assert 'name="form" value="orders"' in page
    spectator = Client().get(url(game)).content.decode()
    assert hand_shown(spectator) is None and 'name="command" value=' not in spectator
    assert "Waiting for" in spectator


def test_an_ask_is_answered_on_the_page_and_the_log_tells_the_card_only_to_the_two_seats():
    game, (first, second, third) = parley_game()
    post(first, game, "ask 2")
    page = second.get(url(game)).content.decode()
    state = state_of(game)
    assert state.question is not None and get_kind("parley").to_act(state) == (1,)
    card = state.hands[1][0]
    assert f'value="give {card}"' in page and 'value="refuse"' in page and "asks you for a card" in page
    asker = first.get(url(game)).content.decode()
    assert re.findall(r'name="command" value="([^"]+)"', asker) == ["resign"]

    post(second, game, f"give {card}")
    assert card in state_of(game).hands[0]
    giver = second.get(url(game)).content.decode()
    receiver = first.get(url(game)).content.decode()
    other = third.get(url(game)).content.decode()
    assert "You give" in giver and f"the {card}." in giver
    assert f"gives you the {card}." in receiver
    assert "gives" in other and "a card." in other and f"give {card}" not in other
    assert f"the {card}." not in other


def test_the_standing_orders_form_sets_an_order_seen_only_by_its_owner():
    game, (first, second, third) = parley_game()
    response = second.post(url(game, "orders"), {"give": "lowest", "call": "off"})
    assert response.status_code == 302
    assert state_of(game).give_orders == ("off", "lowest", "off")
    assert 'value="lowest" selected' in second.get(url(game)).content.decode()
    assert 'value="lowest" selected' not in third.get(url(game)).content.decode()
    post(first, game, "ask 2")  # answered at once by the order
    state = state_of(game)
    assert state.question is None and len(state.hands[0]) == 5

"""The archive (/games/archive/): finished public games searched by player, edition, player count,
faction and the dates they ended, each with a link to its replay; never a private or unfinished game."""

from __future__ import annotations

import re
from datetime import UTC, datetime

import pytest
from django.urls import reverse

from games import actions
from games.actions import Actor
from games.models import Game
from tests.web.factories import UserFactory, active_seat, fresh, started_game
from tests.web.helpers import is_full_page

pytestmark = pytest.mark.django_db


def finished(users, ended: datetime | None = None, **options) -> Game:
    game = started_game(players=len(users), users=list(users), **options)
    for _ in range(len(users) - 1):
        actions.apply_command(fresh(game), Actor.player(active_seat(fresh(game)).user), "resign")
    if ended is not None:
        Game.objects.filter(pk=game.pk).update(finished_at=ended)
    return fresh(game)


def listed(client, **params) -> set[int]:
    response = client.get(reverse("games:archive"), params)
    assert response.status_code == 200
    return {int(n) for n in re.findall(r"Game (\d+)</a>", response.content.decode())}


def test_the_archive_lists_finished_public_games_only_each_with_its_replay(client):
    ada, bob = UserFactory(), UserFactory()
    done = finished([ada, bob])
    private = finished([ada, bob], visibility="private")
    playing = started_game(players=2, users=[ada, bob])

    response = client.get(reverse("games:archive"))
    html = response.content.decode()
    assert is_full_page(response) and listed(client) == {done.pk}
    assert reverse("games:replay", args=[done.pk]) in html
    assert f"/games/{private.pk}/" not in html and f"/games/{playing.pk}/" not in html


def test_the_archive_finds_a_players_games_by_the_name_others_see(client):
    ada, bob, cy = (UserFactory(profile__display_name=n) for n in ("Ada", "Bob", "Cy"))
    with_ada = finished([ada, bob])
    without = finished([bob, cy])
    assert listed(client, player="ada") == {with_ada.pk}
    assert listed(client, player="Bob") == {with_ada.pk, without.pk}
    response = client.get(reverse("games:archive"), {"player": "Nobody"})
    assert "No player is called “Nobody”" in response.content.decode()
    assert listed(client, player="Nobody") == set()


def test_the_archive_filters_by_edition_player_count_faction_and_end_date(client):
    users = [UserFactory() for _ in range(3)]
    token = finished(users[:2], ended=datetime(2026, 10, 1, 12, tzinfo=UTC))
    coins = finished(users[:2], edition="web2002", ended=datetime(2026, 11, 1, 12, tzinfo=UTC))
    three = finished(users, ended=datetime(2026, 11, 20, 12, tzinfo=UTC))

    assert listed(client, edition="web2002") == {coins.pk}
    assert listed(client, players=3) == {three.pk}
    assert listed(client, ended_from="2026-11-01") == {coins.pk, three.pk}
    assert listed(client, ended_from="2026-10-01", ended_to="2026-11-01") == {token.pk, coins.pk}
    faction = token.seats.get(index=0).faction
    with_faction = {g.pk for g in (token, coins, three) if g.seats.filter(faction=faction).exists()}
    assert listed(client, faction=faction) == with_faction
    player = token.seats.get(index=0).user
    played_it = {g.pk for g in (token, coins, three) if g.seats.filter(faction=faction, user=player).exists()}
    assert listed(client, faction=faction, player=player.display_name) == played_it


def test_the_archive_filters_answer_htmx_with_the_list_alone(client):
    finished([UserFactory(), UserFactory()])
    response = client.get(reverse("games:archive"), {"players": 2}, HTTP_HX_REQUEST="true")
    html = response.content.decode()
    assert response.status_code == 200 and not is_full_page(response)
    assert html.lstrip().startswith('<section id="archive-list"') and "1 finished game" in html

"""A player's public page at /players/<id>/: name, member since, public games in play and finished."""

from __future__ import annotations

import pytest

from games.models import Game
from tests.web import factories
from tests.web.factories import UserFactory, active_seat, full_game, other_seat, started_game

pytestmark = pytest.mark.django_db


def page_of(client, user) -> str:
    response = client.get(f"/players/{user.pk}/")
    assert response.status_code == 200
    return response.content.decode()


def finished_game() -> tuple[Game, object, object]:
    """A public two-player game that ended by a resignation: (game, winner, loser) as users."""
    game, winner, loser = factories.finished_game()
    return game, winner.user, loser.user


def test_anyone_may_read_a_players_name_and_since_when_they_play(client):
    player = UserFactory()

    html = page_of(client, player)

    assert f"<h1>{player.display_name}</h1>" in html
    assert f"Member since {player.date_joined:%-d %B %Y}" in html


def test_the_page_lives_at_a_stable_address_named_by_the_user(client):
    player = UserFactory()

    assert player.get_absolute_url() == f"/players/{player.pk}/"


def test_it_lists_public_games_in_play_with_the_other_players_linked(client):
    game = started_game(players=2)
    me, them = active_seat(game).user, other_seat(game).user

    html = page_of(client, me)

    assert f'href="/games/{game.pk}/"' in html
    assert f'<a href="/players/{them.pk}/">{them.display_name}</a>' in html
    assert "their move" in html


def test_finished_games_show_how_they_ended_for_the_player(client):
    game, winner, loser = finished_game()

    won, lost = page_of(client, winner), page_of(client, loser)

    assert '<td class="result">Won</td>' in won and "1 game finished, 1 won." in won
    assert f'<td class="result">2nd of 2 ({winner.display_name} won)</td>' in lost
    assert "1 game finished, 0 won." in lost
    assert f'/games/{game.pk}/replay/' in lost


def test_private_games_are_not_listed_even_to_their_other_players(client):
    game = full_game(players=2, visibility="private")
    me, them = game.seats.order_by("index")[0].user, game.seats.order_by("index")[1].user
    client.force_login(them)

    html = page_of(client, me)

    assert f"/games/{game.pk}/" not in html
    assert "No public game in play." in html


def test_no_e_mail_address_or_time_zone_is_shown(client):
    player = UserFactory()
    player.profile.time_zone = "Asia/Tokyo"
    player.profile.save()

    html = page_of(client, player)

    assert player.email not in html and "Asia/Tokyo" not in html


def test_an_unknown_or_deactivated_player_is_not_found(client):
    gone = UserFactory(is_active=False)

    assert client.get("/players/999999/").status_code == 404
    assert client.get(f"/players/{gone.pk}/").status_code == 404


def test_the_profile_links_to_the_players_own_public_page(client):
    player = UserFactory()
    client.force_login(player)

    assert f'href="/players/{player.pk}/"' in client.get("/profile/").content.decode()


def test_the_game_pages_player_panels_link_each_name_to_that_players_page(client):
    game = started_game(players=2)
    html = client.get(f"/games/{game.pk}/").content.decode()
    panels = html[html.index('id="seats-title"'):]
    for seat in game.seats.select_related("user__profile"):
        assert f'<a href="/players/{seat.user_id}/">{seat.user.display_name}</a>' in panels

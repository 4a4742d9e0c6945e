"""Where ratings show (docs/ratings.md): the leaderboards, one per edition and player count, ranking
established players and listing provisional ones apart; the player page's ratings and public rating
history; the new-game form's choice of a rated or unrated game."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from games import actions
from games.actions import Actor
from games.models import Game
from games.ratings import PROVISIONAL_GAMES
from tests.web.factories import UserFactory, active_seat, fresh, started_game
from tests.web.helpers import is_full_page

pytestmark = pytest.mark.django_db


def play_to_the_end(users, loser_index: int | None = None, **options) -> Game:
    """A two-player game between `users` that ends when the seat to act resigns."""
    game = started_game(players=2, users=list(users), **options)
    actions.apply_command(fresh(game), Actor.player(active_seat(fresh(game)).user), "resign")
    return fresh(game)


def text_of(response) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", response.content.decode()))


def test_the_leaderboards_before_any_rated_game_say_they_fill_as_games_end(client):
    response = client.get(reverse("games:leaderboard"))
    assert response.status_code == 200 and is_full_page(response)
    assert "No rated game has finished yet" in response.content.decode()


def test_the_leaderboard_ranks_established_players_and_lists_provisional_ones_apart(client):
    alice, bob, carol = (UserFactory(profile__display_name=name) for name in ("Alice", "Bob", "Carol"))
    for _ in range(PROVISIONAL_GAMES):
        play_to_the_end([alice, bob])
    play_to_the_end([alice, carol])

    first = client.get(reverse("games:leaderboard"))
    assert first.status_code == 302 and first["Location"] == "/leaderboards/metaltalon/token/"
    page = text_of(client.get(first["Location"]))

    ranked, provisional = page.split("Provisional")
    assert "Token edition (000), every player count" in ranked
    assert "Alice" in ranked and "Bob" in ranked and "Carol" not in ranked
    assert re.search(r"1 (Alice|Bob) -?\d+\.\d 6|1 (Alice|Bob) -?\d+\.\d 5", ranked)
    assert "Carol" in provisional and "after 1 game" in provisional
    two = text_of(client.get("/leaderboards/metaltalon/token/?players=2"))
    assert "Token edition (000), 2 players" in two


def test_an_unknown_leaderboard_or_player_count_is_not_found(client):
    play_to_the_end([UserFactory(), UserFactory()])
    for url in ("/leaderboards/metaltalon/web2002/", "/leaderboards/metaltalon/token/?players=3",
                "/leaderboards/metaltalon/token/?players=two", "/leaderboards/chess/token/"):
        assert client.get(url).status_code == 404, url


def test_the_player_page_shows_each_rating_and_the_history_of_public_games_only(client):
    alice, bob = UserFactory(), UserFactory()
    public = play_to_the_end([alice, bob])
    private = play_to_the_end([alice, bob], visibility="private")

    html = client.get(f"/players/{alice.pk}/").content.decode()
    page = text_of(client.get(f"/players/{alice.pk}/"))

    assert "Ratings" in page and "every count" in page and "provisional" in page
    assert re.search(r"Token edition \(000\) every count -?\d+\.\d provisional 1", page)  # private: unrated
    assert f"Game {public.pk}" in page and f"/games/{private.pk}/" not in html
    place = 1 if public.seats.get(user=alice).status == "won" else 2
    assert f"{place} of 2" in page


def test_a_player_page_counts_the_factions_played_and_the_turns_the_clock_ended(client):
    alice, bob = UserFactory(), UserFactory()
    game = play_to_the_end([alice, bob])
    seat = game.seats.get(user=alice)
    type(seat).objects.filter(pk=seat.pk).update(timeouts_total=3)

    page = text_of(client.get(f"/players/{alice.pk}/"))

    assert f"Factions played: {seat.faction.capitalize()} 1." in page
    assert "The clock ended 3 of their turns." in page


def test_the_new_game_form_makes_a_rated_game_unless_told_otherwise(client):
    client.force_login(UserFactory())
    form = {"kind": "metaltalon", "edition": "token", "players": "2", "faction_mode": "deal",
            "dice_mode": "d6", "visibility": "public"}
    page = client.get(reverse("games:new")).content.decode()
    assert re.search(r'<input type="radio" name="rated" value="rated"[^>]* checked', page)

    client.post(reverse("games:new"), form)  # a form posted without the choice (a script's) stays rated
    client.post(reverse("games:new"), {**form, "rated": "unrated"})
    client.post(reverse("games:new"), {**form, "rated": "rated"})

    rated, unrated, chosen = Game.objects.order_by("pk")
    assert rated.rated and not unrated.rated and chosen.rated
    assert unrated.options_text.endswith("· Unrated") and "Unrated" not in rated.options_text
    lobby = text_of(client.get(reverse("games:lobby")))
    assert "Token edition (000) · Six-sided die · Unrated" in lobby


def test_a_game_against_bots_alone_is_unrated(monkeypatch):
    monkeypatch.setattr("games.tasks.queue_bots", lambda game_id: None)
    game = actions.play_against_bots(Actor.player(UserFactory()), players=2, level="random")
    assert not game.rated and game.options_text.endswith("Unrated")

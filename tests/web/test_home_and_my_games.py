"""The home page leads somewhere (issue 8): a visitor sees what the game is, a live board and the way in;
a returning player sees the games awaiting them first. My games names opponents, whose turn it is, the
time left, the last move and the result (bug 3: it said "1 of 2" for every full two-player game)."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.utils.html import escape

from games import actions
from games.actions import Actor
from games.kinds import offered_kinds, players_words
from tests.web.factories import UserFactory, active_seat, full_game, open_game, other_seat, started_game

pytestmark = pytest.mark.django_db


def logged_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def text_of(html: str) -> str:
    return " ".join(re.sub(r"<[^>]+>", " ", html).split())


def test_a_visitor_sees_what_the_game_is_the_way_in_and_the_board_of_a_live_public_game():
    game = started_game(players=2)
    hidden = started_game(players=2, visibility="private")
    actions.apply_command(hidden, Actor.player(active_seat(hidden).user), "end")  # it moved last
    html = Client().get("/").content.decode()
    assert 'href="/accounts/signup/"' in html and 'href="/rules/metaltalon/"' in html
    assert f'href="/games/{game.pk}/"' in html and f"Watch game {game.pk}" in html
    assert f'/games/{hidden.pk}/"' not in html  # private games are never listed nor drawn
    showcase = html[html.index('class="showcase"'):]
    assert "<svg" in showcase[:showcase.index("</figure>")]


def offers_of(html: str) -> dict[str, str]:
    """The visitor's home page's list of offered games: each card's text, by the kind's name."""
    found = re.findall(r'<li class="offer" data-kind="([^"]+)">(.*?)</li>', html, re.S)
    return dict(found)


def test_a_visitor_sees_every_offered_game_with_its_players_what_it_is_and_its_rules_link(settings):
    settings.OFFERED_GAME_KINDS = ["metaltalon", "metal-adventures"]
    html = Client().get("/").content.decode()
    offers = offers_of(html)
    assert list(offers) == ["metaltalon", "metal-adventures"]
    for kind in offered_kinds():
        card = offers[kind.name]
        assert kind.title in card and escape(kind.summary) in card and players_words(kind) in card
        assert f'href="/rules/{kind.name}/"' in card
    assert "slow board games" in text_of(html[:html.index('class="offer"')]).lower()


def test_a_game_the_settings_offer_appears_on_the_visitors_home_page_without_a_template_edit(settings):
    """Race stands in for a third game: it has no rules page, so its card links to none."""
    settings.OFFERED_GAME_KINDS = ["metaltalon", "metal-adventures", "race"]
    race = offers_of(Client().get("/").content.decode())["race"]
    assert "Race to 10" in race and "2 players" in race and "/rules/" not in race


def test_each_offered_game_links_to_its_live_public_game_to_watch_when_there_is_one(settings):
    settings.OFFERED_GAME_KINDS = ["metaltalon", "metal-adventures"]
    game = started_game(players=2)
    offers = offers_of(Client().get("/").content.decode())
    metaltalon = offers["metaltalon"]
    assert f'href="/games/{game.pk}/"' in metaltalon and f"Watch game {game.pk}" in metaltalon
    assert "Watch" not in offers["metal-adventures"] and "/games/" not in offers["metal-adventures"]


def test_a_visitor_on_a_site_with_no_game_in_play_still_sees_a_board():
    html = Client().get("/").content.decode()
    showcase = html[html.index('class="showcase"'):]
    assert "<svg" in showcase[:showcase.index("</figure>")]
    assert "before the first move" in showcase


def test_a_returning_player_sees_the_games_awaiting_them_first_then_the_others_and_games_to_join():
    me = UserFactory()
    mine_to_play = started_game(players=2)
    seat = active_seat(mine_to_play)
    seat.user = me
    seat.save()
    theirs = started_game(players=2)
    seat = other_seat(theirs)
    seat.user = me
    seat.save()
    joinable = open_game(players=3)
    html = logged_in(me).get("/").content.decode()
    text = text_of(html)
    assert 'class="button big" href="/games/new/"' in html
    awaiting = text[text.index("Your move"):text.index("Your other games")]
    assert f"Game {mine_to_play.pk}" in awaiting and f"Game {theirs.pk}" not in awaiting
    opponent = other_seat(mine_to_play).user.display_name
    assert f"against {opponent}" in awaiting
    others = text[text.index("Your other games"):text.index("Open games to join")]
    assert f"Game {theirs.pk}" in others
    assert f"{active_seat(theirs).user.display_name} to play" in others
    assert f"Game {joinable.pk}" in text[text.index("Open games to join"):]
    assert "1 of 3 seats taken" in text


def test_my_games_names_the_opponents_of_a_full_two_player_game_not_1_of_2():
    game = started_game(players=2, clock={"hours": 72})
    me, them = active_seat(game).user, other_seat(game).user
    html = logged_in(me).get("/games/mine/").content.decode()
    rows = [text_of(r) for r in re.findall(r"<tr[^>]*>.*?</tr>", html, re.S) if f"/games/{game.pk}/" in r]
    assert len(rows) == 1
    row = rows[0]
    assert "1 of 2" not in text_of(html)
    assert row.startswith(f"Game {game.pk}")
    assert them.display_name in row
    assert "Your move" in row and "2 days 23 h left" in row and "just now" in row


def test_my_games_tells_apart_bots_that_share_a_name_by_their_seat_number():
    me = UserFactory()
    game = actions.play_against_bots(Actor.player(me), kind="metal-adventures", players=4, level="greedy")
    html = logged_in(me).get("/games/mine/").content.decode()
    row = next(text_of(r) for r in re.findall(r"<tr[^>]*>.*?</tr>", html, re.S) if f"/games/{game.pk}/" in r)
    bots = [s for s in game.seats.order_by("index") if s.user_id != me.pk]
    assert [f"{s.name} {s.index + 1}" in row for s in bots] == [True] * 3


def test_my_games_counts_every_seat_of_an_open_game():
    game = open_game(players=3)
    actions.join_game(game, Actor.player(UserFactory()), invite_code=game.invite_code)
    html = logged_in(game.created_by).get("/games/mine/").content.decode()
    assert "2 of 3 seats taken" in text_of(html)


def test_my_games_tells_a_finished_game_by_its_result():
    game = full_game(players=2)
    for seat in game.seats.order_by("index"):
        actions.apply_command(game, Actor.player(seat.user), "keep")
    loser = active_seat(game)
    winner = other_seat(game)
    actions.apply_command(game, Actor.player(loser.user), "resign")
    assert "You won" in text_of(logged_in(winner.user).get("/games/mine/").content.decode())
    lost = text_of(logged_in(loser.user).get("/games/mine/").content.decode())
    assert f"{winner.user.display_name} won; you came 2nd" in lost


def test_with_no_game_in_play_the_home_page_shows_an_empty_board_of_the_first_offered_kind_at_its_own_size(
        settings):
    """Race seats only two: its empty showcase must not ask it for MetalTalon's four."""
    settings.OFFERED_GAME_KINDS = ["race", "metaltalon"]

    page = Client().get("/")

    assert page.status_code == 200 and "<svg" in page.content.decode()


# === The greeting: a welcome for a new player, "Welcome back" for a returning one ===


def test_a_new_player_is_welcomed_and_pointed_to_a_first_game_not_welcomed_back(client):
    newcomer = UserFactory(profile__display_name="Nova")
    client.force_login(newcomer)

    html = client.get("/").content.decode()

    assert "Welcome to MetalTalon, Nova" in html and "Welcome back" not in html
    assert 'href="/games/new/">Start your first game</a>' in html
    assert "New to the game?" not in html and 'href="/rules/">Read its rules</a>' in html  # several games


def test_a_player_who_has_played_is_welcomed_back(client):
    game = started_game(players=2)
    player = active_seat(game).user
    client.force_login(player)

    html = client.get("/").content.decode()

    assert f"Welcome back, {player.display_name}" in html and "Start your first game" not in html


def test_the_home_pages_lists_say_which_game_each_open_and_watched_game_is(settings):
    settings.OFFERED_GAME_KINDS = ["metaltalon", "metal-adventures"]
    adventure = open_game(kind="metal-adventures", players=3)
    watched = started_game(players=2)
    text = text_of(logged_in(UserFactory()).get("/").content.decode())
    join = text[text.index("Open games to join"):text.index("Games to watch")]
    assert f"Game {adventure.pk} : Metal Adventures, " in join  # not only its options, which name no game
    assert f"Game {watched.pk} : MetalTalon, " in text[text.index("Games to watch"):]

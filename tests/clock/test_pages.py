"""The clock's pages: the clock chosen in the lobby, vacation on the profile, the "next game" button."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from accounts.models import Profile
from games import actions
from games.actions import Actor
from games.models import Game, Seat
from tests.web.factories import UserFactory, active_seat, started_game
from tests.web.helpers import messages_of

pytestmark = pytest.mark.django_db

KIND = {"faction_mode": "deal", "dice_mode": "d6"}


def test_a_game_created_with_a_time_bank_keeps_it_and_says_so_in_the_lobby(client):
    client.force_login(UserFactory())
    response = client.post(reverse("games:new"), {
        "kind": "metaltalon", "edition": "token", "players": "2", "visibility": "public", **KIND,
        "clock_mode": "bank", "bank_hours": "72", "increment_hours": "12", "cap_hours": "96",
        "reminders": "on", "on_timeout": "vote", "expel_after": "2"})
    game = Game.objects.get()
    assert response.status_code == 302
    rules = game.clock_rules
    assert (rules.mode, rules.bank_hours, rules.increment_hours, rules.cap_hours) == ("bank", 72, 12, 96)
    assert (rules.on_timeout, rules.expel_after, rules.reminders) == ("vote", 2, True)
    lobby = client.get(reverse("games:lobby")).content.decode()
    assert "Time bank: 3 days, +12 hours a turn, up to 4 days; expel vote after 2 timeouts" in lobby


def test_a_clock_the_site_does_not_offer_is_refused_on_the_form_and_nothing_is_created(client):
    client.force_login(UserFactory())
    response = client.post(reverse("games:new"), {
        "kind": "metaltalon", "edition": "token", "players": "2", "visibility": "public", **KIND,
        "clock_mode": "bank", "bank_hours": "100", "cap_hours": "50"})
    assert response.status_code == 400
    assert "cap is at least what each player starts with" in response.content.decode()
    assert not Game.objects.exists()


def test_the_new_game_form_offers_the_clock_with_a_three_day_deadline_by_default(client):
    client.force_login(UserFactory())
    html = client.get(reverse("games:new")).content.decode()
    assert '<legend>Clock</legend>' in html
    assert 'name="clock_mode" value="deadline"' in html and 'checked' in html
    assert 'name="deadline_hours" value="72"' in html


def test_the_profile_sends_a_player_on_vacation_and_back(client, queued):
    game = started_game(players=2, clock={"hours": 24})
    seat = active_seat(game)
    client.force_login(seat.user)
    page = client.get(reverse("profile")).content.decode()
    assert "10.0 vacation days" in page and 'value="start"' in page
    response = client.post(reverse("games:vacation"), {"vacation": "start"}, follow=True)
    assert "You are on vacation" in messages_of(response)[0]
    assert Seat.objects.get(pk=seat.pk).paused
    assert 'value="end"' in response.content.decode()
    other = client.get(game.get_absolute_url()).content.decode()
    assert "Paused: on vacation" in other
    response = client.post(reverse("games:vacation"), {"vacation": "end"}, follow=True)
    assert messages_of(response) == ["Welcome back: your games' clocks run again from where they stood."]
    assert not Seat.objects.get(pk=seat.pk).paused


def test_going_on_vacation_without_days_is_refused_in_words(client):
    user = UserFactory()
    Profile.objects.filter(user=user).update(vacation_days=0, vacation_counted_at=timezone.now())
    client.force_login(user)
    response = client.post(reverse("games:vacation"), {"vacation": "start"}, follow=True)
    assert "You have no vacation days left" in messages_of(response)[0]
    assert Profile.objects.get(user=user).vacation_since is None


def test_a_player_on_vacation_shows_it_on_their_public_page(client):
    user = UserFactory()
    actions.start_vacation(Actor.player(user))
    html = client.get(reverse("player", args=[user.pk])).content.decode()
    assert "On vacation" in html


def test_next_game_takes_the_player_to_the_game_that_has_waited_longest_for_them(client, queued):
    me = UserFactory()
    games = []
    for _ in range(3):
        game = started_game(players=2, clock={"hours": 24})
        Seat.objects.filter(pk=active_seat(game).pk).update(user=me)
        games.append(game)
    now = timezone.now()
    for hours, game in zip((5, 30, 2), games, strict=True):
        Seat.objects.filter(game=game, user=me).update(awaited_since=now - timedelta(hours=hours))
    client.force_login(me)
    assert client.get(reverse("games:next"))["Location"] == games[1].get_absolute_url()
    assert "Next game" in client.get(reverse("games:mine")).content.decode()


def test_next_game_with_nothing_waiting_says_so_on_my_games(client):
    client.force_login(UserFactory())
    response = client.get(reverse("games:next"), follow=True)
    assert response.redirect_chain[-1][0] == reverse("games:mine")
    assert messages_of(response) == ["No game is waiting for you."]

"""What is new in a game's chat for each player (Seat.chat_read): counted on the chat's heading and in My
games, lit in the list; marked read by posting, by the Mark read form (plain or htmx, up to the message the
page showed), never by merely viewing; hidden messages never counted; spectators and staff keep no count."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from games import actions
from games.actions import Actor
from games.models import ChatMessage, Game, Seat
from games.views import social
from tests.web.factories import (
    ModeratorFactory,
    StaffFactory,
    UserFactory,
    active_seat,
    other_seat,
    started_game,
)
from tests.web.helpers import htmx_get, htmx_post

pytestmark = pytest.mark.django_db


@pytest.fixture
def game() -> Game:
    return started_game(players=2)


def say(game: Game, seat: Seat, text: str) -> ChatMessage:
    return actions.post_chat(game, Actor.player(seat.user), text)


def client_of(user: Any) -> Client:
    client = Client()
    client.force_login(user)
    return client


def page(client: Client, game: Game) -> str:
    response = client.get(f"/games/{game.pk}/")
    assert response.status_code == 200
    return response.content.decode()


def unread_count(html: str) -> str:
    """The count on the chat's heading, as its words ("" when nothing is new)."""
    found = re.search(r'<span id="chat-unread"[^>]*>(.*?)</span>\s*</h2>', html, re.S)
    assert found, "the chat heading has no count"
    return re.sub(r"<[^>]+>", "", found[1]).strip()


def lit(html: str) -> list[int]:
    return [int(pk) for pk in re.findall(r'<li id="msg-(\d+)" class="new">', html)]


def read_marker(seat: Seat) -> int:
    seat.refresh_from_db()
    return seat.chat_read


def test_messages_from_others_after_the_marker_are_counted_on_the_heading_and_lit(game):
    a, b = active_seat(game), other_seat(game)
    first = say(game, a, "gl hf")
    second = say(game, a, "your move")

    theirs = page(client_of(b.user), game)
    mine = page(client_of(a.user), game)

    assert unread_count(theirs) == "2 new messages" and lit(theirs) == [first.pk, second.pk]
    assert 'href="#chat">Chat<span id="chat-jump-count" class="chat-unread"> · 2 new</span>' in theirs
    assert unread_count(mine) == "" and lit(mine) == []  # one's own words are never new


def test_viewing_the_page_or_the_chat_never_marks_anything_read(game):
    a, b = active_seat(game), other_seat(game)
    say(game, a, "hello")
    client = client_of(b.user)

    for _ in range(2):
        page(client, game)
        htmx_get(client, reverse("games:chat", args=[game.pk]))
        client.get(reverse("games:chat", args=[game.pk]))

    assert read_marker(b) == 0
    assert unread_count(page(client, game)) == "1 new message"


def test_writing_marks_everything_before_ones_own_message_read(game):
    a, b = active_seat(game), other_seat(game)
    say(game, a, "anyone there?")

    answer = say(game, b, "yes")

    assert read_marker(b) == answer.pk
    assert unread_count(page(client_of(b.user), game)) == ""


def test_mark_read_without_javascript_posts_and_redirects_to_the_chat(game):
    a, b = active_seat(game), other_seat(game)
    message = say(game, a, "ping")
    client = client_of(b.user)
    html = page(client, game)
    assert f'name="upto" value="{message.pk}"' in html and ">Mark read</button>" in html

    response = client.post(reverse("games:chat_read", args=[game.pk]), {"upto": message.pk})

    assert response.status_code == 302 and response["Location"] == f"/games/{game.pk}/#chat"
    assert read_marker(b) == message.pk
    after = page(client, game)
    assert unread_count(after) == "" and lit(after) == [] and ">Mark read</button>" not in after


def test_mark_read_by_htmx_answers_with_the_list_and_the_count_out_of_band(game):
    a, b = active_seat(game), other_seat(game)
    message = say(game, a, "ping")

    url = reverse("games:chat_read", args=[game.pk])
    response = htmx_post(client_of(b.user), url, {"upto": message.pk})

    html = response.content.decode()
    assert response.status_code == 200 and html.lstrip().startswith('<ol id="chat-messages"')
    count = '<span id="chat-unread" class="chat-unread" aria-live="polite" hx-swap-oob="innerHTML"></span>'
    assert count in html
    assert '<div id="chat-mark" class="chat-mark" hx-swap-oob="true">' in html and "Mark read" not in html
    assert lit(html) == []


def test_marking_read_stops_at_the_message_the_page_showed_and_never_goes_back(game):
    a, b = active_seat(game), other_seat(game)
    shown = say(game, a, "one")
    later = say(game, a, "two, sent while the page was open")
    client = client_of(b.user)

    client.post(reverse("games:chat_read", args=[game.pk]), {"upto": shown.pk})
    assert read_marker(b) == shown.pk
    assert lit(page(client, game)) == [later.pk]

    client.post(reverse("games:chat_read", args=[game.pk]), {"upto": 0})
    client.post(reverse("games:chat_read", args=[game.pk]), {"upto": 10**12})  # beyond the newest: the newest
    assert read_marker(b) == later.pk


def test_a_cached_page_shows_the_new_count_and_its_clearing_at_once(game):
    a, b = active_seat(game), other_seat(game)
    client = client_of(b.user)
    page(client, game)
    page(client, game)  # now served from the page cache
    message = say(game, a, "news")
    assert unread_count(page(client, game)) == "1 new message"
    page(client, game)

    client.post(reverse("games:chat_read", args=[game.pk]), {"upto": message.pk})

    assert unread_count(page(client, game)) == ""


def test_a_hidden_message_is_never_counted_nor_shown_as_new(game):
    a, b = active_seat(game), other_seat(game)
    kept = say(game, a, "fine words")
    rude = say(game, a, "rude words")
    actions.hide_chat([rude], Actor.moderator(ModeratorFactory(), "rude"))
    client = client_of(b.user)

    html = page(client, game)

    assert unread_count(html) == "1 new message" and lit(html) == [kept.pk] and "rude words" not in html
    client.post(reverse("games:chat_read", args=[game.pk]), {})  # no upto: the newest visible message
    assert read_marker(b) == kept.pk


@pytest.mark.parametrize("who", ["spectator", "staff", "anonymous"])
def test_spectators_and_staff_have_no_count_and_cannot_move_a_marker(game, who):
    a = active_seat(game)
    say(game, a, "players only")
    before = dict(Seat.objects.filter(game=game).values_list("pk", "chat_read"))
    client = Client()
    if who != "anonymous":
        client.force_login(StaffFactory() if who == "staff" else UserFactory())

    html = page(client, game)
    response = client.post(reverse("games:chat_read", args=[game.pk]), {})

    assert unread_count(html) == "" and lit(html) == [] and "Mark read" not in html
    assert response.status_code == 302
    assert dict(Seat.objects.filter(game=game).values_list("pk", "chat_read")) == before


def test_mark_read_of_a_private_game_is_refused_to_those_who_may_not_see_it():
    game = started_game(players=2, visibility=Game.Visibility.PRIVATE)
    say(game, active_seat(game), "secret plans")

    response = client_of(UserFactory()).post(reverse("games:chat_read", args=[game.pk]), {})

    assert response.status_code == 404


def test_my_games_counts_the_new_messages_of_each_game(game):
    a, b = active_seat(game), other_seat(game)
    other_game = started_game(players=2)
    say(game, a, "one")
    say(game, a, "two")
    hidden = say(game, a, "three")
    actions.hide_chat([hidden], Actor.moderator(ModeratorFactory(), "spam"))
    say(game, b, "mine")  # marks b's reading up to here: the three before are read now
    say(game, a, "four")
    say(other_game, active_seat(other_game), "elsewhere")

    html = client_of(b.user).get(reverse("games:mine")).content.decode()

    assert f'href="/games/{game.pk}/#chat">1 new message</a>' in html
    assert "new message" not in html.replace(f'href="/games/{game.pk}/#chat">1 new message</a>', "")


def test_more_unread_messages_than_the_page_shows_are_all_counted_as_my_games_counts_them(game):
    a, b = active_seat(game), other_seat(game)
    ChatMessage.objects.bulk_create([ChatMessage(game=game, user=a.user, text=f"msg {i}")
                                     for i in range(social.CHAT_SHOWN + 5)])

    assert unread_count(page(client_of(b.user), game)) == f"{social.CHAT_SHOWN + 5} new messages"
    assert f"{social.CHAT_SHOWN + 5} new messages" in client_of(b.user).get("/games/mine/").content.decode()

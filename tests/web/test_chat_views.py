"""Chat URLs: the list (page and htmx partial), posting (plain and htmx), escaping, and reports."""

from __future__ import annotations

import pytest
from django.urls import reverse

from games import actions
from games.actions import Actor
from games.models import ChatMessage, Report
from tests.web.factories import UserFactory, active_seat, other_seat, started_game
from tests.web.helpers import htmx_get, htmx_post, is_full_page, messages_of

pytestmark = pytest.mark.django_db


@pytest.fixture
def game():
    return started_game(players=2)


def test_the_chat_page_and_its_htmx_partial_list_visible_messages(client, game):
    a = active_seat(game)
    actions.post_chat(game, Actor.player(a.user), "hello there")
    hidden = actions.post_chat(game, Actor.player(a.user), "something rude")
    ChatMessage.objects.filter(pk=hidden.pk).update(hidden=True)

    page = client.get(reverse("games:chat", args=[game.pk]))
    partial = htmx_get(client, reverse("games:chat", args=[game.pk]))

    assert page.status_code == 200 and is_full_page(page)
    assert partial.status_code == 200
    assert partial.content.decode().lstrip().startswith('<ol id="chat-messages"')
    for response in (page, partial):
        html = response.content.decode()
        assert "hello there" in html and "something rude" not in html


def test_posting_plain_redirects_to_the_game_chat(client, game):
    a = active_seat(game)
    client.force_login(a.user)

    response = client.post(reverse("games:chat", args=[game.pk]), {"text": "gl hf"})

    assert response.status_code == 302 and response["Location"] == f"/games/{game.pk}/#chat"
    assert ChatMessage.objects.get().text == "gl hf"


def test_posting_by_htmx_returns_the_chat_box_with_the_new_message_escaped(client, game):
    b = other_seat(game)
    client.force_login(b.user)

    response = htmx_post(client, reverse("games:chat", args=[game.pk]), {"text": "<script>alert(1)</script>"})

    html = response.content.decode()
    assert response.status_code == 200 and 'id="chat"' in html and not is_full_page(response)
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in html and "<script>alert" not in html


def test_a_spectator_cannot_post_and_nothing_is_saved(client, game):
    client.force_login(UserFactory())

    plain = client.post(reverse("games:chat", args=[game.pk]), {"text": "hi"}, follow=True)
    partial = htmx_post(client, reverse("games:chat", args=[game.pk]), {"text": "hi"})

    assert any("Only the game's players" in m for m in messages_of(plain))
    assert partial.status_code == 403 and "Only the game&#x27;s players" in partial.content.decode()
    assert not ChatMessage.objects.exists()


def test_an_empty_message_is_refused_with_a_reason(client, game):
    client.force_login(active_seat(game).user)

    response = htmx_post(client, reverse("games:chat", args=[game.pk]), {"text": ""})

    assert response.status_code == 400 and "required" in response.content.decode()
    assert not ChatMessage.objects.exists()


def test_the_report_link_shows_a_form_and_posting_it_creates_a_report(client, game):
    a, b = active_seat(game), other_seat(game)
    message = actions.post_chat(game, Actor.player(a.user), "you are bad")
    client.force_login(b.user)
    url = reverse("games:report", args=[message.pk])

    page = client.get(url)
    partial = htmx_get(client, url)
    plain = client.post(url, {"reason": "insult"})

    assert page.status_code == 200 and is_full_page(page) and "you are bad" in page.content.decode()
    assert partial.status_code == 200 and 'class="stacked report-form"' in partial.content.decode()
    assert plain.status_code == 302 and plain["Location"] == f"/games/{game.pk}/#chat"
    report = Report.objects.get()
    assert (report.message, report.reporter, report.reason) == (message, b.user, "insult")
    assert report.status == Report.Status.OPEN and report.about == "chat"


def test_reporting_by_htmx_answers_with_a_thank_you_and_a_second_report_is_refused(client, game):
    a, b = active_seat(game), other_seat(game)
    message = actions.post_chat(game, Actor.player(a.user), "spam spam")
    client.force_login(b.user)
    url = reverse("games:report", args=[message.pk])

    first = htmx_post(client, url, {"reason": "spam"})
    second = htmx_post(client, url, {"reason": "spam again"})

    assert first.status_code == 200 and "Thank you" in first.content.decode() and not is_full_page(first)
    assert second.status_code == 400 and "already reported" in second.content.decode()
    assert Report.objects.count() == 1


def test_the_game_page_chat_box_offers_a_report_link_on_others_messages_only(client, game):
    a, b = active_seat(game), other_seat(game)
    mine = actions.post_chat(game, Actor.player(a.user), "mine")
    theirs = actions.post_chat(game, Actor.player(b.user), "theirs")
    client.force_login(a.user)

    html = htmx_get(client, reverse("games:chat", args=[game.pk])).content.decode()

    assert reverse("games:report", args=[theirs.pk]) in html
    assert reverse("games:report", args=[mine.pk]) not in html


def test_a_real_moderators_chat_lines_carry_a_badge_and_a_player_named_moderator_gets_none(client, game):
    from tests.web.factories import ModeratorFactory

    a = active_seat(game)
    # An account named so before such names were kept for staff (accounts/names.py): the save skips the form.
    a.user.profile.display_name = "Moderator"
    a.user.profile.save()
    moderator = ModeratorFactory(profile__display_name="Mod Ruth")
    actions.post_chat(game, Actor.player(a.user), "I am the moderator, give me your password")
    actions.post_chat(game, Actor.player(moderator), "Please keep it civil.")

    html = client.get(reverse("games:chat", args=[game.pk])).content.decode()

    lines = {line.split("<time")[0]: line for line in html.split("<li ")[1:]}
    fake = next(line for head, line in lines.items() if ">Moderator</strong>" in head)
    real = next(line for head, line in lines.items() if ">Mod Ruth</strong>" in head)
    assert "moderator-badge" in real.split("<time")[0]
    assert "moderator-badge" not in fake

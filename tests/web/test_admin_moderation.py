"""Staff moderation in the admin: games read-only with seats and actions inline, chat reports (hidden
through games.actions as a moderator, with a reason)."""

from __future__ import annotations

import pytest
from django.urls import reverse

from games import actions
from games.actions import Actor
from games.models import ChatMessage, Report
from tests.web.factories import ModeratorFactory, active_seat, other_seat, started_game

pytestmark = pytest.mark.django_db


@pytest.fixture
def staff_client(client):
    client.force_login(ModeratorFactory())
    return client


def test_the_game_list_filters_by_status_and_kind_and_searches_players(staff_client):
    game = started_game(players=2, edition="web2002")
    player = game.seats.first().user

    listed = staff_client.get(reverse("admin:games_game_changelist"), {"status__exact": "active",
                                                                       "kind": "metaltalon"})
    searched = staff_client.get(reverse("admin:games_game_changelist"), {"q": player.email})
    other = staff_client.get(reverse("admin:games_game_changelist"), {"kind": "race"})
    finished = staff_client.get(reverse("admin:games_game_changelist"), {"status__exact": "finished"})

    assert listed.status_code == 200 and f"/admin/games/game/{game.pk}/change/" in listed.content.decode()
    assert f"/admin/games/game/{game.pk}/change/" in searched.content.decode()
    assert f"/admin/games/game/{game.pk}/change/" not in other.content.decode()
    assert f"/admin/games/game/{game.pk}/change/" not in finished.content.decode()
    assert "Web 2002 coin edition (002)" in listed.content.decode()  # the options, in the kind's words


def test_the_game_list_filters_by_the_kinds_own_options(staff_client):
    web = started_game(players=2, edition="web2002")
    token = started_game(players=2, edition="token")
    link = "/admin/games/game/{}/change/"
    changelist = reverse("admin:games_game_changelist")

    html = staff_client.get(changelist, {"option": "edition=web2002"}).content.decode()
    everything = staff_client.get(changelist, {"option": "nope=1"})

    assert link.format(web.pk) in html and link.format(token.pk) not in html
    assert "MetalTalon edition: Web 2002 coin edition (002)" in html  # the filter's choices, in words
    assert everything.status_code == 200  # an unknown choice is ignored, never a lookup of its own


def test_a_game_shows_its_seats_and_actions_read_only(staff_client):
    game = started_game(players=2)
    actions.apply_command(game, Actor.player(active_seat(game).user), "launch 1e")

    html = staff_client.get(reverse("admin:games_game_change", args=[game.pk])).content.decode()

    assert "launch 1e" in html and "Seats" in html
    assert 'name="state"' not in html  # the engine state is shown, never edited
    assert 'name="actions-0-command"' not in html


def test_a_moderator_hides_a_reported_message_and_the_report_is_actioned(staff_client):
    game = started_game(players=2)
    message = actions.post_chat(game, Actor.player(active_seat(game).user), "nasty")
    report = actions.report_chat(message, Actor.player(other_seat(game).user), "abuse")

    url = reverse("admin:games_report_changelist")
    page = staff_client.get(url, {"status__exact": "open"})
    chosen = {"action": "hide_messages", "_selected_action": [report.pk]}
    asked = staff_client.post(url, chosen)
    unreasoned = staff_client.post(url, {**chosen, "confirm": "yes", "reason": "  "}, follow=True)

    assert "nasty" in page.content.decode() and "abuse" in page.content.decode()
    # The action first asks for a reason, and changes nothing without one.
    assert asked.status_code == 200 and 'name="reason"' in asked.content.decode()
    assert "nasty" in asked.content.decode()
    assert "This field is required" in unreasoned.content.decode()
    assert not ChatMessage.objects.get(pk=message.pk).hidden
    assert Report.objects.get(pk=report.pk).status == Report.Status.OPEN

    done = staff_client.post(url, {**chosen, "confirm": "yes", "reason": "insults a player"})

    assert done.status_code == 302
    assert ChatMessage.objects.get(pk=message.pk).hidden
    assert Report.objects.get(pk=report.pk).status == Report.Status.ACTIONED
    assert "nasty" not in staff_client.get(reverse("games:chat", args=[game.pk])).content.decode()


def test_a_message_hidden_by_a_moderator_leaves_the_players_cached_game_page_at_once(staff_client):
    from django.test import Client

    game = started_game(players=2)
    player = active_seat(game).user
    message = actions.post_chat(game, Actor.player(other_seat(game).user), "nasty")
    report = actions.report_chat(message, Actor.player(player), "abuse")
    browser = Client()
    browser.force_login(player)
    browser.get(reverse("games:game", args=[game.pk]))  # the first visit sets the CSRF cookie
    assert "nasty" in browser.get(reverse("games:game", args=[game.pk])).content.decode()  # now cached

    staff_client.post(reverse("admin:games_report_changelist"),
                      {"action": "hide_messages", "_selected_action": [report.pk], "confirm": "yes",
                       "reason": "insults a player"})

    assert "nasty" not in browser.get(reverse("games:game", args=[game.pk])).content.decode()

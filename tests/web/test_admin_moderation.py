"""Staff moderation in the admin: games read-only with seats and actions inline, chat reports."""

from __future__ import annotations

import pytest
from django.urls import reverse

from games import services
from games.models import ChatMessage, ChatReport
from tests.web.factories import StaffFactory, active_seat, other_seat, started_game

pytestmark = pytest.mark.django_db


@pytest.fixture
def staff_client(client):
    staff = StaffFactory(is_superuser=True)
    client.force_login(staff)
    return client


def test_the_game_list_filters_by_status_and_edition_and_searches_players(staff_client):
    game = started_game(players=2, edition="web2002")
    player = game.seats.first().user

    listed = staff_client.get(reverse("admin:games_game_changelist"), {"status__exact": "active",
                                                                       "edition__exact": "web2002"})
    searched = staff_client.get(reverse("admin:games_game_changelist"), {"q": player.email})
    other = staff_client.get(reverse("admin:games_game_changelist"), {"edition__exact": "token"})

    assert listed.status_code == 200 and f"/admin/games/game/{game.pk}/change/" in listed.content.decode()
    assert f"/admin/games/game/{game.pk}/change/" in searched.content.decode()
    assert f"/admin/games/game/{game.pk}/change/" not in other.content.decode()


def test_a_game_shows_its_seats_and_actions_read_only(staff_client):
    game = started_game(players=2)
    services.apply_command(game, active_seat(game).user, "launch 1e")

    html = staff_client.get(reverse("admin:games_game_change", args=[game.pk])).content.decode()

    assert "launch 1e" in html and "Seats" in html
    assert 'name="state"' not in html  # the engine state is shown, never edited
    assert 'name="actions-0-command"' not in html


def test_staff_hide_a_reported_message_and_resolve_the_report(staff_client):
    game = started_game(players=2)
    message = services.post_chat(game, active_seat(game).user, "nasty")
    report = services.report_chat(message, other_seat(game).user, "abuse")

    page = staff_client.get(reverse("admin:games_chatreport_changelist"), {"resolved__exact": "0"})
    staff_client.post(reverse("admin:games_chatreport_changelist"),
                      {"action": "hide_and_resolve", "_selected_action": [report.pk]})

    assert "nasty" in page.content.decode() and "abuse" in page.content.decode()
    assert ChatMessage.objects.get(pk=message.pk).hidden
    assert ChatReport.objects.get(pk=report.pk).resolved
    assert "nasty" not in staff_client.get(reverse("games:chat", args=[game.pk])).content.decode()


def test_a_message_hidden_by_staff_leaves_the_players_cached_game_page_at_once(staff_client):
    from django.test import Client

    game = started_game(players=2)
    player = active_seat(game).user
    message = services.post_chat(game, other_seat(game).user, "nasty")
    report = services.report_chat(message, player, "abuse")
    browser = Client()
    browser.force_login(player)
    browser.get(reverse("games:game", args=[game.pk]))  # the first visit sets the CSRF cookie
    assert "nasty" in browser.get(reverse("games:game", args=[game.pk])).content.decode()  # now cached

    staff_client.post(reverse("admin:games_chatreport_changelist"),
                      {"action": "hide_and_resolve", "_selected_action": [report.pk]})

    assert "nasty" not in browser.get(reverse("games:game", args=[game.pk])).content.decode()

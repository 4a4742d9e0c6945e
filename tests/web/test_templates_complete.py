"""Every page names only variables that exist: a template that asks for a field the models no longer have
(say, a game's edition once options moved into the kinds) renders an empty cell silently, so these pages
are drawn with Django's `string_if_invalid` set to a marker that must never appear."""

from __future__ import annotations

import copy

import pytest
from django.conf import settings
from django.test import Client, override_settings
from django.urls import reverse

from games import actions
from games.actions import Actor
from games.models import Invitation
from tests.web.factories import UserFactory, active_seat, open_game, started_game

pytestmark = pytest.mark.django_db
MARK = "@@MISSING:%s@@"


@pytest.fixture
def strict_templates():
    templates = copy.deepcopy(settings.TEMPLATES)
    templates[0].setdefault("OPTIONS", {})["string_if_invalid"] = MARK
    with override_settings(TEMPLATES=templates):
        yield


def missing_in(response) -> list[str]:
    assert response.status_code == 200, response.status_code
    html = response.content.decode()
    return [part.split("@@", 1)[0] for part in html.split("@@MISSING:")[1:]]


def test_lobby_my_games_and_the_game_pages_name_no_missing_variable(strict_templates):
    me = UserFactory()
    game = started_game(players=2)
    seat = active_seat(game)
    seat.user = me
    seat.save()
    waiting = open_game()
    Invitation.objects.create(game=waiting, user=me, invited_by=waiting.created_by)
    over = started_game(players=2)
    loser = active_seat(over)
    actions.apply_command(over, Actor.player(loser.user), "resign")
    winner = over.seats.exclude(pk=loser.pk).get()
    winner.user = me
    winner.save()
    over.refresh_from_db()
    assert over.is_over
    client = Client()
    client.force_login(me)
    pages = [reverse("home"), reverse("games:lobby"), reverse("games:mine"), reverse("games:new"),
             reverse("games:game", args=[game.pk]), reverse("games:game", args=[waiting.pk]),
             reverse("games:game", args=[over.pk]), reverse("games:replay", args=[over.pk]),
             reverse("games:invite_link", args=[waiting.invite_code]), reverse("games:rules"),
             reverse("profile")]
    found = {url: missing_in(client.get(url)) for url in pages}
    assert {url: names for url, names in found.items() if names} == {}
    anonymous = Client()
    found = {url: missing_in(anonymous.get(url)) for url in (reverse("home"), reverse("games:lobby"),
                                                             reverse("games:game", args=[game.pk]))}
    assert {url: names for url, names in found.items() if names} == {}

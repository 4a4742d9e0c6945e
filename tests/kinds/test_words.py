"""The platform's words that depend on the game come from the kind (games.kinds.Words: docs/architecture.md,
"Kinds"): a race game, which has no factions, ships or dice barrier, reads neutral words and none of
MetalTalon's; MetalTalon's pages and mails keep its own."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from games.models import Game
from tests.web.factories import finished_game

pytestmark = pytest.mark.django_db


def page(url: str) -> str:
    return Client().get(url).content.decode()


def test_the_archive_of_race_games_searches_by_role_not_faction(settings):
    settings.OFFERED_GAME_KINDS = ["race"]
    finished_game(kind="race", visibility="public")

    html = page(reverse("games:archive"))

    assert "Role" in html and "search by player, rules, role or" in html
    assert "Faction" not in html and "faction or" not in html  # the words; the query keeps its name


def test_the_archive_of_metaltalon_games_still_searches_by_faction(settings):
    settings.OFFERED_GAME_KINDS = ["metaltalon"]

    html = page(reverse("games:archive"))

    assert "search by player, rules, faction or" in html and ">Faction:<" in html


def test_a_players_page_names_a_race_seats_labels_roles_and_metaltalons_factions():
    race, _, loser = finished_game(kind="race", visibility="public")
    loser.faction = "runner"  # a label the race kind's seats would carry
    loser.save()
    metaltalon, _, _ = finished_game(users=[loser.user], visibility="public")
    assert metaltalon.kind == "metaltalon" and race.status == Game.Status.FINISHED
    label = metaltalon.seats.get(user=loser.user).faction

    html = page(reverse("player", args=[loser.user.pk]))

    assert "Roles played: Runner 1." in html
    assert f"Factions played: {label.capitalize()} 1." in html

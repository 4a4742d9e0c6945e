"""Security headers on every page: a Content-Security-Policy that allows this site's own scripts only,
and `Cache-Control: private` on what a signed-in player is served."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.web.factories import UserFactory, active_seat, started_game

pytestmark = pytest.mark.django_db


def test_every_page_carries_a_policy_that_runs_only_the_sites_own_scripts(client):
    game = started_game(players=2)
    for path in ("/", reverse("games:lobby"), f"/games/{game.pk}/", reverse("account_login")):
        policy = client.get(path)["Content-Security-Policy"]
        directives = dict(d.strip().split(" ", 1) for d in policy.split(";"))
        assert directives["script-src"] == "'self'", path
        assert directives["default-src"] == "'self'" and directives["object-src"] == "'none'"
        assert directives["frame-ancestors"] == "'none'"


def test_a_signed_in_players_pages_are_private_to_caches(client):
    game = started_game(players=2)
    client.force_login(active_seat(game).user)
    for path in (reverse("games:lobby"), f"/games/{game.pk}/", f"/games/{game.pk}/poll/?v={game.version}",
                 reverse("profile")):
        response = client.get(path)
        assert "private" in response.get("Cache-Control", ""), (path, response.get("Cache-Control"))


def test_a_visitors_pages_are_not_marked_private(client):
    game = started_game(players=2)
    UserFactory()
    response = client.get(f"/games/{game.pk}/")
    assert response.status_code == 200
    assert "private" not in response.get("Cache-Control", "")

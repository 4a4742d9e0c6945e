"""Who may see and who may act on the game page's URLs: anonymous, a spectator, the other player, the active
player and a moderator ("mod"); public and private games. Nobody acts for someone else; private games
stay hidden."""

from __future__ import annotations

from typing import Any

import pytest

from games import actions, rates
from games.actions import Actor
from games.models import Game
from tests.web.factories import ModeratorFactory, UserFactory, active_seat, other_seat, started_game

pytestmark = pytest.mark.django_db
ROLES = ("anonymous", "spectator", "other", "active", "mod")
VIEW_URLS = ("", "select/?ship=A1", "poll/", "board.svg", "play/?command=end", "orders/")


def login_as(client: Any, game: Game, role: str) -> None:
    if role == "anonymous":
        return
    user = {"spectator": lambda: UserFactory(), "mod": lambda: ModeratorFactory(),
            "other": lambda: other_seat(game).user, "active": lambda: active_seat(game).user}[role]()
    client.force_login(user)


def expected_view_status(visibility: str, role: str, path: str) -> int:
    hidden = visibility == "private" and role in ("anonymous", "spectator")
    if hidden:
        return 404
    if path.startswith(("play/", "orders/")):  # pages of a seat's own controls
        return {"anonymous": 302, "spectator": 403, "mod": 403}.get(role, 200)
    return 200


@pytest.mark.parametrize("visibility", ["public", "private"])
@pytest.mark.parametrize("role", ROLES)
@pytest.mark.parametrize("path", VIEW_URLS)
@pytest.mark.parametrize("htmx", [False, True])
def test_who_may_see_each_page(client, visibility, role, path, htmx):
    game = started_game(players=2, visibility=visibility)
    login_as(client, game, role)
    response = client.get(f"/games/{game.pk}/{path}", headers={"HX-Request": "true"} if htmx else {})
    assert response.status_code == expected_view_status(visibility, role, path)


# What each role's POST does. "applied": the game changed (302 plain / 200 htmx); "login": sent to log in;
# "refused": 403 and nothing changed.
ACT_MATRIX = {
    #              anonymous  spectator  other      active     staff
    "command":    ("login", "refused", "refused", "applied", "refused"),
    "orders":     ("login", "refused", "applied", "applied", "refused"),
    "undo":       ("login", "refused", "refused", "applied", "refused"),
}


def submit(client: Any, game: Game, kind: str, htmx: bool) -> Any:
    game.refresh_from_db()
    headers = {"HX-Request": "true"} if htmx else {}
    if kind == "command":
        form = {"command": "launch 3e", "expected_version": game.version}
        return client.post(f"/games/{game.pk}/play/", form, headers=headers)
    if kind == "orders":
        return client.post(f"/games/{game.pk}/orders/", {"damage": "wes"}, headers=headers)
    return client.post(f"/games/{game.pk}/undo/", {"expected_version": game.version}, headers=headers)


@pytest.mark.parametrize("visibility", ["public", "private"])
@pytest.mark.parametrize("kind", list(ACT_MATRIX))
@pytest.mark.parametrize("role", ROLES)
def test_who_may_act(client, visibility, kind, role):
    game = started_game(players=2, visibility=visibility)
    if kind == "undo":  # something the active player could take back
        actions.apply_command(game, Actor.player(active_seat(game).user), "launch 3e")
    game.refresh_from_db()
    version, logged = game.version, game.actions.filter(undone=False).count()
    login_as(client, game, role)
    response = submit(client, game, kind, htmx=False)
    outcome = ACT_MATRIX[kind][ROLES.index(role)]
    game.refresh_from_db()
    if visibility == "private" and role in ("anonymous", "spectator"):
        outcome = "hidden"
    if outcome == "applied":
        assert response.status_code == 302 and game.version > version
    elif outcome == "login":
        assert response.status_code == 302 and "/accounts/login/" in response["Location"]
        assert game.version == version
    elif outcome == "hidden":
        assert response.status_code == 404 and game.version == version
    else:
        assert response.status_code == 403 and game.version == version
        assert game.actions.filter(undone=False).count() == logged


def test_the_other_player_cannot_move_the_active_players_ships(client):
    game = started_game(players=2)
    active = active_seat(game)
    actions.apply_command(game, Actor.player(active.user), "launch 3e")
    game.refresh_from_db()
    home = game.state["seats"][active.index]["home"]
    client.force_login(other_seat(game).user)
    form = {"command": f"move {home} A1", "expected_version": game.version}
    response = client.post(f"/games/{game.pk}/play/", form, headers={"HX-Request": "true"})
    assert response.status_code == 403
    assert not game.actions.filter(command__startswith="move").exists()


def test_htmx_post_from_a_spectator_is_refused_too(client):
    game = started_game(players=2)
    client.force_login(UserFactory())
    response = submit(client, game, "command", htmx=True)
    assert response.status_code == 403


@pytest.mark.parametrize("version", ["abc", "stale"])
def test_a_spectator_is_told_they_do_not_play_before_anything_else_and_spends_no_allowance(
        client, settings, version):
    settings.COMMAND_RATE_LIMIT = "2/minute"
    settings.RATE_LIMIT_PREFIX = f"{settings.RATE_LIMIT_PREFIX}spectator-{version}-"
    game = started_game(players=2)
    spectator = UserFactory()
    client.force_login(spectator)
    form = {"command": "end", "expected_version": "abc" if version == "abc" else game.version - 1}

    answers = [client.post(f"/games/{game.pk}/play/", form) for _ in range(4)]

    assert [a.status_code for a in answers] == [403] * 4
    assert all("You are not playing in this game" in a.content.decode() for a in answers)
    assert rates.hit(settings.COMMAND_RATE_LIMIT, "player-commands", str(spectator.pk)) == 0

"""Who may see and do what on the lobby, chat and history URLs: anonymous, spectator (signed in, not
seated), the other player, the active player (for an open game: its creator) and a moderator ("mod").

Private games are invisible (404) to everyone but their players, invitees and moderators; nobody acts for
someone else."""

from __future__ import annotations

from typing import Any

import pytest
from django.urls import reverse

from games import actions
from games.actions import Actor
from games.models import ChatMessage, Game, Invitation, Report
from tests.web.factories import (
    ModeratorFactory,
    UserFactory,
    active_seat,
    open_game,
    other_seat,
    started_game,
)

pytestmark = pytest.mark.django_db

ROLES = ("anonymous", "spectator", "other_player", "active_player", "mod")


def login_as(client: Any, role: str, game: Game) -> Any:
    """Sign the client in as `role` for `game`; returns the user (None when anonymous)."""
    if role == "anonymous":
        return None
    if role == "spectator":
        user = UserFactory()
    elif role == "mod":
        user = ModeratorFactory()
    elif game.status == Game.Status.OPEN:
        seats = list(game.seats.order_by("joined_at"))
        user = seats[0].user if role == "active_player" else seats[1].user
    elif game.status == Game.Status.FINISHED:
        winner = game.result["winner"]
        won = game.seats.filter(index=winner)
        user = (won if role == "active_player" else game.seats.exclude(index=winner))[0].user
    else:
        user = (active_seat(game) if role == "active_player" else other_seat(game)).user
    client.force_login(user)
    return user


def finished_game(**options: Any) -> Game:
    game = started_game(players=2, **options)
    actions.apply_command(game, Actor.player(other_seat(game).user), "resign")
    game.refresh_from_db()
    return game


def open_with_two(**options: Any) -> Game:
    game = open_game(players=3, **options)
    actions.join_game(game, Actor.player(UserFactory()), invite_code=game.invite_code)
    return game


# === SEEING ===

PRIVATE_SEEN = {"anonymous": 404, "spectator": 404, "other_player": 200, "active_player": 200, "mod": 200}


@pytest.mark.parametrize("role", ROLES)
@pytest.mark.parametrize("url_name", ["chat"])
def test_a_private_game_in_play_is_seen_by_its_players_and_moderators_only(client, role, url_name):
    game = started_game(players=2, visibility="private")
    login_as(client, role, game)
    assert client.get(reverse(f"games:{url_name}", args=[game.pk])).status_code == PRIVATE_SEEN[role]


@pytest.mark.parametrize("role", ROLES)
@pytest.mark.parametrize("url_name", ["replay", "log_txt", "record_json"])
def test_a_private_finished_game_is_replayed_by_its_players_and_moderators_only(client, role, url_name):
    game = finished_game(visibility="private")
    login_as(client, role, game)
    assert client.get(reverse(f"games:{url_name}", args=[game.pk])).status_code == PRIVATE_SEEN[role]


@pytest.mark.parametrize("role", ROLES)
@pytest.mark.parametrize("url_name", ["chat", "replay", "log_txt", "record_json"])
def test_anyone_may_watch_a_public_game(client, role, url_name):
    game = finished_game()
    login_as(client, role, game)
    assert client.get(reverse(f"games:{url_name}", args=[game.pk])).status_code == 200


@pytest.mark.parametrize("role", ROLES)
@pytest.mark.parametrize(("url_name", "anonymous"), [("lobby", 200), ("new", 302), ("mine", 302)])
def test_site_pages_need_a_login_only_for_creating_and_my_games(client, role, url_name, anonymous):
    login_as(client, role, started_game(players=2))
    status = client.get(reverse(f"games:{url_name}")).status_code
    assert status == (anonymous if role == "anonymous" else 200)


# === DOING ===

CHAT_POSTS = {"anonymous": False, "spectator": False, "other_player": True, "active_player": True,
              "mod": True}


@pytest.mark.parametrize("role", ROLES)
def test_only_players_and_moderators_may_chat(client, role):
    game = started_game(players=2)
    login_as(client, role, game)

    response = client.post(reverse("games:chat", args=[game.pk]), {"text": "hi"})

    assert response.status_code == 302
    assert ChatMessage.objects.filter(game=game).exists() is CHAT_POSTS[role]


REPORTS = {"anonymous": False, "spectator": True, "other_player": True, "active_player": False, "mod": True}


@pytest.mark.parametrize("role", ROLES)
def test_anyone_who_sees_a_message_but_its_author_may_report_it(client, role):
    game = started_game(players=2)
    message = actions.post_chat(game, Actor.player(active_seat(game).user), "hm")
    login_as(client, role, game)

    client.post(reverse("games:report", args=[message.pk]), {"reason": "r"})

    assert Report.objects.filter(message=message).exists() is REPORTS[role]


@pytest.mark.parametrize("role", ROLES)
def test_messages_of_a_private_game_cannot_be_reported_by_outsiders(client, role):
    game = started_game(players=2, visibility="private")
    message = actions.post_chat(game, Actor.player(active_seat(game).user), "hm")
    login_as(client, role, game)

    response = client.post(reverse("games:report", args=[message.pk]), {"reason": "r"})

    expected = {"anonymous": 302, "spectator": 404, "other_player": 302, "active_player": 302, "mod": 302}
    assert response.status_code == expected[role]
    assert Report.objects.exists() is (role in ("other_player", "mod"))


JOINS = {"anonymous": False, "spectator": True, "other_player": False, "active_player": False, "mod": True}


@pytest.mark.parametrize("role", ROLES)
def test_a_public_open_game_takes_anyone_signed_in_who_is_not_seated(client, role):
    game = open_with_two()
    user = login_as(client, role, game)

    client.post(reverse("games:join", args=[game.pk]))

    assert game.seats.count() == (3 if JOINS[role] else 2)
    if JOINS[role]:
        assert game.seats.filter(user=user).exists()


@pytest.mark.parametrize("role", ROLES)
def test_a_private_open_game_hides_from_outsiders_and_takes_no_one_uninvited(client, role):
    game = open_with_two(visibility="private")
    login_as(client, role, game)

    response = client.post(reverse("games:join", args=[game.pk]))

    expected = {"anonymous": 302, "spectator": 404, "other_player": 302, "active_player": 302, "mod": 302}
    assert response.status_code == expected[role]
    assert game.seats.count() == 2


INVITES = {"anonymous": False, "spectator": False, "other_player": True, "active_player": True, "mod": True}


@pytest.mark.parametrize("role", ROLES)
def test_only_seated_players_and_moderators_may_invite(client, role):
    game = open_with_two()
    UserFactory(username="newcomer")
    login_as(client, role, game)

    client.post(reverse("games:invite", args=[game.pk]), {"username": "newcomer"})

    assert Invitation.objects.filter(game=game).exists() is INVITES[role]


LEAVES = {"anonymous": False, "spectator": False, "other_player": True, "active_player": True, "mod": False}


@pytest.mark.parametrize("role", ROLES)
def test_only_a_seated_player_leaves_and_only_their_own_seat(client, role):
    game = open_with_two()
    login_as(client, role, game)

    client.post(reverse("games:leave", args=[game.pk]))

    assert game.seats.count() == (1 if LEAVES[role] else 2)


STARTS = {"anonymous": None, "spectator": "Only the game", "other_player": "Only the game",
          "active_player": "all 3 seats", "mod": "all 3 seats"}


@pytest.mark.parametrize("role", ROLES)
def test_only_the_creator_or_a_moderator_may_start_a_game_and_only_a_full_one(client, role):
    game = open_with_two()
    login_as(client, role, game)

    response = client.post(reverse("games:start", args=[game.pk]), follow=True)

    game.refresh_from_db()
    assert game.status == Game.Status.OPEN
    if STARTS[role] is None:
        assert "/accounts/login/" in response.redirect_chain[0][0]
    else:
        assert any(STARTS[role] in str(m) for m in response.context["messages"])


@pytest.mark.parametrize("role", ROLES)
def test_leaving_a_started_game_is_refused_for_everyone(client, role):
    game = started_game(players=2)
    login_as(client, role, game)

    client.post(reverse("games:leave", args=[game.pk]))

    assert game.seats.count() == 2

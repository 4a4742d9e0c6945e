"""Invitations are hard to miss and have an answer: listed on the home page and on My games with a count
in the header, accepted by joining or declined; the game's players see a declined one as declined."""

from __future__ import annotations

import pytest
from django.urls import reverse

from games import actions, queries
from games.actions import Actor
from games.mail import outbound
from games.models import Invitation, Notification
from tests.web.factories import UserFactory, open_game, started_game
from tests.web.helpers import messages_of

pytestmark = pytest.mark.django_db


def invited(players: int = 3, **options):
    game = open_game(players=players, **options)
    guest = UserFactory(profile__display_name="Guest Star")
    actions.invite_user(game, Actor.player(game.created_by), "Guest Star")
    return game, guest


@pytest.mark.parametrize("url", ["/", "/games/mine/"])
def test_a_pending_invitation_is_listed_with_accept_and_decline(client, url):
    game, guest = invited()
    client.force_login(guest)

    html = client.get(url).content.decode()

    assert 'id="invitations"' in html
    assert f"{game.created_by.display_name}</strong> invites you to" in html
    assert f'action="/games/{game.pk}/join/"' in html and f'action="/games/{game.pk}/decline/"' in html


def test_the_header_counts_pending_invitations_on_every_page(client):
    game, guest = invited()
    other = open_game(players=3)
    actions.invite_user(other, Actor.player(other.created_by), "Guest Star")
    client.force_login(guest)

    for url in ("/", "/games/", "/profile/", f"/games/{game.pk}/"):
        html = client.get(url).content.decode()
        assert '<span class="count" id="invitation-count">2</span>' in html, url


def test_no_invitation_badge_when_none_waits(client):
    client.force_login(UserFactory())

    assert 'id="invitation-count"' not in client.get("/").content.decode()


def test_declining_takes_the_invitation_off_the_lists_and_the_badge(client):
    game, guest = invited()
    client.force_login(guest)
    assert queries.invitation_count(guest) == 1

    response = client.post(reverse("games:decline", args=[game.pk]), {"next": "/"}, follow=True)

    assert response.redirect_chain[-1][0] == "/"
    assert any("You declined the invitation" in m for m in messages_of(response))
    assert Invitation.objects.get(game=game, user=guest).declined_at is not None
    html = response.content.decode()
    assert 'id="invitations"' not in html and 'id="invitation-count"' not in html
    assert queries.open_invitations(guest) == [] and queries.invitation_count(guest) == 0


def test_the_inviter_sees_the_invitation_declined(client):
    game, guest = invited()
    actions.decline_invitation(game, Actor.player(guest))
    client.force_login(game.created_by)

    html = client.get(game.get_absolute_url()).content.decode()

    assert "Guest Star (declined)" in html


def test_accepting_joins_the_game_and_clears_the_badge(client):
    game, guest = invited()
    client.force_login(guest)

    client.post(reverse("games:join", args=[game.pk]))

    assert game.seats.filter(user=guest).exists()
    assert queries.invitation_count(guest) == 0
    assert 'id="invitation-count"' not in client.get("/").content.decode()


def test_a_declined_private_invitation_may_still_be_taken_up(client):
    game, guest = invited(visibility="private")
    actions.decline_invitation(game, Actor.player(guest))

    actions.join_game(game, Actor.player(guest))

    invitation = Invitation.objects.get(game=game, user=guest)
    assert invitation.accepted_at is not None and invitation.declined_at is None


def test_only_the_invited_player_may_decline(client):
    game, _guest = invited()
    stranger = UserFactory()
    client.force_login(stranger)

    response = client.post(reverse("games:decline", args=[game.pk]), follow=True)

    assert any("You have no invitation to this game." in m for m in messages_of(response))


def test_a_decline_leads_back_only_to_this_site(client):
    game, guest = invited()
    client.force_login(guest)

    response = client.post(reverse("games:decline", args=[game.pk]), {"next": "https://evil.example/"})

    assert response["Location"] == reverse("games:mine")


def test_a_game_starting_takes_its_invitations_off_the_badges():
    game, guest = invited(players=2)
    assert queries.invitation_count(guest) == 1  # cached now

    actions.join_game(game, Actor.player(UserFactory()))

    assert queries.invitation_count(guest) == 0


def test_the_invitation_mail_is_dropped_once_declined(monkeypatch):
    monkeypatch.setattr("games.tasks.queue_notifications", lambda ids: None)
    game, guest = invited()
    actions.decline_invitation(game, Actor.player(guest))
    notice = Notification.objects.get(game=game, user=guest, kind="invited")

    assert outbound.deliver(notice.pk) == outbound.Delivery.DROPPED


def test_a_cached_game_page_drops_the_badge_once_the_invitation_is_declined(client):
    game, guest = invited()
    watched = started_game(players=2)  # a game in play: its page is cached whole (games.page_cache)
    client.force_login(guest)
    client.get(watched.get_absolute_url())
    assert 'id="invitation-count">1<' in client.get(watched.get_absolute_url()).content.decode()  # cached

    actions.decline_invitation(game, Actor.player(guest))

    assert 'id="invitation-count"' not in client.get(watched.get_absolute_url()).content.decode()

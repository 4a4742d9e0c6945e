"""The mails besides the turn notice (play by e-mail): invited, game started, out of the game. Each is a
Notification row written with the action that causes it and mailed once; a start that awaits a player is
one mail that says the game started and holds the position, never a start mail and a turn mail."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.core.mail import EmailMessage as DjangoMail
from django.utils import timezone

from games import actions, pulse
from games.actions import Actor
from games.mail import outbound
from games.models import Game, Notification
from tests.web.factories import UserFactory, active_seat, create, other_seat, started_game

pytestmark = pytest.mark.django_db(transaction=True)


def to(mailoutbox: list[DjangoMail], user: Any) -> list[DjangoMail]:
    return [m for m in mailoutbox if m.to == [user.email]]


def never(user: Any) -> None:
    user.profile.turn_mail = "never"
    user.profile.save(update_fields=["turn_mail"])


# === Invited ===


def test_an_invited_player_is_mailed_once_who_invites_them_to_which_game_and_where_to_accept(
        celery_eager, mailoutbox):
    host = UserFactory(profile__display_name="Hostess")
    guest = UserFactory()
    game = create(host, players=3, visibility="private", clock={"hours": 24})

    actions.invite_user(game, Actor.player(host), guest.profile.display_name)
    assert actions.invite_user(game, Actor.player(host), guest.profile.display_name) is None  # again

    (mail,) = mailoutbox
    assert mail.to == [guest.email]
    assert mail.subject == f"Hostess invites you to MetalTalon game {game.pk}"
    assert "Hostess invites you to play MetalTalon game" in mail.body
    assert "3 players, 1 day per turn, private" in mail.body
    assert "1 of 3 seats are taken: Hostess." in mail.body
    assert re.search(rf"take your seat on the game's page: https?://\S+/games/{game.pk}/\n", mail.body)
    html, kind = mail.alternatives[0]
    assert kind == "text/html" and f'/games/{game.pk}/"' in html and "Accept" in html
    assert mail.reply_to == []  # no seat yet: a reply reaches no one
    assert Notification.objects.filter(game=game, user=guest, kind="invited").count() == 1


def test_an_invitation_already_accepted_when_the_mail_goes_out_is_dropped(mailoutbox, monkeypatch):
    monkeypatch.setattr("games.tasks.queue_notifications", lambda ids: None)  # the worker is slow
    host, guest = UserFactory(), UserFactory()
    game = create(host, players=3, visibility="private")
    actions.invite_user(game, Actor.player(host), guest.profile.display_name)
    actions.join_game(game, Actor.player(guest))
    notice = Notification.objects.get(game=game, user=guest, kind="invited")

    assert outbound.deliver(notice.pk) == outbound.Delivery.DROPPED
    assert mailoutbox == []


def test_no_invitation_mail_to_a_player_who_wants_no_game_mail(celery_eager, mailoutbox):
    host, guest = UserFactory(), UserFactory()
    never(guest)
    game = create(host, players=3)

    actions.invite_user(game, Actor.player(host), guest.profile.display_name)

    assert mailoutbox == [] and not Notification.objects.filter(game=game, kind="invited").exists()


# === Started ===


def race(celery_eager: Any, users: list[Any]) -> Game:
    """A race game both users joined: it starts with seat 0 to play turn 1 (no setup)."""
    game = create(users[0], kind="race", players=2)
    actions.join_game(game, Actor.player(users[1]), invite_code=game.invite_code)
    game.refresh_from_db()
    return game


def test_a_start_mails_every_seat_once_and_the_seat_to_play_gets_its_turn_in_that_same_mail(
        celery_eager, mailoutbox, live_dice):
    users = [UserFactory(), UserFactory()]
    game = race(celery_eager, users)
    first, second = active_seat(game), other_seat(game)

    assert len(mailoutbox) == 2
    (mine,) = to(mailoutbox, first.user)
    (theirs,) = to(mailoutbox, second.user)
    assert mine.subject == f"Race to 10 game {game.pk}: it is your turn"
    assert theirs.subject == f"Race to 10 game {game.pk} has started"
    for mail in (mine, theirs):
        assert f"Race to 10 game {game.pk} has started: all 2 seats are taken" in mail.body
        assert "Race to 10, turn 1" in mail.body  # the kind's text board
        assert re.findall(r'<img src="cid:([^"]+)"', mail.alternatives[0][0])
    assert "It is your turn." in mine.body and "Your commands now (3)" in mine.body
    assert "step" in mine.body and "roll" in mine.body
    assert "Reply to this mail with your commands" in mine.body
    assert f"Waiting for A {first.user.display_name}." in theirs.body
    # The start mail is the start turn's notice: no turn row beside it, so no second mail for turn 1.
    assert not Notification.objects.filter(game=game, kind="turn").exists()
    assert Notification.objects.filter(game=game, kind="started").count() == 2

    mailoutbox.clear()
    live_dice.script(2)
    actions.apply_command(game, Actor.player(first.user), "roll")  # turn 2: the other seat's

    assert [m.to for m in mailoutbox] == [[second.user.email]]
    assert mailoutbox[0].subject == f"Race to 10 game {game.pk}: it is your turn"


def test_a_start_awaiting_every_seat_is_one_mail_each_not_two(celery_eager, mailoutbox):
    game = started_game(players=3, keep=False)  # the faction deal: every seat decides

    seats = list(game.seats.select_related("user"))
    assert sorted(m.to[0] for m in mailoutbox) == sorted(s.user.email for s in seats)
    assert all("has started" in m.body and "keep" in m.body for m in mailoutbox)
    assert Notification.objects.filter(game=game).count() == 3
    assert set(Notification.objects.filter(game=game).values_list("kind", flat=True)) == {"started"}

    mailoutbox.clear()
    for seat in seats[:2]:
        actions.apply_command(game, Actor.player(seat.user), "keep")
    assert mailoutbox == []  # still the same (setup) turn: its notice went out with the start


def test_the_start_mail_goes_out_even_to_a_player_on_the_page(celery_eager, mailoutbox):
    """Only turn notices wait for a player who is away; the start is news whatever "away" says."""
    host, guest = UserFactory(), UserFactory()
    game = create(host, kind="race", players=2)
    pulse.seen(game.pk, host.pk)  # the host watches the waiting room

    actions.join_game(game, Actor.player(guest), invite_code=game.invite_code)

    assert len(to(mailoutbox, host)) == 1 and len(to(mailoutbox, guest)) == 1


def test_a_player_who_wants_no_game_mail_gets_no_start_mail(celery_eager, mailoutbox):
    host, guest = UserFactory(), UserFactory()
    never(guest)
    race(celery_eager, [host, guest])

    assert to(mailoutbox, guest) == [] and len(to(mailoutbox, host)) == 1


# === Eliminated ===


def test_a_seat_that_resigns_while_the_game_goes_on_is_mailed_once_with_the_position(celery_eager,
                                                                                     mailoutbox):
    game = started_game(players=3)
    Notification.objects.filter(game=game).update(sent_at=timezone.now())
    quitter = other_seat(game)
    mailoutbox.clear()

    actions.apply_command(game, Actor.player(quitter.user), "resign")

    game.refresh_from_db()
    assert game.status == Game.Status.ACTIVE
    (mail,) = mailoutbox
    assert mail.to == [quitter.user.email]
    assert mail.subject == f"MetalTalon game {game.pk}: you are out"
    assert "You resigned from MetalTalon game" in mail.body and "The game goes on without you" in mail.body
    assert "You are out of this game (resigned)." in mail.body
    assert "You resigned and are out of the game." in mail.body
    assert "== The board ==" in mail.body and "OUT (resigned)" in mail.body
    assert "Your commands now" not in mail.body and "Reply to this mail" not in mail.body
    assert re.findall(r'<img src="cid:([^"]+)"', mail.alternatives[0][0])
    assert Notification.objects.filter(game=game, kind="eliminated").count() == 1


def test_a_resignation_that_ends_the_game_mails_the_result_not_an_out_notice(celery_eager, mailoutbox):
    game = started_game(players=2)
    loser = active_seat(game)
    mailoutbox.clear()

    actions.apply_command(game, Actor.player(loser.user), "resign")

    assert not Notification.objects.filter(game=game, kind="eliminated").exists()
    (mail,) = to(mailoutbox, loser.user)
    assert "is over" in mail.subject



def test_the_start_mail_of_a_game_against_bots_tells_the_bots_apart(celery_eager, mailoutbox, settings):
    settings.OFFERED_GAME_KINDS = ["metaltalon", "metal-adventures"]
    user = UserFactory()
    game = actions.play_against_bots(Actor.player(user), kind="metal-adventures", players=4, level="greedy")

    (mail,) = to(mailoutbox, user)
    listed = re.search(r"The players, in turn order: (.*)\.", mail.body)
    assert listed is not None
    names = {s.index: s.name for s in game.seats.all()}
    assert listed.group(1).split(", ") == [
        f"{'ABCD'[i]} {names[i]}" + (f" {i + 1}" if names[i] != user.display_name else "") for i in range(4)]

"""Turn notifications from games.actions: a Notification row per player now to act, written with the move
and sent after commit by the Celery task (games.tasks.send_notification)."""

from __future__ import annotations

import pytest
from django.db import transaction

from games import actions
from games.actions import Actor
from games.models import Notification
from games.tasks import send_notification
from tests.web.factories import active_seat, other_seat, started_game

pytestmark = pytest.mark.django_db(transaction=True)


def test_the_player_now_to_act_is_emailed_after_the_turn_passes(celery_eager, mailoutbox):
    game = started_game(players=2)
    active, waiting = active_seat(game), other_seat(game)
    mailoutbox.clear()

    actions.apply_command(game, Actor.player(active.user), "end")

    assert [m.to for m in mailoutbox] == [[waiting.user.email]]
    assert f"/games/{game.pk}/" in mailoutbox[0].body and "your turn" in mailoutbox[0].subject


def test_moves_within_a_turn_email_nobody(celery_eager, mailoutbox):
    game = started_game(players=2)
    active = active_seat(game)
    mailoutbox.clear()

    actions.apply_command(game, Actor.player(active.user), "launch 1e")

    assert mailoutbox == []


def test_a_player_who_opted_out_gets_no_email(celery_eager, mailoutbox):
    game = started_game(players=2)
    active, waiting = active_seat(game), other_seat(game)
    waiting.user.profile.turn_mail = "never"
    waiting.user.profile.save()
    mailoutbox.clear()

    actions.apply_command(game, Actor.player(active.user), "end")

    assert mailoutbox == []


@pytest.mark.parametrize("choice", ["every turn", "never", "account closed"])
def test_a_move_owes_a_turn_notice_row_unless_the_player_said_never_or_closed_their_account(choice):
    """The move reads who is owed a notice from the seats, players and profiles it locked with the game
    (games.queries.with_seats): "never" and a closed account are judged there as in the database."""
    game = started_game(players=2)
    active, waiting = active_seat(game), other_seat(game)
    if choice == "never":
        waiting.user.profile.turn_mail = "never"
        waiting.user.profile.save()
    elif choice == "account closed":
        waiting.user.is_active = False
        waiting.user.save()
    owed = Notification.objects.filter(kind="turn", user=waiting.user)
    before = owed.count()

    actions.apply_command(game, Actor.player(active.user), "end")

    assert owed.count() - before == (1 if choice == "every turn" else 0)


def test_every_seat_is_emailed_to_choose_its_faction_when_the_game_starts(celery_eager, mailoutbox):
    game = started_game(players=3, keep=False)

    assert sorted(m.to[0] for m in mailoutbox) == sorted(s.user.email for s in game.seats.all())
    # The subject is the kind's own neutral words now (no MetalTalon "keep or redraw" in the platform).
    assert all(m.subject == f"MetalTalon game {game.pk}: choose before play starts" for m in mailoutbox)


def test_a_turn_notice_the_player_has_already_played_is_dropped_without_mail(celery_eager, mailoutbox,
                                                                             monkeypatch):
    game = started_game(players=2)
    active, waiting = active_seat(game), other_seat(game)
    monkeypatch.setattr("games.tasks.queue_notifications", lambda ids: None)  # the worker is slow
    actions.apply_command(game, Actor.player(active.user), "end")
    actions.apply_command(game, Actor.player(waiting.user), "end")  # played before the notice went out
    notice = Notification.objects.get(user=waiting.user, kind="turn", sent_at__isnull=True)
    mailoutbox.clear()

    assert send_notification.apply((notice.pk,)).get() == "dropped"
    assert send_notification.apply((notice.pk + 1000,)).get() == "skipped"

    assert mailoutbox == []
    notice.refresh_from_db()
    assert notice.sent_at is not None and notice.dropped
    current = Notification.objects.get(user=active.user, kind="turn", key=notice.key + 1)
    assert send_notification.apply((current.pk,)).get() == "sent"
    assert [m.to for m in mailoutbox] == [[active.user.email]]


def test_nothing_is_sent_when_the_transaction_rolls_back(celery_eager, mailoutbox):
    game = started_game(players=2)
    active = active_seat(game)
    mailoutbox.clear()

    with pytest.raises(RuntimeError), transaction.atomic():
        actions.apply_command(game, Actor.player(active.user), "end")
        raise RuntimeError("the caller failed after the command")

    assert mailoutbox == []
    assert not Notification.objects.filter(game=game, kind="turn", key__gt=1).exists()
    game.refresh_from_db()
    assert game.state["active"] == active.index

"""Turn notifications from games.actions: scheduled on commit, sent by the Celery task to the players now
to act."""

from __future__ import annotations

import pytest
from django.db import transaction

from games import actions
from games.actions import Actor
from games.tasks import notify_turn
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
    waiting.user.profile.notify_on_turn = False
    waiting.user.profile.save()
    mailoutbox.clear()

    actions.apply_command(game, Actor.player(active.user), "end")

    assert mailoutbox == []


def test_every_seat_is_emailed_to_choose_its_faction_when_the_game_starts(celery_eager, mailoutbox):
    game = started_game(players=3, keep=False)

    assert sorted(m.to[0] for m in mailoutbox) == sorted(s.user.email for s in game.seats.all())
    # The subject is the kind's own neutral words now (no MetalTalon "keep or redraw" in the platform).
    assert all(m.subject == f"MetalTalon game {game.pk}: choose before play starts" for m in mailoutbox)


def test_the_task_does_nothing_once_the_game_has_moved_past_its_version(celery_eager, mailoutbox):
    game = started_game(players=2)
    active = active_seat(game)
    actions.apply_command(game, Actor.player(active.user), "end")
    game.refresh_from_db()
    mailoutbox.clear()

    assert notify_turn(game.pk, game.version - 1) == 0
    assert notify_turn(game.pk + 1000, 1) == 0
    assert mailoutbox == []
    assert notify_turn(game.pk, game.version) == 1


def test_nothing_is_sent_when_the_transaction_rolls_back(celery_eager, mailoutbox):
    game = started_game(players=2)
    active = active_seat(game)
    mailoutbox.clear()

    with pytest.raises(RuntimeError), transaction.atomic():
        actions.apply_command(game, Actor.player(active.user), "end")
        raise RuntimeError("the caller failed after the command")

    assert mailoutbox == []
    game.refresh_from_db()
    assert game.state["active"] == active.index

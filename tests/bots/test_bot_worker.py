"""Bots move through a real Celery worker over Redis (docs/bots.md): the commit that makes a game wait for a
bot wakes it, and the worker plays the bot's turn until the game waits for the player again."""

from __future__ import annotations

import functools
import uuid

import pytest

from games import actions
from games.actions import Actor
from games.models import Action, Game
from tests.conftest import redis_url
from tests.mail.test_send_killed import _wait
from tests.web.factories import UserFactory, fresh, to_act

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.services]

# A liveness wait with room for a loaded machine, not a timing: the bench measures the bots' speed.
wait_for = functools.partial(_wait, timeout=90)


def test_a_worker_plays_the_bots_turns_after_each_commit_that_hands_them_the_game(start_celery_worker,
                                                                                 monkeypatch):
    url = redis_url()
    worker = start_celery_worker(url, url, REDIS_URL=url,
                                 CELERY_TASK_DEFAULT_QUEUE=f"bots-{uuid.uuid4().hex[:8]}")
    from games.tasks import bot_move

    # The test process hands the game to the worker's private queue (the site uses its default queue).
    monkeypatch.setattr("games.tasks.queue_bots",
                        lambda game_id: bot_move.apply_async((game_id,), queue=worker.queue))
    monkeypatch.setattr("games.tasks.queue_notifications", lambda ids: None)
    user = UserFactory()
    game = actions.play_against_bots(Actor.player(user), players=3, level="greedy")
    mine = game.seats.get(user=user)
    # The bots decide their factions at once; then only the player's decision is awaited.
    wait_for(lambda: to_act(game) == (mine.index,), "the bots to keep or redraw")
    actions.apply_command(fresh(game), Actor.player(user), "keep")
    for _ in range(2):
        wait_for(lambda: to_act(game) == (mine.index,) or fresh(game).status == Game.Status.FINISHED,
                 "the bots to play their turns")
        if fresh(game).status == Game.Status.FINISHED:
            break
        actions.apply_command(fresh(game), Actor.player(user), "end")
    bot_rows = Action.objects.filter(game=game, source="bot")
    assert bot_rows.filter(command="end").count() >= 2  # both bots played whole turns
    assert set(bot_rows.values_list("seat", flat=True)) == {s.index for s in game.seats.exclude(user=user)}
    assert "bot_move" in worker.log.read_text()

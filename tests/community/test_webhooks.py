"""Webhooks (docs/api.md): a player's URL receives a signed JSON POST (or a Discord message) when a game
comes to their turn, once per turn however often it is attempted; a failure is retried later and given up
after the last wait; the site refuses URLs on its own network unless told otherwise. A real HTTP server
on loopback receives the POSTs."""

from __future__ import annotations

import hashlib
import hmac
import json
from datetime import timedelta
from typing import Any

import pytest
import time_machine
from django.test import Client
from django.utils import timezone

from games import actions
from games.actions import Actor
from games.actions.webhooks import BACKOFF, add_webhook, deliver, due_deliveries, try_webhook
from games.models import Webhook, WebhookDelivery
from tests.web.factories import UserFactory, active_seat, fresh, other_seat, started_game

pytestmark = pytest.mark.django_db


def deliver_owed() -> None:
    for pk in due_deliveries(100):
        deliver(pk)


def test_a_players_turn_posts_a_signed_json_body_to_their_webhook_once(receiver, monkeypatch,
                                                                       django_capture_on_commit_callbacks):
    queued: list[int] = []
    monkeypatch.setattr("games.tasks.queue_webhooks", queued.extend)
    monkeypatch.setattr("games.tasks.queue_notifications", lambda ids: None)
    game = started_game(players=2)
    waiting = other_seat(game)
    hook = add_webhook(Actor.player(waiting.user), receiver.url)
    with django_capture_on_commit_callbacks(execute=True):
        actions.apply_command(fresh(game), Actor.player(active_seat(game).user), "end")
    assert queued == list(WebhookDelivery.objects.values_list("pk", flat=True))  # queued on commit
    deliver_owed()
    deliver_owed()  # the sweep again: nothing more

    (post,) = receiver.posts
    body = json.loads(post["body"])
    assert body["event"] == "your_turn" and body["game"] == game.pk and body["player"] == waiting.user_id
    assert body["url"].endswith(f"/games/{game.pk}/") and body["api"].endswith(f"/api/games/{game.pk}")
    stamp = post["headers"]["X-MetalTalon-Timestamp"]
    signed = stamp.encode() + b"." + post["body"]
    expected = hmac.new(hook.secret.encode(), signed, hashlib.sha256).hexdigest()
    assert post["headers"]["X-MetalTalon-Signature"] == f"sha256={expected}"
    assert fresh(hook).last_outcome == "delivered"


def test_a_discord_webhook_gets_a_channel_message_and_a_game_hook_only_its_game(receiver):
    user = UserFactory()
    first, second = (started_game(players=2, users=[user, UserFactory()]) for _ in range(2))
    add_webhook(Actor.player(user), receiver.url, "discord", game=first)
    for game in (first, second):  # each comes to the user's turn
        if active_seat(game).user_id == user.pk:
            actions.apply_command(fresh(game), Actor.player(user), "end")
        actions.apply_command(fresh(game), Actor.player(active_seat(fresh(game)).user), "end")
        assert active_seat(fresh(game)).user_id == user.pk
    deliver_owed()

    (post,) = receiver.posts
    message = json.loads(post["body"])
    assert set(message) == {"content", "username", "allowed_mentions"}
    assert f"game {first.pk}" in message["content"] and message["allowed_mentions"] == {"parse": []}


def test_a_failed_post_waits_longer_before_each_retry_and_is_given_up_after_the_last(receiver):
    game = started_game(players=2)
    add_webhook(Actor.player(other_seat(game).user), receiver.url)
    receiver.statuses = [500] * (len(BACKOFF) + 1)
    actions.apply_command(fresh(game), Actor.player(active_seat(game).user), "end")
    (row,) = WebhookDelivery.objects.all()

    waits = []
    now = timezone.now()
    for _ in range(len(BACKOFF) + 1):
        with time_machine.travel(now, tick=False):
            waits.append(deliver(row.pk))
            assert deliver(row.pk) is None  # not due again at once
        now = fresh(row).next_try_at + timedelta(seconds=1)
    assert waits == [float(w) for w in BACKOFF] + [None]
    row = fresh(row)
    assert row.failed and row.attempts == len(BACKOFF) + 1 and row.last_error == "HTTP 500"
    assert len(receiver.posts) == len(BACKOFF) + 1


def test_a_retry_that_succeeds_is_the_last_post(receiver):
    game = started_game(players=2)
    add_webhook(Actor.player(other_seat(game).user), receiver.url)
    receiver.statuses = [503]
    actions.apply_command(fresh(game), Actor.player(active_seat(game).user), "end")
    (row,) = WebhookDelivery.objects.all()
    assert deliver(row.pk) == BACKOFF[0]
    with time_machine.travel(fresh(row).next_try_at + timedelta(seconds=1), tick=False):
        assert deliver(row.pk) is None
        assert deliver(row.pk) is None
    assert fresh(row).sent_at is not None and len(receiver.posts) == 2


@pytest.mark.parametrize("url", ["http://127.0.0.1/hook", "http://10.0.0.5/hook", "http://[::1]/x",
                                 "http://169.254.169.254/latest/meta-data", "ftp://example.org/hook",
                                 "http://[::ffff:127.0.0.1]/hook", "http://[64:ff9b::a00:5]/hook",
                                 "https://8.8.8.8:99999/hook", "https://8.8.8.8:8443/hook"])
def test_a_url_on_the_sites_own_network_is_refused(settings, url):
    settings.WEBHOOK_ALLOW_PRIVATE = False
    with pytest.raises(actions.Invalid, match="cannot receive webhooks"):
        add_webhook(Actor.player(UserFactory()), url)
    assert not Webhook.objects.exists()


def test_a_webhook_is_only_for_a_game_one_plays_in_and_ten_at_most(receiver):
    game = started_game(players=2)
    with pytest.raises(actions.NotAllowed):
        add_webhook(Actor.player(UserFactory()), receiver.url, game=game)
    user = UserFactory()
    for _ in range(10):
        add_webhook(Actor.player(user), receiver.url)
    with pytest.raises(actions.Invalid, match="remove one"):
        add_webhook(Actor.player(user), receiver.url)


def test_webhooks_are_kept_and_tried_from_the_profile_page(receiver, client, celery_eager,
                                                           django_capture_on_commit_callbacks):
    user = UserFactory()
    client.force_login(user)
    assert client.post("/webhooks/", {"url": receiver.url, "format": "json"}).status_code == 302
    hook = Webhook.objects.get(user=user)
    page = client.get("/profile/").content.decode()
    assert receiver.url in page and hook.secret in page

    with django_capture_on_commit_callbacks(execute=True):  # the test is posted by a task, on commit
        client.post(f"/webhooks/{hook.pk}/try/")
    assert json.loads(receiver.posts[-1]["body"]) == {"event": "test", "player": user.pk}
    assert ": delivered" in client.get("/profile/").content.decode()
    other = logged_in(UserFactory())
    other.post(f"/webhooks/{hook.pk}/remove/")
    assert Webhook.objects.filter(pk=hook.pk).exists()  # not theirs
    client.post(f"/webhooks/{hook.pk}/remove/")
    assert not Webhook.objects.exists()
    with pytest.raises(actions.Invalid):
        try_webhook(Actor.player(user), hook.pk)


def logged_in(user: Any) -> Client:
    c = Client()
    c.force_login(user)
    return c


@pytest.mark.services
@pytest.mark.django_db(transaction=True)
def test_a_celery_worker_posts_the_turns_webhook_after_the_commit(receiver, start_celery_worker, monkeypatch):
    import uuid

    from games.tasks import send_webhook
    from tests.bots.test_bot_worker import wait_for
    from tests.conftest import redis_url

    url = redis_url()
    worker = start_celery_worker(url, url, REDIS_URL=url, WEBHOOK_ALLOW_PRIVATE="true",
                                 CELERY_TASK_DEFAULT_QUEUE=f"hooks-{uuid.uuid4().hex[:8]}")
    monkeypatch.setattr("games.tasks.queue_webhooks",
                        lambda ids: [send_webhook.apply_async((pk,), queue=worker.queue) for pk in ids])
    monkeypatch.setattr("games.tasks.queue_notifications", lambda ids: None)
    game = started_game(players=2)
    add_webhook(Actor.player(other_seat(game).user), receiver.url)

    actions.apply_command(fresh(game), Actor.player(active_seat(game).user), "end")

    wait_for(lambda: len(receiver.posts) == 1, "the worker to post the webhook")
    wait_for(lambda: WebhookDelivery.objects.filter(sent_at__isnull=False).count() == 1, "the delivery's row")
    assert json.loads(receiver.posts[0]["body"])["game"] == game.pk
    assert "send_webhook" in worker.log.read_text()

"""Webhooks cannot reach the site's own network (games/webhooks.py): every address a URL resolves to must
be global by Python's ipaddress, looking through the IPv6 forms that carry an IPv4 address, and the POST
goes to the address checked. "Send a test" posts from the Celery worker, after the commit, and the
profile page says only "delivered" or "failed": never what the network answered."""

from __future__ import annotations

import ipaddress
import json
import re
import socket
import uuid

import pytest
from django.test import Client

from games import actions
from games import webhooks as hooks
from games.actions import Actor
from games.actions.webhooks import add_webhook
from games.models import Webhook
from tests.conftest import free_port
from tests.web.factories import UserFactory
from tests.web.helpers import messages_of

pytestmark = pytest.mark.django_db

# Each carries a loopback or private IPv4 address, or is not global itself.
NOT_GLOBAL = {
    "IPv4-compatible loopback": "::7f00:1",
    "IPv4-compatible private": "::a00:1",
    "SIIT (IPv4-translated) private": "::ffff:0:a00:1",
    "SIIT (IPv4-translated) loopback": "::ffff:0:7f00:1",
    "IPv4-mapped loopback": "::ffff:7f00:1",
    "NAT64 private": "64:ff9b::a00:1",
    "NAT64 metadata": "64:ff9b::a9fe:a9fe",
    "6to4 private": "2002:a00:1::1",
    "6to4 loopback": "2002:7f00:1::1",
    "site-local": "fec0::1",
    "unique local": "fd00::1",
    "link-local": "fe80::1",
    "multicast": "ff0e::1",
    "IPv4 multicast": "224.0.0.1",
    "IPv4 shared (CGNAT)": "100.64.0.1",
    "IPv4 this network": "0.0.0.0",
}


def url_for(address: str) -> str:
    host = f"[{address}]" if ":" in address else address
    return f"http://{host}/hook"


@pytest.mark.parametrize("address", NOT_GLOBAL.values(), ids=NOT_GLOBAL.keys())
def test_a_webhook_to_an_address_that_is_not_global_is_refused(settings, address):
    settings.WEBHOOK_ALLOW_PRIVATE = False
    with pytest.raises(actions.Invalid, match="cannot receive webhooks"):
        add_webhook(Actor.player(UserFactory()), url_for(address))
    assert not Webhook.objects.exists()


@pytest.mark.parametrize("address", NOT_GLOBAL.values(), ids=NOT_GLOBAL.keys())
def test_a_name_that_resolves_to_an_address_that_is_not_global_is_refused(settings, monkeypatch, address):
    """The address checked is the one the name resolves to, the one the POST would connect to."""
    settings.WEBHOOK_ALLOW_PRIVATE = False
    family = socket.AF_INET6 if ":" in address else socket.AF_INET
    monkeypatch.setattr(socket, "getaddrinfo", lambda *a, **k: [(family, socket.SOCK_STREAM, 6, "",
                                                                 (address, 80))])
    with pytest.raises(hooks.NotSent) as refused:
        hooks.check_destination("http://hooks.example.org/hook")
    assert refused.value.final and address not in str(refused.value)


@pytest.mark.parametrize("address", ["8.8.8.8", "2001:4860:4860::8888", "64:ff9b::808:808"])
def test_a_global_address_is_accepted_and_is_the_one_posted_to(settings, monkeypatch, address):
    settings.WEBHOOK_ALLOW_PRIVATE = False
    family = socket.AF_INET6 if ":" in address else socket.AF_INET
    monkeypatch.setattr(socket, "getaddrinfo", lambda *a, **k: [(family, socket.SOCK_STREAM, 6, "",
                                                                 (address, 443))])
    assert hooks.check_destination("https://hooks.example.org/hook") == ("https", "hooks.example.org", 443,
                                                                         address)
    assert ipaddress.ip_address(address).is_global


# === "Send a test" ===

RANDOM_VALUES = re.compile(r'name="csrfmiddlewaretoken" value="[^"]*"')


def profile_row(client: Client, hook: Webhook) -> str:
    page = client.get("/profile/").content.decode()
    start = page.index(hook.url)
    return page[start:page.index("</tr>", start)]


def test_the_test_is_posted_by_the_worker_after_the_request(receiver, client, monkeypatch,
                                                            django_capture_on_commit_callbacks):
    queued: list[int] = []
    monkeypatch.setattr("games.tasks.queue_webhook_test", queued.append)
    user = UserFactory()
    client.force_login(user)
    hook = add_webhook(Actor.player(user), receiver.url)

    with django_capture_on_commit_callbacks(execute=True):
        answer = client.post(f"/webhooks/{hook.pk}/try/", follow=True)

    assert queued == [hook.pk] and receiver.posts == []  # queued on commit; the request posted nothing
    assert "Test queued" in answer.content.decode()


def test_a_test_that_arrives_shows_delivered(receiver, client, celery_eager,
                                             django_capture_on_commit_callbacks):
    user = UserFactory()
    client.force_login(user)
    hook = add_webhook(Actor.player(user), receiver.url)

    with django_capture_on_commit_callbacks(execute=True):
        client.post(f"/webhooks/{hook.pk}/try/")

    assert json.loads(receiver.posts[-1]["body"]) == {"event": "test", "player": user.pk}
    assert Webhook.objects.get(pk=hook.pk).last_outcome == "delivered"
    assert "delivered" in profile_row(client, hook)


@pytest.mark.parametrize("where", ["answers 500", "nobody listens", "refused by the rules"])
def test_a_test_that_fails_shows_failed_and_nothing_the_network_said(
        receiver, client, settings, celery_eager, django_capture_on_commit_callbacks, where):
    user = UserFactory()
    client.force_login(user)
    url = {"answers 500": receiver.url, "nobody listens": f"http://127.0.0.1:{free_port()}/hook",
           "refused by the rules": receiver.url}[where]
    hook = add_webhook(Actor.player(user), url)
    receiver.statuses = [500]
    if where == "refused by the rules":
        settings.WEBHOOK_ALLOW_PRIVATE = False  # the URL was accepted, then the site's rules changed

    with django_capture_on_commit_callbacks(execute=True):
        answer = client.post(f"/webhooks/{hook.pk}/try/", follow=True)

    assert Webhook.objects.get(pk=hook.pk).last_outcome == "failed"
    # Without the random strings the row shows (the hook's secret, the forms' CSRF tokens): a secret holding
    # "500" by chance (one run in seventy) is not the network's answer.
    row = RANDOM_VALUES.sub("", profile_row(client, hook).replace(hook.url, "").replace(hook.secret, ""))
    shown = " ".join([row, *messages_of(answer)])
    assert "failed" in row
    for said in ("HTTP", "500", "Errno", "refused", "answer", "public", "port", "resolve"):
        assert said not in shown


@pytest.mark.services
@pytest.mark.django_db(transaction=True)
def test_a_celery_worker_posts_the_test(receiver, client, start_celery_worker, monkeypatch):
    from games.tasks import send_webhook_test
    from tests.bots.test_bot_worker import wait_for
    from tests.conftest import redis_url

    url = redis_url()
    worker = start_celery_worker(url, url, REDIS_URL=url, WEBHOOK_ALLOW_PRIVATE="true",
                                 CELERY_TASK_DEFAULT_QUEUE=f"hooks-{uuid.uuid4().hex[:8]}")
    monkeypatch.setattr("games.tasks.queue_webhook_test",
                        lambda pk: send_webhook_test.apply_async((pk,), queue=worker.queue))
    user = UserFactory()
    client.force_login(user)
    hook = add_webhook(Actor.player(user), receiver.url)

    client.post(f"/webhooks/{hook.pk}/try/")

    wait_for(lambda: Webhook.objects.get(pk=hook.pk).last_outcome == "delivered", "the worker's test")
    assert json.loads(receiver.posts[0]["body"]) == {"event": "test", "player": user.pk}
    assert "send_webhook_test" in worker.log.read_text()



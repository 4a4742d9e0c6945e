"""Redis down (the cache, the cached sessions and the broker on one Redis): every page still renders, from
PostgreSQL; a move commits and its notice waits for the sweep; nothing alarming is shown; and once Redis is
back the cache serves again. The Redis is the test's own, killed and started again (tests/faults/conftest.py).
"""

from __future__ import annotations

import time
from typing import Any

import pytest
import redis
from django.core.cache import cache
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from games import pulse
from games.models import Game, Notification
from metaltalon.cache import RETRY_SECONDS
from metaltalon.celery import app as celery_app
from tests.faults.conftest import OwnRedis, replayed
from tests.web.factories import active_seat, other_seat, started_game

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.services]


@pytest.fixture
def site_on(own_redis: OwnRedis, settings: Any, monkeypatch: pytest.MonkeyPatch) -> OwnRedis:
    """The site's cache, sessions and broker on the test's own Redis, as in production (one Redis)."""
    settings.CACHES = {"default": {"BACKEND": "metaltalon.cache.RedisCache", "LOCATION": own_redis.url,
                                   "KEY_PREFIX": "faults"}}
    settings.SESSION_ENGINE = "django.contrib.sessions.backends.cached_db"
    monkeypatch.setitem(celery_app.conf, "broker_url", own_redis.url)
    return own_redis


def back_up(server: OwnRedis) -> None:
    server.start()
    time.sleep(RETRY_SECONDS + 0.2)  # past the cache's pause after its last failure


ALARMING = ("Server Error", "Traceback", "Redis", "ConnectionError", "went wrong")


def test_with_redis_down_every_page_renders_and_a_move_commits_and_waits_to_be_announced(site_on):
    game = started_game(players=2)
    seat, waiting = active_seat(game), other_seat(game)
    client = Client()
    client.force_login(seat.user)
    page = f"/games/{game.pk}/"
    assert client.get(page).status_code == 200

    site_on.stop()

    ticket = pulse.ticket(game.pk, str(seat.user.pk))
    paths = {page: 200, reverse("games:lobby"): 200, "/": 200, reverse("games:mine"): 200,
             reverse("profile"): 200, reverse("games:archive"): 200, f"/games/{game.pk}/chat/": 200,
             f"/games/{game.pk}/pulse/?t={ticket}&v={game.version}&c=x": 200,
             f"/games/{game.pk}/poll/?v={game.version}": 304, f"/games/{game.pk}/board.svg": 200}
    for path, status in paths.items():
        response = client.get(path)
        assert response.status_code == status, path
        assert not any(word in response.content.decode() for word in ALARMING), path

    ended = client.post(f"/games/{game.pk}/play/", {"command": "end", "expected_version": game.version})

    assert ended.status_code == 302
    game.refresh_from_db()
    assert game.actions.filter(command="end").exists() and game.version > 0
    after = client.get(page).content.decode()
    assert '<li class="message success">Done. ' in after and not any(word in after for word in ALARMING)
    # The turn notice is owed in the database; the broker was down, so the minute's sweep sends it.
    assert Notification.objects.filter(user=waiting.user, game=game, sent_at=None).exists()

    back_up(site_on)
    client.get(page)
    with CaptureQueriesContext(connection) as captured:
        again = client.get(page)
    assert again.status_code == 200
    assert len(captured) == 0, [q["sql"] for q in captured.captured_queries]  # from the cache once more


def test_signing_in_works_while_redis_is_down(site_on):
    game = started_game(players=2)
    user = active_seat(game).user
    site_on.stop()

    client = Client()
    response = client.post(reverse("account_login"), {"login": user.email, "password": "pass-word-123"})

    assert response.status_code == 302
    # The next page is the signed-in player's (its region's chrome is drawn for no one in particular, so the
    # request's user is read, not the last template context's).
    page = client.get(f"/games/{game.pk}/")
    assert page.status_code == 200 and page.wsgi_request.user == user
    assert "Type commands" in page.content.decode()  # the seat's command box: drawn for this player


def test_a_delete_the_outage_held_back_is_made_when_redis_answers_again(site_on):
    """Redis unreachable but not restarted (a network fault, a stall) keeps its entries: a delete made in
    the meantime must still happen, or the entry it meant to drop would be served stale."""
    cache.set("prefs-like", "the old name", 300)
    raw = redis.Redis.from_url(site_on.url)
    raw.execute_command("CLIENT", "PAUSE", 2500, "ALL")  # Redis holds every client for 2.5 s

    cache.delete("prefs-like")  # times out: remembered

    assert cache.down and cache.get("prefs-like") is None  # while down: a miss, not the old entry
    time.sleep(2.5 + RETRY_SECONDS)
    assert raw.exists(cache.make_key("prefs-like")) == 1  # Redis kept the entry through the stall
    assert cache.get("prefs-like") is None  # the held delete was made before this read
    assert raw.exists(cache.make_key("prefs-like")) == 0


def test_while_down_the_cache_does_not_try_redis_on_every_request(site_on, monkeypatch):
    site_on.stop()
    cache.get("anything")  # fails once: down now
    attempts: list[int] = []
    real, real_read = cache._cache.get_client, cache._cache._send  # writes take the client; reads, _send
    monkeypatch.setattr(cache._cache, "get_client", lambda *a, **k: attempts.append(1) or real(*a, **k))
    monkeypatch.setattr(cache._cache, "_send", lambda *a, **k: attempts.append(1) or real_read(*a, **k))

    for _ in range(50):
        assert cache.get("anything", "default") == "default"
        cache.set("anything", 1)

    assert attempts == []


def test_the_game_keeps_its_order_across_the_outage(site_on):
    """Moves made before, during and after the outage: one gap-free log, and the state is its replay."""
    game = started_game(players=2)
    client = Client()
    for phase in ("before", "during", "after"):
        if phase == "during":
            site_on.stop()
        if phase == "after":
            back_up(site_on)
        game.refresh_from_db()
        seat = active_seat(game)
        client.force_login(seat.user)
        assert client.post(f"/games/{game.pk}/play/", {"command": "end", "expected_version": game.version}
                           ).status_code == 302
    game.refresh_from_db()
    seqs = list(game.actions.order_by("seq").values_list("seq", flat=True))
    assert seqs == list(range(1, len(seqs) + 1))
    assert replayed(game) == game.state
    assert Game.objects.get(pk=game.pk).version == game.version

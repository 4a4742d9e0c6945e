"""Rate limits on what a player can repeat fast (games/actions/limits.py), on every channel, with a clear
refusal that changes nothing; login limits counted per client behind the proxy (TRUSTED_PROXY_COUNT)."""

from __future__ import annotations

import logging
import uuid
from typing import Any

import limits
import pytest
import redis.connection
from django.test import Client
from django.urls import reverse

from accounts.tokens import issue
from games import actions, rates
from games.actions import Actor
from games.models import ChatMessage, Invitation, Report
from tests.web.factories import UserFactory, active_seat, open_game, other_seat, started_game
from tests.web.helpers import htmx_post

pytestmark = pytest.mark.django_db


def fresh_counts(settings) -> None:
    """Counters of their own from here on (a game's setup already played commands for its players)."""
    settings.RATE_LIMIT_PREFIX = f"{settings.RATE_LIMIT_PREFIX}{uuid.uuid4().hex[:8]}-"


def test_a_chat_flood_is_refused_after_the_limit_with_a_clear_message(client, settings):
    settings.CHAT_RATE_LIMIT = "3/minute"
    game = started_game(players=2)
    seat = active_seat(game)
    client.force_login(seat.user)
    chat = reverse("games:chat", args=[game.pk])

    answers = [htmx_post(client, chat, {"text": f"message {i}" * 100}) for i in range(5)]

    assert [a.status_code for a in answers] == [200, 200, 200, 429, 429]
    assert "Too many chat messages in a short time: try again in" in answers[3].content.decode()
    assert ChatMessage.objects.filter(game=game).count() == 3


def test_commands_past_the_limit_are_refused_and_not_applied_on_any_channel(settings):
    settings.COMMAND_RATE_LIMIT = "2/minute"
    game = started_game(players=2)
    seat = active_seat(game)
    player = Actor.player(seat.user)
    fresh_counts(settings)
    actions.apply_command(game, player, "order damage ews")
    actions.apply_command(game, player, "order damage wes")
    before = game.actions.count()

    with pytest.raises(actions.RateLimited, match="Too many commands") as refused:
        actions.apply_command(game, Actor.player(seat.user, "api"), "order damage sew")

    assert refused.value.code == "rate_limited" and 1 <= refused.value.retry_after <= 60
    assert game.actions.count() == before
    # Bots and the clock are never counted: only people typing or clicking.
    assert actions.apply_command(game, Actor.clock(), "order damage sew", seat=seat.index).actions


def test_a_command_past_the_limit_on_the_web_answers_429_over_the_board(client, settings):
    settings.COMMAND_RATE_LIMIT = "1/minute"
    game = started_game(players=2)
    seat = active_seat(game)
    client.force_login(seat.user)
    fresh_counts(settings)
    htmx_post(client, reverse("games:orders", args=[game.pk]), {"damage": "wes"})

    response = htmx_post(client, reverse("games:play", args=[game.pk]), {"command": "launch 1e"})

    assert response.status_code == 429
    assert "Too many commands in a short time" in response.content.decode()
    assert not game.actions.filter(command="launch 1e").exists()


ORDERS = ["order damage ews", "order damage wes", "order damage sew"]


def test_each_command_of_a_submission_counts_and_one_that_does_not_fit_is_refused_whole(settings):
    settings.COMMAND_RATE_LIMIT = "5/minute"
    game = started_game(players=2)
    seat = active_seat(game)
    player = Actor.player(seat.user, "api")
    fresh_counts(settings)
    actions.apply_command(game, player, "; ".join(ORDERS))
    before = game.actions.count()

    with pytest.raises(actions.RateLimited, match="Too many commands in a short time"):
        actions.apply_command(game, player, "; ".join(ORDERS))  # 3 more than the 2 left

    assert game.actions.count() == before  # none of the three was played
    assert len(actions.apply_command(game, player, "; ".join(ORDERS[:2])).actions) == 2  # the 2 left


def test_a_submission_larger_than_the_limits_window_is_refused_with_what_fits(settings):
    settings.COMMAND_RATE_LIMIT = "2/minute"
    game = started_game(players=2)
    seat = active_seat(game)
    fresh_counts(settings)
    before = game.actions.count()

    with pytest.raises(actions.IllegalMove, match="That is 3 commands at once; the site takes at most 2"):
        actions.apply_command(game, Actor.player(seat.user), "; ".join(ORDERS))

    assert game.actions.count() == before


def test_the_players_of_one_game_together_are_limited_but_bots_and_the_clock_are_not(settings):
    settings.GAME_COMMAND_RATE_LIMIT = "4/minute"
    game, elsewhere = started_game(players=2), started_game(players=2)
    seat, other = active_seat(game), other_seat(game)
    fresh_counts(settings)
    actions.apply_command(game, Actor.player(seat.user), "; ".join(ORDERS))
    before = game.actions.count()

    with pytest.raises(actions.RateLimited, match="Too many commands in this game in a short time"):
        actions.apply_command(game, Actor.player(other.user), "; ".join(ORDERS[:2]))

    assert game.actions.count() == before
    assert actions.apply_command(game, Actor.clock(), "; ".join(ORDERS), seat=seat.index).actions
    # Another game's players are counted apart.
    assert actions.apply_command(elsewhere, Actor.player(active_seat(elsewhere).user), "; ".join(ORDERS))


def test_the_characters_of_a_players_commands_are_limited(settings):
    settings.COMMAND_CHARS_RATE_LIMIT = "60/minute"
    game = started_game(players=2)
    player = Actor.player(active_seat(game).user)
    fresh_counts(settings)
    actions.apply_command(game, player, "; ".join(ORDERS))  # 48 characters
    before = game.actions.count()

    with pytest.raises(actions.RateLimited, match="Too many characters of commands in a short time"):
        actions.apply_command(game, player, ORDERS[0])  # 16 more

    assert game.actions.count() == before


def test_a_flood_of_big_submissions_through_the_api_plays_no_more_commands_than_the_limit(settings):
    """The review's attack, at the default limits: submissions of 20 commands each, back to back."""
    game = started_game(players=2)
    user = active_seat(game).user
    fresh_counts(settings)
    _, token = issue(user, "flood")
    client = Client()
    before = game.actions.count()
    body = {"commands": "; ".join(ORDERS[i % 3] for i in range(20))}

    answers = [client.post(f"/api/games/{game.pk}/commands", body, content_type="application/json",
                           HTTP_AUTHORIZATION=f"Bearer {token}") for _ in range(10)]

    assert [a.status_code for a in answers] == [200] * 6 + [429] * 4  # 120 a minute, counted one by one
    assert answers[-1].json()["code"] == "rate_limited" and int(answers[-1]["Retry-After"]) >= 1
    assert game.actions.count() - before == 120


def test_invitations_past_the_limit_are_refused(settings):
    settings.INVITE_RATE_LIMIT = "2/hour"
    game = open_game(players=6)
    names = [UserFactory().profile.display_name for _ in range(3)]
    host = Actor.player(game.created_by)
    actions.invite_user(game, host, names[0])
    actions.invite_user(game, host, "nobody by this name")  # counted too: probing names costs the same

    with pytest.raises(actions.RateLimited, match="Too many invitations"):
        actions.invite_user(game, host, names[2])
    assert list(Invitation.objects.filter(game=game).order_by("pk").values_list("name", flat=True)) == [
        names[0], "nobody by this name"]


def test_a_request_refused_by_a_longer_window_is_not_counted_by_a_shorter_one(settings):
    fresh_counts(settings)
    waits = [rates.hit("5/minute;2/hour", "probe", "someone") for _ in range(8)]

    # Told the hour's wait every time: the refused tries never filled the minute.
    assert waits[:2] == [0, 0] and all(w > 60 for w in waits[2:])


def test_limits_pass_uncounted_when_their_store_is_out_of_reach(settings, caplog):
    settings.REDIS_URL = "redis://127.0.0.1:1/0"  # nothing listens on port 1
    rates._limiter.cache_clear()
    try:
        with caplog.at_level(logging.WARNING, logger="games.rates"):
            assert rates.hit("1/minute", "probe", "k") == 0
            assert rates.hit("1/minute", "probe", "k") == 0
    finally:
        rates._limiter.cache_clear()
        rates._down_until = 0.0
    assert "not counted for 2.0 s: their store is out of reach" in caplog.text


TOO_MANY = "Too many failed login attempts"


def _login(client: Client, email: str, password: str, forwarded: str) -> Any:
    return client.post(reverse("account_login"), {"login": email, "password": password},
                       headers={"X-Forwarded-For": forwarded})


def test_behind_the_proxy_one_clients_failed_logins_do_not_lock_out_another(settings):
    settings.TRUSTED_PROXY_COUNT = settings.ALLAUTH_TRUSTED_PROXY_COUNT = 1
    settings.ACCOUNT_RATE_LIMITS = {"login_failed": "3/m/ip"}
    alice = UserFactory(username="alice")
    attacker, player = Client(), Client()

    for i in range(4):
        _login(attacker, f"nobody{i}@example.com", "wrong", "203.0.113.5")
    blocked = _login(attacker, alice.email, "pass-word-123", "203.0.113.5")
    allowed = _login(player, alice.email, "pass-word-123", "198.51.100.7")

    assert TOO_MANY in blocked.content.decode()
    assert allowed.status_code == 302 and player.session["_auth_user_id"] == str(alice.pk)


def test_without_a_trusted_proxy_the_forwarded_header_is_ignored(settings):
    """A client cannot dodge the limit by inventing X-Forwarded-For when no proxy adds it."""
    settings.TRUSTED_PROXY_COUNT = settings.ALLAUTH_TRUSTED_PROXY_COUNT = 0
    settings.ACCOUNT_RATE_LIMITS = {"login_failed": "3/m/ip"}
    alice = UserFactory(username="alice")
    client = Client()
    for i in range(4):
        _login(client, f"nobody{i}@example.com", "wrong", f"203.0.113.{i}")

    again = _login(client, alice.email, "pass-word-123", "198.51.100.99")

    assert again.status_code == 200 and TOO_MANY in again.content.decode()


def test_a_report_flood_is_refused_after_the_default_limit_in_words(client, settings):
    fresh_counts(settings)
    game = started_game(players=2)
    me, them = active_seat(game), other_seat(game)
    lines = [actions.post_chat(game, Actor.player(them.user), f"line {i}") for i in range(7)]
    client.force_login(me.user)

    answers = [htmx_post(client, reverse("games:report", args=[m.pk]), {"reason": "rude"}) for m in lines]

    assert [a.status_code for a in answers] == [200] * 5 + [429] * 2  # REPORT_RATE_LIMIT: 5 a minute
    assert "Too many reports in a short time: try again in" in answers[5].content.decode()
    assert Report.objects.filter(reporter=me.user).count() == 5


def test_a_commands_counts_at_every_rate_are_one_call_to_redis_and_limits_reads_them_as_its_own(settings):
    """Three counts at two rates each: one round trip (games/rates.py, _ALL_OR_NONE), where testing and
    then counting each rate apart took twelve; the entries are limits' own, which its window reads."""
    fresh_counts(settings)
    counts = [rates.Count("5/minute;9/hour", "probe-a", "k", 2),
              rates.Count("50/minute;90/hour", "probe-b", "k", 7),
              rates.Count("4/minute;8/hour", "probe-c", "k")]
    rates.hit_all(counts)  # redis-py loads the script on its first use
    sent = []
    real = redis.connection.AbstractConnection.send_packed_command

    def counted(self: Any, command: Any, *args: Any, **kwargs: Any) -> Any:
        sent.append(command)
        return real(self, command, *args, **kwargs)

    redis.connection.AbstractConnection.send_packed_command = counted  # type: ignore[method-assign]
    try:
        assert rates.hit_all(counts) is None
    finally:
        redis.connection.AbstractConnection.send_packed_command = real  # type: ignore[method-assign]

    assert len(sent) == 1
    limiter = rates._limiter()
    for count, minute_left, hour_left in [(counts[0], 1, 5), (counts[1], 36, 76), (counts[2], 2, 6)]:
        minute, hour = limits.parse_many(count.rates)
        namespace = settings.RATE_LIMIT_PREFIX + count.namespace
        assert limiter.get_window_stats(minute, namespace, "k").remaining == minute_left
        assert limiter.get_window_stats(hour, namespace, "k").remaining == hour_left


def test_a_count_that_does_not_fit_counts_none_of_the_others_and_says_its_own_wait(settings):
    fresh_counts(settings)
    fits = rates.Count("5/minute", "probe-fits", "k")
    full = rates.Count("10/minute;1/hour", "probe-full", "k")
    assert rates.hit_all([full]) is None

    refused = rates.hit_all([fits, full])

    assert refused is not None and refused[0] == full and 60 < refused[1] <= 3600
    assert rates._limiter().get_window_stats(limits.parse("5/minute"),
                                             settings.RATE_LIMIT_PREFIX + "probe-fits", "k").remaining == 5


def test_without_redis_the_limits_count_in_the_process_alike(settings):
    settings.REDIS_URL = ""  # the embedded default: limits' memory storage, counted rate by rate
    rates._limiter.cache_clear()
    try:
        waits = [rates.hit("5/minute;2/hour", "probe", "someone") for _ in range(4)]
        refused = rates.hit_all([rates.Count("9/minute", "probe", "other"),
                                 rates.Count("5/minute;2/hour", "probe", "someone")])
        assert rates.hit("9/minute", "probe", "other") == 0
    finally:
        rates._limiter.cache_clear()
    assert waits[:2] == [0, 0] and all(w > 60 for w in waits[2:])
    assert refused is not None and refused[0].key == "someone"

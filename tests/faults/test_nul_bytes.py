"""A NUL character in a request is bad input: PostgreSQL cannot store or compare it in text, so it must
never reach a query. metaltalon/middleware.py answers 400 to one in the path, the query string, a cookie
or a form field, and the actions that take free text refuse it in their own words."""

from __future__ import annotations

import json

import pytest
from django.test import Client

from accounts import tokens
from accounts.models import ApiToken
from games import actions
from games.actions import Actor
from games.actions.webhooks import add_webhook
from games.models import Webhook
from tests.web.factories import UserFactory, finished_game

pytestmark = pytest.mark.django_db


@pytest.fixture
def anonymous() -> Client:
    return Client(raise_request_exception=False)


@pytest.fixture
def signed_in() -> Client:
    client = Client(raise_request_exception=False)
    client.force_login(UserFactory())
    return client


def refused(response) -> bool:  # noqa: ANN001 (a test client's response)
    return response.status_code == 400 and b"NUL" in response.content


@pytest.mark.parametrize("path", ["/leaderboards/metaltalon/tok%00en/", "/leaderboards/me%00/token/",
                                  "/leaderboards/metaltalon/token/?players=%00"])
def test_a_nul_in_a_leaderboards_address_is_refused(anonymous, path):
    finished_game()
    assert refused(anonymous.get(path))


def test_a_nul_in_a_join_link_is_refused(signed_in):
    assert refused(signed_in.get("/games/join/ab%00cd/"))
    assert refused(signed_in.post("/games/join/ab%00cd/"))


def test_a_nul_in_the_apis_game_filter_is_refused_as_a_problem(signed_in):
    user = UserFactory()
    _token, secret = tokens.issue(user, "script")
    response = signed_in.get("/api/games?kind=%00", HTTP_AUTHORIZATION=f"Bearer {secret}")
    problem = json.loads(response.content)
    assert response.status_code == 400 and problem["code"] == "invalid" and "NUL" in problem["message"]


@pytest.mark.parametrize("encoding", ["urlencoded", "multipart"])
def test_a_nul_in_a_tokens_name_is_refused_and_makes_no_token(signed_in, encoding):
    if encoding == "urlencoded":
        response = signed_in.post("/profile/tokens/", "name=my%00script",
                                  content_type="application/x-www-form-urlencoded")
    else:
        response = signed_in.post("/profile/tokens/", {"name": "my\x00script"})
    assert refused(response)
    assert not ApiToken.objects.exists()


def test_a_nul_in_a_webhooks_url_is_refused_and_adds_nothing(signed_in):
    for url in ("https://exa\x00mple.org/hook", "https://example.org/hook\x00"):
        assert refused(signed_in.post("/webhooks/", {"url": url, "format": "json"}))
    assert not Webhook.objects.exists()


def test_a_nul_in_a_cookie_is_refused(anonymous):
    assert refused(anonymous.get("/games/", HTTP_COOKIE='sessionid="abcdefghijkl\\000"'))


def test_the_actions_refuse_a_nul_in_their_own_words():
    user = UserFactory()
    with pytest.raises(tokens.TokenRefused, match="NUL"):
        tokens.issue(user, "my\x00script")
    with pytest.raises(actions.Invalid, match="cannot receive webhooks"):
        add_webhook(Actor.player(user), "https://example.org/\x00hook")
    assert not ApiToken.objects.exists() and not Webhook.objects.exists()


def test_a_request_without_a_nul_is_served_as_before(signed_in):
    assert signed_in.get("/leaderboards/").status_code in (200, 302)
    assert signed_in.post("/profile/tokens/", {"name": "my script"}).status_code == 200
    assert ApiToken.objects.count() == 1

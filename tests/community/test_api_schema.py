"""The API's OpenAPI description (/api/schema) drives schemathesis: requests it generates from the
description, well formed or not, never meet a server error, and the description is served to anyone."""

from __future__ import annotations

import pytest
import schemathesis
from django.core.signals import request_finished, request_started
from django.core.wsgi import get_wsgi_application
from django.db import close_old_connections
from hypothesis import HealthCheck, settings
from schemathesis.checks import not_a_server_error

from accounts.tokens import issue
from games import rates
from tests.web.factories import UserFactory, started_game

schema = schemathesis.openapi.from_wsgi("/api/schema", get_wsgi_application())


@pytest.fixture
def token(settings):  # noqa: F811 (pytest-django's settings, not hypothesis')
    """A user with a game in play, and no rate limit in the way of a few hundred requests."""
    settings.API_RATE_LIMIT = settings.API_COMMAND_RATE_LIMIT = "100000/minute"
    rates.reset()
    user = UserFactory()
    started_game(players=2, users=[user, UserFactory()])
    return issue(user, "schemathesis")[1]


@pytest.fixture(autouse=True)
def one_connection():
    """The WSGI handler closes the database connection after each request; within a test transaction it
    must not (django.test.Client does the same)."""
    request_started.disconnect(close_old_connections)
    request_finished.disconnect(close_old_connections)
    yield
    request_started.connect(close_old_connections)
    request_finished.connect(close_old_connections)


@pytest.mark.django_db
@schema.parametrize()
@settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck))
def test_no_request_the_description_allows_or_not_meets_a_server_error(case, token):
    case.call_and_validate(headers={"Authorization": f"Bearer {token}"}, checks=[not_a_server_error])


def test_the_description_and_its_documentation_page_are_public(client):
    spec = client.get("/api/schema")
    assert spec.status_code == 200 and spec.json()["info"]["title"] == "MetalTalon API"
    assert {"/api/games", "/api/games/{game_id}/commands"} <= set(spec.json()["paths"])
    page = client.get("/api/docs")
    assert page.status_code == 200 and "swagger-ui-bundle.js" in page.content.decode()
    assert "cdn" not in page.content.decode().lower()

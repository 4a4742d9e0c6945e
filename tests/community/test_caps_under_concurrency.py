"""The caps on a player's API tokens and webhooks (docs/api.md) hold when many requests arrive at once:
each creation locks its owner's row before counting, so twelve threads on twelve PostgreSQL connections
make ten and are refused two."""

from __future__ import annotations

from typing import Any

import pytest

from accounts import tokens
from accounts.models import ApiToken
from games import actions
from games.actions import Actor
from games.actions.webhooks import MAX_HOOKS, add_webhook
from games.models import Webhook
from tests.web.factories import UserFactory
from tests.web.helpers import run_together

pytestmark = pytest.mark.django_db(transaction=True)

THREADS = 12


def test_twelve_tokens_made_at_once_stop_at_the_cap():
    user = UserFactory()

    def make(i: int) -> Any:
        return lambda: tokens.issue(user, f"script {i}")

    results = run_together([make(i) for i in range(THREADS)])

    refused = [r for r in results if isinstance(r, tokens.TokenRefused)]
    assert ApiToken.objects.filter(user=user, revoked_at=None).count() == tokens.MAX_TOKENS, results
    assert len(refused) == THREADS - tokens.MAX_TOKENS, results


def test_twelve_webhooks_added_at_once_stop_at_the_cap(settings):
    settings.WEBHOOK_ALLOW_PRIVATE = True  # nothing is posted: only the rows are counted
    user = UserFactory()

    def add() -> Any:
        return add_webhook(Actor.player(user), "http://127.0.0.1:9/hook")

    results = run_together([add] * THREADS)

    refused = [r for r in results if isinstance(r, actions.Invalid) and r.code == "too_many"]
    assert Webhook.objects.filter(user=user).count() == MAX_HOOKS, results
    assert len(refused) == THREADS - MAX_HOOKS, results

"""Inbound mail tests count senders against the rate limit in Redis (or this process): each test starts
from zero, so one test's replies never throttle another's."""

from __future__ import annotations

from collections.abc import Iterator

import pytest


@pytest.fixture(autouse=True)
def _fresh_rate_limits() -> Iterator[None]:
    from games.mail.inbound import reset_rate_limits

    reset_rate_limits()
    yield

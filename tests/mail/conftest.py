"""Inbound mail tests: the site's SMTP listener on loopback, and a fresh rate limit for each test.

They count senders against the rate limit in Redis (or this process): each test starts
from zero, so one test's replies never throttle another's."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from games.mail.doors import start_listener
from tests.conftest import free_port


@pytest.fixture(autouse=True)
def _fresh_rate_limits() -> Iterator[None]:
    from games.mail.inbound import reset_rate_limits

    reset_rate_limits()
    yield


@pytest.fixture
def listener() -> Iterator[Any]:
    """Factory: listener(lmtp=False) -> the port of a started listener on loopback, stopped after."""
    started: list[Any] = []

    def start(lmtp: bool = False) -> int:
        port = free_port()
        started.append(start_listener("127.0.0.1", port, lmtp=lmtp))
        return port

    yield start
    for controller in started:
        controller.stop()

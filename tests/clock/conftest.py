"""The clock's tests: time that stands still until a test moves it, and players without vacation days."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
import time_machine


@pytest.fixture
def clock(request: pytest.FixtureRequest) -> Iterator[time_machine.Coordinates]:
    """Time stands at the test module's T0 until the test moves it."""
    with time_machine.travel(request.module.T0, tick=False) as traveller:
        yield traveller


@pytest.fixture
def no_vacation_days(settings: Any) -> None:
    """Players without vacation days, so a timeout times out (tests/clock/test_vacation.py has the
    automatic vacation)."""
    settings.VACATION_START_DAYS = 0

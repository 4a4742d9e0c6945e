"""The clock's tests: players without vacation days (time that stands still is tests/conftest.py's
`clock`)."""

from __future__ import annotations

from typing import Any

import pytest


@pytest.fixture
def no_vacation_days(settings: Any) -> None:
    """Players without vacation days, so a timeout times out (tests/clock/test_vacation.py has the
    automatic vacation)."""
    settings.VACATION_START_DAYS = 0

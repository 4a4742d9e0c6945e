"""The engine's tests: the quick rule tests first, the random-game property tests last.

Mutation testing (`make mutate`, docs/testing.md) stops a mutant's run at the first failing test, and
mutmut hands pytest the covering tests in no set order; running the seconds-long property tests after
the millisecond rule tests lets most mutants fail fast."""

import pytest


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    items.sort(key=lambda item: item.nodeid.startswith("tests/kinds/metaltalon/engine/test_properties.py"))

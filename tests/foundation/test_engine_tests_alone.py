"""The engine is pure Python (shared/DESIGN.md), and so are its tests: they run without Django at all,
so `make mutate` and anyone outside the site can use them alone."""

from __future__ import annotations

import os
import subprocess
import sys

from tests.conftest import REPO


def test_the_engine_tests_run_without_pytest_django_or_settings() -> None:
    env = {k: v for k, v in os.environ.items() if k != "DJANGO_SETTINGS_MODULE"}
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "tests/kinds/metaltalon/engine/test_board.py",
         "tests/kinds/metaltalon/engine/test_commands.py", "-p", "no:django", "-p", "no:cacheprovider", "-q"],
        cwd=REPO, env=env, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    assert " passed" in done.stdout and "error" not in done.stdout.lower()


def test_the_metal_adventures_rules_tests_run_without_pytest_django_or_settings() -> None:
    env = {k: v for k, v in os.environ.items() if k != "DJANGO_SETTINGS_MODULE"}
    folder = "tests/kinds/metal_adventures"
    done = subprocess.run(
        [sys.executable, "-m", "pytest", f"{folder}/test_ma_cards.py", f"{folder}/test_ma_setup.py",
         f"{folder}/test_ma_state.py", f"{folder}/test_ma_invariants.py", "-p", "no:django",
         "-p", "no:cacheprovider", "-q"],
        cwd=REPO, env=env, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    assert " passed" in done.stdout and "error" not in done.stdout.lower()


def test_the_metabaloids_rules_tests_run_without_pytest_django_or_settings() -> None:
    env = {k: v for k, v in os.environ.items() if k != "DJANGO_SETTINGS_MODULE"}
    folder = "tests/kinds/metabaloids"
    done = subprocess.run(
        [sys.executable, "-m", "pytest", f"{folder}/test_mb_cards.py", f"{folder}/test_mb_scenarios_a.py",
         f"{folder}/test_mb_invariants.py", f"{folder}/test_mb_window.py", "-p", "no:django",
         "-p", "no:cacheprovider", "-q"],
        cwd=REPO, env=env, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    assert " passed" in done.stdout and "error" not in done.stdout.lower()

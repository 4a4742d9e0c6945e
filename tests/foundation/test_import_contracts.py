"""The import-linter contracts in .importlinter hold on the code, and catch the breaches they name."""

import shutil
import subprocess
from pathlib import Path

from tests.foundation.helpers import BIN, REPO

ENGINE = Path("games", "kinds", "metaltalon", "engine")


def lint_imports(root: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([str(BIN / "lint-imports"), "--no-cache"], cwd=root, capture_output=True, text=True,
                          timeout=120, env={"PATH": f"{BIN}:/usr/bin:/bin", "PYTHONPATH": str(root)})


def copy_of_the_code(tmp_path: Path) -> Path:
    for package in ("games", "accounts", "metaltalon"):
        shutil.copytree(REPO / package, tmp_path / package, ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy(REPO / ".importlinter", tmp_path / ".importlinter")
    return tmp_path


def test_the_code_keeps_every_import_contract():
    result = lint_imports(REPO)

    assert result.returncode == 0, result.stdout
    assert "0 broken" in result.stdout


def test_an_engine_module_importing_django_breaks_the_purity_contract(tmp_path):
    root = copy_of_the_code(tmp_path)
    (root / ENGINE / "leaky.py").write_text("from django.db import models\n")

    result = lint_imports(root)

    assert result.returncode != 0
    assert "games.kinds.metaltalon.engine.leaky -> django (l.1)" in result.stdout


def test_an_engine_module_importing_the_site_breaks_the_purity_contract(tmp_path):
    root = copy_of_the_code(tmp_path)
    (root / ENGINE / "leaky.py").write_text("import games.models\n")

    result = lint_imports(root)

    assert result.returncode != 0
    assert "games.kinds.metaltalon.engine.leaky -> games.models" in result.stdout


def test_the_platform_never_imports_the_engine_and_nobody_imports_its_modules(tmp_path):
    root = copy_of_the_code(tmp_path)
    (root / ENGINE / "board.py").write_text("CELLS = 61\n")
    (root / "games" / "views.py").write_text("from games.kinds.metaltalon.engine.board import CELLS\n")
    (root / "games" / "tasks.py").write_text(
        "from games.kinds.metaltalon import engine\nfrom games.kinds.metaltalon.engine import board\n")
    (root / "games" / "mail").mkdir(exist_ok=True)
    (root / "games" / "mail" / "inbound.py").write_text("import games.kinds.metaltalon.engine.board\n")
    (root / "games" / "mail" / "__init__.py").write_text("")
    kind = root / "games" / "kinds" / "metaltalon"
    (kind / "extra.py").write_text("from games.kinds.metaltalon.engine import EDITIONS\n")
    (kind / "leaky.py").write_text("from games.kinds.metaltalon.engine.board import CELLS\n")

    result = lint_imports(root)

    assert result.returncode != 0
    for breach in ("games.views -> games.kinds.metaltalon.engine.board",
                   "games.tasks -> games.kinds.metaltalon.engine.board",
                   "games.tasks -> games.kinds.metaltalon.engine (l.1)",
                   "games.mail.inbound -> games.kinds.metaltalon.engine.board",
                   "games.kinds.metaltalon.leaky -> games.kinds.metaltalon.engine.board"):
        assert breach in result.stdout
    # MetalTalon's kind is the engine's one caller, through the engine's public package.
    assert "games.kinds.metaltalon.extra ->" not in result.stdout


def test_the_clock_importing_a_kind_breaks_the_platform_contract(tmp_path):
    root = copy_of_the_code(tmp_path)
    (root / "games" / "clock" / "leaky.py").write_text("from games.kinds.metaltalon import kind\n")

    result = lint_imports(root)

    assert result.returncode != 0
    assert "games.clock.leaky -> games.kinds.metaltalon" in result.stdout


def test_a_metal_adventures_bot_importing_django_or_the_kind_s_command_breaks_its_contract(tmp_path):
    root = copy_of_the_code(tmp_path)
    bots = root / "games" / "kinds" / "metal_adventures" / "bots"
    (bots / "leaky.py").write_text("import django.conf\n")
    (bots / "reports.py").write_text("from games.kinds.metal_adventures.management import commands\n")

    result = lint_imports(root)

    said = " ".join(result.stdout.split())  # the report wraps long lines
    assert result.returncode != 0
    assert "games.kinds.metal_adventures.bots.leaky -> django (l.1)" in said
    assert ("games.kinds.metal_adventures.bots.reports -> games.kinds.metal_adventures.management.commands"
            in said)


def test_the_platform_s_simulate_command_imports_no_kind(tmp_path):
    root = copy_of_the_code(tmp_path)
    command = root / "games" / "management" / "commands" / "simulate.py"
    command.write_text(command.read_text() + "\nfrom games.kinds.metal_adventures.bots import simulate\n")

    result = lint_imports(root)

    said = " ".join(result.stdout.split())
    assert result.returncode != 0
    assert "games.management.commands.simulate -> games.kinds.metal_adventures.bots.simulate" in said

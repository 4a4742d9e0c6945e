"""Run the project's own commands in a subprocess with a controlled environment."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
BIN = Path(sys.executable).parent

# Variables of the developer's or CI's shell that would leak into a "fresh machine" run.
SITE_VARIABLES = ("DEBUG", "SECRET_KEY", "DATABASE_URL", "REDIS_URL", "CELERY_BROKER_URL",
                  "CELERY_RESULT_BACKEND", "CELERY_FS_DIR", "EMAIL_URL", "SITE_URL", "MAIL_DOMAIN",
                  "ALLOWED_HOSTS", "VAR_DIR", "STATIC_ROOT", "CI", "SECURE_SSL_REDIRECT",
                  "DJANGO_ALLOW_ASYNC_UNSAFE")

STRONG_SECRET_KEY = "k3J9-prod-like-secret-for-tests-only-Zq81vXw0pLm4Nb7Tt2Ry6Hs5Gd"


def clean_env(**overrides: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in SITE_VARIABLES}
    env["DJANGO_SETTINGS_MODULE"] = "metaltalon.settings"
    env.update(overrides)
    return env


def production_env(tmp_path: Path, **overrides: str) -> dict[str, str]:
    production = {"DEBUG": "false", "SECRET_KEY": STRONG_SECRET_KEY, "SITE_URL": "https://metaltalon.example.org",
                  "DATABASE_URL": f"sqlite:///{tmp_path / 'prod.sqlite3'}", "VAR_DIR": str(tmp_path / "var"),
                  "REDIS_URL": "redis://127.0.0.1:6379/0",
                  "EMAIL_URL": "smtp://mailer:pw@smtp.example.org:587?tls=true",
                  "STATIC_ROOT": str(tmp_path / "static")}
    return clean_env(**{**production, **overrides})


def manage(*args: str, env: dict[str, str], timeout: float = 120) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "manage.py", *args], cwd=REPO, env=env, capture_output=True,
                          text=True, timeout=timeout)

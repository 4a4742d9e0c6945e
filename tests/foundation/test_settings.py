import os
import subprocess

import pytest
from django.conf import settings
from django.db import connection

from metaltalon.settings import _mailer
from tests.foundation.helpers import BIN, REPO, STRONG_SECRET_KEY, clean_env, manage, production_env


@pytest.mark.django_db
def test_the_suite_runs_on_the_configured_database_and_on_postgresql_in_ci():
    if os.environ.get("CI", "").lower() == "true":
        assert connection.vendor == "postgresql"
    else:
        expected = "sqlite" if settings.DATABASE_URL.startswith("sqlite") else "postgresql"
        assert connection.vendor == expected


def test_it_refuses_to_start_without_secret_key_when_debug_is_off(tmp_path):
    env = production_env(tmp_path)
    del env["SECRET_KEY"]

    result = manage("check", env=env)

    assert result.returncode != 0
    assert "SECRET_KEY is not set" in result.stderr
    assert "Traceback" not in result.stderr + result.stdout


@pytest.mark.parametrize("weak", ["short", "a" * 60, "django-insecure-" + "x1y2z3" * 10])
def test_it_refuses_a_weak_secret_key_when_debug_is_off(tmp_path, weak):
    result = manage("check", env=production_env(tmp_path, SECRET_KEY=weak))

    assert result.returncode != 0
    assert "SECRET_KEY is too weak" in result.stderr
    assert "Traceback" not in result.stderr


def test_a_malformed_yes_no_variable_is_named_in_a_clean_error(tmp_path):
    result = manage("check", env=clean_env(DEBUG="maybe", VAR_DIR=str(tmp_path)))

    assert result.returncode != 0
    assert "DEBUG='maybe' is not a yes/no value" in result.stderr
    assert "Traceback" not in result.stderr


def test_deploy_check_is_clean_with_production_variables(tmp_path):
    result = manage("check", "--deploy", "--fail-level", "WARNING", env=production_env(tmp_path))

    assert result.returncode == 0, result.stdout + result.stderr
    assert "System check identified no issues" in result.stdout


def test_deploy_check_flags_the_development_mail_backend(tmp_path):
    env = production_env(tmp_path, EMAIL_URL=f"file://{tmp_path / 'mail'}")

    result = manage("check", "--deploy", "--fail-level", "WARNING", env=env)

    assert result.returncode != 0
    assert "mail.E001" in result.stderr + result.stdout


def test_production_static_files_collect_with_hashed_names(tmp_path):
    env = production_env(tmp_path)

    result = manage("collectstatic", "--noinput", env=env)

    assert result.returncode == 0, result.stderr
    hashed = list((tmp_path / "static" / "vendor").glob("htmx.min.*.js"))
    assert hashed, "the manifest storage writes content-hashed copies"
    assert STRONG_SECRET_KEY not in result.stdout


def test_email_url_selects_the_outgoing_backend():
    assert _mailer("file:///srv/mail")["OPTIONS"] == {"file_path": "/srv/mail"}
    smtp = _mailer("smtps://user%40x:p%3Ass@mail.example.org")
    assert smtp["BACKEND"] == "django.core.mail.backends.smtp.EmailBackend"
    assert smtp["OPTIONS"]["port"] == 465 and smtp["OPTIONS"]["use_ssl"] is True
    assert smtp["OPTIONS"]["username"] == "user@x" and smtp["OPTIONS"]["password"] == "p:ss"
    postmark = _mailer("anymail+postmark:?server_token=abc")
    assert postmark["BACKEND"] == "anymail.backends.postmark.EmailBackend"
    assert postmark["OPTIONS"] == {"server_token": "abc"}


def test_an_unknown_email_url_scheme_is_a_clean_error(tmp_path):
    result = manage("check", env=clean_env(EMAIL_URL="pigeon://coop", VAR_DIR=str(tmp_path)))

    assert result.returncode != 0
    assert "EMAIL_URL='pigeon://coop'" in result.stderr
    assert "Traceback" not in result.stderr


@pytest.mark.parametrize("command", [
    ["gunicorn", "metaltalon.wsgi", "--bind", "127.0.0.1:0", "--no-control-socket"],
    ["celery", "-A", "metaltalon", "worker", "--pool", "solo"],
], ids=["gunicorn", "celery-worker"])
def test_web_and_worker_stop_at_start_up_naming_the_missing_secret_key(tmp_path, command):
    env = production_env(tmp_path)
    del env["SECRET_KEY"]

    result = subprocess.run([str(BIN / command[0]), *command[1:]], cwd=REPO, env=env, capture_output=True,
                            text=True, timeout=60)

    assert result.returncode == 3  # gunicorn's master stops too, rather than respawning workers
    assert "SECRET_KEY is not set" in result.stderr
    assert "Traceback" not in result.stderr

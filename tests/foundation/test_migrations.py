from io import StringIO

import pytest
from django.core.management import call_command


@pytest.mark.django_db
def test_the_models_and_the_migrations_agree():
    out = StringIO()
    try:
        call_command("makemigrations", "--check", "--dry-run", stdout=out, stderr=out)
    except SystemExit as exit_:
        pytest.fail(f"models changed without a migration (exit {exit_.code}):\n{out.getvalue()}")

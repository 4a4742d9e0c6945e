"""The Celery app. Configuration lives in settings (CELERY_*); tasks are found in each app's tasks.py."""

import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "metaltalon.settings")

app = Celery("metaltalon")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()


@app.task(name="metaltalon.echo")
def echo(value: object) -> object:
    """Hand the value back: proves a worker is consuming this broker."""
    return value


@app.task(name="metaltalon.describe_worker")
def describe_worker() -> dict[str, object]:
    """Report the worker's own view of the database and broker, so a test can see where it ran."""
    from django.conf import settings
    from django.contrib.auth import get_user_model
    from django.db import connection

    return {
        "pid": os.getpid(),
        "vendor": connection.vendor,
        "database": connection.settings_dict["NAME"],
        "broker": settings.CELERY_BROKER_URL.split(":", 1)[0],
        "users": get_user_model().objects.count(),
    }

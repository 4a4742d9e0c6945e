"""The Celery app. Configuration lives in settings (CELERY_*); tasks are found in each app's tasks.py."""

import os
from typing import Any

from celery import Celery
from celery.signals import task_postrun, task_prerun

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "metaltalon.settings")

app = Celery("metaltalon")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()


@task_prerun.connect
@task_postrun.connect
def close_old_connections(task: Any = None, **_: Any) -> None:
    """Before and after each task, what Django does before and after each request: close a database
    connection that is past CONN_MAX_AGE or has failed (the next query then connects, or checks a kept one
    with CONN_HEALTH_CHECKS). Celery's fixup no longer closes it after every task (settings,
    CELERY_DB_REUSE_MAX). Not for a task run eagerly: it runs inside its caller's transaction."""
    if task is not None and getattr(task.request, "is_eager", False):
        return
    from django.db import close_old_connections as close_old

    close_old()


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
        "connection": _connection_id(connection),
    }


def _connection_id(connection: Any) -> int:
    """Which database connection this is: PostgreSQL's server process for it, or the SQLite handle's id."""
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_backend_pid()")
            return int(cursor.fetchone()[0])
    return id(connection.connection)

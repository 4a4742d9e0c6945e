"""Tasks really run in a separate worker process: over Redis (production, CI) and over the filesystem
broker of the embedded default. Not eager mode."""

import os

import pytest
from django.db import connection

from accounts.models import User


@pytest.mark.services
@pytest.mark.django_db(transaction=True)
def test_a_worker_process_over_redis_runs_tasks_against_the_test_database(redis_worker):
    User.objects.create_user(username="w1", email="w1@example.test", password="pw-123456-xyz")

    assert redis_worker.send("metaltalon.echo", {"turn": 3}) == {"turn": 3}
    report = redis_worker.send("metaltalon.describe_worker")

    assert report["pid"] != os.getpid()
    assert report["broker"] == "redis"
    assert report["users"] == 1  # it reads the row this test committed


@pytest.mark.services
@pytest.mark.django_db(transaction=True)
def test_a_worker_process_over_the_filesystem_broker_runs_tasks(filesystem_worker):
    User.objects.create_user(username="w2", email="w2@example.test", password="pw-123456-xyz")

    assert filesystem_worker.send("metaltalon.echo", [1, "two"]) == [1, "two"]
    report = filesystem_worker.send("metaltalon.describe_worker")

    assert report["pid"] != os.getpid()
    assert report["broker"] == "filesystem"
    assert report["users"] == 1


@pytest.mark.services
@pytest.mark.django_db(transaction=True)
def test_a_worker_keeps_its_database_connection_from_task_to_task_and_replaces_one_that_was_ended(
        redis_worker):
    # Celery closes it after every task unless told otherwise (metaltalon/celery.py).
    first = redis_worker.send("metaltalon.describe_worker")["connection"]
    assert redis_worker.send("metaltalon.describe_worker")["connection"] == first

    # The server ends it between tasks (a restart, an administrator): the next task checks it, connects anew
    # and answers, rather than failing on the dead one.
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_terminate_backend(%s)", [first])
        assert cursor.fetchone()[0] is True
    User.objects.create_user(username="w3", email="w3@example.test", password="pw-123456-xyz")
    report = redis_worker.send("metaltalon.describe_worker")

    assert report["connection"] != first
    assert report["users"] == 1

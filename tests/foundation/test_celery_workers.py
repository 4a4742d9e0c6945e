"""Tasks really run in a separate worker process: over Redis (production, CI) and over the filesystem
broker of the embedded default. Not eager mode."""

import os

import pytest

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

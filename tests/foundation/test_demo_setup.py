from io import StringIO

import pytest
from allauth.account.models import EmailAddress
from django.core.management import call_command

from accounts.demo import DEMO_LOGINS
from accounts.models import User
from games.moderators import is_moderator


def run_demo_setup() -> str:
    out = StringIO()
    call_command("demo_setup", stdout=out)
    return out.getvalue()


@pytest.mark.django_db
def test_demo_setup_creates_an_admin_a_moderator_and_two_players_and_prints_their_logins():
    printed = run_demo_setup()

    for login in DEMO_LOGINS:
        assert login.email in printed and login.password in printed
        user = User.objects.get(email=login.email)
        assert user.check_password(login.password)
        assert user.is_staff is (login.role in ("admin", "moderator"))
        assert is_moderator(user) is (login.role in ("admin", "moderator"))
        assert EmailAddress.objects.get(user=user).verified
    assert User.objects.filter(is_superuser=True).count() == 1
    assert sorted(u.display_name for u in User.objects.all()) == ["Admin", "Alice", "Bob", "Moderator"]


@pytest.mark.django_db
def test_demo_setup_run_again_changes_nothing_but_restores_the_passwords():
    run_demo_setup()
    alice = User.objects.get(email="alice@metaltalon.localhost")
    alice.set_password("forgotten-one-1234")
    alice.save()

    run_demo_setup()

    assert User.objects.count() == 4 and EmailAddress.objects.count() == 4
    assert User.objects.get(email="alice@metaltalon.localhost").check_password("demo-alice-pass")


@pytest.mark.django_db
def test_a_demo_player_can_log_in_through_the_login_page(client):
    run_demo_setup()

    credentials = {"login": "bob@metaltalon.localhost", "password": "demo-bob-pass"}
    response = client.post("/accounts/login/", credentials)

    assert response.status_code == 302
    assert client.get("/").context["user"].email == "bob@metaltalon.localhost"


@pytest.mark.django_db
def test_the_demo_admin_can_log_in_to_the_admin_with_the_printed_email(client):
    run_demo_setup()

    door = client.get("/admin/login/?next=/admin/")
    response = client.post(door["Location"],
                           {"login": "admin@metaltalon.localhost", "password": "demo-admin-pass"})

    assert response.status_code == 302 and response["Location"] == "/admin/"
    assert client.get("/admin/").status_code == 200

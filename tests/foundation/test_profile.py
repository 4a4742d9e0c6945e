import datetime
import zoneinfo

import pytest
from django.utils import timezone

from accounts.models import Profile, User


@pytest.fixture
def player(client):
    user = User.objects.create_user(username="kim", email="kim@example.test", password="Kim-pass-123")
    client.force_login(user)
    return user


@pytest.mark.django_db
def test_the_profile_page_needs_a_login(client):
    response = client.get("/profile/")

    assert response.status_code == 302
    assert response["Location"].startswith("/accounts/login/")


@pytest.mark.django_db
def test_a_new_user_gets_a_profile_with_default_preferences():
    user = User.objects.create_user(username="lee", email="lee@example.test", password="x-123456-y")

    profile = Profile.objects.get(user=user)

    assert profile.time_zone == "UTC"
    assert profile.notify_on_turn is True and profile.daily_digest is False
    assert profile.vacation_until is None
    assert user.display_name == "lee"


@pytest.mark.django_db
def test_saving_the_profile_stores_name_time_zone_and_notification_choices(client, player):
    response = client.post("/profile/", {"display_name": "  Kim   the  Fleet ", "time_zone": "Europe/Paris",
                                         "daily_digest": "on"})

    assert response.status_code == 302
    profile = Profile.objects.get(user=player)
    assert profile.display_name == "Kim the Fleet"
    assert profile.time_zone == "Europe/Paris"
    assert profile.notify_on_turn is False  # an unticked box is a no
    assert profile.daily_digest is True
    assert "Profile saved." in client.get("/profile/").content.decode()


@pytest.mark.django_db
def test_an_unknown_time_zone_is_refused_and_changes_nothing(client, player):
    response = client.post("/profile/", {"display_name": "Changed", "time_zone": "Mars/Olympus_Mons"})

    assert response.status_code == 200
    assert "Mars/Olympus_Mons is not one of the available choices" in response.content.decode()
    profile = Profile.objects.get(user=player)
    assert profile.display_name == "" and profile.time_zone == "UTC"


@pytest.mark.django_db
def test_pages_show_times_in_the_players_time_zone(client, player):
    Profile.objects.filter(user=player).update(time_zone="Asia/Tokyo")

    html = client.get("/profile/").content.decode()

    tokyo_now = timezone.now().astimezone(zoneinfo.ZoneInfo("Asia/Tokyo"))
    assert f"now {tokyo_now:%Y-%m-%d %H}:" in html and "(Asia/Tokyo)" in html


@pytest.mark.django_db
def test_vacation_until_is_stored_on_the_profile(player):
    Profile.objects.filter(user=player).update(vacation_until=datetime.date(2027, 1, 15))

    assert Profile.objects.get(user=player).vacation_until == datetime.date(2027, 1, 15)

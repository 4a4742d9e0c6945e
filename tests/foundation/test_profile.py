import re
import subprocess
import sys
import zoneinfo

import pytest
from django.core.cache import cache
from django.test import Client
from django.utils import timezone

from accounts.models import Profile, User
from accounts.prefs import Prefs, prefs_for, prefs_key
from tests.foundation.helpers import REPO, clean_env, manage


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
    assert profile.turn_mail == "away" and profile.daily_digest is False
    assert profile.vacation_since is None and profile.vacation_days == 10 and profile.auto_vacation
    assert user.display_name == f"Player {user.pk}"  # never the address's "lee"


@pytest.mark.django_db
def test_saving_the_profile_stores_name_time_zone_and_notification_choices(client, player):
    response = client.post("/profile/", {"display_name": "  Kim   the  Fleet ", "time_zone": "Europe/Paris",
                                         "turn_mail": "never", "daily_digest": "on"})

    assert response.status_code == 302
    profile = Profile.objects.get(user=player)
    assert profile.display_name == "Kim the Fleet"
    assert profile.time_zone == "Europe/Paris"
    assert profile.turn_mail == "never"
    assert profile.daily_digest is True
    assert "Profile saved." in client.get("/profile/").content.decode()


@pytest.mark.django_db
def test_an_unknown_time_zone_is_refused_and_changes_nothing(client, player):
    response = client.post("/profile/", {"display_name": "Changed", "time_zone": "Mars/Olympus_Mons"})

    assert response.status_code == 200
    assert "Mars/Olympus_Mons is not one of the available choices" in response.content.decode()
    profile = Profile.objects.get(user=player)
    assert profile.display_name == f"Player {player.pk}" and profile.time_zone == "UTC"


@pytest.mark.django_db
def test_pages_show_times_in_the_players_time_zone(client, player):
    Profile.objects.filter(user=player).update(time_zone="Asia/Tokyo")

    html = client.get("/profile/").content.decode()

    tokyo_now = timezone.now().astimezone(zoneinfo.ZoneInfo("Asia/Tokyo"))
    assert f"now {tokyo_now:%Y-%m-%d %H}:" in html and "(Asia/Tokyo)" in html



@pytest.mark.django_db
def test_the_page_after_saving_shows_the_new_time_zone(client, player):
    assert "(UTC)" in client.get("/profile/").content.decode()

    page = client.post("/profile/", {"display_name": "Kim", "time_zone": "Asia/Tokyo", "turn_mail": "away"},
                       follow=True)

    html = page.content.decode()
    assert "Profile saved." in html and "(Asia/Tokyo)" in html


# A web process of `make run` (gunicorn runs two) that read the player's preferences before they saved.
_OTHER_WEB_PROCESS = """
import sys, django
django.setup()
from accounts.prefs import prefs_for
from accounts.models import User
user_id = User.objects.get(email="kim@example.test").pk
print(prefs_for(user_id).time_zone, flush=True)
sys.stdin.readline()
print(prefs_for(user_id).time_zone, flush=True)
"""


def test_a_saved_time_zone_reaches_every_process_of_the_embedded_default(tmp_path):
    env = clean_env(VAR_DIR=str(tmp_path / "var"))
    assert manage("migrate", "--noinput", env=env).returncode == 0
    made = manage("shell", "-c", "from accounts.models import User; User.objects.create_user("
                  "username='kim', email='kim@example.test', password='Kim-pass-123')", env=env)
    assert made.returncode == 0, made.stderr
    other = subprocess.Popen([sys.executable, "-c", _OTHER_WEB_PROCESS], cwd=REPO, env=env, text=True,
                             stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        assert other.stdout is not None and other.stdin is not None
        assert other.stdout.readline().strip() == "UTC"

        saved = manage("shell", "-c", "from accounts.models import Profile; p = Profile.objects.get("
                       "user__email='kim@example.test'); p.time_zone = 'Asia/Tokyo'; p.save()", env=env)
        assert saved.returncode == 0, saved.stderr
        other.stdin.write("\n")
        other.stdin.flush()

        assert other.stdout.readline().strip() == "Asia/Tokyo"
    finally:
        other.kill()
        other.wait(timeout=10)


@pytest.mark.django_db
def test_preferences_read_while_a_save_is_uncommitted_are_not_kept(player,
                                                                    django_capture_on_commit_callbacks):
    profile = Profile.objects.get(user=player)
    with django_capture_on_commit_callbacks(execute=True):
        profile.time_zone = "Asia/Tokyo"
        profile.save()
        # Another request, before the save commits, reads the old row and caches it.
        cache.set(prefs_key(player.pk), Prefs(time_zone="UTC", display_name="kim"))

    assert prefs_for(player.pk).time_zone == "Asia/Tokyo"


# === A PLAYER STILL CALLED "PLAYER N" IS ASKED TO CHOOSE A NAME ===

CHOOSE = "Choose a name others will see"


def name_prompt(html: str) -> str | None:
    """The prompt's link, or None when the page has no prompt."""
    found = re.search(r'<p class="message choose-name"[^>]*>(.*?)</p>', html, re.S)
    if found is None:
        return None
    assert CHOOSE in found.group(1)
    link = re.search(r'href="([^"]+)"', found.group(1))
    assert link is not None
    return link.group(1)


@pytest.mark.django_db
@pytest.mark.parametrize("page", ["/profile/", "/"])
def test_a_player_still_named_player_n_is_asked_to_choose_a_name_until_they_do(client, player, page):
    assert player.display_name == f"Player {player.pk}"
    assert name_prompt(client.get(page).content.decode()) == "/profile/#id_display_name"

    client.post("/profile/", {"display_name": "Kim", "time_zone": "UTC", "turn_mail": "away"})

    assert name_prompt(client.get(page).content.decode()) is None


@pytest.mark.django_db
def test_a_neutral_name_numbered_apart_from_another_still_counts_as_unchosen(client, player):
    Profile.objects.filter(user=player).update(display_name=f"Player {player.pk}2")
    assert name_prompt(client.get("/").content.decode()) == "/profile/#id_display_name"


@pytest.mark.django_db
def test_a_player_who_chose_a_name_at_sign_up_is_never_asked():
    user = User.objects.create_user(username="ann", email="ann@example.test", password="Ann-pass-123")
    Profile.objects.filter(user=user).update(display_name="Ann")
    client = Client()
    client.force_login(user)
    for page in ("/profile/", "/"):
        assert name_prompt(client.get(page).content.decode()) is None

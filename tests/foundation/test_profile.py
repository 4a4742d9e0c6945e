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


def _zone_options(html: str) -> list[str]:
    select = html[html.index('name="time_zone"'):]
    return re.findall(r'<option value="([^"]+)"', select[:select.index("</select>")])


def _selected_zone(html: str) -> str:
    select = html[html.index('name="time_zone"'):]
    return re.findall(r'<option value="([^"]+)"[^>]*selected', select[:select.index("</select>")])[0]


@pytest.mark.django_db
def test_the_time_zone_list_offers_utc_and_place_names_only(client, player):
    options = _zone_options(client.get("/profile/").content.decode())

    assert options[0] == "UTC" and "Europe/Paris" in options and "America/Los_Angeles" in options
    assert "Asia/Kolkata" in options and "Europe/Kyiv" in options
    for legacy in ("US/Pacific", "GB", "Etc/GMT+5", "EST", "Asia/Calcutta", "Europe/Kiev", "Etc/UTC"):
        assert legacy not in options, legacy
    assert all(zone == "UTC" or re.fullmatch(r"[A-Z][a-z]+/[A-Za-z0-9_+/-]+", zone) for zone in options)


@pytest.mark.django_db
def test_a_stored_legacy_alias_shows_as_its_place_name_and_is_saved_so(client, player):
    Profile.objects.filter(user=player).update(time_zone="US/Pacific")

    html = client.get("/profile/").content.decode()
    assert _selected_zone(html) == "America/Los_Angeles" and "US/Pacific" not in _zone_options(html)
    response = client.post("/profile/", {"display_name": "Kim", "time_zone": _selected_zone(html),
                                         "turn_mail": "away"})
    assert response.status_code == 302
    assert Profile.objects.get(user=player).time_zone == "America/Los_Angeles"


@pytest.mark.django_db
def test_a_stored_zone_without_a_place_name_stays_selected_and_valid(client, player):
    Profile.objects.filter(user=player).update(time_zone="Etc/GMT+5")

    html = client.get("/profile/").content.decode()
    assert _selected_zone(html) == "Etc/GMT+5" and _zone_options(html)[0] == "Etc/GMT+5"
    response = client.post("/profile/", {"display_name": "Kim", "time_zone": "Etc/GMT+5",
                                         "turn_mail": "never"})
    assert response.status_code == 302
    assert Profile.objects.get(user=player).time_zone == "Etc/GMT+5"
    # Another account never sees it offered.
    Profile.objects.filter(user=player).update(time_zone="UTC")
    assert "Etc/GMT+5" not in _zone_options(client.get("/profile/").content.decode())


@pytest.mark.parametrize(("browser_says", "stored"), [
    ("Asia/Calcutta", "Asia/Kolkata"), ("Europe/Kiev", "Europe/Kyiv"), ("Etc/UTC", "UTC"),
    ("America/Buenos_Aires", "America/Argentina/Buenos_Aires"), ("Europe/Paris", "Europe/Paris"),
    ("Etc/GMT+5", "UTC"), ("Mars/Olympus_Mons", "UTC"), ("", "UTC")])
def test_sign_up_stores_the_browsers_zone_as_the_list_names_it(browser_says, stored):
    from accounts.forms import browser_time_zone
    from accounts.zones import offered_zones

    assert browser_time_zone(browser_says) == stored
    assert stored in offered_zones()


def test_without_the_databases_tables_the_list_keeps_area_city_names_and_aliases_stay_as_they_are(
        monkeypatch):
    from accounts import zones

    monkeypatch.setattr(zones, "_database_file", lambda name: "")  # zoneinfo's files only (no zone.tab)
    for cached in (zones.offered_zones, zones._links, zones._offered_by_target):
        cached.cache_clear()
    try:
        offered = zones.offered_zones()
        assert offered[0] == "UTC" and "Europe/Paris" in offered
        assert not {"US/Pacific", "GB", "Etc/GMT+5", "EST"} & set(offered)
        assert zones.canonical_zone("US/Pacific") is None  # no links known: the stored name is kept
    finally:
        monkeypatch.undo()
        for cached in (zones.offered_zones, zones._links, zones._offered_by_target):
            cached.cache_clear()

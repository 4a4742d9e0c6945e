import pytest

from accounts.models import User


@pytest.mark.django_db
def test_home_page_renders_with_navigation_and_vendored_htmx(client):
    response = client.get("/")
    assert response.status_code == 200
    html = response.content.decode()
    assert "/static/vendor/htmx.min.js" in html
    assert "cdn" not in html.lower()
    assert 'href="/accounts/login/"' in html and 'href="/accounts/signup/"' in html


@pytest.mark.django_db
def test_signed_in_navigation_leads_to_lobby_my_games_and_rules_with_no_empty_turn_badge(client):
    user = User.objects.create_user(username="carol", email="carol@example.test", password="x-pass-123456")
    user.profile.display_name = "Carol the Bold"
    user.profile.save()
    client.force_login(user)
    html = client.get("/").content.decode()
    assert 'id="your-turn-count"' not in html  # nothing awaits Carol: no "0" badge
    for link in ('href="/games/"', 'href="/games/mine/"', 'href="/rules/"'):
        assert link in html
    assert "Carol the Bold" in html


@pytest.mark.django_db
def test_every_page_links_the_sites_icon_and_favicon_ico_leads_to_it(client):
    html = client.get("/").content.decode()
    assert '<link rel="icon" href="/static/favicon.svg"' in html
    response = client.get("/favicon.ico")
    assert response.status_code == 301 and response["Location"] == "/static/favicon.svg"
    from pathlib import Path

    from django.contrib.staticfiles import finders

    icon = finders.find("favicon.svg")
    assert icon is not None and "<svg" in Path(icon).read_text(encoding="utf-8")

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
def test_signed_in_navigation_shows_your_turn_count_and_name(client):
    user = User.objects.create_user(username="carol", email="carol@example.test", password="x-pass-123456")
    user.profile.display_name = "Carol the Bold"
    user.profile.save()
    client.force_login(user)
    html = client.get("/").content.decode()
    assert 'id="your-turn-count">0<' in html
    assert "Carol the Bold" in html

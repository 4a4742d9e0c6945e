"""Names that would pass a player off as the site's staff are for staff only (accounts/names.py,
RESERVED_WORDS), however they are spelt: case, digits for letters, letters of other scripts."""

from __future__ import annotations

import pytest

from accounts.models import User
from tests.foundation.test_accounts import sign_up
from tests.foundation.test_display_names import make_user, rename
from tests.web.factories import ModeratorFactory

pytestmark = pytest.mark.django_db

CYRILLIC_O_MODERATOR = "M\u043ederator"  # о: CYRILLIC SMALL LETTER O


@pytest.mark.parametrize("name", ["Moderator", "M0DERAT0R", CYRILLIC_O_MODERATOR, "Admin", "ADMIN 2", "Staff",
                                  "MetalTalon", "Metal Talon Support", "The Moderator", "Administrator",
                                  "m.o.d", "Ѕуѕtеm"])
def test_a_player_taking_a_staff_name_is_refused_in_words(client, name: str) -> None:
    player = make_user("ann@example.com", "Ann")

    response = rename(client, player, name)

    assert response.status_code == 200
    assert "is kept for the site&#x27;s staff" in response.content.decode()
    player.profile.refresh_from_db()
    assert player.profile.display_name == "Ann"


def test_a_moderator_may_go_by_moderator(client) -> None:
    moderator = ModeratorFactory()

    response = rename(client, moderator, "Moderator")

    assert response.status_code == 302
    moderator.profile.refresh_from_db()
    assert moderator.profile.display_name == "Moderator"


@pytest.mark.parametrize("name", ["Staffan", "Badminton Bob", "Modesty"])
def test_names_that_only_contain_a_short_staff_word_stay_free(client, name: str) -> None:
    player = make_user("ann@example.com", "Ann")

    assert rename(client, player, name).status_code == 302


def test_an_account_from_a_staff_like_address_does_not_get_it_as_its_name() -> None:
    user = User.objects.create_user(username="admin", email="admin@example.com", password="x-pass-123456")

    assert user.profile.display_name == f"Player {user.pk}"


def test_sign_up_refuses_a_staff_like_name(client, smtp_sink) -> None:
    response = sign_up(client, "sam@example.com", display_name="Admin")

    assert "is kept for the site&#x27;s staff" in response.content.decode()
    assert not User.objects.filter(email="sam@example.com").exists()

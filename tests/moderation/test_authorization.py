"""Only moderators moderate: anonymous visitors, players, staff outside the moderator group (with no
permission, or allowed to read the admin's lists) reach no moderation page and carry out no moderator
action, and nothing changes; a moderator reaches each one."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import Permission
from django.test import Client
from django.urls import reverse

from games import actions
from games.actions import Actor
from games.admin.games import MODERATE
from games.models import AuditEntry, ChatMessage, Game, Report
from tests.web.factories import (
    ModeratorFactory,
    StaffFactory,
    UserFactory,
    active_seat,
    other_seat,
    started_game,
)

pytestmark = pytest.mark.django_db

ROLES = ["anonymous", "player", "staff", "staff_who_may_read"]


def client_for(role: str, game: Game) -> Client:
    client = Client()
    if role == "player":
        client.force_login(active_seat(game).user)
    elif role == "staff":
        client.force_login(StaffFactory())
    elif role == "staff_who_may_read":
        reader = StaffFactory()
        reader.user_permissions.set(Permission.objects.filter(codename__startswith="view_"))
        client.force_login(reader)
    elif role == "moderator":
        client.force_login(ModeratorFactory())
    return client


@pytest.fixture
def scene() -> dict[str, Any]:
    """A game with a message, its report, and a player to sanction."""
    game = started_game(players=2)
    message = actions.post_chat(game, Actor.player(active_seat(game).user), "rude words")
    report = actions.report_chat(message, Actor.player(other_seat(game).user), "rude")
    return {"game": game, "message": message, "report": report, "player": UserFactory()}


def unchanged(scene: dict[str, Any]) -> bool:
    game = Game.objects.get(pk=scene["game"].pk)
    return (game.paused_at is None and game.status == Game.Status.ACTIVE
            and not ChatMessage.objects.get(pk=scene["message"].pk).hidden
            and Report.objects.get(pk=scene["report"].pk).status == Report.Status.OPEN
            and scene["player"].__class__.objects.get(pk=scene["player"].pk).is_active
            and not AuditEntry.objects.exists())


def pages(scene: dict[str, Any]) -> list[str]:
    game = scene["game"]
    return [reverse("moderation_dashboard"), reverse("admin:games_report_changelist"),
            reverse("admin:games_auditentry_changelist"),
            *[reverse("admin:games_game_moderate", args=[game.pk, act]) for act in MODERATE]]


def bulk_actions(scene: dict[str, Any]) -> list[tuple[str, str, int]]:
    """(changelist, action, row) for every moderator bulk action in the admin."""
    game, message, report, player = scene["game"], scene["message"], scene["report"], scene["player"]
    return [("admin:games_game_changelist", act, game.pk) for act in ("pause", "resume", "abort")] + [
        ("admin:games_chatmessage_changelist", act, message.pk) for act in ("hide", "unhide")] + [
        ("admin:games_report_changelist", act, report.pk) for act in ("mark_actioned", "dismiss",
                                                                      "hide_messages")] + [
        ("admin:accounts_user_changelist", act, player.pk) for act in ("suspend", "ban", "reinstate")]


@pytest.mark.parametrize("role", ROLES)
def test_no_moderation_page_opens_for_anyone_but_a_moderator(role, scene):
    client = client_for(role, scene["game"])
    for url in pages(scene):
        response = client.get(url)
        if role in ("anonymous", "player"):
            assert response.status_code == 302 and "/admin/login/" in response["Location"], url
        elif url.startswith("/admin/games/report/") or url.startswith("/admin/games/auditentry/"):
            # Lists a reader may read, but never act on (next test).
            assert response.status_code == (200 if role == "staff_who_may_read" else 403), url
        else:
            assert response.status_code == 403, url


@pytest.mark.parametrize("role", ROLES)
def test_no_moderator_action_is_carried_out_for_anyone_but_a_moderator(role, scene):
    client = client_for(role, scene["game"])
    game = scene["game"]
    posts = [(reverse("admin:games_game_moderate", args=[game.pk, act]),
              {"reason": "because", "seat": active_seat(game).index, "to_seq": 0, "hours": 5,
               "player": scene["player"].email}) for act in MODERATE]
    posts += [(reverse(changelist), {"action": action, "_selected_action": [row], "confirm": "yes",
                                     "reason": "because", "days": 3})
              for changelist, action, row in bulk_actions(scene)]
    for url, data in posts:
        response = client.post(url, data)
        assert response.status_code in (200, 302, 403), url
        assert unchanged(scene), f"{role} changed something through {url} {data.get('action', '')}"
        if response.status_code == 200:
            assert 'name="reason"' not in response.content.decode()  # no form offered, only the list


def test_a_moderator_reaches_every_page_and_every_action_is_offered(scene):
    client = client_for("moderator", scene["game"])
    for url in pages(scene):
        assert client.get(url).status_code == 200, url
    for changelist, action, _row in bulk_actions(scene):
        assert f'value="{action}"' in client.get(reverse(changelist)).content.decode(), action


def test_a_moderator_carries_out_a_bulk_action_after_giving_a_reason(scene):
    client = client_for("moderator", scene["game"])
    url = reverse("admin:games_game_changelist")
    chosen = {"action": "pause", "_selected_action": [scene["game"].pk]}

    asked = client.post(url, chosen)
    done = client.post(url, {**chosen, "confirm": "yes", "reason": "dispute"})

    assert asked.status_code == 200 and 'name="reason"' in asked.content.decode()
    assert done.status_code == 302
    assert Game.objects.get(pk=scene["game"].pk).paused_at is not None
    assert AuditEntry.objects.get().reason == "dispute"

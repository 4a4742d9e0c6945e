"""Moderation's tests: a moderator (staff in the moderator group), the game's log as a player reads it, and
what a player was told."""

from __future__ import annotations

import html
import re
from typing import Any

import pytest
from django.test import Client

from games.actions import Actor
from games.models import AuditEntry, Game, Notice, Notification
from tests.web.factories import ModeratorFactory


@pytest.fixture
def moderator() -> Any:
    return ModeratorFactory()


def as_moderator(user: Any, reason: str = "a reason") -> Actor:
    return Actor.moderator(user, reason)


def log_text(game: Game, user: Any = None) -> str:
    """The game page's log as a reader sees it, tags stripped, spaces squeezed."""
    client = Client()
    if user is not None:
        client.force_login(user)
    page = client.get(f"/games/{game.pk}/").content.decode()
    section = re.search(r'<section id="log".*?</section>', page, re.S)
    assert section is not None, "the page has no log"
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", section[0])).split())


def told(user: Any, entry: AuditEntry) -> bool:
    """The user got the in-site notice and the mail owed for this moderator action."""
    notice = Notice.objects.filter(user=user, kind=Notice.Kind.MODERATION,
                                   text__contains=entry.reason).exists()
    mail = Notification.objects.filter(user=user, kind=Notification.Kind.MODERATION, key=entry.pk).exists()
    return notice and mail

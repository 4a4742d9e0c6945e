"""`manage.py demo_setup`: the demo admin and players, and the demo games (games/demo.py).

Idempotent. Extend `STEPS` with functions taking the command's stdout writer.
"""

from collections.abc import Callable
from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand

from accounts.demo import DEMO_LOGINS, ensure_demo_users

Step = Callable[[Callable[[str], Any]], None]


def demo_accounts(write: Callable[[str], Any]) -> None:
    ensure_demo_users()
    write(f"Demo logins (sign in at {settings.SITE_URL}/accounts/login/):")
    for login in DEMO_LOGINS:
        write(f"  {login.role:<9} {login.email:<30} password: {login.password}")


def demo_game(write: Callable[[str], Any]) -> None:
    from games.demo import ensure_demo_game

    ensure_demo_game(write)


def demo_adventure(write: Callable[[str], Any]) -> None:
    from games.demo import ensure_demo_adventure

    ensure_demo_adventure(write)


def demo_metabaloids(write: Callable[[str], Any]) -> None:
    from games.demo import ensure_demo_metabaloids

    ensure_demo_metabaloids(write)


STEPS: list[Step] = [demo_accounts, demo_game, demo_adventure, demo_metabaloids]


class Command(BaseCommand):
    help = "Create (or refresh) the demo admin and players; safe to run again."

    def handle(self, *args: Any, **options: Any) -> None:
        for step in STEPS:
            step(self.stdout.write)

"""The steps a browser test takes to play a game of a kind against the site's bots
(tests/browser/test_ma_browser.py, tests/browser/test_mb_browser.py): the kind offered and the command
limits lifted, the new-game form filled and sent, and the wait for a click's post to be played."""

from __future__ import annotations

import re
import time
from typing import Any

from playwright.sync_api import Page, expect

from games.models import Game
from tests.conftest import BROWSER_PATIENCE_MS


def offered_to_bots(settings: Any, kind: str) -> None:
    """`kind` offered; the test's bots answer at once, a whole game in a few minutes: beyond the per-game
    limit that keeps a real game's pace (games/actions/limits.py)."""
    settings.OFFERED_GAME_KINDS = ["metaltalon", kind]
    settings.GAME_COMMAND_RATE_LIMIT = "100000/minute"
    settings.COMMAND_RATE_LIMIT = "100000/minute"


def fill_new_game_against_bots(page: Page, live_server: Any, kind: str, players: int) -> None:
    """The new-game form of `kind` for `players` seats, the others random bots, with no clock; not sent."""
    page.goto(f"{live_server.url}/games/new/?kind={kind}")
    page.locator("select[name=players]").select_option(str(players))
    page.get_by_label(re.compile(r"Bots: Random")).check()
    page.get_by_label("No clock").check()


def create_against_bots(page: Page, user: Any, bots: int) -> Game:
    """The filled form sent: the page says the game is against `bots` bots; gives the game `user` made."""
    page.get_by_role("button", name="Create the game").click()
    expect(page.locator("body")).to_contain_text(f"against {bots}")
    return Game.objects.get(created_by=user)


def wait_for_move(game: Game, version: int) -> None:
    """The click's post has been played (the game's version moved on) before the bots play again: as long
    as every browser expectation waits (tests/conftest.py), since a loaded machine may take that."""
    deadline = time.monotonic() + BROWSER_PATIENCE_MS / 1000
    while time.monotonic() < deadline:
        game.refresh_from_db()
        if game.version != version:
            return
        time.sleep(0.05)
    raise AssertionError("the click was not played")

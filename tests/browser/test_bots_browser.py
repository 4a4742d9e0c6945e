"""Playing against bots in headless Chromium (issue 12): a player chooses "Opponents: Greedy bot" on the
new-game form, keeps a faction, and the bots' moves (played here by the bots' task body, as a worker
would) appear on the open page by itself. Screenshots in var/screenshots/: bots-new-1366x900.png,
bots-game-1366x900.png."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Browser, expect

from games.actions.bots import play_bots
from games.models import Action, Game
from tests.browser.shots import DESKTOP, shoot
from tests.browser.test_play_browser import logged_in_page
from tests.web.factories import UserFactory

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

ARRIVES = 5_000  # ms: an open page asks every second whether the game changed


def test_a_player_starts_a_game_against_bots_and_sees_them_play(browser: Browser, live_server: Any,
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    woken: list[int] = []
    monkeypatch.setattr("games.tasks.queue_bots", woken.append)  # no worker here: the test plays them
    user = UserFactory()
    page = logged_in_page(browser, live_server, user, viewport=DESKTOP)
    page.goto(f"{live_server.url}/games/new/")
    page.locator("select[name=players]").select_option("3")
    page.get_by_label("Bots: Greedy bot (the best move it sees now)").check()
    page.get_by_label("No clock").check()
    shoot(page, "bots-new")
    page.get_by_role("button", name="Create the game").click()
    expect(page.locator("body")).to_contain_text("has started against 2 Greedy bots")
    game = Game.objects.get(created_by=user)
    assert woken == [game.pk]

    play_bots(game.pk)  # the bots keep or redraw their factions
    page.get_by_role("button", name="Keep").first.click()
    log = page.locator("#log")
    expect(log).to_contain_text("You keep", timeout=ARRIVES)  # the player reads its own action as "You"
    play_bots(game.pk)  # and play until the game waits for the player
    expect(log).to_contain_text("Greedy bot", timeout=ARRIVES)
    bots_moves = Action.objects.filter(game=game, source="bot").exclude(command__in=("keep", "redraw"))
    if bots_moves.exists():  # the player's seat may come first in turn order
        expect(log).to_contain_text("· bot", timeout=ARRIVES)
    expect(page.locator("body")).to_contain_text("your turn", timeout=ARRIVES)
    shoot(page, "bots-game")

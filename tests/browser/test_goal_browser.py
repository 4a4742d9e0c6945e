"""How to win, in a phone's and a desktop's browser: the game page shows the goal and, per rival, what it
still has to lose, and its links lead to the rules page's Quick start and factions, which open the page."""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import Browser, expect

from tests.browser.shots import PHONE, shoot
from tests.browser.test_play_browser import logged_in_page
from tests.kinds.metaltalon.engine.helpers import position
from tests.web.factories import put, started_game

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.mark.parametrize("size", [PHONE, {"width": 1280, "height": 800}], ids=["phone", "desktop"])
def test_the_goal_and_each_rivals_reserve_and_ships_to_land_are_on_the_page(
        browser: Browser, live_server: Any, size: dict[str, int]):
    game = started_game(players=3)
    state = position(players=3, factions=("warriors", "rebels", "bankers"), reserves=(18, 0, 7),
                     ships=((0, "H9", (3, 1, 0)), (1, "L11", (2, 1, 0)), (2, "E10", (4, 0, 1))))
    put(game, state)
    page = logged_in_page(browser, live_server, game.seats.get(index=0).user, viewport=size)
    page.goto(live_server.url + f"/games/{game.pk}/")

    goal = page.locator("section.goal")
    expect(goal).to_contain_text("Be the last player in.")
    rivals = goal.locator(".goal-rivals li")
    expect(rivals).to_have_count(2)
    expect(rivals.nth(0)).to_contain_text(f"(Rebels): reserve empty: land 3 ships on {state.seats[1].home}")
    expect(rivals.nth(1)).to_contain_text("(Bankers): reserve 7 credits to shoot away, then land 1 ship")
    goal.scroll_into_view_if_needed()
    shoot(page, "goal")
    goal.get_by_role("link", name="Quick start").click()
    expect(page).to_have_url(re.compile(r"/rules/metaltalon/#quick-start$"))  # a page of its own
    expect(page.locator("#live")).to_have_count(0)
    expect(page.locator("h2#quick-start")).to_be_visible()
    expect(page.locator("h2#the-factions + p + table")).to_contain_text("The Swarm")
    shoot(page, "rules-quick-start")

"""The turn controls in headless Chromium, with JavaScript (htmx, game.js): a quick pick launches what it
says whatever is typed in the builder, even a number the builder's own checks refuse; Undo names what it
takes back; shots that cannot do damage wait behind a disclosure."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.browser.shots import DESKTOP, PHONE, shoot
from tests.browser.test_play_browser import logged_in_page
from tests.web.factories import active_seat, put, started_game
from tests.web.test_turn_controls import base_in_reach, low_reserve_game


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_a_quick_pick_launches_what_it_says_whatever_is_typed_and_undo_names_it(browser, live_server):
    game = low_reserve_game(reserve=3)
    page = logged_in_page(browser, live_server, game.seats.get(index=0).user,
                          viewport=DESKTOP)
    page.goto(f"{live_server.url}/games/{game.pk}/")
    if page.locator("details.launch").get_attribute("open") is None:  # open already with no ship in play
        page.locator("details.launch summary").click()
    engines = page.get_by_label(re.compile("^Engines"))
    engines.fill("2")
    expect(page.locator(".launch-preview")).to_contain_text("Worth 2")
    engines.fill("50")  # more than the field allows: its form would refuse to be sent
    shoot(page, "turn-controls-quick-pick-typed")
    page.get_by_role("button", name=re.compile(r"^1e")).click()
    expect(page.locator("#log")).to_contain_text("launched a ship")
    assert list(game.actions.exclude(command="keep").values_list("command", flat=True)) == ["launch 1e"]

    undo = page.get_by_role("button", name=re.compile("Undo"))
    expect(undo).to_have_text("↶ Undo: launch 1e")
    shoot(page, "turn-controls-undo-named")
    undo.click()
    expect(page.locator(".notice.done")).to_contain_text("Took back 1 action: launch 1e.")
    expect(page.get_by_role("button", name=re.compile("Undo"))).to_have_count(0)


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_the_board_lights_only_shots_that_can_do_damage_and_the_rest_wait_behind_a_disclosure(
        browser, live_server):
    game = put(started_game(players=2), base_in_reach(2))
    page = logged_in_page(browser, live_server, game.seats.get(index=0).user,
                          viewport=DESKTOP)
    page.goto(f"{live_server.url}/games/{game.pk}/?ship=C9")
    expect(page.locator("#board .cell.target")).to_have_count(1)
    expect(page.locator("#board .cell.target")).to_have_attribute("id", "cell-B9")
    harmless = page.locator("details.harmless .fire-btn")
    expect(harmless).to_be_hidden()  # collapsed: nothing to click by mistake
    page.get_by_text("Show 1 shot that cannot do damage").click()
    expect(harmless).to_be_visible()
    expect(page.locator("details.harmless")).to_contain_text("I12")
    shoot(page, "turn-controls-fire-list")

    page.locator("#board .cell.target").click()  # one click fires the shot that can hurt
    expect(page.locator("#log")).to_contain_text("fired at")
    assert list(game.actions.exclude(command="keep").values_list("command", flat=True)) == ["fire C9 B9"]


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("size", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_the_launch_builders_three_boxes_stand_in_one_line_whatever_their_hints_wrap_to(
        browser, live_server, size):
    game = started_game(players=2)
    page = logged_in_page(browser, live_server, active_seat(game).user, viewport=size)
    page.goto(f"{live_server.url}/games/{game.pk}/")
    if page.locator("details.launch").get_attribute("open") is None:
        page.locator("details.launch summary").click()
    boxes = page.locator(".launch-builder .piece-inputs input")
    expect(boxes).to_have_count(3)
    # "Weapons (5 each, up to 6)" wraps to fewer lines than "Engines (1 each, up to 32)" in a narrow panel.
    tops = {round(boxes.nth(i).bounding_box()["y"]) for i in range(3)}
    assert len(tops) == 1, tops
    shoot(page, "turn-controls-launch-builder")

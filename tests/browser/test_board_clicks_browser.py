"""A new player's clicks on MetalTalon's board in headless Chromium: a click on a ship standing on its home
base asks whether to fire at the ship or the base (never fires at the base by itself), and the shot chosen
is the one made."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.shots import DESKTOP, PHONE, SHOTS, shoot
from tests.browser.test_board_browser import RENDERED_PX
from tests.browser.test_play_browser import logged_in_page
from tests.web.test_board_clicks import open_board_game, ship_on_its_home_base
from tests.web.test_last_turn_marks import user


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_a_click_on_a_ship_on_its_home_base_asks_and_fires_at_the_chosen_ship(browser, live_server,
                                                                              live_dice):
    game = ship_on_its_home_base()
    page = logged_in_page(browser, live_server, user(game, 1), viewport=DESKTOP)
    page.goto(f"{live_server.url}/games/{game.pk}/")
    page.locator("#cell-O9").click()
    expect(page.locator("#board .mark-selected")).to_have_count(1)
    page.locator("#cell-P9").click()
    chooser = page.locator("#at-cell")
    expect(chooser).to_contain_text("P9 holds more than one thing to aim at: which one?")
    assert not game.actions.exclude(command="keep").exists()  # nothing was fired by the click

    live_dice.script(6)
    chooser.get_by_role("button", name="Fire at P9", exact=True).click()
    # The answer says the shot in the log's words (the player clicked; no command was typed).
    expect(page.locator("#live .notice.done")).to_contain_text("ship at O9 fired at")
    assert list(game.actions.exclude(command="keep").values_list("command", flat=True)) == ["fire O9 P9"]


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_a_reload_keeps_the_selected_ship_and_a_click_that_does_nothing_says_why(browser, live_server):
    game = open_board_game()
    page = logged_in_page(browser, live_server, user(game, 0), viewport=DESKTOP)
    page.goto(f"{live_server.url}/games/{game.pk}/")
    page.locator("#cell-M9").click()
    expect(page.locator("#board-why")).to_have_text(
        "Select one of your ships first, then click M9 to move there or fire at it.")

    page.locator("#cell-I9").click()
    expect(page.locator("#board .mark-selected")).to_have_count(1)
    expect(page).to_have_url(f"{live_server.url}/games/{game.pk}/?ship=I9")
    page.reload()
    expect(page.locator("#selected-ship h3")).to_contain_text("Ship at I9")

    page.locator("#cell-M9").click()
    expect(page.locator("#board-why")).to_have_text(
        "That ship cannot reach M9: it has 3 moves left and M9 is 4 away.")
    expect(page).to_have_url(f"{live_server.url}/games/{game.pk}/?ship=I9")


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_the_command_box_keeps_a_refused_command_and_empties_once_one_is_played(browser, live_server):
    game = open_board_game()
    page = logged_in_page(browser, live_server, user(game, 0), viewport=DESKTOP)
    page.goto(f"{live_server.url}/games/{game.pk}/")
    page.locator("#command-box summary").click()
    text = page.locator("#command-text")
    text.fill("move I9 M9")
    page.locator("#command-box").get_by_role("button", name="Send").click()
    expect(page.locator("#live .notice.error")).to_contain_text("M9 is 4 away")
    expect(text).to_have_value("move I9 M9")

    text.fill("move I9 L9")
    page.locator("#command-box").get_by_role("button", name="Send").click()
    expect(page.locator("#live .notice.done")).to_contain_text("moved the ship at I9 to L9")
    expect(text).to_have_value("")


# The rendered height of an SVG text's font: its font size (board units) times the board's scale on screen.
@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_on_a_phone_the_zoomed_board_shows_ship_labels_at_least_12px_tall(browser, live_server):
    game = open_board_game()
    page = logged_in_page(browser, live_server, user(game, 0), viewport=PHONE)
    page.goto(f"{live_server.url}/games/{game.pk}/")
    fit = page.evaluate(RENDERED_PX, "ship-value")
    assert fit and max(fit) < 12  # the whole board in 390 px: too small to read, hence the zoom

    page.locator(".zoom").get_by_text("2×").click()
    values = page.evaluate(RENDERED_PX, "ship-value")
    assert min(values) >= 12
    board = page.locator("#board")
    box = board.bounding_box()
    assert box is not None and box["width"] <= PHONE["width"]  # it pans inside its box, the page does not
    assert page.evaluate("document.getElementById('board').scrollWidth") > box["width"]
    shoot(page, "board-zoom-2")

    page.locator(".zoom").get_by_text("3×").click()
    assert min(page.evaluate(RENDERED_PX, "ship-pieces")) >= 12
    # A poll's redraw keeps the size chosen.
    page.locator("#cell-I9").click()
    expect(page.locator("#board .mark-selected")).to_have_count(1)
    expect(page.locator("#zoom-3")).to_be_checked()
    assert min(page.evaluate(RENDERED_PX, "ship-pieces")) >= 12
    # The selected ship is brought into the board's box.
    ship, frame = page.locator("#board .mark-selected").bounding_box(), board.bounding_box()
    assert ship is not None and frame is not None
    assert frame["x"] <= ship["x"] and ship["x"] + ship["width"] <= frame["x"] + frame["width"]
    assert frame["y"] <= ship["y"] and ship["y"] + ship["height"] <= frame["y"] + frame["height"]
    page.screenshot(path=str(SHOTS / "board-zoom-3-selected-390x844.png"))

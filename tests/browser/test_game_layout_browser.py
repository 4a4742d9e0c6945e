"""The MetalTalon game page's layout for a new player, by the geometry the browser lays out (bounding
boxes): on a 390 px phone the sticky turn bar never hides a control of the turn panel; a zoomed board opens
on the ship that matters, not on its top edge; the last turn's damage reads as one tag a cell.
Screenshots: var/screenshots/game-layout-*.png."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.browser.shots import PHONE, SHOTS
from tests.browser.test_play_browser import logged_in_page
from tests.web.test_last_turn_marks import after_bs_turn, play, user

# Each visible control of the turn panel, scrolled to from the top of the page as the browser does when a
# finger scrolls down to it or Tab reaches it (scrollIntoView "nearest": the control's bottom edge meets the
# bottom of the screen, less the page's scroll padding): its box against the bar's, and what a tap on its
# middle lands on.
CONTROLS_UNDER_THE_BAR = """() => {
  const out = [];
  const controls = document.querySelectorAll(
    '#controls .controls :is(a, button, input:not([type=hidden]), select, textarea, summary)');
  for (const el of controls) {
    if (!el.checkVisibility()) continue;  // in a closed disclosure
    window.scrollTo(0, 0);
    el.scrollIntoView({block: 'nearest'});
    const box = el.getBoundingClientRect();
    const bar = document.querySelector('.turn-bar').getBoundingClientRect();
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    const covered = box.bottom > bar.top && box.top < bar.bottom;
    if (covered || !hit || !(el === hit || el.contains(hit)))
      out.push([el.textContent.trim() || el.name, hit && hit.outerHTML.slice(0, 60),
                Math.round(box.bottom), Math.round(bar.top)]);
  }
  return out;
}"""


def open_game(browser, live_server, game, seat: int, viewport: dict, query: str = "") -> Page:
    page = logged_in_page(browser, live_server, user(game, seat), viewport=viewport)
    page.goto(f"{live_server.url}/games/{game.pk}/{query}")
    return page


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_on_a_phone_every_control_of_the_turn_panel_scrolls_clear_of_the_turn_bar(browser, live_server,
                                                                                    live_dice):
    game = after_bs_turn(live_dice)
    page = open_game(browser, live_server, game, 0, PHONE, "?ship=K10")
    expect(page.get_by_role("navigation", name="Your turn")).to_be_visible()
    resign = page.locator("#controls").get_by_role("link", name="Resign…")
    expect(resign).to_be_attached()
    resign.evaluate("el => el.scrollIntoView({block: 'nearest'})")  # what the screen shows, scrolled to it
    page.screenshot(path=str(SHOTS / "game-layout-turn-bar-resign-390x844.png"))
    assert page.evaluate(CONTROLS_UNDER_THE_BAR) == []


# Where a cell sits in the board's box once zoomed: its middle's distance from the box's middle (px), and
# whether the cell lies wholly inside the box.
CELL_IN_BOX = """(cell) => {
  const board = document.getElementById('board');
  const b = board.getBoundingClientRect();
  const c = document.getElementById('cell-' + cell).getBoundingClientRect();
  return {
    inside: c.left >= b.left && c.right <= b.right && c.top >= b.top && c.bottom <= b.bottom,
    dx: Math.round(c.left + c.width / 2 - (b.left + b.width / 2)),
    dy: Math.round(c.top + c.height / 2 - (b.top + b.height / 2)),
    scrolled: [board.scrollLeft, board.scrollTop, board.scrollWidth - board.clientWidth,
               board.scrollHeight - board.clientHeight],
  };
}"""


def zoom_and_find(page: Page, zoom: str, cell: str) -> dict:
    page.locator(".zoom").get_by_text(zoom).click()
    expect(page.locator(f"#zoom-{zoom[0]}")).to_be_checked()
    return page.evaluate(CELL_IN_BOX, cell)


def assert_centred(found: dict, box_width: float) -> None:
    """In the box, and in its middle as far as the board's edge lets it scroll (a cell near an edge stays
    near that edge, with the box scrolled all the way)."""
    left, top, max_left, max_top = found["scrolled"]
    assert found["inside"], found
    if 0 < left < max_left:
        assert abs(found["dx"]) <= box_width * 0.1, found
    if 0 < top < max_top:
        assert abs(found["dy"]) <= 40, found


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("zoom", ["2×", "3×"])
def test_a_zoomed_board_opens_on_the_viewers_home_base_when_no_ship_acts(browser, live_server, live_dice,
                                                                         zoom):
    game = after_bs_turn(live_dice)  # A to play, no ship chosen yet: A's home base
    page = open_game(browser, live_server, game, 0, PHONE)
    home = game.state["seats"][0]["home"]
    found = zoom_and_find(page, zoom, home)
    page.locator("#board").screenshot(path=str(SHOTS / f"game-layout-zoom-{zoom[0]}-home-390x844.png"))
    assert_centred(found, page.locator("#board").bounding_box()["width"])


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_a_zoomed_board_opens_on_the_selected_ship(browser, live_server, live_dice):
    game = after_bs_turn(live_dice)
    page = open_game(browser, live_server, game, 0, PHONE, "?ship=K10")
    found = zoom_and_find(page, "3×", "K10")
    page.locator("#board").screenshot(path=str(SHOTS / "game-layout-zoom-3-selected-390x844.png"))
    assert_centred(found, page.locator("#board").bounding_box()["width"])


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_a_zoomed_board_shows_the_acting_seats_ship_to_the_player_waiting(browser, live_server, live_dice):
    game = after_bs_turn(live_dice)
    play(game, 0, "move K10 L10")  # A's ship is acting (it may still fire); B watches
    page = open_game(browser, live_server, game, 1, PHONE)
    found = zoom_and_find(page, "3×", "L10")
    page.locator("#board").screenshot(path=str(SHOTS / "game-layout-zoom-3-acting-390x844.png"))
    assert_centred(found, page.locator("#board").bounding_box()["width"])

"""The MetalTalon game page's layout for a new player, by the geometry the browser lays out (bounding
boxes): on a 390 px phone the sticky turn bar never hides a control of the turn panel; a zoomed board opens
on the ship that matters, not on its top edge; the last turn's damage reads as one tag a cell.
Screenshots: var/screenshots/game-layout-*.png."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from games.models import Game
from tests.browser.shots import PHONE, SHOTS
from tests.browser.test_play_browser import logged_in_page
from tests.kinds.metaltalon.engine.helpers import position
from tests.web.factories import put, started_game
from tests.web.test_last_turn_marks import after_bs_turn, play, user

DESKTOP_1280 = {"width": 1280, "height": 800}
HITS_ON_K10 = (2, 3, 4, 3)  # busy_cell_turn's dice: 4 and 5 from I10, 6 and 5 from M10

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


def busy_cell_turn(live_dice) -> Game:
    """B's turn hit A's big ship at K10 four times from two ships (two shots each), and A's ship at K9 just
    above it once: A is to play and sees the marks."""
    game = put(started_game(players=2), position(
        players=2, factions=("bankers", "swarm"),
        ships=((0, "K10", (10, 1, 1)), (0, "K9", (10, 0, 1)), (1, "I10", (1, 2, 0)), (1, "M10", (1, 3, 0))),
        reserves=(10, 10)))
    play(game, 0, "end")
    live_dice.script(4, 5, 6, 5, 6)
    play(game, 1, "fire I10 K10; fire I10 K10; fire M10 K10; fire M10 K10; fire M10 K9; end")
    return game


# Every damage tag's box, and every ship value's, in screen pixels. A ship is drawn once per look in <defs>
# and placed by a <use> (board_svg.py): its value is measured on a copy put where the use puts it.
TAG_BOXES = """() => {
  const box = el => { const r = el.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
  const tags = [...document.querySelectorAll('#board .shot-label')].map(el => ({tag: true,
    text: el.querySelector('text').textContent, label: el.getAttribute('aria-label'), box: box(el)}));
  const values = [...document.querySelectorAll('#board .pieces use:not([class])')].map(use => {
    const look = document.getElementById(use.getAttribute('href').slice(1));
    const copy = look.cloneNode(true);
    copy.removeAttribute('id');
    copy.setAttribute('transform', `translate(${use.getAttribute('x')} ${use.getAttribute('y')})`);
    use.after(copy);
    const value = copy.querySelector('.ship-value');
    const found = {tag: false, text: value.textContent, label: null, box: box(value)};
    copy.remove();
    return found;
  });
  return tags.concat(values);
}"""


def overlap(a: list[float], b: list[float]) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("viewport", [DESKTOP_1280, PHONE], ids=["desktop", "phone"])
def test_the_last_turns_hits_on_a_busy_cell_read_as_one_tag_that_covers_nothing(browser, live_server,
                                                                                  live_dice, viewport):
    game = busy_cell_turn(live_dice)
    page = open_game(browser, live_server, game, 0, viewport)
    if viewport is PHONE:
        page.locator(".zoom").get_by_text("3×").click()
    expect(page.locator("#board .shot-label").first).to_be_visible()
    page.locator("#cell-K10").evaluate("el => el.scrollIntoView({block: 'center', inline: 'center'})")
    cell = page.locator("#cell-K10").bounding_box()
    assert cell is not None
    page.screenshot(path=str(SHOTS / f"game-layout-hits-{viewport['width']}.png"),
                    clip={"x": cell["x"] - 2 * cell["width"], "y": cell["y"] - 2 * cell["height"],
                          "width": 5 * cell["width"], "height": 4 * cell["height"]})
    found = page.evaluate(TAG_BOXES)
    tags = [f for f in found if f["tag"]]
    overlapping = [(a["text"], b["text"]) for i, a in enumerate(found) for b in found[i + 1:]
                   if (a["tag"] or b["tag"]) and overlap(a["box"], b["box"])]
    assert overlapping == []
    on_k10 = [t for t in tags if "K10" in (t["label"] or "")]
    assert len(on_k10) == 1, tags  # one tag for the cell, the total of its hits
    assert on_k10[0]["text"].strip() == "\u2212" + str(sum(HITS_ON_K10))
    assert "I10" in on_k10[0]["label"] and "M10" in on_k10[0]["label"]

"""The board in headless Chromium (issue 8, second pass): the last turn marked and its toggle, ships whose
pieces read at 100% on a 1366x900 screen, and on a 390x844 phone a board that fits the width with the
turn's main button in the first screen. Screenshots: var/screenshots/board-*.png."""

from __future__ import annotations

import re
from io import BytesIO

import pytest
from PIL import Image
from playwright.sync_api import Page, expect

from games.kinds.metaltalon.board_svg import SEAT_COLOURS
from tests.browser.shots import DESKTOP, PHONE, SHOTS, shoot
from tests.browser.test_play_browser import logged_in_page
from tests.web.test_last_turn_marks import after_bs_turn, user

# The rendered size of a text of every ship on the board (by its class: ship-value, ship-pieces): its font
# size (in the board's units) times the board's scale on screen. A ship is drawn once per look in <defs>
# and placed on its cell by a <use> (board_svg.py): the text is read in the drawing, the scale at the use.
RENDERED_PX = """(name) => [...document.querySelectorAll('#board .pieces use:not([class])')].map(use => {
    const t = document.getElementById(use.getAttribute('href').slice(1)).querySelector('.' + name);
    return parseFloat(getComputedStyle(t).fontSize) * use.getScreenCTM().a; })"""

# Where each ship's disc shows its seat's colour on screen, by seat: the top of the disc (above its value,
# right of its seat's tab), 9 units above the cell's centre.
DISC_TOPS = """() => [...document.querySelectorAll('#board .pieces use:not([class])')].map(use => {
    const look = document.getElementById(use.getAttribute('href').slice(1));
    const seat = parseInt([...look.classList].find(c => /^p[0-9]$/.test(c)).slice(1));
    const at = new DOMPoint(parseFloat(use.getAttribute('x')), parseFloat(use.getAttribute('y')) - 11.5)
        .matrixTransform(use.getScreenCTM());
    return [seat, [Math.round(at.x), Math.round(at.y)]]; })"""


def open_board(browser, live_server, game, seat: int, viewport: dict) -> Page:
    page = logged_in_page(browser, live_server, user(game, seat), viewport=viewport)
    page.goto(f"{live_server.url}/games/{game.pk}/")
    return page


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_after_the_opponents_turn_the_board_shows_their_trail_and_shots(browser, live_server, live_dice):
    game = after_bs_turn(live_dice)
    page = open_board(browser, live_server, game, 0, DESKTOP)
    board = page.locator("#board")
    expect(board.locator(".mark-move")).to_be_visible()
    expect(board.locator(".mark-move")).to_have_attribute("data-cells", "G10 H10 I10")
    expect(board.locator(".mark-shot")).to_have_count(2)
    expect(board.locator(".shot-label")).to_have_text(["\u22124", "\u22123"])
    expect(board.locator(".mark-destroyed")).to_be_visible()
    expect(board.locator(".mark-launch")).to_be_visible()
    toggle = page.get_by_label("Show what B")
    expect(toggle).to_be_checked()
    shoot(page, "board-last-turn")
    board.screenshot(path=str(SHOTS / "board-last-turn-board-1366x900.png"))  # the board alone, at 1:1

    toggle.uncheck()  # no JavaScript needed: the stylesheet hides the marks
    expect(board.locator(".last-turn").first).to_be_hidden()
    expect(board.locator(".mark-move")).to_be_hidden()
    # Choosing a ship redraws the live region (htmx): the marks stay hidden as the reader left them.
    # A cell's link is named by its title (a screen reader reads what the hover shows): A's ship on K10.
    ship = board.get_by_role("link", name=re.compile(r"^K10 · .*your ship \d"))
    expect(ship).to_have_count(1)
    ship.click()
    expect(page.get_by_role("heading", name="Ship at K10")).to_be_visible()
    expect(page.locator("#show-last")).not_to_be_checked()
    expect(board.locator(".mark-move")).to_be_hidden()
    page.get_by_label("Show what B").check()
    expect(board.locator(".mark-move")).to_be_visible()


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_ship_values_and_pieces_read_at_100_percent_on_a_1366x900_screen(browser, live_server, live_dice):
    game = after_bs_turn(live_dice)
    page = open_board(browser, live_server, game, 0, DESKTOP)
    expect(page.locator("#board .pieces use").first).to_be_visible()
    pieces = page.evaluate(RENDERED_PX, "ship-pieces")
    values = page.evaluate(RENDERED_PX, "ship-value")
    assert len(pieces) == 3 and min(pieces) >= 10, pieces  # A's ship left, B's moved one and its launch
    assert min(values) >= 16, values
    # Each is drawn in its seat's colour: the board's style sheet reaches the copy its <use> shows.
    for seat, (x, y) in page.evaluate(DISC_TOPS):
        shot = Image.open(BytesIO(page.screenshot(clip={"x": x, "y": y, "width": 1, "height": 1})))
        assert "#{:02X}{:02X}{:02X}".format(*shot.convert("RGB").getpixel((0, 0))) == SEAT_COLOURS[seat][0]
    # The coordinates stay: every empty space still shows its name, and the edges their letters, in the
    # terrain picture under the board (board_svg.terrain_svg), drawn at the board's scale: a name of 10
    # units reads at 10 px or more.
    href, scale = page.evaluate("""() => { const t = document.querySelector('#board image.terrain');
        return [t.getAttribute('href'), t.getScreenCTM().a]; }""")
    terrain = page.request.get(live_server.url + href)
    assert terrain.ok and "immutable" in terrain.headers["cache-control"]
    assert terrain.text().count('class="cell-name"') > 150 and 10 * scale >= 10, scale
    shoot(page, "board-ships")
    page.locator("#board").screenshot(path=str(SHOTS / "board-ships-board-1366x900.png"))


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_on_a_phone_the_board_fits_the_width_and_end_turn_is_in_the_first_screen(browser, live_server,
                                                                                    live_dice):
    game = after_bs_turn(live_dice)
    page = open_board(browser, live_server, game, 0, PHONE)
    viewport = page.evaluate("""() => [document.querySelector('meta[name=viewport]').content,
                                       document.documentElement.scrollWidth]""")
    assert "user-scalable=no" not in viewport[0] and "maximum-scale" not in viewport[0]  # pinch zoom works
    assert viewport[1] <= PHONE["width"]  # nothing scrolls sideways
    box = page.locator("#board svg").bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"]
    expect(page.locator("#board svg")).to_be_in_viewport(ratio=1)  # all of it, in the first screen

    bar = page.get_by_role("navigation", name="Your turn")
    end = bar.get_by_role("link", name="End turn…")
    expect(end).to_be_in_viewport()
    shoot(page, "board-phone")
    page.screenshot(path=str(SHOTS / "board-phone-first-screen-390x844.png"))  # what the first screen shows
    bar.get_by_role("link", name="Your moves ↓").click()
    expect(page.get_by_role("heading", name="Your turn", exact=True)).to_be_in_viewport()

    page.evaluate("window.scrollTo(0, 0)")
    end.click()  # A has ships that have not acted: the panel asks first, and the page goes to it
    confirm = page.locator(".confirm-box").get_by_role("button", name="End turn")
    expect(confirm).to_be_in_viewport()
    confirm.click()
    expect(page.locator(".turn-banner")).to_contain_text("to play")
    expect(page.get_by_role("navigation", name="Your turn")).to_have_count(0)

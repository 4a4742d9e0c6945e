"""MetalTalon's standing orders form in headless Chromium: it sits outside the live region, so an order typed
in the command box does not redraw it; saving it through htmx afterwards plays only what was changed in it,
and a second save learns what the first made of it (static/js/game.js, templates/games/_drawn.html)."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Browser, expect

from games import actions
from games.actions import Actor
from games.kinds.metaltalon.engine import GameState
from tests.browser.shots import DESKTOP, PHONE, shoot
from tests.browser.test_ma_browser import wait_for_move
from tests.browser.test_play_browser import logged_in_page
from tests.kinds.metaltalon.engine.helpers import position
from tests.web.factories import put, started_game

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def orders_of(game: Any, seat: int) -> Any:
    game.refresh_from_db()
    return GameState.from_dict(game.state).seats[seat].orders


@pytest.mark.parametrize("size", [{"width": 1280, "height": 900}, PHONE], ids=["desktop", "phone"])
def test_saving_the_orders_form_after_a_typed_order_keeps_the_typed_order(
        browser: Browser, live_server: Any, size: dict[str, int]) -> None:
    # Seat 1 (Murphys) waits while seat 0 plays: it has a damage order and a murphy order.
    game = put(started_game(players=2), position(players=2, factions=("warriors", "murphys")))
    drawn = orders_of(game, 1)
    page = logged_in_page(browser, live_server, game.seats.get(index=1).user, viewport=size)
    page.goto(f"{live_server.url}/games/{game.pk}/")
    orders = page.locator("#orders")
    orders.locator("summary").click()
    damage = page.get_by_label("Damage", exact=True)
    expect(damage).to_have_value(drawn.damage)
    # The heading sits beside the disclosure marker, on the summary's one line with its hint.
    heading = orders.locator("summary h2").bounding_box()
    hint = orders.locator("summary .hint").bounding_box()
    assert heading is not None and hint is not None
    assert orders.locator("summary h2").evaluate("h => getComputedStyle(h).display") == "inline"
    assert hint["y"] < heading["y"] + heading["height"]  # the hint starts on the heading's line
    orders.scroll_into_view_if_needed()
    shoot(page, "orders-form")
    assert page.evaluate("() => document.documentElement.scrollWidth") <= size["width"]

    typed = next(v for v in ("swe", "ews", "wes") if v != drawn.damage)
    page.locator("#command-box summary").click()
    page.locator("#command-text").fill(f"order damage {typed}")
    page.locator("#command-box").get_by_role("button", name="Send").click()
    expect(page.locator("#live .notice.done")).to_be_visible()
    assert orders_of(game, 1).damage == typed
    expect(damage).to_have_value(drawn.damage)  # outside the live region: not redrawn

    version = game.version
    page.get_by_label("Murphy", exact=True).select_option("6")
    orders.get_by_role("button", name="Save orders").click()
    wait_for_move(game, version)
    assert (orders_of(game, 1).damage, orders_of(game, 1).murphy) == (typed, 6)
    # The page has learned what the save made of the form once its answer is in (a player sees it answered):
    # the move commits before that answer reaches the page, and a save clicked while the first is still in
    # flight is one htmx drops.
    expect(orders.locator("input[name=drawn_murphy]")).to_have_value("6")

    # Saved again without a reload: the first save counts as drawn, so setting murphy back is played and
    # the damage control, still showing what the page drew, sends nothing.
    version = game.version
    page.get_by_label("Murphy", exact=True).select_option(str(drawn.murphy))
    orders.get_by_role("button", name="Save orders").click()
    wait_for_move(game, version)
    assert (orders_of(game, 1).damage, orders_of(game, 1).murphy) == (typed, drawn.murphy)
    assert game.version == version + 1


def test_pieces_half_chosen_for_a_launch_survive_another_seats_order(browser: Browser,
                                                                     live_server: Any) -> None:
    """The launch builder is inside the live region, which a poll redraws when another seat acts (here: sets a
    standing order): the pieces being chosen stay, and the preview speaks of them (static/js/game.js)."""
    game = put(started_game(players=2), position(players=2, factions=("warriors", "murphys")))
    page = logged_in_page(browser, live_server, game.seats.get(index=0).user, viewport=DESKTOP)
    page.goto(f"{live_server.url}/games/{game.pk}/")
    field = page.locator("#mt-launch-n1")
    expect(field).to_be_visible()
    field.fill("2")
    field.dispatch_event("input")
    preview = page.locator("#mt-launch .launch-preview")
    expect(preview).to_contain_text("Worth")
    before = preview.inner_text()

    game.refresh_from_db()
    version = game.version
    actions.apply_command(game, Actor.player(game.seats.get(index=1).user), "order murphy 3")
    wait_for_move(game, version)
    game.refresh_from_db()
    expect(page.locator("#live")).to_have_attribute("data-version", str(game.version), timeout=10_000)
    expect(page.locator("#mt-launch")).to_have_attribute("open", "")
    expect(field).to_have_value("2")
    expect(preview).to_have_text(before)

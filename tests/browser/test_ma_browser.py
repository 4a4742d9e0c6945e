"""Metal Adventures in headless Chromium: a player creates a 4-player game against three bots on the
new-game form, keeps two trophies, and plays every turn of its own to the end of the game by clicking the
page's buttons (the bots' turns played by the bots' task body, as a worker would); and the summary of a
finished game, its glory and credits charted by turn. Screenshots in var/screenshots/: ma-new, ma-setup,
ma-turn, ma-battle, ma-over, ma-summary (desktop) and ma-turn, ma-over, ma-summary (phone)."""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from games import actions
from games.actions import Actor
from games.actions.bots import play_bots
from games.kinds import get_kind
from tests.browser.bot_games import (
    create_against_bots,
    fill_new_game_against_bots,
    offered_to_bots,
    wait_for_move,
)
from tests.browser.shots import DESKTOP, PHONE, shoot
from tests.browser.test_play_browser import logged_in_page
from tests.web.factories import UserFactory, finished_against_bots, full_game

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

KIND = "metal-adventures"
# The commands the test's player prefers, in order: a plain, always-finishing way through a turn (read from
# the buttons' values: their labels are words, buttons.py).
PREFERRED = ("tribute", "rest", "refuse", "attack space", "ally none", "roll", "pass", "keep all", "end")
CLICKS = 2_000


@pytest.fixture(autouse=True)
def offer_it(settings: Any) -> None:
    offered_to_bots(settings, KIND)


def click_one(page: Page) -> str:
    """Clicks the button of the first preferred command the page shows, else the first button of the
    actions panel; gives the clicked button's label."""
    buttons = page.locator(".ma-actions button[name=command]")
    values = [buttons.nth(i).get_attribute("value") or "" for i in range(buttons.count())]
    labels = [b.strip() for b in buttons.all_inner_texts()]
    for wanted in PREFERRED:
        for i, value in enumerate(values):
            if value == wanted or (wanted == "attack space" and re.fullmatch(r"attack space \d", value)):
                buttons.nth(i).click()
                return labels[i]
    choice = next((i for i, value in enumerate(values) if value not in ("autopilot", "resign")), None)
    assert choice is not None, f"only {labels} on the page: {page.locator('.ma-banner').inner_text()}"
    buttons.nth(choice).click()
    return labels[choice]


def test_a_player_plays_a_game_against_three_bots_to_its_end(browser: Browser, live_server: Any,
                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("games.tasks.queue_bots", lambda pk: None)  # no worker here: the test plays them
    user = UserFactory()
    page = logged_in_page(browser, live_server, user, viewport=DESKTOP)
    fill_new_game_against_bots(page, live_server, KIND, players=4)
    shoot(page, "ma-new")
    game = create_against_bots(page, user, bots=3)
    kind = get_kind(KIND)
    play_bots(game.pk)
    expect(page.locator(".ma-mine")).to_contain_text("Dealt to you")
    shoot(page, "ma-setup")
    page.locator(".ma-actions button[name=command]").first.click()
    shots = {"turn": False, "battle": False}
    me = game.seats.get(user=user).index
    for _ in range(CLICKS):
        play_bots(game.pk)
        game.refresh_from_db()
        state = kind.load(game.state)
        if kind.phase(state) == "over":
            break
        assert me in kind.to_act(state), f"the game waits for {kind.to_act(state)}, bots all played"
        page.reload()
        if not shots["turn"] and page.get_by_text("It is your turn").count():
            shoot(page, "ma-turn")
            page.set_viewport_size(PHONE)
            shoot(page, "ma-turn")
            page.set_viewport_size(DESKTOP)
            shots["turn"] = True
        if not shots["battle"] and page.locator(".ma-battle").count():
            shoot(page, "ma-battle")
            shots["battle"] = True
        version = game.version
        click_one(page)
        wait_for_move(game, version)
    game.refresh_from_db()
    assert kind.phase(kind.load(game.state)) == "over", "the game did not end"
    page.reload()
    expect(page.locator(".ma-banner")).to_contain_text("Game over")
    shoot(page, "ma-over")
    page.set_viewport_size(PHONE)
    shoot(page, "ma-over")
    assert all(shots.values())


@pytest.mark.parametrize("size", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_a_finished_games_summary_charts_each_pirates_glory_and_credits_within_the_page(
        browser: Browser, live_server: Any, monkeypatch: pytest.MonkeyPatch, size: dict[str, int]) -> None:
    monkeypatch.setattr("games.tasks.queue_bots", lambda pk: None)
    game, seat = finished_against_bots(KIND, players=4)
    # A long name of one word, as a sign-up may choose: it breaks rather than widen the places table.
    seat.user.profile.display_name = "Bartholomew_Roberts_1682"
    seat.user.profile.save(update_fields=["display_name"])
    page = logged_in_page(browser, live_server, seat.user, viewport=size)
    page.goto(f"{live_server.url}/games/{game.pk}/")
    summary = page.locator("#summary")
    expect(summary).to_contain_text("Game over")
    charts = summary.locator("figure")
    expect(charts).to_have_count(2)
    expect(charts.nth(0)).to_contain_text("Glory by turn")
    expect(charts.nth(1)).to_contain_text("Credits by turn")
    summary.scroll_into_view_if_needed()
    shoot(page, "ma-summary")
    # Nothing of the summary reaches past the page's right edge, whatever the width, nor hides in a scroll.
    right = page.evaluate("() => Math.max(...[...document.querySelectorAll('#summary, #summary *')]"
                          ".map(e => e.getBoundingClientRect().right))")
    assert right <= size["width"]
    assert page.locator("#summary .places-scroll").evaluate("e => e.scrollWidth <= e.clientWidth")


def test_the_rules_page_fits_a_phone_its_wide_card_tables_scrolling_on_their_own(
        browser: Browser, live_server: Any) -> None:
    page = browser.new_page(viewport=PHONE)
    page.goto(f"{live_server.url}/rules/{KIND}/")
    expect(page.locator("article.rules h1")).to_contain_text("Metal Adventures")
    assert page.evaluate("() => document.documentElement.scrollWidth") <= PHONE["width"]
    wide = page.locator("article.rules table").evaluate_all(
        "tables => tables.filter(t => t.scrollWidth > t.clientWidth).length")
    assert wide > 0  # the card tables are wider than a phone: they scroll inside themselves
    shoot(page, "ma-rules")
    page.close()


@pytest.mark.parametrize("size", [{"width": 1280, "height": 900}, PHONE], ids=["desktop", "phone"])
def test_the_standing_orders_form_saves_the_changed_orders_and_fits_the_page(
        browser: Browser, live_server: Any, size: dict[str, int]) -> None:
    game = full_game(players=3, kind=KIND)
    seat = game.seats.get(index=1)
    page = logged_in_page(browser, live_server, seat.user, viewport=size)
    page.goto(f"{live_server.url}/games/{game.pk}/")
    orders = page.locator("#orders")
    orders.locator("summary").click()
    page.get_by_label("When asked to ally").select_option("accept")
    page.get_by_label("if offered at least").fill("2")
    page.get_by_label("Metal Faktor die as an ally").select_option("yes")
    orders.scroll_into_view_if_needed()
    shoot(page, "ma-orders")
    assert page.evaluate("() => document.documentElement.scrollWidth") <= size["width"]
    orders.get_by_role("button", name="Save orders").click()
    # htmx redraws the live region with the orders as they now stand; the form stays open.
    expect(page.locator(".ma-mine")).to_contain_text("order ally accept min 2c")
    expect(page.locator(".ma-mine")).to_contain_text("order mf ally yes")
    expect(orders).to_have_attribute("open", "")
    kind = get_kind(KIND)
    game.refresh_from_db()
    assert dict(kind.load(game.state).seats[1].orders) == {"ally": "accept min 2c", "mf ally": "yes"}
    # Saved again without a reload: what the first save set counts as drawn (game.js), so setting an
    # order back to "ask me" is played, and the controls left alone send nothing.
    version = game.version
    page.get_by_label("Metal Faktor die as an ally").select_option("off")
    orders.get_by_role("button", name="Save orders").click()
    expect(page.locator(".ma-mine")).not_to_contain_text("order mf ally")
    game.refresh_from_db()
    assert dict(kind.load(game.state).seats[1].orders) == {"ally": "accept min 2c"}
    assert game.version == version + 1


def test_a_half_written_trade_stays_open_with_its_text_while_another_seat_moves(
        browser: Browser, live_server: Any) -> None:
    """The trade form is inside the live region, which a poll redraws for every move of another seat: what
    the player was writing there, and the form's being open, survive the redraw (static/js/game.js)."""
    game = full_game(players=3, kind=KIND)
    kind = get_kind(KIND)
    for seat in game.seats.order_by("index"):
        game.refresh_from_db()
        actions.apply_command(game, Actor.player(seat.user), kind.timeout_commands(kind.load(game.state),
                                                                                   seat.index)[0])
    game.refresh_from_db()
    assert tuple(kind.to_act(kind.load(game.state))) == (0,)
    page = logged_in_page(browser, live_server, game.seats.get(index=1).user, viewport=DESKTOP)
    page.goto(f"{live_server.url}/games/{game.pk}/")
    page.get_by_text("What the numbers mean").click()  # a reader's open disclosure is kept too
    page.get_by_text("Trade or promise").click()
    page.get_by_label("Offer to").select_option(index=1)
    offered_to = page.get_by_label("Offer to").input_value()
    page.get_by_label("You give").fill("2c")
    page.get_by_label("You get").fill("card")
    page.get_by_label("You get").press("End")

    actions.apply_command(game, Actor.player(game.seats.get(index=0).user), "tribute")
    expect(page.locator("#log")).to_contain_text("tribute", timeout=10_000)  # the poll redrew the region
    expect(page.locator("details.ma-forms")).to_have_attribute("open", "")
    expect(page.locator("details.ma-legend")).to_have_attribute("open", "")
    expect(page.get_by_label("Offer to")).to_have_value(offered_to)
    expect(page.get_by_label("You give")).to_have_value("2c")
    expect(page.get_by_label("You get")).to_have_value("card")
    expect(page.get_by_label("You get")).to_be_focused()  # still typing where they were
    # The redrawn form carries the game's new version: the offer is read against what is shown now.
    version = page.locator("details.ma-forms input[name=expected_version]").first.input_value()
    game.refresh_from_db()
    assert version == str(game.version)
    # Sent out of turn, it is refused: what was written stays, to send when it may be.
    page.get_by_role("button", name="Offer", exact=True).click()
    expect(page.locator("#live .notice.error")).to_contain_text("not your turn")
    expect(page.locator("details.ma-forms")).to_have_attribute("open", "")
    expect(page.get_by_label("You give")).to_have_value("2c")

    # The seat to play offers: played, its form stays open and empty, as the command box does.
    player = logged_in_page(browser, live_server, game.seats.get(index=0).user, viewport=DESKTOP)
    player.goto(f"{live_server.url}/games/{game.pk}/")
    player.get_by_text("Trade or promise").click()
    player.get_by_label("You give").fill("1c")
    player.get_by_role("button", name="Offer", exact=True).click()
    expect(player.locator("#live .notice.done")).to_be_visible()
    expect(player.locator("details.ma-forms")).to_have_attribute("open", "")
    expect(player.get_by_label("You give")).to_have_value("")

    # The ask form of a battle is in the live region too: its terms survive another seat's order.
    actions.apply_command(game, Actor.player(game.seats.get(index=0).user), "attack planet bazaar")
    terms = player.get_by_label("in return for")
    expect(terms).to_be_visible(timeout=10_000)
    terms.fill("2c@now")
    actions.apply_command(game, Actor.player(game.seats.get(index=2).user), "order vote guilty")
    game.refresh_from_db()
    expect(player.locator("#live")).to_have_attribute("data-version", str(game.version), timeout=10_000)
    expect(terms).to_have_value("2c@now")

"""Metabaloids in headless Chromium: a player creates a short 3-player game against two random bots on the
new-game form, picks a deck, places its first cards, and plays every turn of its own to the end of the game
by clicking the page's buttons (the bots' turns played by the bots' task body, as a worker would) and
typing one standing order, until the summary charts each player's lost cards and cards in play; long card
names whole in a phone's grid; the rules page with its card list; the new-game form's Metabaloids options.
Screenshots (tests/browser/shots.py; SHOTS_DIR=/work/shots/mb puts them there): mb-new, mb-decks,
mb-deployment, mb-battle, mb-hand, mb-over, mb-rules at desktop and phone width, mb-grid and
mb-rules-cards on a phone."""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from games.actions.bots import play_bots
from games.kinds import get_kind
from games.models import Game
from tests.browser.bot_games import (
    create_against_bots,
    fill_new_game_against_bots,
    offered_to_bots,
    wait_for_move,
)
from tests.browser.shots import DESKTOP, PHONE, SHOTS, shoot
from tests.browser.test_play_browser import logged_in_page
from tests.kinds.metabaloids.helpers import position, seat_dict
from tests.web.factories import UserFactory, full_game

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

KIND = "metabaloids"
# The commands the test's player prefers, in order, read from the buttons' values (their labels are words,
# page.py): answer a question by its orders, deploy, attack whoever it can, restock what it can pay for, end
# the turn; before the game, deck A and every placement it may make.
PREFERRED = ("pay auto", "deploy all", "attack", "restock", "end", "pass", "place", "done", "deck a")
CLICKS = 1_500
BATTLE_OVER = re.compile(r"won by \d|A tie at \d")


@pytest.fixture(autouse=True)
def offer_it(settings: Any) -> None:
    offered_to_bots(settings, KIND)


def both_widths(page: Page, name: str) -> None:
    shoot(page, name)
    page.set_viewport_size(PHONE)
    shoot(page, name)
    page.set_viewport_size(DESKTOP)


def fits(page: Page) -> bool:
    return bool(page.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth"))


# The words of the cards' names in the play areas that the page breaks across two lines ("Leafcutte / r
# Ant"): a word drawn on two lines has two boxes.
BROKEN_WORDS = """() => [...document.querySelectorAll('.mb-grid .mb-name')].flatMap(name =>
  [...name.childNodes].filter(node => node.nodeType === 3).flatMap(node => {
    const broken = [];
    for (const found of node.textContent.matchAll(/\\S+/g)) {
      const range = document.createRange();
      range.setStart(node, found.index);
      range.setEnd(node, found.index + found[0].length);
      if (range.getClientRects().length > 1) broken.push(found[0]);
    }
    return broken;
  }))"""


def click_one(page: Page) -> str:
    """Clicks the button of the first preferred command the page shows; gives the clicked command."""
    buttons = page.locator(".mb-actions button[name=command]")
    values = [buttons.nth(i).get_attribute("value") or "" for i in range(buttons.count())]
    for wanted in PREFERRED:
        for i, value in enumerate(values):
            if value == wanted or value.startswith(wanted + " "):
                buttons.nth(i).click()
                return value
    raise AssertionError(f"only {values} on the page: {page.locator('.mb-banner').inner_text()}")


def bots_play(game: Game) -> None:
    while play_bots(game.pk).more:
        pass


def test_a_player_plays_a_short_game_against_two_bots_to_its_end(browser: Browser, live_server: Any,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("games.tasks.queue_bots", lambda pk: None)  # no worker here: the test plays them
    user = UserFactory()
    page = logged_in_page(browser, live_server, user, viewport=DESKTOP)
    fill_new_game_against_bots(page, live_server, KIND, players=3)
    page.get_by_label(re.compile(r"Short \(")).check()
    game = create_against_bots(page, user, bots=2)
    kind = get_kind(KIND)
    assert kind.load(game.state).options.length == "short"
    bots_play(game)
    page.reload()
    expect(page.locator(".mb-actions")).to_contain_text("Deck A: Silk & Sting")
    both_widths(page, "mb-decks")
    assert fits(page)

    shots = {"deployment": False, "battle": False, "hand": False}
    me = game.seats.get(user=user).index
    clicks, typed = 0, False
    for clicks in range(CLICKS):  # noqa: B007 (the count is reported below)
        bots_play(game)
        game.refresh_from_db()
        state = kind.load(game.state)
        if kind.phase(state) == "over":
            break
        assert me in kind.to_act(state), f"the game waits for {kind.to_act(state)}, bots all played"
        page.reload()
        if not shots["deployment"] and page.locator(".mb-banner", has_text="Initial deployment").count() \
                and page.locator(".mb-seat.you .mb-card").count():
            both_widths(page, "mb-deployment")
            shots["deployment"] = True
        if not shots["battle"] and page.locator("#log", has_text=BATTLE_OVER).count() \
                and page.locator(".mb-banner.mine").count():
            both_widths(page, "mb-battle")
            assert fits(page)
            page.set_viewport_size(PHONE)
            assert page.evaluate(BROKEN_WORDS) == []
            page.set_viewport_size(DESKTOP)
            shots["battle"] = True
        if not shots["hand"] and shots["battle"] and page.locator(".mb-mine .mb-card").count() >= 5:
            hand = page.locator(".mb-mine")
            for size in (DESKTOP, PHONE):
                page.set_viewport_size(size)
                hand.scroll_into_view_if_needed()
                hand.screenshot(path=str(SHOTS / f"mb-hand-{size['width']}x{size['height']}.png"))
            page.set_viewport_size(DESKTOP)
            shots["hand"] = True
        if not typed and page.locator(".mb-banner", has_text="Turn").count():
            # What no button says: a standing order, typed in the command box; the page reads it back in
            # words (order_words.py).
            page.get_by_role("heading", name="Type commands").click()
            page.get_by_label(re.compile("Commands, one per line")).fill("order keep spores")
            page.locator("#command-text").locator("xpath=..").get_by_role("button", name="Send").click()
            expect(page.locator(".mb-orders")).to_contain_text("leaves Torpor Spores in your hand")
            typed = True
            continue
        version = game.version
        click_one(page)
        wait_for_move(game, version)
    game.refresh_from_db()
    assert kind.phase(kind.load(game.state)) == "over", f"the game did not end in {clicks} clicks"
    page.reload()
    expect(page.locator(".mb-banner")).to_contain_text("Game over")
    summary = page.locator("#summary")
    expect(summary).to_contain_text("Game over")
    expect(summary.locator("figure")).to_have_count(2)
    expect(summary.locator("figure").nth(0)).to_contain_text("Lost")
    both_widths(page, "mb-over")
    page.set_viewport_size(PHONE)
    assert fits(page)
    assert all(shots.values()) and typed, shots


def test_the_longest_card_names_keep_their_words_whole_in_a_phones_grid(browser: Browser,
                                                                          live_server: Any) -> None:
    game = full_game(players=3, kind=KIND, quick=True)
    kind = get_kind(KIND)
    # A table of the starter decks' longest names (Leafcutter, Salamander), each play area's columns full.
    game.state = kind.dump(position(
        seat_dict(1, grid=[["cutter", "centipede"], ["trapdoor", "cutter"], ["beetle", "scorpion"]],
                  hand=["cutter"], filler=10, players=3),
        seat_dict(2, "B", grid=[["salamander", "turtle"], ["axolotl"], ["salamander"]], filler=10, players=3),
        seat_dict(3, "B", grid=[["turtle"], ["salamander"]], safe=[2], filler=10, players=3),
        step="attack"))
    game.save(update_fields=["state"])
    page = logged_in_page(browser, live_server, game.seats.get(index=0).user, viewport=PHONE)
    page.goto(f"{live_server.url}/games/{game.pk}/")
    expect(page.locator(".mb-grid .mb-card")).to_have_count(12)
    page.locator(".mb-seat").first.scroll_into_view_if_needed()
    page.screenshot(path=str(SHOTS / "mb-grid-390x844.png"))
    assert page.evaluate(BROKEN_WORDS) == []
    assert fits(page)


def test_the_rules_page_lists_every_card_and_fits_a_phone(browser: Browser, live_server: Any) -> None:
    page = browser.new_page(viewport=DESKTOP)
    page.goto(f"{live_server.url}/rules/{KIND}/")
    expect(page.locator("article.rules h1")).to_contain_text("Metabaloids")
    cards = page.locator("#the-card-list ~ table tr, #the-card-list ~ * table tr")
    expect(page.locator("article.rules")).to_contain_text("Silk & Sting")
    assert cards.count() > 20
    shoot(page, "mb-rules")
    page.set_viewport_size(PHONE)
    assert fits(page)
    shoot(page, "mb-rules")
    # The card list as a phone shows it: its wide table scrolls on its own.
    page.locator("#the-card-list").evaluate("heading => heading.scrollIntoView()")
    page.screenshot(path=str(SHOTS / "mb-rules-cards-390x844.png"))
    page.close()


def test_the_new_game_form_offers_metabaloids_with_its_options(browser: Browser, live_server: Any) -> None:
    page = logged_in_page(browser, live_server, UserFactory(), viewport=DESKTOP)
    page.goto(f"{live_server.url}/games/new/?kind={KIND}")
    expect(page.get_by_label(re.compile(r"Reshuffle \("))).to_be_checked()
    expect(page.get_by_label(re.compile(r"Short \("))).to_be_visible()
    expect(page.get_by_label("Elimination variant")).to_be_visible()
    expect(page.get_by_label("Quick start (everyone plays deck A)")).to_be_visible()
    expect(page.get_by_label(re.compile(r"Minutes to answer a question out of turn"))).to_have_value("0")
    both_widths(page, "mb-new")
    page.set_viewport_size(PHONE)
    assert fits(page)

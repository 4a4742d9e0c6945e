"""The replay in headless Chromium: the arrow keys and the buttons step without reloading the page, the
slider shows its step as it moves with no Show button, and the slider follows the keys; a key held down
moves one step per keydown (queued, none dropped), and the turn keys and buttons step by whole turns."""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from games import actions
from games.actions import Actor
from games.models import Game
from tests.web.factories import active_seat, finished_game, started_game

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_the_replay_steps_by_keys_buttons_and_slider_without_a_reload(browser: Browser, live_server: Any):
    game, _, _ = finished_game(turns=3)
    last = game.actions.count()
    page = browser.new_page()
    page.goto(live_server.url + f"/games/{game.pk}/replay/")
    step_of = page.locator(".step-of")
    expect(step_of).to_have_text(f"Step 0 of {last}")  # the replay opens on the start of the game
    expect(page.locator("#step")).to_have_value("0")
    page.evaluate("window.__stillHere = true")  # gone if the page reloads

    page.keyboard.press("End")
    expect(step_of).to_have_text(f"Step {last} of {last}")
    page.keyboard.press("ArrowLeft")
    expect(step_of).to_have_text(f"Step {last - 1} of {last}")
    expect(page).to_have_url(re.compile(rf"step={last - 1}$"))
    expect(page.locator("#step")).to_have_value(str(last - 1))  # the slider follows the keys
    page.keyboard.press("Home")
    expect(step_of).to_have_text(f"Step 0 of {last}")
    expect(page.locator(".replay-action")).to_contain_text("before any action")
    page.get_by_role("link", name="Next →").click()
    expect(step_of).to_have_text(f"Step 1 of {last}")
    expect(page.locator(".replay-action")).to_contain_text("keep")

    expect(page.get_by_role("button", name="Show")).to_be_hidden()
    page.locator("#step").fill("3")
    expect(step_of).to_have_text(f"Step 3 of {last}")
    page.keyboard.press("End")  # focus is on the slider: it moves itself, and the frame follows
    expect(step_of).to_have_text(f"Step {last} of {last}")
    assert page.evaluate("window.__stillHere") is True


def game_of_two_action_turns(turns: int) -> Game:
    """A finished two-player game whose every turn is two actions (a standing order, then end), so the
    steps by turn and by action differ: turn 1 begins at step 2 (after both keeps), turn k at step 2k."""
    game = started_game(players=2)
    for _ in range(turns):
        seat = active_seat(game)
        actions.apply_command(game, Actor.player(seat.user), "order damage wse")
        actions.apply_command(game, Actor.player(seat.user), "end")
    actions.apply_command(game, Actor.player(active_seat(game).user), "resign")
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    return game


def hold(page: Page, key: str, times: int, shift: bool = False) -> None:
    """`times` keydowns of `key` in one go, as a key held down sends them: faster than any frame loads."""
    page.evaluate("""([key, times, shift]) => {
        for (let i = 0; i < times; i++) {
            document.body.dispatchEvent(new KeyboardEvent("keydown", {key, shiftKey: shift, repeat: i > 0,
                                                                       bubbles: true, cancelable: true}));
        }
    }""", [key, times, shift])


def test_holding_an_arrow_key_moves_exactly_one_step_per_keydown(browser: Browser, live_server: Any):
    game = game_of_two_action_turns(12)
    last = game.actions.count()  # 2 keeps, 24 actions of turns, the resignation
    page = browser.new_page()
    page.goto(live_server.url + f"/games/{game.pk}/replay/?step=0")
    step_of = page.locator(".step-of")
    expect(step_of).to_have_text(f"Step 0 of {last}")

    hold(page, "ArrowRight", 20)
    expect(step_of).to_have_text(f"Step 20 of {last}")
    expect(page).to_have_url(re.compile(r"step=20$"))
    hold(page, "ArrowLeft", 7)
    expect(step_of).to_have_text(f"Step 13 of {last}")
    page.wait_for_timeout(300)  # nothing left in the queue moves it on
    expect(step_of).to_have_text(f"Step 13 of {last}")


def test_the_turn_keys_and_buttons_jump_to_the_start_of_the_next_or_this_turn(browser: Browser,
                                                                              live_server: Any):
    game = game_of_two_action_turns(4)
    last = game.actions.count()
    page = browser.new_page()
    page.goto(live_server.url + f"/games/{game.pk}/replay/?step=0")
    step_of = page.locator(".step-of")

    page.keyboard.press("PageDown")  # the first turn begins once both seats have kept their factions
    expect(step_of).to_have_text(f"Step 2 of {last}")
    expect(page.locator(".step-turn")).to_have_text("round 1")
    page.keyboard.press("ArrowRight")  # inside turn 1: its order
    expect(step_of).to_have_text(f"Step 3 of {last}")
    page.keyboard.press("PageDown")
    expect(step_of).to_have_text(f"Step 4 of {last}")
    page.keyboard.press("Shift+ArrowRight")
    expect(step_of).to_have_text(f"Step 6 of {last}")
    expect(page.locator(".step-turn")).to_have_text("round 2")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("PageUp")  # from inside a turn: back to its start
    expect(step_of).to_have_text(f"Step 6 of {last}")
    hold(page, "PageDown", 2)  # queued: each from the start the one before reached
    expect(step_of).to_have_text(f"Step 10 of {last}")
    page.get_by_role("link", name="« Turn").click()
    expect(step_of).to_have_text(f"Step 8 of {last}")
    page.get_by_role("link", name="Turn »").click()
    expect(step_of).to_have_text(f"Step 10 of {last}")

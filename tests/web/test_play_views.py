"""The game page (games/views/play.py): every status, selection, commands, errors, undo, orders, the poll,
the board picture and its cache, the paginated log, and a query count that does not grow with the log."""

from __future__ import annotations

import re
from html import unescape
from typing import Any
from urllib.parse import parse_qs

import pytest
from django.core.cache import cache
from django.db import connection
from django.db.models import F
from django.test.utils import CaptureQueriesContext

from games import actions
from games.actions import Actor
from games.kinds.metaltalon import page as metaltalon_page
from games.kinds.metaltalon import presenters
from games.kinds.metaltalon.engine import GameState, legal_commands
from games.models import Action, Game, Snapshot
from games.narration import narrate, reading
from games.views import play as play_views
from tests.kinds.metal_adventures_site.test_ma_orders_form import drawn
from tests.kinds.metaltalon.engine.helpers import position
from tests.web.factories import UserFactory, active_seat, open_game, other_seat, put, started_game

pytestmark = pytest.mark.django_db
HX = {"HX-Request": "true"}


def url(game: Game, name: str = "") -> str:
    return f"/games/{game.pk}/{name + '/' if name else ''}"


def state_of(game: Game) -> GameState:
    game.refresh_from_db()
    return GameState.from_dict(game.state)


def near_game() -> Game:
    """Seat 0 (Warriors) to play with a 3e 2w ship at I9; seat 1's 2e 1s ship sits at I12."""
    game = started_game(players=2)
    ships = ((0, "I9", (3, 2, 0)), (1, "I12", (2, 0, 1)))
    return put(game, position(players=2, factions=("warriors", "bankers"), ships=ships,
                                       reserves=(10, 10)))


def seat_user(game: Game, index: int) -> Any:
    return game.seats.get(index=index).user


def post(client: Any, game: Game, command: str, htmx: bool = False, version: int | str | None = None,
         **extra: Any) -> Any:
    game.refresh_from_db()
    data = {"command": command, "expected_version": game.version if version is None else version, **extra}
    return client.post(url(game, "play"), data, headers=HX if htmx else {})


def live_part(html: str) -> str:
    return html[html.index('id="live"'):]


# === EVERY STATUS ===


def test_open_game_page_shows_the_seats_and_the_join_button(client):
    game = open_game(players=3)
    client.force_login(UserFactory())
    response = client.get(url(game))
    assert response.status_code == 200
    html = response.content.decode()
    assert 'id="seating"' in html and "Join this game" in html and 'id="live"' not in html


def test_setup_page_shows_each_seats_dealt_faction_and_keep_redraw(client):
    game = started_game(players=2, keep=False)
    state = state_of(game)
    seat = game.seats.get(index=0)
    client.force_login(seat.user)
    html = client.get(url(game)).content.decode()
    assert 'value="keep"' in html and 'value="redraw"' in html
    for s in state.seats:
        name = {"swarm": "The Swarm"}.get(s.faction, s.faction.capitalize())
        assert name in html
    assert "Redraw (once; the new card is final)" in html


def test_keep_from_the_setup_page_records_the_choice(client):
    game = started_game(players=2, keep=False)
    seat = game.seats.get(index=1)
    client.force_login(seat.user)
    response = post(client, game, "keep")
    assert response.status_code == 302 and response["Location"] == url(game)
    assert state_of(game).seats[1].decided
    assert "You keep" in client.get(url(game)).content.decode()


def test_seats_decide_at_the_same_time_without_moved_on_refusals(client):
    game = started_game(players=2, keep=False)
    first, second = game.seats.get(index=0), game.seats.get(index=1)
    client.force_login(second.user)
    page = client.get(url(game)).content.decode()  # loaded before the other seat decides
    actions.apply_command(game, Actor.player(first.user), "keep")
    form = page[page.index('value="keep"') - 400:page.index('value="keep"')]
    assert "expected_version" not in form
    response = client.post(url(game, "play"), {"command": "keep"})
    assert response.status_code == 302 and state_of(game).phase == "play"


def test_active_page_shows_board_seats_bank_turn_and_deadline(client):
    game = started_game(players=2, clock={"hours": 24})
    seat = active_seat(game)
    client.force_login(seat.user)
    html = client.get(url(game)).content.decode()
    state = state_of(game)
    assert "<svg" in html and 'id="board"' in html
    assert "your turn" in html and f"Bank: {state.bank}" in html
    assert "Deadline:" in html and ("h " in html or "min left" in html)
    for s in game.seats.all():
        assert s.name in html


def test_no_deadline_is_said_plainly(client):
    game = started_game(players=2, clock={"mode": "none"})
    html = client.get(url(game)).content.decode()
    assert "No deadline" in html


def test_finished_game_shows_the_result_final_board_and_replay_link(client):
    game = started_game(players=2)
    loser = other_seat(game)
    client.force_login(loser.user)
    post(client, game, "resign")
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    html = client.get(url(game)).content.decode()
    winner = game.seats.get(index=game.result["winner"])
    assert f"<strong>{winner.name}" in html and "won the game" in html
    assert 'id="summary"' in html and "Place" in html  # the places: once, in the summary
    assert f"/games/{game.pk}/replay/" in html and "<svg" in html
    assert 'class="poller"' not in html  # a finished game does not poll


def test_a_player_who_is_out_is_told_so_and_keeps_watching(client):
    game = started_game(players=3)
    leaver = other_seat(game)
    actions.apply_command(game, Actor.player(leaver.user), "resign")
    client.force_login(leaver.user)
    html = client.get(url(game)).content.decode()
    assert "You are out of this game" in html and "Resigned." in html and "keep watching" in html
    assert 'value="end"' not in html and "Standing orders" not in html


def live_region(html: str) -> str:
    """The partial's `live` region: after the out-of-band chrome (title, status, badge) that precedes it."""
    return html[html.index('<div id="live"'):]


def test_htmx_request_gets_only_the_live_partial_and_its_out_of_band_chrome(client):
    game = started_game(players=2)
    client.force_login(active_seat(game).user)
    response = client.get(url(game), headers=HX)
    html = response.content.decode()
    assert response.status_code == 200
    assert "<html" not in html and "site-header" not in html
    chrome = html[:html.index('<div id="live"')]
    assert all('hx-swap-oob="true"' in line for line in chrome.strip().splitlines()[1:] if line.strip())
    assert live_region(html).rstrip().endswith("</div>")


# === SELECTING A SHIP: MOVES AND TARGETS FROM legal_commands ===


def test_selecting_a_ship_lists_every_legal_destination_and_lights_them(client):
    game = near_game()
    client.force_login(seat_user(game, 0))
    response = client.get(url(game, "select") + "?ship=I9", headers=HX)
    html = response.content.decode()
    moves = [c for c in legal_commands(state_of(game), 0) if c.startswith("move I9 ")]
    assert moves and all(f'value="{c}"' in html for c in moves)
    assert html.count('class="cell reachable') + html.count("mark-reachable") >= len(moves)


def test_selected_ship_shows_targets_with_range_shields_and_damage_odds(client):
    game = near_game()
    client.force_login(seat_user(game, 0))
    html = client.get(url(game, "select") + "?ship=I9").content.decode()
    row = html[html.index("<strong>I12</strong>"):]
    row = row[:row.index("</li>")]
    # Range 2 (I10, I11 between), shields 1, Warriors +1: d6 1-2 do nothing, 3..6 do 1..4.
    assert "range penalty 2 · shields 1 · Warriors +1" in row
    assert "0 dmg: 33%" in row and "4 dmg: 17%" in row and "average 1.7" in row
    assert 'value="fire I9 I12"' in row


def notice(html: str) -> tuple[str, list[str]]:
    """The answer's notice: its line and the lines listed under it, as text."""
    found = re.search(r'<section class="notice done" role="status">\s*<p class="notice-text">(.*?)</p>'
                      r'(?:\s*<ul class="notice-details">(.*?)</ul>)?', html, re.S)
    assert found is not None, html[:3000]
    return unescape(found[1]), [unescape(line) for line in re.findall(r"<li>(.*?)</li>", found[2] or "")]


def test_fire_by_button_applies_the_shot_and_reports_it_in_words(client):
    game = near_game()
    client.force_login(seat_user(game, 0))
    response = post(client, game, "fire I9 I12", htmx=True)
    assert response.status_code == 200
    [shot] = game.actions.filter(command="fire I9 I12")
    game.refresh_from_db()
    told = narrate(game, *reading(game), seat=shot.seat, command=shot.command, events=shot.events, reader=0)
    # What the log says of the shot, never the command as typed (the player clicked a button).
    text, details = notice(response.content.decode())
    assert "fired at" in " ".join([text, *details]) and "fire I9 I12" not in text
    assert [text, *details] == (told.lines if len(told.lines) == 1 else ["Done.", *told.lines])


def test_someone_elses_ship_cannot_be_selected(client):
    game = near_game()
    client.force_login(seat_user(game, 0))
    html = client.get(url(game, "select") + "?ship=I12").content.decode()
    assert "Ship at I12" not in html and "Choose a ship" in html


def test_board_link_without_javascript_asks_to_confirm_then_posts(client):
    game = near_game()
    client.force_login(seat_user(game, 0))
    before = game.actions.count()
    html = client.get(url(game, "play") + f"?command=move+I9+I10&v={game.version}").content.decode()
    assert "Confirm: <code>move I9 I10</code>" in html
    assert f'name="expected_version" value="{game.version}"' in html
    assert game.actions.count() == before  # a GET never changes the game
    response = post(client, game, "move I9 I10")
    assert response.status_code == 302 and game.actions.latest("seq").command == "move I9 I10"


# === COMMANDS, ERRORS, NOTHING TWICE ===


def test_plain_post_applies_and_redirects_back_with_a_message(client):
    game = started_game(players=2)
    seat = active_seat(game)
    client.force_login(seat.user)
    response = post(client, game, "launch 3e 1w")
    home = state_of(game).seats[seat.index].home
    # Back to the page with the new ship still selected, ready to move.
    assert response.status_code == 302 and response["Location"] == url(game) + f"?ship={home}"
    page = client.get(response["Location"]).content.decode()
    # The message says what was done in the log's words, not the command as typed.
    assert f"launched a ship from {home}: 3e 1w" in page and "Done: launch" not in page
    assert f"Ship at {home}" in page
    assert game.actions.filter(command="launch 3e 1w", seat=seat.index).count() == 1


def test_after_a_move_the_ship_stays_selected(client):
    game = near_game()
    client.force_login(seat_user(game, 0))
    html = post(client, game, "move I9 H9", htmx=True).content.decode()
    assert "Ship at H9" in html and 'value="fire H9 I12"' in html


def test_launch_builder_fields_post_a_launch(client):
    game = started_game(players=2)
    seat = active_seat(game)
    client.force_login(seat.user)
    game.refresh_from_db()
    response = client.post(url(game, "play"), {"verb": "launch", "n1": "2", "n5": "1", "n10": "",
                                               "expected_version": game.version}, headers=HX)
    assert response.status_code == 200
    assert game.actions.latest("seq").command == "launch 2e 1w"


def test_launch_preview_describes_the_chosen_ship(client):
    # fixed factions: a dealt Zoomers seat would move 5 with 3 engines
    game = put(started_game(players=2), position(players=2, factions=("warriors", "vamps")))
    client.force_login(seat_user(game, 0))
    html = client.get(url(game, "select") + "?n1=3&n5=1&n10=1").content.decode()
    assert re.search(r"Worth 18 of \d+: 3 moves, 1 shots, 1 shields", html)


def test_preview_without_javascript_keeps_the_csrf_token_out_of_the_address(client):
    game = started_game(players=2)
    client.force_login(active_seat(game).user)
    query = "?csrfmiddlewaretoken=abc&expected_version=3&verb=launch&n1=3&n5=1"
    response = client.get(url(game, "select") + query)
    assert response.status_code == 302
    # The kind's selection passes through generic parameters: the builder's counts stay, the token and the
    # form's version do not.
    path, _, kept = response["Location"].partition("?")
    assert path == url(game, "select")
    assert parse_qs(kept) == {"verb": ["launch"], "n1": ["3"], "n5": ["1"]}
    assert "csrfmiddlewaretoken" not in response["Location"] and "abc" not in response["Location"]


def test_illegal_command_is_refused_with_the_reason_over_the_current_board(client):
    game = started_game(players=2)
    client.force_login(active_seat(game).user)
    response = post(client, game, "move Z99 A1", htmx=True)
    html = response.content.decode()
    assert response.status_code == 400
    assert 'role="alert"' in html and "There is no space" in html and "<svg" in html
    assert not game.actions.filter(command__startswith="move").exists()


@pytest.mark.parametrize("htmx", [False, True])
def test_an_empty_command_form_is_refused_in_the_kinds_words_and_nothing_changes(client, htmx):
    game = started_game(players=2)
    client.force_login(active_seat(game).user)
    version = game.version

    response = post(client, game, "   ", htmx=htmx)

    assert response.status_code == 400 and "No command given" in response.content.decode()
    game.refresh_from_db()
    assert game.version == version


def test_stale_version_is_refused_as_moved_on_and_nothing_applies(client):
    game = started_game(players=2)
    client.force_login(active_seat(game).user)
    old = game.version
    post(client, game, "launch 3e 1w")
    for htmx in (False, True):
        response = post(client, game, "end", htmx=htmx, version=old)
        assert response.status_code == 409
        assert "The game has moved on" in response.content.decode()
    assert list(game.actions.exclude(command="keep").values_list("command", flat=True)) == ["launch 3e 1w"]


def test_resubmitting_the_same_form_applies_it_once(client):
    game = started_game(players=2)
    client.force_login(active_seat(game).user)
    game.refresh_from_db()
    form = {"command": "launch 3e 1w", "expected_version": game.version}
    first = client.post(url(game, "play"), form)
    second = client.post(url(game, "play"), form)
    assert (first.status_code, second.status_code) == (302, 409)
    assert game.actions.filter(command="launch 3e 1w").count() == 1


def test_free_text_box_takes_several_commands_like_email(client):
    game = started_game(players=2)
    seat = active_seat(game)
    client.force_login(seat.user)
    response = post(client, game, "launch 3e\nend", htmx=True)
    assert response.status_code == 200, response.content.decode()[:500]
    assert list(game.actions.exclude(command="keep").order_by("seq").values_list("command", flat=True)) == [
        "launch 3e", "end"]


def test_end_turn_with_unused_ships_asks_first_and_lists_them(client):
    game = near_game()
    client.force_login(seat_user(game, 0))
    page = client.get(url(game)).content.decode()
    assert f'href="{url(game, "select")}?confirm=end"' in page and 'value="end"' not in page
    confirm = client.get(url(game, "select") + "?confirm=end", headers=HX).content.decode()
    assert "End your turn?" in confirm and "I9: 3e 2w" in confirm and 'value="end"' in confirm


def test_resign_needs_a_confirmation(client):
    game = started_game(players=2)
    client.force_login(other_seat(game).user)
    page = client.get(url(game)).content.decode()
    assert 'value="resign"' not in page and "?confirm=resign" in page
    assert 'value="resign"' in client.get(url(game, "select") + "?confirm=resign").content.decode()


def test_pending_clovers_roll_offers_reroll_and_accept(client, live_dice):
    game = started_game(players=2)
    state = position(players=2, factions=("clovers", "bankers"),
                     ships=((0, "I9", (3, 2, 0)), (1, "I12", (2, 0, 1))), reserves=(10, 10))
    game = put(game, state)
    client.force_login(seat_user(game, 0))
    live_dice.script(1)  # the shot rolls a 1 (a 6 would stand without asking)
    post(client, game, "fire I9 I12")
    assert state_of(game).pending is not None
    html = client.get(url(game)).content.decode()
    assert 'value="accept"' in html and 'value="reroll"' in html and "You rolled" in html


# === UNDO AND STANDING ORDERS ===


def test_undo_takes_back_the_move_of_this_turn(client):
    game = started_game(players=2)
    seat = active_seat(game)
    client.force_login(seat.user)
    post(client, game, "launch 3e")
    assert "↶ Undo" in client.get(url(game)).content.decode()
    game.refresh_from_db()
    response = client.post(url(game, "undo"), {"expected_version": game.version}, headers=HX)
    assert response.status_code == 200 and "Took back 1 action: launch 3e." in response.content.decode()
    assert state_of(game).ships == () and game.actions.get(command="launch 3e").undone


def test_standing_orders_can_be_changed_out_of_turn(client):
    game = started_game(players=2)
    waiting = other_seat(game)
    client.force_login(waiting.user)
    html = client.get(url(game)).content.decode()
    assert "Standing orders" in html and 'name="damage"' in html
    letters = "wes"
    response = client.post(url(game, "orders"), {"damage": letters})
    assert response.status_code == 302
    assert state_of(game).seats[waiting.index].orders.damage == letters


@pytest.mark.parametrize("version", ["abc", "1.0", " 3", "-1", "\u0663", "9" * 5000])
def test_a_malformed_expected_version_is_refused_and_nothing_is_applied(client, version):
    game = started_game(players=2)
    seat = active_seat(game)
    client.force_login(seat.user)
    before = (game.version, game.actions.count())
    response = post(client, game, "launch 1e", htmx=True, version=version)
    assert response.status_code == 400
    assert "This form is damaged (its game version is not a number)" in response.content.decode()
    game.refresh_from_db()
    assert (game.version, game.actions.count()) == before


def test_a_malformed_expected_version_on_undo_is_refused(client):
    game = started_game(players=2)
    seat = active_seat(game)
    client.force_login(seat.user)
    post(client, game, "launch 1e")
    game.refresh_from_db()
    response = client.post(url(game, "undo"), {"expected_version": "1.0"}, headers=HX)
    assert response.status_code == 400
    assert not game.actions.get(command="launch 1e").undone


def test_unchanged_orders_apply_nothing(client):
    game = started_game(players=2)
    waiting = other_seat(game)
    client.force_login(waiting.user)
    current = state_of(game).seats[waiting.index].orders.damage
    before = game.actions.count()
    client.post(url(game, "orders"), {"damage": current})
    assert game.actions.count() == before


def test_a_standing_orders_form_drawn_before_an_order_was_typed_does_not_undo_it(client):
    """The form sits outside the live region (extras.html), so typing (or mailing) an order does not
    redraw it: saving it later plays only the controls changed in it, read against how it was drawn."""
    game = started_game(players=2)
    waiting = other_seat(game)
    client.force_login(waiting.user)
    values = drawn(client, game)
    choices = presenters.legal_for(state_of(game), waiting.index).orders["damage"]
    typed = next(c for c in choices if c != values["damage"])
    actions.apply_command(game, Actor.player(waiting.user), f"order damage {typed}")
    before = game.actions.count()
    client.post(url(game, "orders"), values)
    assert state_of(game).seats[waiting.index].orders.damage == typed
    assert game.actions.count() == before
    # A control changed in the form is played, whatever was typed meanwhile.
    chosen = next(c for c in choices if c not in (values["damage"], typed))
    client.post(url(game, "orders"), {**values, "damage": chosen})
    assert state_of(game).seats[waiting.index].orders.damage == chosen


# === POLL, BOARD PICTURE, CACHE ===


def test_poll_of_an_unchanged_game_answers_304_with_an_etag(client):
    game = started_game(players=2)
    with CaptureQueriesContext(connection) as queries:
        response = client.get(url(game, "poll") + f"?v={game.version}", headers=HX)
    assert response.status_code == 304 and response["ETag"] == f'"g{game.pk}v{game.version}"'
    assert response.content == b"" and len(queries) == 1
    again = client.get(url(game, "poll"), headers={**HX, "If-None-Match": response["ETag"]})
    assert again.status_code == 304


def test_poll_after_a_move_returns_the_fresh_partial(client, django_user_model):
    game = started_game(players=2)
    seen = game.version
    seat = active_seat(game)
    actions.apply_command(game, Actor.player(seat.user), "launch 3e 1w")
    response = client.get(url(game, "poll") + f"?v={seen}", headers=HX)
    html = response.content.decode()
    assert response.status_code == 200 and '<div id="live"' in html
    assert "launched a ship" in live_region(html) and response["ETag"] != f'"g{game.pk}v{seen}"'


def test_board_picture_is_svg(client):
    game = started_game(players=2)
    response = client.get(url(game) + "board.svg")
    assert response.status_code == 200 and response["Content-Type"].startswith("image/svg+xml")
    assert response.content.startswith(b"<svg")


def test_live_region_is_computed_once_per_version_and_reader(client, monkeypatch):
    game = started_game(players=2)
    client.force_login(active_seat(game).user)
    cache.clear()
    built: list[int] = []
    real = play_views._context

    def counting(*args: Any, **kwargs: Any) -> dict[str, Any]:
        built.append(1)
        return real(*args, **kwargs)

    monkeypatch.setattr(play_views, "_context", counting)
    # A first visit too: its forms' CSRF token is put in when served, so the region drawn for it is kept.
    first = client.get(url(game)).content.decode()
    assert len(built) == 1
    client.get(url(game), headers=HX)
    second = client.get(url(game)).content.decode()
    assert len(built) == 1 and live_part(first)[:2000] == live_part(second)[:2000]
    response = post(client, game, "launch 3e")  # a new version: computed afresh; the notice is never cached
    assert response.status_code == 302, response.content.decode()[-3000:]
    page = client.get(url(game)).content.decode()
    assert "launched a ship" in page and len(built) == 2  # the plain POST redirects, rendering nothing


def test_board_is_drawn_once_per_version_and_viewer(client, monkeypatch):
    game = started_game(players=2)
    cache.clear()
    drawn: list[int] = []
    real = metaltalon_page._draw

    def counting(*args: Any, **kwargs: Any) -> str:
        drawn.append(1)
        return real(*args, **kwargs)

    monkeypatch.setattr(metaltalon_page, "_draw", counting)
    for _ in range(3):
        client.get(url(game))
    assert len(drawn) == 1
    actions.apply_command(game, Actor.player(active_seat(game).user), "launch 3e")
    client.get(url(game))
    assert len(drawn) == 2


# === THE LOG: NEWEST FIRST, PAGINATED, THIS TURN MARKED ===


def play_turns(game: Game, turns: int) -> None:
    for _ in range(turns):
        seat = active_seat(game)
        actions.apply_command(game, Actor.player(seat.user), "end")


def test_log_is_newest_first_and_paginated(client):
    game = started_game(players=2)
    play_turns(game, 25)  # 2 keeps + 25 ends = 27 actions
    html = client.get(url(game)).content.decode()
    log = html[html.index('id="log"'):]
    seqs = [int(n) for n in re.findall(r'class="seq">#(\d+)<', log)]
    assert seqs == list(range(27, 7, -1))
    assert "?log=2" in log
    page2 = client.get(url(game) + "?log=2").content.decode()
    seqs2 = [int(n) for n in re.findall(r'class="seq">#(\d+)<', page2[page2.index('id="log"'):])]
    assert seqs2 == list(range(7, 0, -1)) and "Newer" in page2


def test_current_turns_actions_are_marked(client):
    game = started_game(players=2)
    seat = active_seat(game)
    actions.apply_command(game, Actor.player(seat.user), "end")
    actions.apply_command(game, Actor.player(active_seat(game).user), "launch 3e")
    html = client.get(url(game)).content.decode()
    log = html[html.index('id="log"'):]
    assert log.count('class="entry current"') == 1
    current = log[log.index('class="entry current"'):]
    assert "launched a ship" in current[:current.index("</li>")]


def test_the_log_says_you_to_the_seat_that_acted_and_names_it_to_the_rival_and_a_spectator(client):
    game = started_game(players=2)
    actions.apply_command(game, Actor.player(active_seat(game).user), "end")
    launcher = active_seat(game)
    actions.apply_command(game, Actor.player(launcher.user), "launch 3e")
    rival = game.seats.exclude(pk=launcher.pk).get()

    def current_entry(user: Any) -> str:
        client.force_login(user)
        log = client.get(url(game)).content.decode()
        log = log[log.index('id="log"'):]
        current = log[log.index('class="entry current"'):]
        return unescape(current[:current.index("</li>")])

    name = launcher.user.display_name
    assert "You launched a ship" in current_entry(launcher.user)
    for reader in (rival.user, UserFactory()):  # the rival, a spectator
        entry = current_entry(reader)
        assert f"{name} launched a ship" in entry and "You " not in entry


# === QUERY COUNT DOES NOT GROW WITH THE LOG ===


def inflate_log(game: Game, extra: int) -> None:
    """Test fixture: push `extra` older rows under the real log (as if the game had run for weeks)."""
    Action.objects.filter(game=game).update(seq=F("seq") + extra)
    Snapshot.objects.filter(game=game, seq__gt=0).update(seq=F("seq") + extra)
    template = Action.objects.filter(game=game).order_by("seq").first()
    Action.objects.bulk_create([
        Action(game=game, seq=i, seat=template.seat, command=template.command, events=template.events,
               source=template.source, turn=0, version_after=0) for i in range(1, extra + 1)])


def page_queries(client: Any, game: Game, headers: dict[str, str] | None = None) -> tuple[int, int]:
    """(queries of a cold request, queries of a warm one): nothing cached, then the page cache in use."""
    counts = []
    cache.clear()
    for _ in range(2):
        with CaptureQueriesContext(connection) as queries:
            response = client.get(url(game), headers=headers or {})
        assert response.status_code == 200
        counts.append(len(queries))
    return counts[0], counts[1]


@pytest.mark.parametrize("who", ["active", "spectator", "anonymous"])
@pytest.mark.parametrize("htmx", [False, True])
def test_page_query_count_is_the_same_for_20_and_2000_actions(client, who, htmx):
    counts = []
    for extra in (0, 1980):
        game = started_game(players=2)
        play_turns(game, 9)
        seat = active_seat(game)
        actions.apply_command(game, Actor.player(seat.user), "launch 3e")
        actions.apply_command(game, Actor.player(seat.user), "move " + state_of(game).seats[seat.index].home
                               + " " + next(c.split()[2] for c in legal_commands(state_of(game), seat.index)
                                            if c.startswith("move ")))
        assert game.actions.count() == 13
        inflate_log(game, extra)
        client.logout()
        if who == "active":
            client.force_login(seat.user)
        elif who == "spectator":
            client.force_login(UserFactory())
        counts.append(page_queries(client, game, HX if htmx else None))
        assert game.actions.count() == 13 + extra
    assert counts[0] == counts[1] and max(counts[0]) <= 12, counts


# === THE SWARM, THE TEXT VIEW, THE WAITING ROOM ===


def test_swarm_split_offers_the_engines_splits_and_applies_one(client):
    game = put(started_game(players=2), position(
        players=2, factions=("swarm", "bankers"), ships=((0, "I9", (2, 0, 0)),), reserves=(10, 10)))
    client.force_login(seat_user(game, 0))
    html = client.get(url(game, "select") + "?ship=I9").content.decode()
    splits = [c for c in legal_commands(state_of(game), 0) if c.startswith("split I9 ")]  # 1e to each side
    assert splits and all(f'value="{c}"' in html for c in splits)
    response = post(client, game, splits[0], htmx=True)
    assert response.status_code == 200 and "split the ship" in response.content.decode()
    assert len(state_of(game).ships) == 2


def test_big_swarm_stack_splits_with_a_builder(client):
    game = put(started_game(players=2), position(
        players=2, factions=("swarm", "bankers"), ships=((0, "I9", (6, 2, 1)),), reserves=(10, 10)))
    client.force_login(seat_user(game, 0))
    html = client.get(url(game, "select") + "?ship=I9").content.decode()
    assert 'class="split-builder"' in html and 'name="split_to"' in html
    game.refresh_from_db()
    form = {"verb": "split", "split_from": "I9", "split_to": "I10", "n1": "2", "n5": "1",
            "expected_version": game.version}
    response = client.post(url(game, "play"), form, headers=HX)
    assert response.status_code == 200, response.content.decode()[:300]
    assert sorted(s.pieces for s in state_of(game).ships) == [(2, 1, 0), (4, 1, 1)]


def test_text_view_has_the_text_board_ships_by_cell_and_legal_commands(client):
    game = near_game()
    client.force_login(seat_user(game, 0))
    html = client.get(url(game) + "?text=1").content.decode()
    assert 'class="text-board"' in html and "[ B ]" in html  # the engine's render_text board
    assert "I9: " in html and "I12: " in html  # ships by cell
    for command in legal_commands(state_of(game), 0):
        if not command.startswith(("launch", "order")):
            assert f'value="{command}"' in html
    assert 'id="board"' not in html


def test_waiting_room_reloads_once_the_game_starts(client):
    game = open_game(players=2)
    seen = game.version
    page = client.get(url(game)).content.decode()
    assert f"/poll/?v={seen}&amp;status=open" in page
    assert client.get(url(game, "poll") + f"?v={seen}&status=open", headers=HX).status_code == 304
    actions.join_game(game, Actor.player(UserFactory()), invite_code=game.invite_code)
    response = client.get(url(game, "poll") + f"?v={seen}&status=open", headers=HX)
    assert response.status_code == 200 and response["HX-Refresh"] == "true"

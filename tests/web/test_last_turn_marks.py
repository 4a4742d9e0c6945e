"""The game page marks the last turn on the board (issue 8, A): a player back after days sees what the
other seats did since their own turn; spectators see the latest turn; an action taken back is never
drawn; the marks follow the game and each viewer's cached board is their own."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from django.test import Client

from games import actions
from games.actions import Actor
from games.models import Game
from tests.kinds.metaltalon.engine.helpers import position
from tests.web.factories import put

pytestmark = pytest.mark.django_db
MINUS = "\u2212"
B_TURN = "move G10 H10 I10; fire I10 J10; fire I10 K10; launch 2e; end"


def opening() -> Game:
    """Seat 0 (A) to play turn 1; seat 1 (B, the Swarm) has a 3e 2w ship at G10, two steps from A's 1e
    ship at J10 and 5e 1w 1s ship at K10."""
    from tests.web.factories import started_game

    return put(started_game(players=2), position(
        players=2, factions=("bankers", "swarm"),
        ships=((0, "J10", (1, 0, 0)), (0, "K10", (5, 1, 1)), (1, "G10", (3, 2, 0))), reserves=(10, 10)))


def user(game: Game, index: int) -> Any:
    return game.seats.get(index=index).user


def play(game: Game, index: int, commands: str) -> None:
    actions.apply_command(game, Actor.player(user(game, index)), commands)
    game.refresh_from_db()


def after_bs_turn(live_dice: Any) -> Game:
    """A ended turn 1; in turn 2 B moved two steps, destroyed the 1e ship (a 4), hit the other for 3 (a 5:
    range penalty 1, one shield), launched and ended. A is to play turn 3."""
    game = opening()
    play(game, 0, "end")
    live_dice.script(4, 5)
    play(game, 1, B_TURN)
    return game


def board_of(client: Client, game: Game, query: str = "") -> str:
    html = client.get(f"/games/{game.pk}/{query}").content.decode()
    return html[html.index('id="live"'):html.index('id="log"')]


def marks(html: str) -> list[tuple[str, str]]:
    """(kind, cells) of every mark drawn on the board."""
    return re.findall(r'class="mark mark-(\w+)" data-seat="\d" data-cells="([^"]+)"', html)


def tags(html: str) -> list[str]:
    return re.findall(r'<g class="shot-label"[^>]*>.*?<text[^>]*>([^<]+)</text>', html)


def as_player(game: Game, index: int) -> Client:
    client = Client()
    client.force_login(user(game, index))
    return client


def test_after_the_opponents_turn_your_board_marks_what_they_did(live_dice):
    game = after_bs_turn(live_dice)
    html = board_of(as_player(game, 0), game)
    assert marks(html) == [("move", "G10 H10 I10"), ("shot", "I10 J10"), ("shot", "I10 K10"),
                           ("destroyed", "J10"), ("launch", "B9")]
    assert tags(html) == [f"{MINUS}4", f"{MINUS}3"]
    # The toggle says what is marked, and is on.
    assert re.search(r'<input type="checkbox" id="show-last" class="show-last" checked', html)
    label = re.sub(r"<[^>]+>|\s+", " ", re.search(r'<label for="show-last".*?</label>', html, re.S)[0])
    name = user(game, 1).profile.display_name
    assert " ".join(label.split()) == f"Show what B {name} did since your turn in round 1"


def test_the_player_who_just_played_sees_nothing_of_their_own_turn_until_others_play(live_dice):
    game = after_bs_turn(live_dice)
    html = board_of(as_player(game, 1), game)
    assert marks(html) == [] and 'id="show-last"' not in html
    play(game, 0, "move K10 L10")  # A's reply appears on B's board as it is played
    assert marks(board_of(as_player(game, 1), game)) == [("move", "K10 L10")]


def test_a_spectator_sees_the_latest_turns(live_dice):
    game = after_bs_turn(live_dice)
    html = board_of(Client(), game)
    assert [kind for kind, _ in marks(html)] == ["move", "shot", "shot", "destroyed", "launch"]
    assert "Show the last turn (round 1):" in html


def test_the_marks_move_on_with_the_game(live_dice):
    game = after_bs_turn(live_dice)
    play(game, 0, "move K10 L10; end")
    play(game, 1, "end")
    # A's turn 5: only what B did in turn 4 counts (nothing on the board); B's turn 2 is gone.
    assert marks(board_of(as_player(game, 0), game)) == []
    # B saw A's move of turn 3 until B's own turn 4; B has played since.
    assert marks(board_of(as_player(game, 1), game)) == []
    assert len(marks(board_of(Client(), game))) == 0  # a spectator: turns 4 and 5, nothing drawn


def test_an_action_taken_back_is_never_marked(live_dice):
    game = opening()
    play(game, 0, "end")
    play(game, 1, "move G10 H10")
    actions.undo(game, Actor.player(user(game, 1)), expected_version=game.version)
    game.refresh_from_db()
    play(game, 1, "move G10 G11")
    html = board_of(as_player(game, 0), game)
    assert marks(html) == [("move", "G10 G11")]
    assert "H10" not in " ".join(cells for _, cells in marks(html))


def test_each_viewer_gets_their_own_board_from_the_cache(live_dice):
    game = after_bs_turn(live_dice)
    a, b, spectator = as_player(game, 0), as_player(game, 1), Client()
    for _ in range(2):  # the second round comes from the caches
        assert len(marks(board_of(a, game))) == 5
        assert marks(board_of(b, game)) == []
        assert len(marks(board_of(spectator, game))) == 5


def test_a_long_round_is_marked_whole_beyond_the_logs_first_page(live_dice):
    game = opening()
    play(game, 0, "end")
    play(game, 1, "move G10 H10")
    orders = "; ".join("order damage esw" if i % 2 else "order damage ews" for i in range(24))
    play(game, 1, orders)  # 24 more actions: the move is off the log's first page
    play(game, 1, "end")
    moved = game.actions.get(command="move G10 H10").seq
    assert moved <= game.actions.count() - 20  # older than the log's first page
    assert marks(board_of(as_player(game, 0), game)) == [("move", "G10 H10")]


def test_the_marks_can_be_hidden_without_javascript_by_their_checkbox(live_dice):
    """The checkbox sits just before the board: unchecked, the stylesheet hides the marks and their key."""
    game = after_bs_turn(live_dice)
    html = board_of(as_player(game, 0), game)
    assert html.index('id="show-last"') < html.index('id="board"')
    css = (Path(__file__).resolve().parents[2] / "games" / "kinds" / "metaltalon" / "static" / "metaltalon"
           / "board.css").read_text()
    assert "#show-last:not(:checked) ~ #board .last-turn { display: none; }" in css
    assert html.count('class="last-turn"') == 1 and 'class="key last-turn"' in html

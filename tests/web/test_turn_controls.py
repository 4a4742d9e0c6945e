"""The game screen's turn controls (issue 8, "Web play, second pass"): the launch builder's quick picks
launch what they say, Undo is offered exactly when it would be accepted and says what it takes back, and
the fire list keeps shots that cannot do damage apart, with a base's odds capped by its reserve.

Buttons are pressed as a browser without JavaScript presses them (tests/web/html_forms.py): the page's
own form, with whatever the player typed in its fields."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.db import transaction
from django.test import Client

from games import actions
from games.actions import Actor
from games.kinds.metaltalon import presenters as P
from games.kinds.metaltalon.engine import GameState
from games.models import Game
from tests.kinds.metaltalon.engine.helpers import position
from tests.web.factories import put, started_game
from tests.web.html_forms import click, find_button, forms_of

pytestmark = pytest.mark.django_db
HX = {"HX-Request": "true"}


def player(game: Game, index: int) -> Client:
    client = Client()
    client.force_login(game.seats.get(index=index).user)
    return client


def page(client: Client, game: Game, query: str = "") -> str:
    return str(client.get(f"/games/{game.pk}/{query}").content.decode())


def words(html: str) -> str:
    """The text a reader sees: tags dropped, whitespace collapsed."""
    return " ".join(re.sub(r"<[^>]+>", " ", html).split())


def played(game: Game) -> list[str]:
    return list(game.actions.exclude(command="keep").order_by("seq").values_list("command", flat=True))


# === 1. LAUNCH QUICK PICKS LAUNCH WHAT THEY SAY ===


def low_reserve_game(reserve: int = 3) -> Game:
    """Seat 0 to play with a small reserve and its home base free: the quick picks are 2e and 1e."""
    return put(started_game(players=2), position(
        players=2, factions=("bankers", "swarm"), ships=((1, "I12", (1, 0, 1)),), reserves=(reserve, 10)))


def test_a_quick_pick_launches_what_it_says_when_the_builder_fields_are_empty():
    game = started_game(players=2)
    client = player(game, game.state["active"])
    response = click(client, page(client, game), "3e 2w 1s")
    assert response.status_code == 302
    assert played(game) == ["launch 3e 2w 1s"]


def test_a_quick_pick_launches_what_it_says_whatever_is_typed_in_the_builder():
    game = low_reserve_game()
    client = player(game, 0)
    response = click(client, page(client, game), "1e", typed={"n1": "2"})
    assert response.status_code == 302
    assert played(game) == ["launch 1e"]


def test_quick_picks_have_a_form_of_their_own_without_the_builder_fields():
    game = low_reserve_game()
    client = player(game, 0)
    form, _ = find_button(page(client, game), "2e")
    assert {name for name, _ in form.fields} == {"csrfmiddlewaretoken", "expected_version"}


def test_a_clicked_command_wins_over_builder_fields_sent_with_it_from_an_older_page():
    game = low_reserve_game()
    client = player(game, 0)
    client.post(f"/games/{game.pk}/play/", {"verb": "launch", "n1": "2", "n5": "", "n10": "",
                                           "command": "launch 1e", "expected_version": game.version})
    assert played(game) == ["launch 1e"]


def test_the_launch_button_with_nothing_chosen_says_a_ship_needs_a_piece():
    game = low_reserve_game()
    client = player(game, 0)
    html = click(client, page(client, game), "Launch", **HX).content.decode()
    assert "A ship needs at least one piece" in html and "is not a piece here" not in html
    assert played(game) == []


# === 5. UNDO: OFFERED EXACTLY WHEN ACCEPTED, SAYING WHAT IT TAKES BACK ===


def clovers_game() -> Game:
    """Seat 0 (Clovers, reserve 10, home P9) with a 3e 2w ship at I9; seat 1's shielded ship at I12."""
    return put(started_game(players=2), position(
        players=2, factions=("clovers", "swarm"), ships=((0, "I9", (3, 2, 0)), (1, "I12", (1, 0, 3))),
        reserves=(10, 10)))


def undo_button(html: str) -> str | None:
    """The Undo button's words, or None when the page offers no Undo."""
    buttons = [b.text for f in forms_of(html) if f.action.endswith("/undo/") for b in f.buttons]
    assert len(buttons) <= 1
    return buttons[0] if buttons else None


def undo_accepted(game: Game, user: Any) -> list[str] | None:
    """What actions.undo would take back now (None: it refuses), trying it and rolling it back."""
    taken: list[str] | None = None
    with transaction.atomic():
        try:
            applied = actions.undo(Game.objects.get(pk=game.pk), Actor.player(user))
        except actions.ActionError:
            return None
        taken = [a.command for a in applied.actions]
        transaction.set_rollback(True)
    return taken


def test_undo_says_how_many_actions_one_click_takes_back_and_stops_at_the_clovers_accept(live_dice):
    game = clovers_game()
    client = player(game, 0)
    user = game.seats.get(index=0).user
    live_dice.script(2)
    actions.apply_command(game, Actor.player(user), "fire I9 I12")
    actions.apply_command(game, Actor.player(user), "accept")
    assert undo_button(page(client, game)) is None  # the accept settled the roll: nothing to take back

    actions.apply_command(game, Actor.player(user), "move I9 J9; launch 1e")
    html = page(client, game)
    assert undo_button(html) == "↶ Undo 2 actions: move I9 J9; launch 1e"
    response = click(client, html, "↶ Undo", **HX)
    assert "Took back 2 actions: move I9 J9; launch 1e." in response.content.decode()
    assert played(game) == ["fire I9 I12", "accept", "move I9 J9", "launch 1e"]
    assert list(game.actions.filter(undone=True).values_list("command", flat=True)) == [
        "move I9 J9", "launch 1e"]
    assert undo_button(page(client, game)) is None


def test_one_action_to_take_back_is_named_on_the_button():
    game = clovers_game()
    client = player(game, 0)
    actions.apply_command(game, Actor.player(game.seats.get(index=0).user), "move I9 J9")
    assert undo_button(page(client, game)) == "↶ Undo: move I9 J9"


def test_the_undo_button_is_offered_exactly_when_the_undo_action_would_accept_it(live_dice):
    """Through a turn with moves, a roll, the answer to it, a launch and both seats' standing orders: at
    every step, for both seats, the page offers Undo exactly when the action accepts it, naming what the
    action then takes back."""
    game = clovers_game()
    user0, user1 = (game.seats.get(index=i).user for i in (0, 1))
    client0, client1 = player(game, 0), player(game, 1)
    live_dice.script(2, 3)
    steps = [(user0, "move I9 J9"), (user1, "order damage esw"), (user0, "fire J9 I12"), (user0, "reroll"),
             (user0, "order damage wse"), (user0, "move J9 I9"), (user0, "launch 1e")]
    for user, command in steps:
        actions.apply_command(game, Actor.player(user), command)
        for client, seat_user in ((client0, user0), (client1, user1)):
            button = undo_button(page(client, game))
            taken = undo_accepted(game, seat_user)
            expected = None
            if taken:
                expected = "↶ Undo: " + taken[0] if len(taken) == 1 else (
                    f"↶ Undo {len(taken)} actions: " + "; ".join(taken))
            assert button == expected, f"after {command!r}"


def test_undo_past_the_first_log_page_takes_back_the_whole_turn_the_button_names():
    game = clovers_game()
    client = player(game, 0)
    user = game.seats.get(index=0).user
    moves = ["move I9 J9", "move J9 I9"]
    # The waiting seat changes its standing orders many times this turn: the first log page (20 rows)
    # then holds nothing older than this turn, so where the turn starts is read from its snapshot.
    orders = ["order damage esw" if i % 2 == 0 else "order damage ews" for i in range(23)]
    actions.apply_command(game, Actor.player(game.seats.get(index=1).user), "; ".join(orders))
    actions.apply_command(game, Actor.player(user), "; ".join(moves))
    assert game.actions.filter(turn=game.state["turn"]).count() == 25
    button = undo_button(page(client, game))
    assert button == "↶ Undo 2 actions: move I9 J9; move J9 I9"
    assert undo_accepted(game, user) == moves


# === 7. THE FIRE LIST: USEFUL SHOTS FIRST, THE REST APART; A BASE'S ODDS CAPPED BY ITS RESERVE ===


def base_in_reach(reserve: int) -> GameState:
    """Seat 0's 3e 2w ship at C9, next to seat 1's home base B9 (reserve as given); seat 1's heavily
    shielded ship at I12, seven spaces away: no roll gets through."""
    return position(players=2, factions=("bankers", "swarm"),
                    ships=((0, "C9", (3, 2, 0)), (1, "I12", (1, 0, 3))), reserves=(10, reserve))


def test_a_base_shot_counts_no_more_damage_than_the_reserve_holds():
    state = base_in_reach(2)
    (base,) = [t for t in P.targets_for(state, 0, "C9", P.legal_for(state, 0)) if t.base]
    # A d6 next to the base: a 1 takes 1, anything higher empties the reserve of 2.
    assert base.chances == [(1, 17), (2, 83)] and base.expected == "1.8" and base.kill == 83
    assert base.useful


def test_a_base_with_an_empty_reserve_and_a_ship_out_of_reach_cannot_be_damaged():
    state = base_in_reach(0)
    targets = {t.cell: t for t in P.targets_for(state, 0, "C9", P.legal_for(state, 0))}
    assert (targets["B9"].chances, targets["B9"].expected, targets["B9"].useful) == ([(0, 100)], "0.0", False)
    # 6 - 7 (range) - 3 (shields) is nothing: the engine's own figures say so.
    assert (targets["I12"].penalty, targets["I12"].shields, targets["I12"].useful) == (7, 3, False)


def test_shots_that_cannot_do_damage_are_listed_apart_and_not_lit_on_the_board():
    game = put(started_game(players=2), base_in_reach(0))
    client = player(game, 0)
    html = page(client, game, "?ship=C9")
    fire = html[html.index('class="fire"'):]
    fire = fire[:fire.index("</form>")]
    listed, apart = fire.split("<details", 1)
    assert "No shot from here can do damage." in listed and 'value="fire C9' not in listed
    assert "Show 2 shots that cannot do damage" in apart
    assert 'value="fire C9 B9"' in apart and 'value="fire C9 I12"' in apart
    assert "cannot do damage: the reserve is empty" in apart
    assert "range penalty 7 · shields 3 · cannot do damage: even the best roll is used up" in words(apart)
    assert "average" not in apart and "dmg:" not in apart
    board = html[html.index('id="board"'):html.index("</svg>")]
    assert not re.search(r'id="cell-(B9|I12)" class="[^"]*\btarget\b', board)
    assert "fire+C9" not in board  # no board link spends the shot


def test_a_base_shot_that_can_hurt_shows_capped_odds_and_plain_range_wording():
    game = put(started_game(players=2), base_in_reach(2))
    client = player(game, 0)
    html = page(client, game, "?ship=C9")
    fire = html[html.index('class="fire"'):]
    listed = words(fire[fire.index("</h4>"):fire.index("<details")])
    assert "B9 home base (reserve 2)" in listed and "adjacent: no range penalty" in listed
    assert "average 1.8 · empties the reserve 83%" in listed
    assert "1 dmg: 17%" in listed and "2 dmg: 83%" in listed and "3 dmg" not in listed
    assert "−" not in listed  # figures as they are, not as minus signs
    assert "Show 1 shot that cannot do damage" in fire

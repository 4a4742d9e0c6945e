"""What a click on MetalTalon's board does (games/kinds/metaltalon/page.py): a cell that could mean more than
one command (a ship on its home base and the base, ships sharing a space, invaders on a Rebels' base) asks
which one instead of shooting, since a roll cannot be taken back; a cell with one meaning plays it."""

from __future__ import annotations

import html
import re

import pytest
from django.test import Client

from games.kinds.metaltalon import presenters as P
from games.kinds.metaltalon.page import _cell_clicks
from games.models import Game
from tests.kinds.metaltalon.engine.helpers import position
from tests.kinds.metaltalon.engine.test_shared_space import shared
from tests.web.factories import fresh, put, started_game

pytestmark = pytest.mark.django_db


def player(game: Game, index: int) -> Client:
    client = Client()
    client.force_login(game.seats.get(index=index).user)
    return client


def cell_link(client: Client, game: Game, cell: str, query: str) -> str | None:
    """The href of the board's link on `cell` (None: the cell is not a link)."""
    page = client.get(f"/games/{game.pk}/{query}").content.decode()
    found = re.search(r'<a href="([^"]*)" id="cell-' + cell + '"', page)
    return html.unescape(found.group(1)) if found else None


def words(page: str) -> str:
    return " ".join(re.sub(r"<[^>]+>", " ", page).split())


def ship_on_its_home_base() -> Game:
    """Two players: B (seat 1) to play, its gun ship on O9 next to A's ship standing on A's home base P9."""
    return put(started_game(players=2), position(
        players=2, ships=((0, "P9", (3, 1, 0)), (1, "O9", (2, 2, 0))), reserves=(12, 10), active=1))


def test_a_click_on_a_ship_on_its_home_base_asks_ship_or_base_and_fires_nothing():
    game = ship_on_its_home_base()
    client = player(game, 1)
    link = cell_link(client, game, "P9", "?ship=O9")
    assert link == f"/games/{game.pk}/?ship=O9&at=P9"
    page = client.get(link).content.decode()
    assert "P9 holds more than one thing to aim at: which one?" in words(page)
    box = page[page.index('id="at-cell"'):page.index("Cancel</a>")]
    assert 'value="fire O9 P9"' in box and 'value="fire O9 P9 base"' in box
    assert not game.actions.exclude(command="keep").exists()


def test_a_click_on_a_space_shared_by_invaders_and_the_rebels_base_asks_which():
    state, gun_at, home = shared()
    game = put(started_game(players=3), state)
    client = player(game, 0)
    assert cell_link(client, game, home, f"?ship={gun_at}") == f"/games/{game.pk}/?ship={gun_at}&at={home}"
    box = client.get(f"/games/{game.pk}/?ship={gun_at}&at={home}").content.decode()
    box = box[box.index('id="at-cell"'):box.index("Cancel</a>")]
    shots = re.findall(r'name="command" value="(fire [^"]*)"', box)
    # Each enemy ship by its number on the space, and the base: never the shooter's own invader (#2).
    assert sorted(shots) == sorted([f"fire {gun_at} {home}", f"fire {gun_at} {home} 3",
                                    f"fire {gun_at} {home} 4", f"fire {gun_at} {home} base"])


def test_a_click_on_a_lone_enemy_ship_fires_at_it():
    game = put(started_game(players=2), position(
        players=2, ships=((0, "N9", (3, 1, 0)), (1, "O9", (2, 2, 0))), reserves=(12, 10), active=1))
    client = player(game, 1)
    link = cell_link(client, game, "N9", "?ship=O9")
    assert link is not None and "command=fire+O9+N9&" in link


# === COSTS BEFORE COMMITMENT ===


def detour_game() -> Game:
    """A (seat 0) to play: its 3e ship on I9 with B's ship on J9, so K9 is a detour of 3 moves."""
    return put(started_game(players=2), position(
        players=2, ships=((0, "I9", (3, 0, 0)), (1, "J9", (1, 0, 0))), reserves=(10, 10)))


def test_each_reachable_space_shows_the_moves_it_uses_on_the_board_and_in_the_list():
    game = detour_game()
    client = player(game, 0)
    page = client.get(f"/games/{game.pk}/?ship=I9").content.decode()
    k9 = page[page.index('id="cell-K9"'):]
    k9 = k9[:k9.index("</g></a>")]
    assert re.search(r'class="move-cost">.*>3</text>', k9)
    assert "move here: uses 3 moves" in k9
    assert 'value="move I9 K9"' in page
    # A chip, or an option of the list when there are many destinations.
    chip = re.search(r'<(?:button|option)[^>]*value="move I9 K9"[^>]*>(.*?)</(?:button|option)>', page)
    assert chip is not None and words(chip.group(1)) in ("K9 3 moves", "K9 (3 moves)")


def test_after_a_shot_the_missing_undo_says_dice_were_thrown(live_dice):
    game = ship_on_its_home_base()
    client = player(game, 1)
    live_dice.script(1)
    client.post(f"/games/{game.pk}/play/", {"command": "fire O9 P9"})
    assert list(game.actions.exclude(command="keep").values_list("command", flat=True)) == ["fire O9 P9"]
    page = words(client.get(f"/games/{game.pk}/").content.decode())
    assert "No undo after a roll: dice were thrown." in page
    assert "Undo" not in page.replace("No undo", "")


# === A CLICK THAT DOES NOTHING SAYS WHY ===


def open_board_game() -> Game:
    """A (seat 0) to play: its 3e ship alone on I9, B's ship far away on C9."""
    return put(started_game(players=2), position(
        players=2, ships=((0, "I9", (3, 0, 0)), (1, "C9", (1, 0, 0))), reserves=(10, 10)))


def why(client: Client, game: Game, query: str) -> str:
    page = client.get(f"/games/{game.pk}/{query}").content.decode()
    found = re.search(r'<p class="board-why"[^>]*>(.*?)</p>', page, re.S)
    return words(html.unescape(found.group(1))) if found else ""


def test_a_click_out_of_reach_says_how_many_moves_are_left_and_how_far_it_is():
    game = open_board_game()
    assert why(player(game, 0), game, "?ship=I9&at=M9") == (
        "That ship cannot reach M9: it has 3 moves left and M9 is 4 away.")


def test_a_click_with_no_ship_selected_asks_to_select_one_first():
    game = open_board_game()
    assert why(player(game, 0), game, "?at=M9") == (
        "Select one of your ships first, then click M9 to move there or fire at it.")


def test_a_click_on_an_enemy_for_a_ship_without_guns_says_it_has_no_shots():
    game = open_board_game()
    assert why(player(game, 0), game, "?ship=I9&at=C9") == (
        "That ship cannot fire at C9: it has no shots left.")


def test_nobody_is_told_why_out_of_their_turn():
    game = open_board_game()
    assert why(player(game, 1), game, "?at=M9") == ""


# === THE COMMAND BOX ===


def test_a_typed_command_refused_without_javascript_comes_back_in_the_box():
    game = open_board_game()
    client = player(game, 0)
    response = client.post(f"/games/{game.pk}/play/", {"command": "move I9 M9", "form": "typed",
                                                       "expected_version": game.version})
    assert response.status_code == 400
    page = response.content.decode()
    box = re.search(r'<textarea id="command-text"[^>]*>(.*?)</textarea>', page, re.S)
    assert box is not None and box.group(1) == "move I9 M9"
    assert '<details class="panel command-box" id="command-box" open>' in page


# === WHAT EACH LIT CELL'S CLICK MEANS ===


def target(command: str, useful: bool = True) -> P.Target:
    cell = command.split()[2]
    return P.Target(cell=cell, base=command.endswith(" base"), command=command, seat=1, letter="B", what="",
                    penalty=0, shields=0, bonus=0, value=5, chances=[], kill=0, expected="1.0", useful=useful)


def test_a_cell_means_its_one_command_and_asks_wherever_it_could_mean_more():
    moves = [P.Destination("J9", "move I9 J9", "", 1), P.Destination("M12", "move I9 M12", "invade", 3)]
    useful = [target("fire I9 K9"), target("fire I9 P9"), target("fire I9 M12 2")]
    harmless = [target("fire I9 P9 base", useful=False), target("fire I9 M12", useful=False),
                target("fire I9 Q9", useful=False)]
    assert _cell_clicks(moves, useful, harmless) == {
        "J9": "move I9 J9",  # a move alone
        "K9": "fire I9 K9",  # a lone ship
        "P9": None,  # a ship on its base: even a harmless shot at the base is another meaning
        "M12": None,  # a move (an invasion) and shots
    }  # Q9: only a shot that cannot do damage, not lit


# === A REFUSAL KEEPS THE SELECTED SHIP ===


@pytest.mark.parametrize("htmx", [False, True])
def test_a_refused_move_keeps_its_ship_selected(htmx):
    game = open_board_game()
    client = player(game, 0)
    page = client.get(f"/games/{game.pk}/?ship=I9").content.decode()
    action = re.search(r'<form method="post" action="([^"]*)" class="moves">', page)
    assert action is not None and action.group(1) == f"/games/{game.pk}/play/?ship=I9"
    headers = {"HX-Request": "true"} if htmx else {}
    # Drawn before someone else's change: refused as stale, over the board as it is now.
    response = client.post(action.group(1), {"command": "move I9 J9", "expected_version": game.version - 1},
                           headers=headers)
    assert response.status_code == 409
    assert "Ship at I9" in words(response.content.decode())


def test_a_click_on_a_base_a_ship_may_invade_or_fire_at_asks_move_or_fire():
    # B's ship on O9 next to the Rebels' emptied home base P9: landing there is one of the three ships an
    # invasion needs; a shot at the empty reserve is offered too (it can do no damage, and says so).
    game = put(started_game(players=2), position(players=2, factions=("rebels", "bankers"),
                                                 ships=((1, "O9", (2, 2, 0)),), reserves=(0, 10), active=1))
    client = player(game, 1)
    link = cell_link(client, game, "P9", "?ship=O9")
    assert link == f"/games/{game.pk}/?ship=O9&at=P9"
    page = client.get(link).content.decode()
    box = page[page.index('id="at-cell"'):page.index("Cancel</a>")]
    # The shot at the empty reserve can do no damage: it is not offered (it can still be typed), and the
    # box says why only the move is.
    assert 'value="move O9 P9"' in box and "fire O9 P9" not in box
    assert "P9: move there, or fire?" not in words(page)
    assert "A shot at P9 would do no damage: the reserve is empty." in words(box)


def test_the_move_onto_a_base_names_its_player_as_the_page_does():
    game = put(started_game(players=2), position(players=2, factions=("rebels", "bankers"),
                                                 ships=((1, "O9", (2, 2, 0)),), reserves=(0, 10), active=1))
    name = game.seats.get(index=0).user.display_name
    page = words(html.unescape(player(game, 1).get(f"/games/{game.pk}/?ship=O9&at=P9").content.decode()))
    assert f"Move to P9 invade {name}'s home base" in page
    assert "Player A's home base" not in page


def test_a_click_on_a_ship_no_shot_can_hurt_says_why_instead_of_offering_the_shot():
    # A's ship on N9 has 6 shields: no d6 roll gets past them, so the shot is the click's only meaning
    # and a useless one.
    game = put(started_game(players=2), position(
        players=2, ships=((0, "N9", (1, 0, 6)), (1, "O9", (2, 2, 0))), reserves=(12, 10), active=1))
    client = player(game, 1)
    page = client.get(f"/games/{game.pk}/?ship=O9&at=N9").content.decode()
    assert 'id="at-cell"' not in page
    assert why(client, game, "?ship=O9&at=N9") == (
        "A shot at N9 would do no damage: even the best roll is used up by the range penalty and shields.")


def test_a_page_opened_without_a_selection_selects_the_ship_acting_this_turn():
    # After a reload (or a link) in the middle of a ship's move, a click on a destination moves it on.
    from games.actions import Actor, apply_command

    game = open_board_game()
    apply_command(game, Actor.player(game.seats.get(index=0).user), "move I9 J9")
    client = player(game, 0)
    version = fresh(game).version
    assert cell_link(client, game, "K9", "") == f"/games/{game.pk}/play/?command=move+J9+K9&v={version}"
    assert why(client, game, "?at=M9") == "That ship cannot reach M9: it has 2 moves left and M9 is 3 away."
    # A page that names no ship on purpose (`?ship=`) selects none, and a fresh turn has no ship acting.
    assert "Select one of your ships first" in why(client, game, "?ship=&at=M9")

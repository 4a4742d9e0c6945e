"""Metal Adventures on the site: offered in the lobby with its options, a game created and joined through
the lobby's pages, its setup's trophy choice and a turn clicked through on the game page (its live
template, games/kinds/metal_adventures/templates), each seat seeing its own cards and only counts of
the others'."""

from __future__ import annotations

import re
from html import unescape

import pytest
from django.test import Client
from django.urls import reverse
from django.utils.html import escape

from games.kinds import get_kind
from games.kinds.metal_adventures import cards
from games.models import Game
from tests.web.factories import UserFactory

pytestmark = pytest.mark.django_db
KIND = "metal-adventures"


@pytest.fixture(autouse=True)
def offer_it(settings):
    settings.OFFERED_GAME_KINDS = ["metaltalon", KIND]


def url(game: Game, name: str = "game") -> str:
    return reverse(f"games:{name}", args=[game.pk])


def new_game(players: int = 3) -> tuple[Game, list[Client]]:
    """Created and joined through the lobby's pages; clients by seat index (the start shuffles seats)."""
    clients = []
    for _ in range(players):
        client = Client()
        client.force_login(UserFactory())
        clients.append(client)
    response = clients[0].post(reverse("games:new"), {"kind": KIND, "players": players, "window_hours": 12,
                                                      "hunter_shuffle": "layered", "visibility": "public"})
    assert response.status_code == 302, response.content.decode()[:3000]
    game = Game.objects.latest("pk")
    assert game.kind == KIND and game.options["window_hours"] == 12
    for client in clients[1:]:
        assert client.post(url(game, "join")).status_code == 302
    game.refresh_from_db()
    assert game.status == Game.Status.SETUP  # every seat keeps two of its three trophies first
    by_user = {c.session["_auth_user_id"]: c for c in clients}
    return game, [by_user[str(game.seats.get(index=i).user_id)] for i in range(players)]


def post(client: Client, game: Game, command: str) -> None:
    game.refresh_from_db()
    response = client.post(url(game, "play"), {"command": command, "expected_version": game.version})
    assert response.status_code == 302, response.content.decode()[:2000]


def trophies_kept(game: Game, clients: list[Client]) -> None:
    """Every seat keeps the trophies its timeout would keep: play starts, seat 0 to act."""
    kind = get_kind(KIND)
    for seat, client in enumerate(clients):
        post(client, game, kind.timeout_commands(kind.load(Game.objects.get(pk=game.pk).state), seat)[0])


def test_a_game_is_set_up_and_played_through_the_page() -> None:
    game, clients = new_game(3)
    kind = get_kind(KIND)
    state = kind.load(game.state)
    page = clients[0].get(url(game)).content.decode()
    assert "Choosing trophies" in page and "Keep two" in page or "keep two" in page.lower()
    mine = state.dealt[0]
    for trophy in mine:
        assert trophy in page
    others = clients[1].get(url(game)).content.decode()
    for trophy in mine:
        assert f">{trophy}<" not in others
    trophies_kept(game, clients)
    game.refresh_from_db()
    state = kind.load(game.state)
    assert state.phase == "turn.start" and state.active == 0
    page = clients[0].get(url(game)).content.decode()
    assert "It is your turn" in page and 'value="tribute"' in page
    post(clients[0], game, "tribute")
    post(clients[0], game, "attack planet bazaar")
    page = clients[0].get(url(game)).content.decode()
    assert "Battle:" in page and "before the dice" in page and "% of rolls" in page
    post(clients[0], game, "ally none")
    post(clients[0], game, "roll")
    game.refresh_from_db()
    state = kind.load(game.state)
    assert state.travel.battle_done and state.battle is None
    page = clients[1].get(url(game)).content.decode()
    assert re.search(r"Exxalia", page) and "Pirates" in page


def test_a_command_is_answered_with_what_it_did_in_words_not_as_typed() -> None:
    game, clients = new_game(3)
    trophies_kept(game, clients)
    game.refresh_from_db()
    response = clients[0].post(url(game, "play"), {"command": "tribute", "expected_version": game.version},
                               headers={"HX-Request": "true"})
    notice = re.search(r'<section class="notice done" role="status">\s*<p class="notice-text">(.*?)</p>',
                       response.content.decode(), re.S)
    assert notice is not None
    # The log's line for the tribute, as the command box's answer (the player clicked "tribute"), said to
    # the player who gave it.
    assert unescape(notice[1]) == "You pay 1₡ of tribute into the Pirates' Pot."


def test_the_banner_names_the_active_player_once_while_only_they_are_awaited() -> None:
    game, clients = new_game(3)
    trophies_kept(game, clients)
    active = game.seats.get(index=0).user.display_name
    page = clients[1].get(url(game)).content.decode()
    banner = page[page.index('class="ma-banner'):]
    banner = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", "", banner[:banner.index("</p>")]))
    assert f"{active} is playing." in banner and "waiting for" not in banner


def test_the_rules_page_and_the_rules_index_name_metal_adventures(client: Client) -> None:
    page = client.get(reverse("games:kind_rules", args=[KIND])).content.decode()
    assert "Metal Adventures" in page and "Attacking in Space" in page and "Tour of Pirates" in page
    index = client.get(reverse("games:rules")).content.decode()
    assert "Metal Adventures" in index and "MetalTalon" in index


def test_after_the_draw_the_battle_panel_lists_the_starships_to_choose_from_in_spot_order() -> None:
    game, clients = new_game(3)
    kind = get_kind(KIND)
    trophies_kept(game, clients)
    post(clients[0], game, "tribute")
    post(clients[0], game, "attack space")
    state = kind.load(Game.objects.get(pk=game.pk).state)
    tie = [c for c in kind.legal_commands(state, 0) if c.startswith("planet ")]
    if tie:  # GOLDEN VEIN drawn with the planets tied: the attacker picks one, and the draw goes on
        post(clients[0], game, tie[0])
        state = kind.load(Game.objects.get(pk=game.pk).state)
    page = clients[0].get(url(game)).content.decode()
    panel = page[page.index('class="ma-panel ma-battle"'):]
    panel = panel[:panel.index("</section>")]
    assert "being drawn" not in panel and state.space_area
    names = [escape(cards.NAMES[c]) for c in state.space_area]  # "Legate&#x27;s Pinnace", as the page has it
    assert [panel.index(f"<strong>{n}</strong>") for n in names] == sorted(
        panel.index(f"<strong>{n}</strong>") for n in names)


def test_the_new_game_form_lists_player_counts_in_order_proposes_three_and_explains_its_boxes() -> None:
    client = Client()
    client.force_login(UserFactory())
    page = client.get(reverse("games:new") + f"?kind={KIND}").content.decode()
    select = page[page.index('name="players"'):]
    select = select[:select.index("</select>")]
    assert re.findall(r'<option value="(\d)"', select) == ["2", "3", "4", "5", "6"]
    assert re.search(r'<option value="3" selected>', select)
    assert "2 players (house rule, tick it below)" in select
    assert "The printed game is for 3 to 6" in page and "small perk of its own" in page


def test_your_cards_say_an_empty_hand_of_trophies_and_of_wrecks_alike_as_plain_words() -> None:
    game, clients = new_game(3)  # choosing trophies: none kept yet, and no wreck
    page = clients[0].get(url(game)).content.decode()
    mine = page[page.index('class="ma-panel ma-mine"'):]
    mine = mine[:mine.index("</section>")]
    said = [" ".join(mine.split(f"<h3>{what}</h3>")[1].split("<h3>")[0].split())
            for what in ("Trophies", "Wrecks")]
    assert said[0] == said[1] == '<p class="small muted">none</p>'

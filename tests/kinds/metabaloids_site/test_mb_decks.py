"""Metabaloids' saved decks on the site: the deck builder (games/kinds/metabaloids/deck_pages.py) makes,
edits and deletes a player's own decks and refuses one that breaks a deck limit in the rules' words; a
seat brings a saved deck to a game with its button on the game page (kind.command_from_form, only the
poster's own decks); the deck's list stays the seat's own in the log until the game is over."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from games import actions
from games.actions import Actor
from games.kinds import get_kind
from games.kinds.metabaloids.cards import CARDS, DECKS, deck_problems
from games.kinds.metabaloids.models import SavedDeck
from games.models import Game
from tests.web.factories import UserFactory, create

pytestmark = pytest.mark.django_db

# Deck A with two mites and an ant traded for a turtle, a mantis and an axolotl: 45 cards, 109 points.
OWN = {**DECKS["A"], "mite": 2, "ant": 2, "turtle": 1, "mantis": 1, "axolotl": 1}
LIST_PART = "mite:2"  # a piece of the deck's `deck list` command nobody else may read while the game is on


@pytest.fixture(autouse=True)
def offer_it(settings: Any) -> None:
    settings.OFFERED_GAME_KINDS = ["metaltalon", "metabaloids"]


def signed_in() -> tuple[Client, Any]:
    user = UserFactory()
    client = Client()
    client.force_login(user)
    return client, user


def form(name: str, counts: dict[str, int], button: str = "save") -> dict[str, Any]:
    return {"name": name, button: "1", **{f"c_{code}": copies for code, copies in counts.items()}}


def test_the_own_deck_is_within_the_limits() -> None:
    assert deck_problems(OWN) == []


def test_the_builder_needs_a_signed_in_player() -> None:
    for url in (reverse("metabaloids:decks"), reverse("metabaloids:deck_new")):
        response = Client().get(url)
        assert response.status_code == 302 and "/accounts/login/" in response["Location"]


def test_a_player_builds_a_deck_and_finds_it_on_the_list() -> None:
    client, user = signed_in()
    page = client.get(reverse("metabaloids:deck_new"))
    assert page.status_code == 200 and 'name="c_mite"' in page.content.decode()
    response = client.post(reverse("metabaloids:deck_new"), form("Mixed Bag", OWN))
    assert response.status_code == 302
    deck = SavedDeck.objects.get(owner=user)
    assert (deck.name, deck.counts()) == ("Mixed Bag", OWN)
    listing = client.get(reverse("metabaloids:decks")).content.decode()
    assert "Mixed Bag" in listing and "45 cards · 109 points" in listing


def test_checking_shows_the_totals_and_saves_nothing() -> None:
    client, user = signed_in()
    response = client.post(reverse("metabaloids:deck_new"), form("Mixed Bag", OWN, button="check"))
    text = response.content.decode()
    assert response.status_code == 200
    assert "<strong>45</strong> cards" in text and "<strong>109</strong>" in text
    assert not SavedDeck.objects.filter(owner=user).exists()


def test_a_new_deck_may_start_from_a_starter_deck() -> None:
    client, _ = signed_in()
    text = client.get(reverse("metabaloids:deck_new") + "?start=B").content.decode()
    assert 'name="c_shrimp" value="4"' in text and 'name="c_mite" value="0"' in text


def test_a_player_edits_their_deck() -> None:
    client, user = signed_in()
    deck = SavedDeck.objects.create(owner=user, name="Mixed Bag", cards=OWN)
    edit = reverse("metabaloids:deck_edit", args=[deck.pk])
    assert f'value="{deck.name}"' in client.get(edit).content.decode()
    changed = {**OWN, "axolotl": 0, "ant": 3}
    response = client.post(reverse("metabaloids:deck_edit", args=[deck.pk]), form("Bag Two", changed))
    assert response.status_code == 302
    deck.refresh_from_db()
    assert (deck.name, deck.counts()) == ("Bag Two", {k: v for k, v in changed.items() if v})
    assert SavedDeck.objects.filter(owner=user).count() == 1


def _costly() -> dict[str, int]:
    counts: dict[str, int] = {}
    for code in sorted(CARDS, key=lambda c: -CARDS[c].cost):
        counts[code] = min(4, 45 - sum(counts.values()))
    return counts


@pytest.mark.parametrize(("counts", "words"), [
    ({**OWN, "mite": 3}, "46 cards (a deck has exactly 45)"),
    ({**OWN, "ant": 1}, "44 cards (a deck has exactly 45)"),
    ({**OWN, "queen": 5, "mite": 0, "axolotl": 0, "mantis": 0}, "more than 4 copies of Hive Queen (5)"),
    (_costly(), "points (at most 125)"),
])
def test_a_deck_breaking_a_limit_is_refused_with_the_limit(counts: dict[str, int], words: str) -> None:
    client, user = signed_in()
    deck = SavedDeck.objects.create(owner=user, name="Mixed Bag", cards=OWN)
    for url in (reverse("metabaloids:deck_new"), reverse("metabaloids:deck_edit", args=[deck.pk])):
        response = client.post(url, form("Broken", counts))
        assert response.status_code == 400
        assert words in response.content.decode()
    deck.refresh_from_db()
    assert [(d.name, d.counts()) for d in SavedDeck.objects.filter(owner=user)] == [("Mixed Bag", OWN)]


def test_a_second_deck_of_the_same_name_is_refused() -> None:
    client, user = signed_in()
    SavedDeck.objects.create(owner=user, name="Mixed Bag", cards=OWN)
    response = client.post(reverse("metabaloids:deck_new"), form("Mixed Bag", OWN))
    assert response.status_code == 400
    assert "a deck called &#x27;Mixed Bag&#x27; already" in response.content.decode()
    assert SavedDeck.objects.filter(owner=user).count() == 1


def test_another_players_deck_is_not_found() -> None:
    client, _ = signed_in()
    theirs = SavedDeck.objects.create(owner=UserFactory(), name="Theirs", cards=OWN)
    assert client.get(reverse("metabaloids:deck_edit", args=[theirs.pk])).status_code == 404
    edit = reverse("metabaloids:deck_edit", args=[theirs.pk])
    assert client.post(edit, form("Mine", OWN)).status_code == 404
    assert client.post(reverse("metabaloids:deck_delete", args=[theirs.pk])).status_code == 404
    assert "Theirs" not in client.get(reverse("metabaloids:decks")).content.decode()
    theirs.refresh_from_db()
    assert theirs.name == "Theirs"


def test_a_player_deletes_their_deck() -> None:
    client, user = signed_in()
    deck = SavedDeck.objects.create(owner=user, name="Mixed Bag", cards=OWN)
    assert client.post(reverse("metabaloids:deck_delete", args=[deck.pk])).status_code == 302
    assert not SavedDeck.objects.filter(owner=user).exists()


def test_the_profile_links_to_the_deck_builder() -> None:
    client, _ = signed_in()
    assert f'href="{reverse("metabaloids:decks")}"' in client.get(reverse("profile")).content.decode()


# === A saved deck at a game ===

def two_seats() -> tuple[Game, list[Client], list[Any]]:
    """A two-player Metabaloids game in its decks phase; clients and users by seat index."""
    users = [UserFactory(), UserFactory()]
    game = create(users[0], kind="metabaloids", players=2)
    actions.join_game(game, Actor.player(users[1]), invite_code=game.invite_code)
    game.refresh_from_db()
    by_seat = sorted(users, key=lambda u: game.seats.get(user=u).index)
    clients = []
    for user in by_seat:
        client = Client()
        client.force_login(user)
        clients.append(client)
    return game, clients, by_seat


def post(client: Client, game: Game, status: int = 200, **data: Any) -> str:
    game.refresh_from_db()
    response = client.post(reverse("games:play", args=[game.pk]),
                           {"expected_version": game.version, **data}, follow=True)
    assert response.status_code == status
    return str(response.content.decode())


def log_of(client: Client, game: Game) -> str:
    response = client.get(reverse("games:log_txt", args=[game.pk]))
    return b"".join(response.streaming_content).decode()


def state_of(game: Game) -> Any:
    game.refresh_from_db()
    return get_kind("metabaloids").load(game.state)


def test_a_seat_brings_its_saved_deck_with_the_game_pages_button() -> None:
    game, clients, users = two_seats()
    deck = SavedDeck.objects.create(owner=users[0], name="Mixed Bag", cards=OWN)
    SavedDeck.objects.create(owner=users[0], name="Too Big", cards={**OWN, "mite": 4})
    page = clients[0].get(reverse("games:game", args=[game.pk])).content.decode()
    assert f'name="deck_id" value="{deck.pk}"' in page and "Too Big" not in page
    post(clients[0], game, deck_id=deck.pk)
    assert state_of(game).decks == ["Mixed Bag", ""]
    post(clients[1], game, command="deck b")
    state = state_of(game)
    seat = state.seat(state.label(0))
    assert (state.phase, seat.deck) == ("place", "Mixed Bag")
    assert seat.deck_codes == sorted(OWN)
    assert len(seat.draw) + len(seat.hand) == 45


def test_another_players_deck_cannot_be_brought() -> None:
    game, clients, users = two_seats()
    theirs = SavedDeck.objects.create(owner=users[1], name="Ben's", cards=OWN)
    text = post(clients[0], game, status=400, deck_id=theirs.pk)
    assert "you have no saved deck of that number" in text
    assert state_of(game).decks == ["", ""]


def test_the_list_stays_the_seats_own_until_the_game_is_over() -> None:
    game, clients, users = two_seats()
    deck = SavedDeck.objects.create(owner=users[0], name="Mixed Bag", cards=OWN)
    post(clients[0], game, deck_id=deck.pk)
    page = reverse("games:game", args=[game.pk])
    mine = clients[0].get(page).content.decode()
    theirs = clients[1].get(page).content.decode()
    assert "You chose a deck of your own: Mixed Bag." in mine and LIST_PART in log_of(clients[0], game)
    assert "chose a deck." in theirs and "Mixed Bag" not in theirs and LIST_PART not in theirs
    assert LIST_PART not in log_of(clients[1], game)
    assert LIST_PART not in Client().get(page).content.decode()

    post(clients[1], game, command="deck a")  # every seat has chosen: the name is public, the list is not
    theirs = clients[1].get(page).content.decode()
    assert "chose a deck of their own: Mixed Bag." in theirs and LIST_PART not in theirs
    assert LIST_PART not in log_of(clients[1], game)

    actions.apply_command(game, Actor.player(users[1]), "resign")
    game.refresh_from_db()
    assert game.is_over
    assert LIST_PART in log_of(clients[1], game)

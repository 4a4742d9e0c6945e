"""Metal Adventures' standing orders form on the game page (the kind's extras template): it shows each
order's current value, and a plain form post (or htmx's) to the orders view plays `order ...` commands for
exactly the orders that changed, as the seat that posted, logged as that seat's private order events;
an unchanged form logs nothing."""

from __future__ import annotations

from html.parser import HTMLParser

import pytest
from django.test import Client

from games.kinds import get_kind
from games.models import Action, Game
from tests.kinds.metal_adventures_site.test_ma_page import new_game, post, url
from tests.web.factories import UserFactory

pytestmark = pytest.mark.django_db
KIND = "metal-adventures"


@pytest.fixture(autouse=True)
def offer_it(settings):
    settings.OFFERED_GAME_KINDS = ["metaltalon", KIND]


class _OrdersForm(HTMLParser):
    """The values the page's orders form would post as drawn: each select's selected option (else its
    first), each input's value (hidden ones too)."""

    def __init__(self) -> None:
        super().__init__()
        self.inside = False
        self.select: str | None = None
        self.values: dict[str, str] = {}
        self.action = ""

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        if tag == "form" and a.get("action", "").endswith("/orders/"):
            self.inside, self.action = True, a["action"]
        elif not self.inside:
            return
        elif tag == "select":
            self.select = a["name"]
        elif tag == "option" and self.select is not None:
            if self.select not in self.values or "selected" in a:
                self.values[self.select] = a["value"]
        elif tag == "input" and a.get("name"):
            self.values[a["name"]] = a.get("value", "")

    def handle_endtag(self, tag: str) -> None:
        if tag == "select":
            self.select = None
        elif tag == "form":
            self.inside = False


def drawn(client: Client, game: Game) -> dict[str, str]:
    parser = _OrdersForm()
    parser.feed(client.get(url(game)).content.decode())
    assert parser.action == url(game, "orders"), "the page has no standing orders form"
    return parser.values


def orders_of(game: Game, seat: int) -> dict[str, str]:
    return dict(get_kind(KIND).load(Game.objects.get(pk=game.pk).state).seats[seat].orders)


def played(game: Game) -> list[Action]:
    return list(Action.objects.filter(game=game).order_by("seq"))


def test_the_form_shows_each_order_with_its_current_value() -> None:
    game, clients = new_game(3)
    post(clients[0], game, "order ally accept min 2c; order mf ally yes; order trophies manual; "
                           "order vote guilty")
    values = drawn(clients[0], game)
    assert values["ally"] == "accept" and values["ally_min"] == "2"
    assert values["mf_ally"] == "yes" and values["trophies"] == "manual" and values["vote"] == "guilty"
    # Unset orders show "ask me" (the window runs), or the value the unset order acts as.
    assert values["defend"] == "off" and values["betray"] == "off" and values["plead"] == "off"
    assert values["mf_defend"] == "off" and values["overflow"] == "new"
    rival = drawn(clients[1], game)
    assert rival["ally"] == "off" and rival["trophies"] == "auto" and rival["ally_min"] == ""


def test_posting_the_form_plays_exactly_the_changed_orders_as_the_seat() -> None:
    game, clients = new_game(3)
    before = len(played(game))
    values = drawn(clients[1], game)
    values.update(ally="accept", ally_min="3", mf_defend="no", trophies="manual")
    response = clients[1].post(url(game, "orders"), values)
    assert response.status_code == 302  # a plain post, as without JavaScript
    assert orders_of(game, 1) == {"ally": "accept min 3c", "mf defend": "no", "trophies": "manual"}
    assert orders_of(game, 0) == {} and orders_of(game, 2) == {}
    actions = played(game)[before:]
    assert [a.command for a in actions] == ["order ally accept min 3c", "order mf defend no",
                                            "order trophies manual"]
    assert all(a.seat == 1 and [e["type"] for e in a.events] == ["order"] for a in actions)
    mine = clients[1].get(url(game)).content.decode()
    assert "Your standing order ally: accept min 3c." in mine
    for other in (clients[0], clients[2]):
        page = other.get(url(game)).content.decode()
        assert "accept min 3c" not in page and "mf defend no" not in page


def test_ask_me_unsets_an_order_and_the_min_box_makes_an_accept_plain_again() -> None:
    game, clients = new_game(3)
    post(clients[0], game, "order mf ally yes; order ally accept min 2c")
    values = drawn(clients[0], game)
    values.update(mf_ally="off", ally_min="")
    clients[0].post(url(game, "orders"), values)
    assert orders_of(game, 0) == {"ally": "accept"}
    assert [a.command for a in played(game)[-2:]] == ["order ally accept", "order mf ally off"]


def test_posting_an_unchanged_form_logs_nothing() -> None:
    game, clients = new_game(3)
    post(clients[0], game, "order ally accept min 2c; order trophies manual; order defend none")
    game.refresh_from_db()
    version, count = game.version, len(played(game))
    response = clients[0].post(url(game, "orders"), drawn(clients[0], game), follow=True)
    assert "Your standing orders are unchanged." in response.content.decode()
    game.refresh_from_db()
    assert game.version == version and len(played(game)) == count
    # "auto" and "new" are what the unset orders act as: choosing them again changes nothing either.
    assert orders_of(game, 1) == {}
    clients[1].post(url(game, "orders"), drawn(clients[1], game))
    game.refresh_from_db()
    assert game.version == version


def test_an_order_the_form_cannot_spell_is_kept_as_typed_until_changed() -> None:
    game, clients = new_game(3)
    post(clients[0], game, "order ally counter 2c; order betray 2; order defend ask 2,3 for 1c")
    values = drawn(clients[0], game)
    # In the order's own words (orders.py writes every item's due point out).
    assert values["ally"] == "counter 2c@win" and values["betray"] == "2"
    assert values["defend"] == "ask 2,3 for 1c@win"
    page = clients[0].get(url(game)).content.decode()
    assert "command box" in page and "order arm" in page
    count = len(played(game))
    clients[0].post(url(game, "orders"), values)
    assert len(played(game)) == count
    values.update(ally="decline")
    clients[0].post(url(game, "orders"), values)
    assert orders_of(game, 0)["ally"] == "decline" and orders_of(game, 0)["betray"] == "2"


def test_a_value_the_engine_refuses_is_explained_and_nothing_changes() -> None:
    game, clients = new_game(3)
    values = drawn(clients[0], game)
    values.update(ally="accept", ally_min="lots")
    response = clients[0].post(url(game, "orders"), values, follow=True)
    assert "`min` takes an amount of credits" in response.content.decode()
    assert orders_of(game, 0) == {}


def test_a_rival_posts_only_for_its_own_seat_and_a_spectator_not_at_all() -> None:
    game, clients = new_game(3)
    post(clients[0], game, "order ally decline")
    clients[2].post(url(game, "orders"), {**drawn(clients[2], game), "ally": "accept"})
    assert orders_of(game, 0) == {"ally": "decline"} and orders_of(game, 2) == {"ally": "accept"}
    spectator = Client()
    spectator.force_login(UserFactory())
    game.refresh_from_db()
    version = game.version
    response = spectator.post(url(game, "orders"), {"ally": "accept", "mf_ally": "yes"})
    assert response.status_code in (302, 403)
    game.refresh_from_db()
    assert game.version == version
    assert orders_of(game, 0) == {"ally": "decline"} and orders_of(game, 1) == {}


def test_with_htmx_the_post_answers_with_the_live_region_showing_the_new_orders() -> None:
    game, clients = new_game(3)
    values = {**drawn(clients[0], game), "plead": "guilty"}
    response = clients[0].post(url(game, "orders"), values, HTTP_HX_REQUEST="true")
    assert response.status_code == 200
    assert 'id="live"' in response.content.decode() and "order plead guilty" in response.content.decode()
    assert orders_of(game, 0) == {"plead": "guilty"}


def test_a_control_left_as_drawn_does_not_undo_an_order_given_since_the_page_was_drawn() -> None:
    """The form sits outside the live region, so it is not redrawn when an order is typed in the command
    box (or mailed) meanwhile: saving it then changes only what was changed in it."""
    game, clients = new_game(3)
    values = drawn(clients[0], game)
    post(clients[0], game, "order ally decline; order mf ally yes")
    values.update(plead="guilty", mf_ally="no")
    clients[0].post(url(game, "orders"), values)
    assert orders_of(game, 0) == {"ally": "decline", "mf ally": "no", "plead": "guilty"}


def test_a_post_without_the_drawn_values_is_read_against_the_seats_orders_alone() -> None:
    game, clients = new_game(3)
    post(clients[0], game, "order vote guilty")
    count = len(played(game))
    clients[0].post(url(game, "orders"), {"vote": "guilty", "ally": "decline"})
    assert [a.command for a in played(game)[count:]] == ["order ally decline"]
